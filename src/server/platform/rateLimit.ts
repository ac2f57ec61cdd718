// Fixed-window limits kept in the database, so they hold across service instances (the
// in-memory limiter of @fastify/rate-limit only guards one instance against floods).

import { createHmac } from 'node:crypto';
import type { Db } from '../db';

export interface LimitRule {
  bucket: string;
  /** The address, IP … being limited; stored only as a keyed hash. */
  key: string;
  limit: number;
  windowMs: number;
}

export function limitKey(secret: string, bucket: string, key: string): string {
  return createHmac('sha256', secret).update(`${bucket}\u0000${key}`).digest('base64url').slice(0, 32);
}

/**
 * Counts `weight` hits (one by default); false when the window then holds more than `limit`
 * (the hits are still counted).
 */
export async function hitLimit(
  db: Db,
  rule: LimitRule,
  now: Date,
  secret: string,
  weight = 1,
): Promise<boolean> {
  return (await countHits(db, rule, now, secret, weight)) <= rule.limit;
}

/** Counts `weight` hits and answers the window's total (the offer writer counts a batch at once). */
export async function countHits(
  db: Db,
  rule: LimitRule,
  now: Date,
  secret: string,
  weight = 1,
): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs).toISOString();
  const rows = await db.query<{ hits: number }>(
    `INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES ($1, $2, $3::timestamptz, $4)
     ON CONFLICT (bucket, key, window_start) DO UPDATE SET hits = rate_limits.hits + $4
     RETURNING hits`,
    [rule.bucket, limitKey(secret, rule.bucket, rule.key), windowStart, weight],
  );
  return Number(rows[0].hits);
}
