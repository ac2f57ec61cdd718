// Card-payment configuration: the built-in JCC sandbox by default, the real provider when
// PAYMENT_MODE=live and its URLs and credentials are given.

export interface PaymentConfig {
  mode: 'sandbox' | 'live';
  /** Origin of the site as the browser sees it (no trailing slash): return URL and completion page. */
  publicUrl: string;
  /** The provider's payment page the browser posts the signed form to. */
  providerUrl: string;
  /** The provider's REST order-status query (getOrderStatusExtended). */
  statusUrl: string;
  /** The provider's REST refund call (refund.do); beside the status query unless JCC_REFUND_URL says otherwise. */
  refundUrl: string;
  merchantId: string;
  acquirerId: string;
  /** Shared secret of the redirect signatures. */
  password: string;
  /** Credentials of the REST order-status query. */
  apiUser: string;
  apiPassword: string;
  statusTimeoutMs: number;
  /** An order still unpaid at the provider this long after it was created is closed as abandoned. */
  abandonAfterMinutes: number;
  /** Sandbox only: how long the pending-premium test card stays pre-authorised before it is deposited. */
  sandboxCaptureDelaySeconds: number;
}

/** The sandbox's documented test merchant (docs/payments.md). Never valid at the real provider. */
export const SANDBOX_MERCHANT = {
  merchantId: '0099000001',
  acquirerId: '402971',
  password: 'zcp-sandbox-secret',
  apiUser: '0099000001-api',
  apiPassword: 'zcp-sandbox-api-secret',
} as const;

const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Sandbox configuration for a site at `publicUrl`, with optional overrides (tests). */
export function sandboxPaymentConfig(
  publicUrl = DEFAULT_PUBLIC_URL,
  overrides: Partial<PaymentConfig> = {},
): PaymentConfig {
  const base = trimSlash(publicUrl);
  return {
    mode: 'sandbox',
    publicUrl: base,
    providerUrl: `${base}/sandbox/jcc/payment`,
    statusUrl: `${base}/sandbox/jcc/rest/getOrderStatusExtended.do`,
    refundUrl: `${base}/sandbox/jcc/rest/refund.do`,
    ...SANDBOX_MERCHANT,
    statusTimeoutMs: 5000,
    abandonAfterMinutes: 60,
    sandboxCaptureDelaySeconds: 120,
    ...overrides,
  };
}

type Env = Record<string, string | undefined>;

/** The provider's REST calls share one folder: refund.do beside getOrderStatusExtended.do. */
function refundBeside(statusUrl: string): string {
  return statusUrl ? statusUrl.replace(/[^/]*$/, 'refund.do') : '';
}

function positiveInt(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of at least 0, got "${raw}"`);
  return value;
}

/**
 * Reads PAYMENT_MODE (sandbox | live), PUBLIC_URL, JCC_PAYMENT_URL, JCC_STATUS_URL, JCC_REFUND_URL, JCC_MERCHANT_ID,
 * JCC_ACQUIRER_ID, JCC_PASSWORD, JCC_API_USER, JCC_API_PASSWORD, JCC_STATUS_TIMEOUT_MS,
 * PAYMENT_ABANDON_MINUTES and SANDBOX_CAPTURE_DELAY_SECONDS. Throws on a live configuration that
 * is incomplete or still carries the sandbox's secrets.
 */
export function paymentConfigFromEnv(env: Env = process.env): PaymentConfig {
  const mode = (env.PAYMENT_MODE ?? 'sandbox').trim().toLowerCase();
  if (mode !== 'sandbox' && mode !== 'live')
    throw new Error(`PAYMENT_MODE must be "sandbox" or "live", got "${env.PAYMENT_MODE}"`);
  const publicUrl = trimSlash(env.PUBLIC_URL?.trim() || DEFAULT_PUBLIC_URL);
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  }
  const timing = {
    statusTimeoutMs: positiveInt(env, 'JCC_STATUS_TIMEOUT_MS', 5000),
    abandonAfterMinutes: positiveInt(env, 'PAYMENT_ABANDON_MINUTES', 60),
    sandboxCaptureDelaySeconds: positiveInt(env, 'SANDBOX_CAPTURE_DELAY_SECONDS', 120),
  };
  if (mode === 'sandbox') {
    return sandboxPaymentConfig(publicUrl, {
      ...timing,
      ...(env.JCC_MERCHANT_ID ? { merchantId: env.JCC_MERCHANT_ID } : {}),
      ...(env.JCC_ACQUIRER_ID ? { acquirerId: env.JCC_ACQUIRER_ID } : {}),
      ...(env.JCC_PASSWORD ? { password: env.JCC_PASSWORD } : {}),
      ...(env.JCC_API_USER ? { apiUser: env.JCC_API_USER } : {}),
      ...(env.JCC_API_PASSWORD ? { apiPassword: env.JCC_API_PASSWORD } : {}),
    });
  }
  const problems: string[] = [];
  const required = [
    'JCC_PAYMENT_URL',
    'JCC_STATUS_URL',
    'JCC_MERCHANT_ID',
    'JCC_PASSWORD',
    'JCC_API_USER',
    'JCC_API_PASSWORD',
  ];
  const missing = required.filter((name) => !env[name]?.trim());
  if (missing.length > 0) problems.push(`PAYMENT_MODE=live needs ${missing.join(', ')}`);
  const refundUrl = env.JCC_REFUND_URL?.trim() || refundBeside(env.JCC_STATUS_URL?.trim() ?? '');
  for (const name of ['JCC_PAYMENT_URL', 'JCC_STATUS_URL', 'JCC_REFUND_URL', 'PUBLIC_URL']) {
    const value =
      name === 'PUBLIC_URL' ? publicUrl : name === 'JCC_REFUND_URL' ? refundUrl : (env[name] ?? '');
    if (value !== '' && !value.startsWith('https://'))
      problems.push(`PAYMENT_MODE=live needs an https:// ${name}, got "${value}"`);
  }
  if (
    env.JCC_PASSWORD === SANDBOX_MERCHANT.password ||
    env.JCC_API_PASSWORD === SANDBOX_MERCHANT.apiPassword
  ) {
    problems.push('PAYMENT_MODE=live must not use the sandbox passwords');
  }
  // Every problem at once, as the rest of the configuration reports them.
  if (problems.length > 0) throw Object.assign(new Error(problems.join('; ')), { problems });
  return {
    mode: 'live',
    publicUrl,
    providerUrl: env.JCC_PAYMENT_URL!.trim(),
    statusUrl: env.JCC_STATUS_URL!.trim(),
    refundUrl,
    merchantId: env.JCC_MERCHANT_ID!.trim(),
    acquirerId: env.JCC_ACQUIRER_ID?.trim() || SANDBOX_MERCHANT.acquirerId,
    password: env.JCC_PASSWORD!,
    apiUser: env.JCC_API_USER!.trim(),
    apiPassword: env.JCC_API_PASSWORD!,
    ...timing,
  };
}
