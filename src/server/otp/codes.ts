// One-time codes: six random digits, kept only as an HMAC keyed with the server secret, with an
// expiry and an attempt limit. A new code for the same recipient and purpose ends the previous one.

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

export type OtpPurpose =
  | 'EMAIL_VALIDATION'
  | 'REGISTRATION'
  | 'RESET'
  | 'LOGIN'
  | 'MOBILE_CHANGE'
  | 'REAUTH'
  | 'WITHDRAWAL';

export type OtpOutcome = 'OK' | 'INVALID' | 'EXPIRED';

export interface OtpSettings {
  secret: string;
  ttlMinutes: number;
  maxAttempts: number;
}

export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashCode(secret: string, purpose: OtpPurpose, recipient: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${recipient}\u0000${code}`).digest('hex');
}

/**
 * Stores a new code for the recipient and answers it, to be sent. It ends the recipient's earlier
 * code of the same client (`clientKey`), never another client's: a stranger asking for codes to
 * someone's address cannot end the code its owner is typing.
 */
export async function issueCode(
  db: Db,
  purpose: OtpPurpose,
  recipient: string,
  settings: OtpSettings,
  now: Date,
  clientKey?: string,
): Promise<string> {
  const code = generateCode();
  const at = now.toISOString();
  const expires = new Date(now.getTime() + settings.ttlMinutes * 60_000).toISOString();
  await db.query(
    `UPDATE otp_codes SET expires_at = $3::timestamptz
      WHERE purpose = $1 AND recipient = $2 AND verified_at IS NULL AND expires_at > $3::timestamptz
        AND client_key IS NOT DISTINCT FROM $4`,
    [purpose, recipient, at, clientKey ?? null],
  );
  await db.query(
    `INSERT INTO otp_codes (purpose, recipient, code_hash, expires_at, max_attempts, client_key, created_at)
     VALUES ($1, $2, $3, $4::timestamptz, $5, $6, $7::timestamptz)`,
    [
      purpose,
      recipient,
      hashCode(settings.secret, purpose, recipient, code),
      expires,
      settings.maxAttempts,
      clientKey ?? null,
      at,
    ],
  );
  return code;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Checks a code against the recipient's latest one (of the client `clientKey`, when given: a code
 * serves only the client it was issued to). The attempt is counted before comparing, in one
 * statement, so parallel guesses cannot exceed the limit. EXPIRED covers "past its time",
 * "attempts used up" (including by this wrong guess) and "no code issued".
 */
export async function verifyCode(
  db: Db,
  purpose: OtpPurpose,
  recipient: string,
  code: string,
  settings: Pick<OtpSettings, 'secret'>,
  now: Date,
  clientKey?: string,
): Promise<OtpOutcome> {
  const at = now.toISOString();
  const latest = await db.query<{ id: string | number }>(
    clientKey === undefined
      ? `SELECT id FROM otp_codes WHERE purpose = $1 AND recipient = $2 AND verified_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT 1`
      : `SELECT id FROM otp_codes WHERE purpose = $1 AND recipient = $2 AND verified_at IS NULL AND client_key = $3
          ORDER BY created_at DESC, id DESC LIMIT 1`,
    clientKey === undefined ? [purpose, recipient] : [purpose, recipient, clientKey],
  );
  if (latest.length === 0) return 'EXPIRED';
  const counted = await db.query<{ code_hash: string; attempts: number; max_attempts: number }>(
    `UPDATE otp_codes SET attempts = attempts + 1
      WHERE id = $1 AND attempts < max_attempts AND expires_at > $2::timestamptz
      RETURNING code_hash, attempts, max_attempts`,
    [latest[0].id, at],
  );
  if (counted.length === 0) return 'EXPIRED';
  const row = counted[0];
  if (sameHash(row.code_hash, hashCode(settings.secret, purpose, recipient, code))) {
    const marked = await db.query(
      'UPDATE otp_codes SET verified_at = $2::timestamptz WHERE id = $1 AND verified_at IS NULL RETURNING id',
      [latest[0].id, at],
    );
    return marked.length === 1 ? 'OK' : 'EXPIRED';
  }
  return row.attempts >= row.max_attempts ? 'EXPIRED' : 'INVALID';
}

/**
 * Records that the visitor proved they read this mailbox: for the client `clientKey` only when
 * given (the public site's browsers), otherwise for the address as such.
 */
export async function confirmEmail(
  db: Db,
  mailAddress: string,
  now: Date,
  clientKey?: string,
): Promise<void> {
  if (clientKey !== undefined) {
    await db.query(
      `INSERT INTO email_confirmations (mail_address, client_key, confirmed_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (mail_address, client_key) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at`,
      [mailAddress, clientKey, now.toISOString()],
    );
    return;
  }
  await db.query(
    `INSERT INTO confirmed_emails (mail_address, confirmed_at) VALUES ($1, $2::timestamptz)
     ON CONFLICT (mail_address) DO UPDATE SET confirmed_at = EXCLUDED.confirmed_at`,
    [mailAddress, now.toISOString()],
  );
}

/** True when the address was confirmed within the last `hours` (by the client `clientKey`, when given). */
export async function isEmailConfirmed(
  db: Db,
  mailAddress: string,
  now: Date,
  hours: number,
  clientKey?: string,
): Promise<boolean> {
  const since = new Date(now.getTime() - hours * 3600_000).toISOString();
  const rows =
    clientKey === undefined
      ? await db.query(
          'SELECT 1 FROM confirmed_emails WHERE mail_address = $1 AND confirmed_at >= $2::timestamptz',
          [mailAddress, since],
        )
      : await db.query(
          `SELECT 1 FROM email_confirmations
            WHERE mail_address = $1 AND client_key = $2 AND confirmed_at >= $3::timestamptz`,
          [mailAddress, clientKey, since],
        );
  return rows.length > 0;
}
