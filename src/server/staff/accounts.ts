// What can be done to a staff account, by an admin in the studio or the operator's command
// (src/cli/staff.ts): create, disable, enable, unlock, change the role, reset the password or the
// second factor.
// Each change is made with its audit record in one transaction; disabling, a new password and a new
// second factor end the account's sessions at once.

import { randomBytes } from 'node:crypto';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import { portalPasswordProblem } from '../../engine/rules/passwords';
import { coded } from '../accounts/http';
import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db';
import { type AuditActor, audit } from './audit';
import type { StaffConfig } from './config';
import { isStaffRole } from './roles';
import { revokeStaffSessions } from './sessions';
import {
  insertStaff,
  normalizeEmail,
  type StaffRow,
  type StaffView,
  staffById,
  staffView,
  updateStaff,
} from './store';
import { encryptSecret, newTotpSecret } from './totp';

export interface AccountContext {
  db: Db;
  config: StaffConfig;
  now: Date;
  actor: AuditActor;
  ip?: string;
}

/** The portal's password policy (10 characters, a capital, a digit, a symbol), as a 422 with its text. */
export function refuseWeakStaffPassword(password: string): void {
  const problem = portalPasswordProblem(password);
  if (problem) throw coded(422, `validation:portal_password_${problem}`, 'WEAK_PASSWORD', {}, 'PASSWORD');
}

/** A password meeting the policy, for the operator to hand over (changed by nobody but them). */
export function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-7Q`;
}

const notFound = () => coded(404, 'studio:errors.staffNotFound', 'NOT_FOUND');

export interface CreatedStaff {
  staff: StaffView;
  password: string;
  /** The TOTP secret in base32 (shown once, to be entered in the authenticator), or null. */
  totpSecret: string | null;
}

export async function createStaff(
  ac: AccountContext,
  input: { email: string; name: string; role: string; password?: string; totpSecret?: string | null },
): Promise<CreatedStaff> {
  const email = normalizeEmail(input.email);
  if (!isEmailAddress(email) || email.length > 200)
    throw coded(422, 'studio:errors.email', 'INVALID_DATA', {}, 'EMAIL');
  if (input.name.trim().length < 2) throw coded(422, 'studio:errors.name', 'INVALID_DATA', {}, 'NAME');
  const role = input.role;
  if (!isStaffRole(role)) throw coded(422, 'studio:errors.role', 'INVALID_DATA', {}, 'ROLE');
  const password = input.password ?? generatePassword();
  refuseWeakStaffPassword(password);
  const totpSecret = input.totpSecret === undefined ? newTotpSecret() : input.totpSecret;
  if (totpSecret === null && ac.config.secondFactorRequired)
    throw coded(422, 'studio:errors.secondFactorRequired', 'SECOND_FACTOR_REQUIRED');
  const passwordHash = await hashPassword(password);
  const row = await ac.db.transaction(async (tx) => {
    const created = await insertStaff(
      tx,
      {
        email,
        name: input.name,
        role,
        passwordHash,
        totpSecret: totpSecret ? encryptSecret(ac.config.totpKey, totpSecret) : null,
      },
      ac.now,
    );
    if (!created) throw coded(422, 'studio:errors.staffExists', 'ALREADY_EXISTS', {}, 'EMAIL');
    await audit(tx, {
      actor: ac.actor,
      action: 'staff.create',
      target: `staff:${created.staff_id}`,
      after: staffView(created),
      at: ac.now,
      ip: ac.ip,
    });
    return created;
  });
  return { staff: staffView(row), password, totpSecret };
}

type Change = 'disable' | 'enable' | 'unlock' | 'role' | 'reset-password' | 'reset-totp';

/** One change to an account, audited with the account before and after; sessions end where they must. */
async function change(
  ac: AccountContext,
  staffId: string,
  kind: Change,
  patch: Parameters<typeof updateStaff>[2],
  endSessions: boolean,
): Promise<StaffRow> {
  return ac.db.transaction(async (tx) => {
    const before = await staffById(tx, staffId);
    if (!before) throw notFound();
    const after = await updateStaff(tx, staffId, patch, ac.now);
    if (!after) throw notFound();
    const ended = endSessions ? await revokeStaffSessions(tx, staffId, kind.toUpperCase(), ac.now) : 0;
    await audit(tx, {
      actor: ac.actor,
      action: `staff.${kind}`,
      target: `staff:${staffId}`,
      before: staffView(before),
      after: { ...staffView(after), ...(endSessions ? { SESSIONS_ENDED: ended } : {}) },
      at: ac.now,
      ip: ac.ip,
    });
    return after;
  });
}

export async function setStaffDisabled(ac: AccountContext, staffId: string, disabled: boolean) {
  if (typeof ac.actor !== 'string' && ac.actor.staffId === staffId && disabled)
    throw coded(422, 'studio:errors.disableSelf', 'SELF');
  return staffView(await change(ac, staffId, disabled ? 'disable' : 'enable', { disabled }, disabled));
}

/**
 * A new role for an account. Never one's own: so an admin cannot demote themselves, and the last
 * admin cannot leave the studio without one. The role is read from the account on every call
 * (http.ts requireStaff), so it holds from the account's next call; its sessions stay.
 */
export async function setStaffRole(ac: AccountContext, staffId: string, role: unknown) {
  if (!isStaffRole(role)) throw coded(422, 'studio:errors.role', 'INVALID_DATA', {}, 'ROLE');
  if (typeof ac.actor !== 'string' && ac.actor.staffId === staffId)
    throw coded(422, 'studio:errors.roleSelf', 'SELF', {}, 'ROLE');
  return staffView(await change(ac, staffId, 'role', { role }, false));
}

export async function unlockStaff(ac: AccountContext, staffId: string) {
  return staffView(await change(ac, staffId, 'unlock', { unlock: true }, false));
}

export async function resetStaffPassword(ac: AccountContext, staffId: string, password = generatePassword()) {
  refuseWeakStaffPassword(password);
  const hash = await hashPassword(password);
  const staff = staffView(await change(ac, staffId, 'reset-password', { password_hash: hash }, true));
  return { staff, password };
}

export async function resetStaffTotp(ac: AccountContext, staffId: string, secret = newTotpSecret()) {
  const stored = encryptSecret(ac.config.totpKey, secret);
  const staff = staffView(await change(ac, staffId, 'reset-totp', { totp_secret: stored }, true));
  return { staff, totpSecret: secret };
}
