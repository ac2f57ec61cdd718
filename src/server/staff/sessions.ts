// Staff sessions. A sign-in is a row of staff_sessions; the HttpOnly cookie zcp_staff_session
// holds a random token of which only the SHA-256 is stored. Every request reads the row, so
// sign-out, inactivity, the absolute limit, a disabled account and a lock take effect at once.
// A PENDING_TOTP session (password right, code due) lives a few minutes and opens only the code call;
// the code's success ends it and opens a new ACTIVE one (a new token, a new CSRF token).

import { randomBytes, randomUUID } from 'node:crypto';
import { sha256 } from '../accounts/sessions';
import type { Db } from '../db';
import type { StaffConfig } from './config';

export type StaffStage = 'PENDING_TOTP' | 'ACTIVE';

export type StaffSessionRow = {
  session_id: string;
  staff_id: string;
  stage: StaffStage;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
};

export type StaffSessionFailure = 'NOT_SIGNED_IN' | 'SESSION_EXPIRED';

export class StaffSessionError extends Error {
  constructor(readonly reason: StaffSessionFailure) {
    super(reason);
    this.name = 'StaffSessionError';
  }
}

const time = (value: Date | string) => new Date(value).getTime();

export async function openStaffSession(
  db: Db,
  config: StaffConfig,
  staffId: string,
  stage: StaffStage,
  now: Date,
  client: { ip?: string; userAgent?: string } = {},
): Promise<{ sessionId: string; token: string; expiresAt: Date }> {
  const sessionId = randomUUID();
  const token = randomBytes(32).toString('base64url');
  const lifetime = stage === 'ACTIVE' ? config.sessionHours * 3600_000 : config.pendingMinutes * 60_000;
  const expiresAt = new Date(now.getTime() + lifetime);
  await db.query(
    `INSERT INTO staff_sessions (session_id, token_hash, staff_id, stage, created_at, last_seen_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz, $6::timestamptz, $7, $8)`,
    [
      sessionId,
      sha256(token),
      staffId,
      stage,
      now.toISOString(),
      expiresAt.toISOString(),
      client.ip ?? null,
      client.userAgent?.slice(0, 300) ?? null,
    ],
  );
  return { sessionId, token, expiresAt };
}

/** The session id a cookie token names, live or not (the CSRF rule binds to it); null when unknown. */
export async function sessionIdOfToken(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db.query<{ session_id: string }>(
    'SELECT session_id FROM staff_sessions WHERE token_hash = $1',
    [sha256(token)],
  );
  return row?.session_id ?? null;
}

export async function revokeStaffSession(db: Db, sessionId: string, reason: string, now: Date) {
  await db.query(
    `UPDATE staff_sessions SET revoked_at = $3::timestamptz, revoked_reason = $2
      WHERE session_id = $1 AND revoked_at IS NULL`,
    [sessionId, reason, now.toISOString()],
  );
}

/** Ends every open session of a staff member (disabled, locked, password or code reset). */
export async function revokeStaffSessions(db: Db, staffId: string, reason: string, now: Date) {
  const rows = await db.query(
    `UPDATE staff_sessions SET revoked_at = $3::timestamptz, revoked_reason = $2
      WHERE staff_id = $1 AND revoked_at IS NULL RETURNING session_id`,
    [staffId, reason, now.toISOString()],
  );
  return rows.length;
}

/** The live session of a cookie token at `stage`, its last-seen time moved to now (activity). */
export async function liveStaffSession(
  db: Db,
  config: StaffConfig,
  token: string | undefined,
  stage: StaffStage,
  now: Date,
): Promise<StaffSessionRow> {
  if (!token || token.length > 100) throw new StaffSessionError('NOT_SIGNED_IN');
  const [session] = await db.query<StaffSessionRow>('SELECT * FROM staff_sessions WHERE token_hash = $1', [
    sha256(token),
  ]);
  if (!session) throw new StaffSessionError('NOT_SIGNED_IN');
  if (session.revoked_at) throw new StaffSessionError('SESSION_EXPIRED');
  if (time(session.expires_at) <= now.getTime()) {
    await revokeStaffSession(db, session.session_id, 'EXPIRED', now);
    throw new StaffSessionError('SESSION_EXPIRED');
  }
  if (
    session.stage === 'ACTIVE' &&
    time(session.last_seen_at) + config.inactivityMinutes * 60_000 <= now.getTime()
  ) {
    await revokeStaffSession(db, session.session_id, 'INACTIVITY', now);
    throw new StaffSessionError('SESSION_EXPIRED');
  }
  // The wrong kind (a code still due on a studio call) is not signed in, and keeps its cookie.
  if (session.stage !== stage) throw new StaffSessionError('NOT_SIGNED_IN');
  await db.query('UPDATE staff_sessions SET last_seen_at = $2::timestamptz WHERE session_id = $1', [
    session.session_id,
    now.toISOString(),
  ]);
  return { ...session, last_seen_at: now };
}

/** Staff sessions ended or expired over 30 days ago (the audit trail keeps who signed in when). */
export async function staffHousekeeping(db: Db, now: Date): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  await db.query('DELETE FROM staff_sessions WHERE coalesce(revoked_at, expires_at) < $1::timestamptz', [
    monthAgo,
  ]);
}
