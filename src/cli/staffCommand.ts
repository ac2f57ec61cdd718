// The operator's staff commands (src/cli/staff.ts is the entry point, README "The studio"): every
// change goes through the studio's own account operations (src/server/staff/accounts.ts), so it is
// checked and audited as an admin's is, with "cli:<operator>" as the actor.

import { parseArgs } from 'node:util';
import type { Db } from '../server/db';
import type { Config } from '../server/platform/config';
import { t } from '../server/platform/i18n';
import {
  type AccountContext,
  createStaff,
  resetStaffPassword,
  resetStaffTotp,
  setStaffDisabled,
  unlockStaff,
} from '../server/staff/accounts';
import { DEMO_TOTP_SECRET } from '../server/staff/demo';
import { isStaffRole, STAFF_ROLES } from '../server/staff/roles';
import { listStaff, staffByEmail, staffView } from '../server/staff/store';
import { currentCode, provisioningUri } from '../server/staff/totp';

const USAGE = `npm run staff -- add --email <e-mail> --name "<full name>" --role ${STAFF_ROLES.join('|')} [--password <p>] [--no-totp]
npm run staff -- list
npm run staff -- disable|enable|unlock|reset-password|reset-totp <e-mail>
npm run staff -- demo-code`;

export class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message);
}

/** An ApiError's first message in English (the field named), or the error's own text. */
export function explain(error: unknown): string {
  const e = error as { messages?: { key?: string; field?: string }[]; message?: string };
  const first = e.messages?.[0];
  if (!first?.key) return String(e.message ?? error);
  return `${t('en', first.key)}${first.field ? ` (${first.field})` : ''}`;
}

export interface StaffCommandDeps {
  config: Config;
  /** Opens the database (not needed by demo-code); closed by the command. */
  openDb: () => Promise<Db>;
  /** The operator, for the audit trail ("cli:<user>"). */
  operator: string;
  out: (line: string) => void;
  err: (line: string) => void;
  now?: () => Date;
}

export const STAFF_USAGE = USAGE;

/** Runs one command; throws UsageError for a wrong command line, ApiError for a refused change. */
export async function staffCommand(argv: string[], deps: StaffCommandDeps): Promise<void> {
  const { config, out } = deps;
  const printTotp = (secret: string, email: string) => {
    out(`authenticator secret: ${secret}`);
    out(`authenticator link:   ${provisioningUri(secret, email)}`);
  };
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'no-totp': { type: 'boolean', default: false },
    },
  });
  const [command, target] = positionals;
  if (command === 'demo-code') {
    if (config.env === 'production') fail('demo-code: there are no demo staff in production');
    const now = deps.now?.() ?? new Date();
    const left = 30 - (Math.floor(now.getTime() / 1000) % 30);
    out(currentCode(DEMO_TOTP_SECRET, now));
    deps.err(`(valid for ${left} more seconds; the demo staff share the secret ${DEMO_TOTP_SECRET})`);
    return;
  }
  if (!command) fail('a command is needed');
  const db = await deps.openDb();
  try {
    const ac: AccountContext = {
      db,
      config: config.staff,
      now: deps.now?.() ?? new Date(),
      actor: `cli:${deps.operator}`,
    };
    if (command === 'list') {
      const rows = (await listStaff(db)).map(staffView);
      if (rows.length === 0) out('no staff accounts');
      for (const s of rows) {
        const state = s.DISABLED ? 'disabled' : s.LOCKED ? 'locked' : 'active';
        out(
          [
            s.STAFF_ID,
            s.EMAIL,
            s.ROLE,
            state,
            s.TOTP ? 'totp' : 'no-totp',
            s.NAME,
            s.LAST_LOGIN_AT ?? 'never',
          ].join('\t'),
        );
      }
      return;
    }
    if (command === 'add') {
      const { email, name, role, password } = values;
      if (!email || !name || !role) fail('add needs --email, --name and --role');
      if (!isStaffRole(role)) fail(`--role must be one of ${STAFF_ROLES.join(', ')}`);
      const created = await createStaff(ac, {
        email,
        name,
        role,
        password,
        totpSecret: values['no-totp'] ? null : undefined,
      });
      out(`added ${created.staff.EMAIL} (${created.staff.STAFF_ID}, ${created.staff.ROLE})`);
      if (!password) out(`one-time password:    ${created.password}`);
      if (created.totpSecret) printTotp(created.totpSecret, created.staff.EMAIL);
      return;
    }
    const change = ['disable', 'enable', 'unlock', 'reset-password', 'reset-totp'];
    if (!change.includes(command)) fail(`unknown command "${command}"`);
    if (!target) fail(`${command} needs the staff member's e-mail`);
    const staff = await staffByEmail(db, target);
    if (!staff) fail(`no staff account ${target}`);
    const id = staff.staff_id;
    if (command === 'disable' || command === 'enable') await setStaffDisabled(ac, id, command === 'disable');
    if (command === 'unlock') await unlockStaff(ac, id);
    if (command === 'reset-password') {
      const done = await resetStaffPassword(ac, id, values.password);
      if (!values.password) out(`one-time password:    ${done.password}`);
    }
    if (command === 'reset-totp') printTotp((await resetStaffTotp(ac, id)).totpSecret, staff.email);
    out(`${command}: ${staff.email} done`);
  } finally {
    await db.close();
  }
}
