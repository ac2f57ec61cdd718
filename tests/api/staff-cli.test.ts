// The operator's command (npm run staff): add, list, disable, enable, unlock, reset-password,
// reset-totp and demo-code against an embedded database of its own, each change audited as cli:<user>.

import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { explain, staffCommand, UsageError } from '../../src/cli/staffCommand';
import { openDb } from '../../src/server/db';
import { testConfig } from '../../src/server/platform/config';
import { DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { matchingStep } from '../../src/server/staff/totp';

const dataDir = join(mkdtempSync(join(tmpdir(), 'zcp-staff-cli-')), 'db');

function staff(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/staff.ts', ...args], {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

describe('npm run staff', () => {
  it('adds, lists, disables, enables, resets and unlocks, each audited as cli:<operator>', async () => {
    const db = await openDb({ dataDir: 'memory://' });
    const lines: string[] = [];
    const run = (args: string[]) =>
      staffCommand(args, {
        config: testConfig(),
        openDb: async () => ({ ...db, close: async () => undefined }),
        operator: 'ops',
        out: (line) => lines.push(line),
        err: (line) => lines.push(line),
      });
    try {
      await run([
        'add',
        '--email',
        'Nikos.Antoniou@gic.com.cy',
        '--name',
        'Νίκος Αντωνίου',
        '--role',
        'editor',
      ]);
      expect(lines.join('\n')).toMatch(/added nikos\.antoniou@gic\.com\.cy \(S\d+, editor\)/);
      expect(lines.join('\n')).toMatch(/one-time password: +\S{10,}/);
      expect(lines.join('\n')).toMatch(
        /authenticator link: +otpauth:\/\/totp\/GIC%20Studio:nikos\.antoniou%40gic\.com\.cy\?/,
      );
      const again = run([
        'add',
        '--email',
        'nikos.antoniou@gic.com.cy',
        '--name',
        'Νίκος',
        '--role',
        'editor',
      ]);
      await expect(again.catch(explain)).resolves.toBe(
        'A staff account with this e-mail already exists. (EMAIL)',
      );
      await expect(
        run(['add', '--email', 'a@gic.com.cy', '--name', 'Α Β', '--role', 'owner']),
      ).rejects.toThrow(UsageError);
      await expect(run(['frobnicate'])).rejects.toThrow(/unknown command/);
      await run(['disable', 'nikos.antoniou@gic.com.cy']);
      lines.length = 0;
      await run(['list']);
      expect(lines[0]).toMatch(
        /^S\d+\tnikos\.antoniou@gic\.com\.cy\teditor\tdisabled\ttotp\tΝίκος Αντωνίου\tnever$/,
      );
      for (const command of ['enable', 'unlock', 'reset-password', 'reset-totp'])
        await run([command, 'nikos.antoniou@gic.com.cy']);
      await expect(run(['disable', 'nobody@gic.com.cy'])).rejects.toThrow(/no staff account/);
      const rows = await db.query<{ action: string; actor_label: string }>(
        'SELECT action, actor_label FROM audit_events ORDER BY event_id',
      );
      expect(rows.map((r) => r.action)).toEqual([
        'staff.create',
        'staff.disable',
        'staff.enable',
        'staff.unlock',
        'staff.reset-password',
        'staff.reset-totp',
      ]);
      expect(rows.every((r) => r.actor_label === 'cli:ops')).toBe(true);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('runs as npm run staff on the configured database', async () => {
    const add = staff([
      'add',
      '--email',
      'maria.kyriakou@gic.com.cy',
      '--name',
      'Μαρία Κυριάκου',
      '--role',
      'viewer',
    ]);
    expect(add.code, add.err).toBe(0);
    expect(add.out).toContain('added maria.kyriakou@gic.com.cy');
    const db = await openDb({ dataDir });
    try {
      const [row] = await db.query<{ actor_label: string }>(
        "SELECT actor_label FROM audit_events WHERE action = 'staff.create'",
      );
      expect(row.actor_label).toMatch(/^cli:/);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('prints the demo code outside production only', () => {
    const code = staff(['demo-code']);
    expect(code.code).toBe(0);
    expect(matchingStep(DEMO_TOTP_SECRET, code.out.trim(), new Date())).not.toBeNull();
    const production = staff(['demo-code'], {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-very-long-production-secret-0123456789',
      STAFF_TOTP_KEY: 'a-very-long-staff-totp-key-0123456789',
      PUBLIC_URL: 'https://online.gic.com.cy',
      PAYMENT_MODE: 'live',
      JCC_PAYMENT_URL: 'https://gateway.jcc.com.cy/payment',
      JCC_STATUS_URL: 'https://gateway.jcc.com.cy/rest/getOrderStatusExtended.do',
      JCC_MERCHANT_ID: '0012345678',
      JCC_PASSWORD: 'a-real-merchant-secret',
      JCC_API_USER: 'gic-api',
      JCC_API_PASSWORD: 'a-real-api-secret',
    });
    expect(production.code).toBe(1);
    expect(production.err).toContain('no demo staff in production');
  }, 60_000);
});
