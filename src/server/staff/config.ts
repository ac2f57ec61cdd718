// The studio's staff settings from environment variables, read by loadConfig
// (src/server/platform/config.ts) like the portal's: problems are collected, so a wrong value stops
// the service at start.

import { createHash } from 'node:crypto';
import { type Env, envReaders } from '../platform/envReaders';

/**
 * The development key of the TOTP secrets (README, "The studio"): anyone can read it here, so
 * production refuses to start without STAFF_TOTP_KEY.
 */
export const DEV_TOTP_KEY = 'zcp-studio-development-totp-key-not-secret';

export interface StaffConfig {
  /** AES-256 key the TOTP secrets are stored under (SHA-256 of STAFF_TOTP_KEY). */
  totpKey: Buffer;
  /** A sign-in without a second factor is refused (always in production). */
  secondFactorRequired: boolean;
  /** A staff session with no request for this long is over. */
  inactivityMinutes: number;
  /** Absolute lifetime of a staff session, however active. */
  sessionHours: number;
  /** How long a signed-in password waits for its TOTP code. */
  pendingMinutes: number;
  /** Wrong passwords or codes that lock a staff account (as the portal: five). */
  maxFailedLogins: number;
  /** The four demo staff accounts (never in production). */
  demoData: boolean;
  /** Cookies get `Secure` and the `__Host-` prefix (PUBLIC_URL is https). */
  secureCookies: boolean;
}

export function staffConfigFromEnv(
  env: Env,
  context: {
    production: boolean;
    publicUrl: string;
    /** A production rule (config.ts): a problem, unless ALLOW_INSECURE_DEMO waives it. */
    productionRule: (holds: boolean, problem: string) => void;
  },
  problems: string[],
): StaffConfig {
  const { str, int, bool } = envReaders(env, problems);
  const key = str('STAFF_TOTP_KEY');
  context.productionRule(
    key !== undefined,
    'STAFF_TOTP_KEY is required in production (at least 32 random characters): the key the staff TOTP secrets are encrypted under',
  );
  if (key !== undefined && key.length < 32) problems.push('STAFF_TOTP_KEY must be at least 32 characters');

  const demoData = bool('STAFF_DEMO_DATA', !context.production);
  if (demoData && context.production) problems.push('STAFF_DEMO_DATA cannot be on in production');
  const secondFactorRequired = bool('STAFF_REQUIRE_SECOND_FACTOR', context.production);
  if (!secondFactorRequired && context.production)
    problems.push('STAFF_REQUIRE_SECOND_FACTOR cannot be off in production');

  const inactivityMinutes = int('STAFF_INACTIVITY_MINUTES', 30, 1, 240);
  const sessionHours = int('STAFF_SESSION_HOURS', 10, 1, 24);
  if (inactivityMinutes > sessionHours * 60)
    problems.push('STAFF_INACTIVITY_MINUTES must not exceed STAFF_SESSION_HOURS');

  return {
    totpKey: createHash('sha256')
      .update(key ?? DEV_TOTP_KEY)
      .digest(),
    secondFactorRequired,
    inactivityMinutes,
    sessionHours,
    pendingMinutes: 5,
    maxFailedLogins: 5,
    demoData,
    secureCookies: context.publicUrl.startsWith('https:'),
  };
}
