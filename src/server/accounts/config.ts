// The portal's settings from environment variables, read by loadConfig (src/server/platform/config.ts) like
// the payment settings: problems are collected, so a wrong value stops the service at start.

import { isEmailAddress } from '../../engine/rules/fieldRules';
import { type Env, envReaders } from '../platform/envReaders';

export interface PortalConfig {
  /** Life of an access token (the HttpOnly `zcp_at` cookie). */
  accessTokenMinutes: number;
  /** A session with no request for this long is over (spec §4: 15 minutes). */
  inactivityMinutes: number;
  /** Absolute lifetime of a session, however active. */
  sessionHours: number;
  /** How long a verifypassword allows sensitive changes (password, mobile). */
  reauthMinutes: number;
  /** Wrong passwords that lock an account (spec §9: five). */
  maxFailedLogins: number;
  smsCodeTtlMinutes: number;
  smsCodeMaxAttempts: number;
  smsPerNumberHour: number;
  smsPerIpHour: number;
  /** Failed logins and identity checks per client IP per hour, across accounts. */
  loginFailuresPerIpHour: number;
  /** HTTP SMS gateway; without it SMS stay in the outbox for the dev pages. */
  smsUrl?: string;
  smsToken?: string;
  /** Cookies get `Secure` and the `__Host-` prefix (PUBLIC_URL is https). */
  secureCookies: boolean;
  webauthnRpId: string;
  webauthnRpName: string;
  webauthnOrigin: string;
  /** Demo customers and accounts (never in production). */
  demoData: boolean;
  /** The insurer's service mailbox: every new request is notified there (SERVICE_MAIL_TO). */
  serviceMail: string;
  /** New requests a customer may file per day (RATE_LIMIT_REQUESTS_PER_CUSTOMER_DAY). */
  requestsPerCustomerDay: number;
}

export function portalConfigFromEnv(
  env: Env,
  context: { production: boolean; publicUrl: string },
  problems: string[],
): PortalConfig {
  const { str, int, bool } = envReaders(env, problems);

  const smsUrl = str('SMS_URL');
  if (smsUrl !== undefined) {
    try {
      const protocol = new URL(smsUrl).protocol;
      if (protocol !== 'https:' && protocol !== 'http:')
        problems.push('SMS_URL must be an http or https URL');
      else if (context.production && protocol !== 'https:')
        problems.push('SMS_URL must be https in production');
    } catch {
      problems.push('SMS_URL is not a URL');
    }
  }

  let host = 'localhost';
  let origin = 'http://localhost';
  try {
    const url = new URL(context.publicUrl);
    host = url.hostname;
    origin = url.origin;
  } catch {
    // PUBLIC_URL's own check reports it.
  }

  const demoData = bool('PORTAL_DEMO_DATA', !context.production);
  if (demoData && context.production) problems.push('PORTAL_DEMO_DATA cannot be on in production');

  const accessTokenMinutes = int('PORTAL_ACCESS_TOKEN_MINUTES', 5, 1, 60);
  const inactivityMinutes = int('PORTAL_INACTIVITY_MINUTES', 15, 1, 240);
  const sessionHours = int('PORTAL_SESSION_HOURS', 12, 1, 24 * 30);
  if (inactivityMinutes > sessionHours * 60) {
    problems.push('PORTAL_INACTIVITY_MINUTES must not exceed PORTAL_SESSION_HOURS');
  }

  const serviceMail = (str('SERVICE_MAIL_TO') ?? 'service@gic.com.cy').toLowerCase();
  if (!isEmailAddress(serviceMail))
    problems.push(`SERVICE_MAIL_TO must be an e-mail address (got "${serviceMail}")`);

  return {
    accessTokenMinutes,
    inactivityMinutes,
    sessionHours,
    reauthMinutes: int('PORTAL_REAUTH_MINUTES', 10, 1, 60),
    maxFailedLogins: 5,
    smsCodeTtlMinutes: int('SMS_CODE_TTL_MINUTES', 10, 1, 60),
    smsCodeMaxAttempts: int('SMS_CODE_MAX_ATTEMPTS', 5, 1, 20),
    smsPerNumberHour: int('RATE_LIMIT_SMS_PER_NUMBER_HOUR', 5, 1, 1000),
    smsPerIpHour: int('RATE_LIMIT_SMS_PER_IP_HOUR', 20, 1, 100_000),
    loginFailuresPerIpHour: int('RATE_LIMIT_LOGIN_PER_IP_HOUR', 30, 1, 100_000),
    smsUrl,
    smsToken: str('SMS_TOKEN'),
    secureCookies: origin.startsWith('https:'),
    webauthnRpId: str('WEBAUTHN_RP_ID') ?? host,
    webauthnRpName: str('WEBAUTHN_RP_NAME') ?? 'GIC Online',
    webauthnOrigin: origin,
    demoData,
    serviceMail,
    requestsPerCustomerDay: int('RATE_LIMIT_REQUESTS_PER_CUSTOMER_DAY', 20, 1, 10_000),
  };
}
