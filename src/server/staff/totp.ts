// The studio's second factor: RFC 6238 codes (the otpauth package: 6 digits, 30 s, SHA-1, what
// every authenticator app reads), a code accepted one step early or late for clock drift and only
// once (the step it matched is recorded, so a code overheard is spent). The secret is kept
// encrypted (AES-256-GCM under STAFF_TOTP_KEY): a copy of the database alone does not give codes.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const ISSUER = 'GIC Studio';

/** A new random secret (20 bytes, as RFC 4226 recommends), as the base32 authenticators take. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function isBase32Secret(value: string): boolean {
  return /^[A-Z2-7]{16,64}$/.test(value);
}

export function encryptSecret(key: Buffer, base32: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

/** The secret, or null when it was stored under another key (or tampered with). */
export function decryptSecret(key: Buffer, stored: string): string | null {
  const [iv, tag, data] = stored.split('.').map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function totp(base32: string, label = 'staff'): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(base32), period: PERIOD });
}

/** The time step a code matches (now, one before or one after), or null. */
export function matchingStep(base32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(base32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** The code of `now` (the operator's demo-code, tests). */
export function currentCode(base32: string, now: Date): string {
  return totp(base32).generate({ timestamp: now.getTime() });
}

/** The otpauth:// address an authenticator app scans or takes pasted. */
export function provisioningUri(base32: string, email: string): string {
  return totp(base32, email).toString();
}
