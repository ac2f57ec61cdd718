// The withdrawal link of the policy e-mail, for a visitor who bought without an account:
// /withdraw#<token>, the token 32 random bytes (only its SHA-256 is kept), valid to the end of the
// withdrawal period. The fragment never reaches a server log or a Referer.

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link for the contract (an earlier one is replaced); answers the token. */
export async function createWithdrawalLink(db: Db, contractNo: string, expiresAt: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO withdrawal_links (token_hash, contract_no, expires_at) VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (contract_no) DO UPDATE SET token_hash = EXCLUDED.token_hash, expires_at = EXCLUDED.expires_at`,
    [hashOf(token), contractNo, expiresAt.toISOString()],
  );
  return token;
}

/** The contract a link names, or null when the token is malformed, unknown or expired. */
export async function contractOfLink(db: Db, token: unknown, now: Date): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await db.query<{ contract_no: string }>(
    'SELECT contract_no FROM withdrawal_links WHERE token_hash = $1 AND expires_at > $2::timestamptz',
    [hashOf(token), now.toISOString()],
  );
  return row?.contract_no ?? null;
}

/** The link's address on the site. */
export function withdrawalLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/withdraw#${token}`;
}
