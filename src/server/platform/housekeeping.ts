// Anonymous writes expire, so the database does not grow with every visitor forever: client
// validation reports after VALIDATION_LOG_DAYS, rate-limit windows and e-mail codes a day after
// they ended, e-mail confirmations once they no longer count. Offers, contracts, call-back
// requests and mail are business records and are kept. Run hourly by every instance (each delete
// is idempotent, so instances running it at once do no harm).

import type { Db } from '../db';

export interface HousekeepingSettings {
  validationLogDays: number;
  emailConfirmationHours: number;
}

export interface HousekeepingSummary {
  validationLog: number;
  rateLimits: number;
  otpCodes: number;
  emailConfirmations: number;
}

const DAY = 24 * 3600_000;

async function deleted(db: Db, sql: string, cutoff: Date): Promise<number> {
  return (await db.query(`${sql} RETURNING 1`, [cutoff.toISOString()])).length;
}

export async function expireAnonymousData(
  db: Db,
  now: Date,
  settings: HousekeepingSettings,
): Promise<HousekeepingSummary> {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  return {
    validationLog: await deleted(
      db,
      'DELETE FROM validation_log WHERE created_at < $1::timestamptz',
      ago(settings.validationLogDays * DAY),
    ),
    // The longest window is an hour; a day later nobody counts it.
    rateLimits: await deleted(db, 'DELETE FROM rate_limits WHERE window_start < $1::timestamptz', ago(DAY)),
    otpCodes: await deleted(db, 'DELETE FROM otp_codes WHERE expires_at < $1::timestamptz', ago(DAY)),
    emailConfirmations: await deleted(
      db,
      'DELETE FROM email_confirmations WHERE confirmed_at < $1::timestamptz',
      ago(settings.emailConfirmationHours * 3600_000),
    ),
  };
}
