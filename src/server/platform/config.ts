// Service configuration from environment variables, checked once at start: a wrong value stops
// the service with a message naming the variable, rather than failing later on a request.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type PortalConfig, portalConfigFromEnv } from '../accounts/config';
import { type PaymentConfig, paymentConfigFromEnv } from '../payments/config';
import { type StaffConfig, staffConfigFromEnv } from '../staff/config';
import { DEFAULT_UPLOAD_LIMITS, type UploadLimits } from '../uploads/kinds';
import type { S3StoreConfig } from '../uploads/s3Store';
import { type Env, envReaders } from './envReaders';

export type { PaymentConfig } from '../payments/config';

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface RateLimitConfig {
  /** Requests per minute per client IP over all /zcp routes (0 turns it off). */
  perMinute: number;
  /** One-time codes per e-mail address per hour. */
  otpPerAddressHour: number;
  /** One-time codes per client IP per hour. */
  otpPerIpHour: number;
  /** Call-back requests per client IP per hour. */
  contactPerIpHour: number;
  /**
   * Codes per address per hour from all clients together. Past it the address is not blocked but
   * slowed: one code per `otpCeilingSpacingMinutes`, whoever asks.
   */
  otpAddressCeilingHour: number;
  otpCeilingSpacingMinutes: number;
  /** Client validation log entries per client IP per hour. */
  validationLogPerIpHour: number;
  /** New offers (quotations) per client IP per hour. */
  offersPerIpHour: number;
  /** Certificate checks (GET /zcp/verify/{token}) per client IP per hour. */
  verifyPerIpHour: number;
}

export interface Config {
  env: NodeEnv;
  port: number;
  host: string;
  /** Folder of the embedded database (used when databaseUrl is absent). */
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where call-back requests are sent. */
  callCentreMail: string;
  /** Where the notification of each new portal claim goes (the claims desk). */
  claimsMail: string;
  publicUrl: string;
  otpTtlMinutes: number;
  otpMaxAttempts: number;
  /** How long a confirmed e-mail address stays good for a quotation. */
  emailConfirmationHours: number;
  /** How long after the quotation (or the e-mailed link) the offer cookie alone shows the offer's personal data. */
  offerCookiePersonalMinutes: number;
  /** Client validation log entries older than this are deleted. */
  validationLogDays: number;
  rateLimit: RateLimitConfig;
  /** Signs cookies and keys the one-time code hashes. */
  sessionSecret: string;
  /** True when SESSION_SECRET was generated for this start (development only). */
  sessionSecretGenerated: boolean;
  logLevel: LogLevel;
  devMailbox: boolean;
  /** The insurer's core system's calls (/zcp/integration): the service token's SHA-256 (hex; absent: the API refuses every call) and its calls a minute. */
  integration: { tokenSha256?: string; perMinute: number };
  /** Trust X-Forwarded-For from a load balancer: true, or the balancers' addresses / CIDR ranges. */
  trustProxy: boolean | string[];
  /** Request body limit, bytes. */
  bodyLimit: number;
  /** How often the outbox sender looks for mail to deliver, ms (0: no sender loop). */
  outboxPollMs: number;
  outboxMaxAttempts: number;
  /**
   * How often an instance asks the database whether a configuration version was published, ms: the
   * fallback behind LISTEN/NOTIFY (0: notifications only). docs/publishing.md.
   */
  configPollMs: number;
  /** Built web app served with the history-mode fallback, when the folder exists. */
  webDir: string;
  payment: PaymentConfig;
  /** The customer portal: sessions, SMS codes, passkeys, demo data (src/server/accounts/config.ts). */
  portal: PortalConfig;
  /** The studio's staff: TOTP key, sessions, demo staff (src/server/staff/config.ts). */
  staff: StaffConfig;
  /** Customers' files: the folder every instance shares, and the size limits by kind. */
  /** `s3`: finished files go to an S3-compatible bucket instead of `dir` (UPLOAD_S3_BUCKET). */
  uploads: UploadLimits & { dir: string; s3?: S3StoreConfig };
  version: string;
  /** ALLOW_INSECURE_DEMO=1: a production build run as a demo, with the production rules below waived. */
  insecureDemo: boolean;
  /** The production rules the demo waives (logged loudly at start). */
  insecureDemoWaived: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MB = 1024 * 1024;

/** Reads and checks the configuration; throws ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, version = '0.0.0'): Config {
  const problems: string[] = [];
  const { str, int, bool } = envReaders(env, problems);
  const url = (name: string, protocols: string[], fallback?: string): string | undefined => {
    const raw = str(name) ?? fallback;
    if (raw === undefined) return undefined;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) {
        problems.push(`${name} must be a ${protocols.join(' or ')} URL (got "${parsed.protocol}")`);
      }
    } catch {
      problems.push(`${name} is not a URL`);
    }
    return raw;
  };
  const mail = (name: string, fallback: string): string => {
    const raw = str(name) ?? fallback;
    // "Name <address>" or a bare address.
    if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw)) {
      problems.push(`${name} must be an e-mail address, optionally as "Name <address>"`);
    }
    return raw;
  };

  const rawEnv = str('NODE_ENV') ?? 'development';
  let nodeEnv: NodeEnv = 'development';
  if (rawEnv === 'development' || rawEnv === 'test' || rawEnv === 'production') nodeEnv = rawEnv;
  else problems.push(`NODE_ENV must be development, test or production (got "${rawEnv}")`);
  const production = nodeEnv === 'production';

  const secret = str('SESSION_SECRET');
  if (secret !== undefined && secret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters');
  }
  if (secret === undefined && production) {
    problems.push('SESSION_SECRET is required in production (at least 32 random characters)');
  }

  const logLevel = (str('LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info')) as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  // Production is safe by default: each rule is a refusal, unless ALLOW_INSECURE_DEMO=1 deliberately
  // waives it for a demo of the production build (then every waived rule is logged at start).
  const insecureDemo = bool('ALLOW_INSECURE_DEMO', false);
  const waived: string[] = [];
  const productionRule = (holds: boolean, problem: string) => {
    if (!production || holds) return;
    if (insecureDemo) waived.push(problem);
    else problems.push(problem);
  };

  const devMailbox = bool('DEV_MAILBOX', !production);
  productionRule(!devMailbox, 'DEV_MAILBOX cannot be on in production');

  const integrationHash = str('INTEGRATION_TOKEN_SHA256')?.toLowerCase();
  if (integrationHash !== undefined && !/^[0-9a-f]{64}$/.test(integrationHash)) {
    problems.push('INTEGRATION_TOKEN_SHA256 must be the 64 hexadecimal digits of the token’s SHA-256');
  }

  const port = int('PORT', 8080, 0, 65535);
  const publicUrl = url('PUBLIC_URL', ['http:', 'https:'], `http://localhost:${port}`) as string;
  productionRule(
    publicUrl.startsWith('https://'),
    `PUBLIC_URL must be an https:// URL in production, so cookies are Secure and HSTS is sent (got "${publicUrl}")`,
  );
  const paymentMode = (str('PAYMENT_MODE') ?? str('JCC_MODE'))?.toLowerCase();
  if (paymentMode === undefined) {
    productionRule(
      false,
      'PAYMENT_MODE must be set explicitly in production: live, with JCC_PAYMENT_URL, JCC_STATUS_URL, JCC_MERCHANT_ID, JCC_PASSWORD, JCC_API_USER and JCC_API_PASSWORD',
    );
  } else {
    productionRule(
      paymentMode !== 'sandbox',
      'PAYMENT_MODE=sandbox is not allowed in production: the sandbox takes its published test cards and signing password as real payments',
    );
  }

  // The payments module owns its variables (PAYMENT_MODE, JCC_*); its errors are reported here.
  let payment: PaymentConfig | undefined;
  try {
    // JCC_MODE and JCC_URL are accepted as older names of PAYMENT_MODE and JCC_PAYMENT_URL.
    payment = paymentConfigFromEnv({
      ...env,
      PAYMENT_MODE: env.PAYMENT_MODE ?? env.JCC_MODE,
      JCC_PAYMENT_URL: env.JCC_PAYMENT_URL ?? env.JCC_URL,
      PUBLIC_URL: publicUrl,
    });
  } catch (error) {
    const listed = (error as { problems?: unknown }).problems;
    if (Array.isArray(listed)) problems.push(...listed.map(String));
    else problems.push((error as Error).message);
  }

  const rawProxy = str('TRUST_PROXY');
  let trustProxy: boolean | string[] = false;
  if (rawProxy !== undefined) {
    if (rawProxy === 'true' || rawProxy === 'false') trustProxy = rawProxy === 'true';
    else
      trustProxy = rawProxy
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean);
  }

  const config: Omit<Config, 'payment'> = {
    env: nodeEnv,
    port,
    host: str('HOST') ?? '0.0.0.0',
    dataDir: str('DATA_DIR') ?? './data/db',
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: mail('MAIL_FROM', 'GIC Online Insurance <no-reply@gic.com.cy>'),
    callCentreMail: mail('CALL_CENTRE_MAIL', 'callcentre@gic.com.cy'),
    claimsMail: mail('CLAIMS_MAIL_TO', 'claims-dev@gic.com.cy'),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    otpTtlMinutes: int('OTP_TTL_MINUTES', 10, 1, 1440),
    otpMaxAttempts: int('OTP_MAX_ATTEMPTS', 5, 1, 100),
    emailConfirmationHours: int('EMAIL_CONFIRMATION_HOURS', 24, 1, 24 * 90),
    offerCookiePersonalMinutes: int('OFFER_COOKIE_PERSONAL_MINUTES', 60, 1, 24 * 60),
    rateLimit: {
      perMinute: int('RATE_LIMIT_PER_MINUTE', 300, 0, 1_000_000),
      otpPerAddressHour: int('RATE_LIMIT_OTP_PER_ADDRESS_HOUR', 5, 1, 10_000),
      otpPerIpHour: int('RATE_LIMIT_OTP_PER_IP_HOUR', 20, 1, 100_000),
      contactPerIpHour: int('RATE_LIMIT_CONTACT_PER_IP_HOUR', 10, 1, 100_000),
      otpAddressCeilingHour: int('RATE_LIMIT_OTP_ADDRESS_CEILING_HOUR', 20, 1, 100_000),
      otpCeilingSpacingMinutes: int('RATE_LIMIT_OTP_CEILING_SPACING_MINUTES', 5, 1, 60),
      validationLogPerIpHour: int('RATE_LIMIT_VALIDATION_LOG_PER_IP_HOUR', 120, 1, 100_000),
      offersPerIpHour: int('RATE_LIMIT_OFFERS_PER_IP_HOUR', 60, 1, 100_000),
      verifyPerIpHour: int('RATE_LIMIT_VERIFY_PER_IP_HOUR', 120, 1, 100_000),
    },
    validationLogDays: int('VALIDATION_LOG_DAYS', 30, 1, 3650),
    sessionSecret: secret ?? randomBytes(32).toString('base64url'),
    sessionSecretGenerated: secret === undefined,
    logLevel,
    devMailbox,
    integration: {
      tokenSha256: integrationHash,
      perMinute: int('INTEGRATION_RATE_PER_MINUTE', 120, 1, 100_000),
    },
    trustProxy,
    bodyLimit: int('BODY_LIMIT_BYTES', 256 * 1024, 1024, 50 * 1024 * 1024),
    outboxPollMs: int('OUTBOX_POLL_MS', 2000, 0, 3_600_000),
    outboxMaxAttempts: int('OUTBOX_MAX_ATTEMPTS', 5, 1, 100),
    configPollMs: int('CONFIG_POLL_MS', 5000, 0, 3_600_000),
    webDir: str('WEB_DIR') ?? './dist',
    portal: portalConfigFromEnv(env, { production, publicUrl }, problems),
    staff: staffConfigFromEnv(env, { production, publicUrl, productionRule }, problems),
    uploads: {
      // Beside the embedded database's folder by default (./data/files), never inside it.
      dir: str('UPLOAD_DIR') ?? join(dirname(str('DATA_DIR') ?? './data/db'), 'files'),
      documentMaxBytes:
        int('UPLOAD_DOCUMENT_MAX_MB', DEFAULT_UPLOAD_LIMITS.documentMaxBytes / MB, 1, 50) * MB,
      photoMaxBytes: int('UPLOAD_PHOTO_MAX_MB', DEFAULT_UPLOAD_LIMITS.photoMaxBytes / MB, 1, 50) * MB,
      s3: str('UPLOAD_S3_BUCKET')
        ? {
            bucket: str('UPLOAD_S3_BUCKET') as string,
            endpoint: url('UPLOAD_S3_ENDPOINT', ['https:', 'http:']),
            region: str('UPLOAD_S3_REGION') ?? 'eu-central-1',
            prefix: str('UPLOAD_S3_PREFIX') ?? '',
            // Self-hosted stores (MinIO …) want the bucket in the path; AWS in the host name.
            forcePathStyle: bool('UPLOAD_S3_FORCE_PATH_STYLE', str('UPLOAD_S3_ENDPOINT') !== undefined),
          }
        : undefined,
    },
    version,
    insecureDemo: production && insecureDemo,
    insecureDemoWaived: waived,
  };
  if (problems.length > 0 || !payment) throw new ConfigError(problems);
  return { ...config, payment };
}

/** Overrides of a test configuration: any field, and any of the rate limits. */
export type ConfigOverrides = Partial<Omit<Config, 'rateLimit'>> & { rateLimit?: Partial<RateLimitConfig> };

/** A configuration for tests and scripts: development defaults with `overrides` applied. */
export function testConfig(overrides: ConfigOverrides = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-0123456789-abcdefghijklmnop' });
  return {
    ...base,
    devMailbox: true,
    outboxPollMs: 0,
    ...overrides,
    rateLimit: { ...base.rateLimit, ...overrides.rateLimit },
    // API tests count offer and contract numbers from the start: no demo data unless asked for.
    portal: { ...base.portal, demoData: false, ...overrides.portal },
    staff: { ...base.staff, demoData: false, ...overrides.staff },
    uploads: { ...base.uploads, dir: mkdtempSync(join(tmpdir(), 'zcp-files-')), ...overrides.uploads },
  };
}
