// The certificates' verification tokens (migration 0018): issued on the first certificate of a
// contract and reused by every later one until the customer revokes it.

import { randomBytes } from 'node:crypto';
import type { Db } from '../../db';

/** 32 random bytes: unguessable, and short enough for a QR code a phone reads at arm's length. */
export const TOKEN_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** The contract's current token, issued now if it has none (two requests at once get the same one). */
export async function currentToken(db: Db, contractNo: string, now: Date): Promise<string> {
  await db.query(
    `INSERT INTO certificates (token, contract_no, issued_at) VALUES ($1, $2, $3)
     ON CONFLICT (contract_no) WHERE revoked_at IS NULL DO NOTHING`,
    [randomBytes(32).toString('base64url'), contractNo, now.toISOString()],
  );
  const [row] = await db.query<{ token: string }>(
    'SELECT token FROM certificates WHERE contract_no = $1 AND revoked_at IS NULL',
    [contractNo],
  );
  return row.token;
}

/** Revokes the contract's current token; false when it had none. */
export async function revokeToken(db: Db, contractNo: string, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE certificates SET revoked_at = $2 WHERE contract_no = $1 AND revoked_at IS NULL RETURNING token`,
    [contractNo, now.toISOString()],
  );
  return rows.length > 0;
}

export type VerifiedCertificate = {
  revoked: boolean;
  status: string;
  start_date: string;
  expiry_date: string;
  data: Record<string, unknown>;
  flow_id: string;
};

/** A token's certificate with its contract's state, or undefined for a token never issued. */
export async function certificateOf(db: Db, token: string): Promise<VerifiedCertificate | undefined> {
  const [row] = await db.query<VerifiedCertificate>(
    `SELECT k.revoked_at IS NOT NULL AS revoked, c.status, c.start_date, c.expiry_date, c.data, o.flow_id
       FROM certificates k JOIN contracts c ON c.contract_no = k.contract_no
       JOIN offers o ON o.offer_no = c.offer_no
      WHERE k.token = $1`,
    [token],
  );
  return row;
}
