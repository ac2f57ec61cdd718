// Failed logins and identity checks per client IP, across accounts (issue 12: "throttling by
// client IP as well, so guessing across many accounts is slowed"). Only failures count, so a busy
// office behind one address is not stopped by its own successful logins.

import type { Db } from '../db';
import { hitLimit, limitKey } from '../platform/rateLimit';
import { coded } from './http';

const BUCKET = 'PORTAL_FAIL_IP';
const HOUR = 3600_000;

function windowStart(now: Date): string {
  return new Date(Math.floor(now.getTime() / HOUR) * HOUR).toISOString();
}

/** 429 when this IP already failed `limit` times this hour. */
export async function refuseIfThrottled(db: Db, secret: string, ip: string, limit: number, now: Date) {
  const [row] = await db.query<{ hits: number }>(
    'SELECT hits FROM rate_limits WHERE bucket = $1 AND key = $2 AND window_start = $3::timestamptz',
    [BUCKET, limitKey(secret, BUCKET, ip), windowStart(now)],
  );
  if (row && Number(row.hits) >= limit) throw coded(429, 'errors.portal.tooManyFailures', 'TOO_MANY');
}

export async function countFailure(db: Db, secret: string, ip: string, limit: number, now: Date) {
  await hitLimit(db, { bucket: BUCKET, key: ip, limit, windowMs: HOUR }, now, secret);
}
