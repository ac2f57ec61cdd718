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

/*
 * A password check is decided atomically (issue 25): before the slow Argon2 comparison the attempt
 * takes one of the account's remaining tries, in one statement, as if it were wrong. Only an
 * account that is not locked and has a try left gives one, so however many logins arrive at once,
 * at most `max` wrong passwords are ever compared before the lock. The verdict then settles the
 * try: a wrong one locks when it was the last, a right one gives the tries back (unless a wrong
 * one locked the account meanwhile: then it is refused as locked).
 */

/** Takes a try for a password check; false when the account is locked or every try is in use. */
export async function takePasswordTry(db: Db, userId: string, max: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE portal_users SET failed_logins = failed_logins + 1
      WHERE user_id = $1 AND NOT locked AND failed_logins < $2 RETURNING user_id`,
    [userId, max],
  );
  return rows.length === 1;
}

/** A wrong password on a taken try (already counted); answers whether the account is now locked. */
export async function settleWrongPassword(db: Db, userId: string, max: number, now: Date): Promise<boolean> {
  const [row] = await db.query<{ locked: boolean }>(
    `UPDATE portal_users SET locked = locked OR failed_logins >= $2,
            locked_at = CASE WHEN NOT locked AND failed_logins >= $2 THEN $3::timestamptz ELSE locked_at END
      WHERE user_id = $1 RETURNING locked`,
    [userId, max, now.toISOString()],
  );
  return row?.locked ?? false;
}

/** A right password on a taken try: the count starts over; false when the account locked meanwhile. */
export async function settleRightPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE portal_users SET failed_logins = 0 WHERE user_id = $1 AND NOT locked RETURNING user_id',
    [userId],
  );
  return rows.length === 1;
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
