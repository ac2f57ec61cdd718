// Staff accounts: e-mail, name, role, Argon2id password hash (the portal's own hashing,
// accounts/passwords.ts), the encrypted TOTP secret, the disabled flag and the failed-attempt lock.

import type { Db } from '../db';
import type { StaffRole } from './roles';

export type StaffRow = {
  staff_id: string;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string;
  totp_secret: string | null;
  totp_last_step: string | number | null;
  disabled: boolean;
  failed_logins: number;
  locked: boolean;
  locked_at: Date | string | null;
  password_changed_at: Date | string;
  last_login_at: Date | string | null;
  created_at: Date | string;
};

/** What an account looks like to the studio, the CLI and the audit trail (no secrets). */
export interface StaffView {
  STAFF_ID: string;
  EMAIL: string;
  NAME: string;
  ROLE: StaffRole;
  DISABLED: boolean;
  LOCKED: boolean;
  TOTP: boolean;
  LAST_LOGIN_AT: string | null;
  CREATED_AT: string;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

export function staffView(row: StaffRow): StaffView {
  return {
    STAFF_ID: row.staff_id,
    EMAIL: row.email,
    NAME: row.name,
    ROLE: row.role,
    DISABLED: row.disabled,
    LOCKED: row.locked,
    TOTP: row.totp_secret !== null,
    LAST_LOGIN_AT: iso(row.last_login_at),
    CREATED_AT: iso(row.created_at) as string,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

export async function staffByEmail(db: Db, email: string): Promise<StaffRow | null> {
  const [row] = await db.query<StaffRow>('SELECT * FROM staff_users WHERE email = $1', [
    normalizeEmail(email),
  ]);
  return row ?? null;
}

export async function staffById(db: Db, staffId: string): Promise<StaffRow | null> {
  const [row] = await db.query<StaffRow>('SELECT * FROM staff_users WHERE staff_id = $1', [staffId]);
  return row ?? null;
}

/** The names of these staff ids, in one query (an id not of a staff account is left out). */
export async function staffNames(
  db: Db,
  ids: Iterable<string | null | undefined>,
): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (wanted.length === 0) return new Map();
  const rows = await db.query<{ staff_id: string; name: string }>(
    'SELECT staff_id, name FROM staff_users WHERE staff_id = ANY($1::text[])',
    [wanted],
  );
  return new Map(rows.map((r) => [r.staff_id, r.name]));
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.query<StaffRow>('SELECT * FROM staff_users ORDER BY email');
}

export async function insertStaff(
  db: Db,
  input: { email: string; name: string; role: StaffRole; passwordHash: string; totpSecret: string | null },
  now: Date,
): Promise<StaffRow | null> {
  const [{ n }] = await db.query<{ n: string }>(`SELECT nextval('staff_user_seq')::text AS n`);
  const [row] = await db.query<StaffRow>(
    `INSERT INTO staff_users (staff_id, email, name, role, password_hash, totp_secret, password_changed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $7::timestamptz)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [
      `S${n}`,
      normalizeEmail(input.email),
      input.name.trim(),
      input.role,
      input.passwordHash,
      input.totpSecret,
      now.toISOString(),
    ],
  );
  return row ?? null;
}

/** Changes the given columns of one account; answers the row after. */
export async function updateStaff(
  db: Db,
  staffId: string,
  change: Partial<Pick<StaffRow, 'disabled' | 'role' | 'name' | 'password_hash' | 'totp_secret'>> & {
    unlock?: boolean;
  },
  now: Date,
): Promise<StaffRow | null> {
  const sets: string[] = [];
  const params: unknown[] = [staffId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (change.disabled !== undefined) set('disabled', change.disabled);
  if (change.role !== undefined) set('role', change.role);
  if (change.name !== undefined) set('name', change.name.trim());
  if (change.password_hash !== undefined) {
    set('password_hash', change.password_hash);
    set('password_changed_at', now.toISOString());
  }
  if (change.totp_secret !== undefined) {
    set('totp_secret', change.totp_secret);
    sets.push('totp_last_step = NULL');
  }
  if (change.unlock || change.password_hash !== undefined)
    sets.push('failed_logins = 0', 'locked = false', 'locked_at = NULL');
  if (sets.length === 0) return staffById(db, staffId);
  const [row] = await db.query<StaffRow>(
    `UPDATE staff_users SET ${sets.join(', ')} WHERE staff_id = $1 RETURNING *`,
    params,
  );
  return row ?? null;
}

/*
 * A password or code check is decided atomically, as the portal's login (accounts/users.ts): the
 * attempt first takes one of the account's remaining tries in one statement, as if it were wrong,
 * so however many sign-ins arrive at once, at most `max` wrong answers are compared before the
 * lock. The verdict then settles the try.
 */

/** Takes a try; false when the account is locked or every try is in use. */
export async function takeTry(db: Db, staffId: string, max: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff_users SET failed_logins = failed_logins + 1
      WHERE staff_id = $1 AND NOT locked AND failed_logins < $2 RETURNING staff_id`,
    [staffId, max],
  );
  return rows.length === 1;
}

/** A wrong answer on a taken try; answers whether the account is now locked. */
export async function settleWrong(db: Db, staffId: string, max: number, now: Date): Promise<boolean> {
  const [row] = await db.query<{ locked: boolean }>(
    `UPDATE staff_users SET locked = locked OR failed_logins >= $2,
            locked_at = CASE WHEN NOT locked AND failed_logins >= $2 THEN $3::timestamptz ELSE locked_at END
      WHERE staff_id = $1 RETURNING locked`,
    [staffId, max, now.toISOString()],
  );
  return row?.locked ?? false;
}

/**
 * A right answer on a taken try gives that try back; false when the account locked meanwhile. The
 * count starts over only when the whole sign-in succeeds (recordSignIn), so a right password does
 * not wipe out the wrong codes before it.
 */
export async function settleRight(db: Db, staffId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff_users SET failed_logins = greatest(failed_logins - 1, 0)
      WHERE staff_id = $1 AND NOT locked RETURNING staff_id`,
    [staffId],
  );
  return rows.length === 1;
}

/** Spends a TOTP step: false when that step (or a later one) was already used (a replayed code). */
export async function spendTotpStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE staff_users SET totp_last_step = $2
      WHERE staff_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING staff_id`,
    [staffId, step],
  );
  return rows.length === 1;
}

export async function recordSignIn(db: Db, staffId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE staff_users SET failed_logins = 0, last_login_at = $2::timestamptz WHERE staff_id = $1',
    [staffId, now.toISOString()],
  );
}
