// Portal accounts: mobile number as user id, password hash, failed-login count and lock, 2FA flag.

import type { Db } from '../db';

export type UserRow = {
  user_id: string;
  customer_no: string;
  mobile: string;
  password_hash: string;
  failed_logins: number;
  locked: boolean;
  two_factor: boolean;
};

export async function userByMobile(db: Db, mobile: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM portal_users WHERE mobile = $1', [mobile]);
  return row ?? null;
}

export async function userById(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM portal_users WHERE user_id = $1', [userId]);
  return row ?? null;
}

export async function userByCustomer(db: Db, customerNo: string): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>('SELECT * FROM portal_users WHERE customer_no = $1', [customerNo]);
  return row ?? null;
}

export async function createUser(
  db: Db,
  input: { customerNo: string; mobile: string; passwordHash: string; twoFactor?: boolean },
  now: Date,
): Promise<UserRow> {
  const [{ n }] = await db.query<{ n: string }>(`SELECT nextval('portal_user_seq')::text AS n`);
  const [row] = await db.query<UserRow>(
    `INSERT INTO portal_users (user_id, customer_no, mobile, password_hash, two_factor, password_changed_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz, $6::timestamptz) RETURNING *`,
    [
      `U${n}`,
      input.customerNo,
      input.mobile,
      input.passwordHash,
      input.twoFactor ?? false,
      now.toISOString(),
    ],
  );
  return row;
}

/** Counts a wrong password in one statement (parallel guesses all count); answers whether it is now locked. */
export async function recordWrongPassword(db: Db, userId: string, max: number, now: Date): Promise<boolean> {
  const [row] = await db.query<{ locked: boolean }>(
    `UPDATE portal_users SET failed_logins = failed_logins + 1,
            locked = locked OR failed_logins + 1 >= $2,
            locked_at = CASE WHEN NOT locked AND failed_logins + 1 >= $2 THEN $3::timestamptz ELSE locked_at END
      WHERE user_id = $1 RETURNING locked`,
    [userId, max, now.toISOString()],
  );
  return row?.locked ?? false;
}

export async function recordLogin(db: Db, userId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE portal_users SET failed_logins = 0, last_login_at = $2::timestamptz WHERE user_id = $1',
    [userId, now.toISOString()],
  );
}

/** A new password; also what unlocks an account (spec §4: a successful reset clears the lock). */
export async function setPassword(db: Db, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE portal_users SET password_hash = $2, failed_logins = 0, locked = false, locked_at = NULL,
            password_changed_at = $3::timestamptz WHERE user_id = $1`,
    [userId, passwordHash, now.toISOString()],
  );
}
