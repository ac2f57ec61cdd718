// SMS codes of the portal (registration, reset/unlock, mobile change, second factor,
// re-authentication), on the one-time code store of src/server/otp: hashed, expiring, attempt-
// limited, a new one ending the previous one; here also rate-limited per number and client IP
// and spent once by the call they were asked for.

import type { Db } from '../db';
import { hashCode, issueCode, type OtpPurpose, verifyCode } from '../otp/codes';
import { enqueueSms } from '../outbox';
import { ApiError } from '../platform/errors';
import type { Lang } from '../platform/i18n';
import { hitLimit } from '../platform/rateLimit';
import type { PortalConfig } from './config';

export type SmsPurpose = Extract<OtpPurpose, 'REGISTRATION' | 'RESET' | 'MOBILE_CHANGE' | 'LOGIN' | 'REAUTH'>;
export type CodeOutcome = 'OK' | 'INVALID' | 'EXPIRED';

export interface SmsCodeSettings {
  secret: string;
  config: PortalConfig;
}

const HOUR = 3600_000;

/** Queues a new code by SMS, after the per-number and per-IP limits (429 past either). */
export async function sendSmsCode(
  db: Db,
  settings: SmsCodeSettings,
  input: { purpose: SmsPurpose; mobile: string; lang: Lang; ip: string },
  now: Date,
): Promise<void> {
  const { config, secret } = settings;
  await db.transaction(async (tx) => {
    const perNumber = await hitLimit(
      tx,
      { bucket: 'SMS_NUMBER', key: input.mobile, limit: config.smsPerNumberHour, windowMs: HOUR },
      now,
      secret,
    );
    const perIp = await hitLimit(
      tx,
      { bucket: 'SMS_IP', key: input.ip, limit: config.smsPerIpHour, windowMs: HOUR },
      now,
      secret,
    );
    if (!perNumber || !perIp) {
      throw new ApiError(429, [{ key: 'errors.otp.tooMany', code: 'TOO_MANY' }], { CODE: 'TOO_MANY' });
    }
    const code = await issueCode(
      tx,
      input.purpose,
      input.mobile,
      { secret, ttlMinutes: config.smsCodeTtlMinutes, maxAttempts: config.smsCodeMaxAttempts },
      now,
      input.ip,
    );
    await enqueueSms(tx, {
      to: input.mobile,
      template: 'otp',
      lang: input.lang,
      values: { code, minutes: config.smsCodeTtlMinutes },
    });
  });
}

const SIX_DIGITS = /^\d{6}$/;

/** Checks a code (validateotp): it is then confirmed and can be spent by the call that needs it. */
export async function confirmSmsCode(
  db: Db,
  settings: SmsCodeSettings,
  purpose: SmsPurpose,
  mobile: string,
  code: string,
  now: Date,
): Promise<CodeOutcome> {
  // A malformed code still costs an attempt, so it cannot be used to probe for free.
  return verifyCode(db, purpose, mobile, SIX_DIGITS.test(code) ? code : '-', settings, now);
}

type LatestCode = {
  id: string | number;
  code_hash: string;
  verified_at: Date | string | null;
  consumed_at: Date | string | null;
  expires_at: Date | string;
};

async function latestCode(db: Db, purpose: SmsPurpose, mobile: string): Promise<LatestCode | null> {
  const [row] = await db.query<LatestCode>(
    `SELECT id, code_hash, verified_at, consumed_at, expires_at FROM otp_codes
      WHERE purpose = $1 AND recipient = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [purpose, mobile],
  );
  return row ?? null;
}

// A confirmed code is only ever sent back by the page that confirmed it: a different code is
// tampering or guessing, so the confirmed code is spent rather than given more tries.
async function burn(db: Db, id: string | number, now: Date): Promise<void> {
  await db.query('UPDATE otp_codes SET consumed_at = $2::timestamptz WHERE id = $1 AND consumed_at IS NULL', [
    id,
    now.toISOString(),
  ]);
}

/** True when the newest code is this one, confirmed, unexpired and not yet spent (matching calls). */
export async function isConfirmedCode(
  db: Db,
  settings: SmsCodeSettings,
  purpose: SmsPurpose,
  mobile: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const latest = await latestCode(db, purpose, mobile);
  if (!latest?.verified_at || latest.consumed_at) return false;
  if (new Date(latest.expires_at).getTime() <= now.getTime()) return false;
  if (latest.code_hash === hashCode(settings.secret, purpose, mobile, code)) return true;
  await burn(db, latest.id, now);
  return false;
}

/**
 * Makes sure the newest code is this one and confirmed: one confirmed earlier with validateotp, or
 * checked now (counting an attempt). Runs outside the caller's transaction, so a wrong guess stays
 * counted when the call fails; `consumeCode` then spends it inside the transaction.
 */
export async function confirmForUse(
  db: Db,
  settings: SmsCodeSettings,
  purpose: SmsPurpose,
  mobile: string,
  code: string,
  now: Date,
): Promise<CodeOutcome> {
  const latest = await latestCode(db, purpose, mobile);
  if (!latest || latest.consumed_at) return 'EXPIRED';
  if (!latest.verified_at) return confirmSmsCode(db, settings, purpose, mobile, code, now);
  if (new Date(latest.expires_at).getTime() <= now.getTime()) return 'EXPIRED';
  if (latest.code_hash === hashCode(settings.secret, purpose, mobile, code)) return 'OK';
  await burn(db, latest.id, now);
  return 'EXPIRED';
}

/** Spends a confirmed code once; false when it was spent meanwhile or has expired. */
export async function consumeCode(
  db: Db,
  settings: SmsCodeSettings,
  purpose: SmsPurpose,
  mobile: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE otp_codes SET consumed_at = $4::timestamptz
      WHERE id = (SELECT id FROM otp_codes WHERE purpose = $1 AND recipient = $2
                   ORDER BY created_at DESC, id DESC LIMIT 1)
        AND code_hash = $3 AND verified_at IS NOT NULL AND consumed_at IS NULL AND expires_at > $4::timestamptz
      RETURNING id`,
    [purpose, mobile, hashCode(settings.secret, purpose, mobile, code), now.toISOString()],
  );
  return rows.length === 1;
}
