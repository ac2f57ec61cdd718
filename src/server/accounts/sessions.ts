// Portal sessions. A login is a row of portal_sessions (one family of refresh tokens):
// - the access token (cookie zcp_at) is signed, names the session and expires after a few minutes;
//   every request still reads the session row, so logout, inactivity and locking take effect at once;
// - the refresh token (cookie zcp_rt) is random, stored hashed, and rotates on every use: a token
//   presented a second time is taken as stolen and the whole session is revoked.

import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';
import type { PortalConfig } from './config';

export type SessionStage = 'PENDING_2FA' | 'ACTIVE';

export type SessionRow = {
  session_id: string;
  user_id: string;
  stage: SessionStage;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
  reauth_at: Date | string | null;
  reauth_pending_at: Date | string | null;
  revoked_at: Date | string | null;
};

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken?: string;
  sessionExpiresAt: Date;
}

export type SessionFailure = 'NOT_LOGGED_IN' | 'TOKEN_EXPIRED' | 'SESSION_EXPIRED' | 'TOKEN_REUSED';

export class SessionError extends Error {
  constructor(readonly reason: SessionFailure) {
    super(reason);
    this.name = 'SessionError';
  }
}

const time = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

function sign(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`portal-access\u0000${payload}`).digest('base64url');
}

/** `<sessionId>.<expiry seconds>.<signature>` */
export function signAccessToken(secret: string, sessionId: string, expiresAt: Date): string {
  const payload = `${sessionId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The session id of a well-signed token and whether it is past its time; null when forged or garbled. */
export function readAccessToken(
  secret: string,
  token: string | undefined,
  now: Date,
): { sessionId: string; expired: boolean; expiresAt: Date } | null {
  if (!token || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !/^\d{1,12}$/.test(parts[1])) return null;
  const expected = Buffer.from(sign(secret, `${parts[0]}.${parts[1]}`));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const expiresAt = new Date(Number(parts[1]) * 1000);
  return { sessionId: parts[0], expired: expiresAt.getTime() <= now.getTime(), expiresAt };
}

export interface SessionSettings {
  secret: string;
  config: PortalConfig;
}

function accessExpiry(settings: SessionSettings, session: { expires_at: Date | string }, now: Date): Date {
  return new Date(
    Math.min(now.getTime() + settings.config.accessTokenMinutes * 60_000, time(session.expires_at)),
  );
}

async function newRefreshToken(db: Db, sessionId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO portal_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3::timestamptz)',
    [sha256(token), sessionId, now.toISOString()],
  );
  return token;
}

/**
 * Opens a session. A PENDING_2FA session (password right, second factor due) lives only as long as
 * an SMS code and has no refresh token.
 */
export async function openSession(
  db: Db,
  settings: SessionSettings,
  userId: string,
  stage: SessionStage,
  now: Date,
  client: { ip?: string; userAgent?: string } = {},
): Promise<IssuedTokens> {
  const sessionId = randomUUID();
  const lifetimeMs =
    stage === 'ACTIVE' ? settings.config.sessionHours * 3600_000 : settings.config.smsCodeTtlMinutes * 60_000;
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  await db.query(
    `INSERT INTO portal_sessions (session_id, user_id, stage, created_at, last_seen_at, expires_at, client_ip, user_agent)
     VALUES ($1, $2, $3, $4::timestamptz, $4::timestamptz, $5::timestamptz, $6, $7)`,
    [
      sessionId,
      userId,
      stage,
      now.toISOString(),
      expiresAt.toISOString(),
      client.ip ?? null,
      client.userAgent?.slice(0, 300) ?? null,
    ],
  );
  // A pending second factor cannot refresh: its token lasts as long as it (the SMS code's life).
  const accessExpiresAt =
    stage === 'ACTIVE' ? accessExpiry(settings, { expires_at: expiresAt }, now) : expiresAt;
  return {
    sessionId,
    accessToken: signAccessToken(settings.secret, sessionId, accessExpiresAt),
    accessExpiresAt,
    refreshToken: stage === 'ACTIVE' ? await newRefreshToken(db, sessionId, now) : undefined,
    sessionExpiresAt: expiresAt,
  };
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE portal_sessions SET revoked_at = $3::timestamptz, revoked_reason = $2
      WHERE session_id = $1 AND revoked_at IS NULL`,
    [sessionId, reason, now.toISOString()],
  );
}

/** Ends every open session of a user (password set, lock), but `except` one. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  reason: string,
  now: Date,
  except?: string,
): Promise<void> {
  await db.query(
    `UPDATE portal_sessions SET revoked_at = $3::timestamptz, revoked_reason = $2
      WHERE user_id = $1 AND revoked_at IS NULL AND ($4::text IS NULL OR session_id <> $4)`,
    [userId, reason, now.toISOString(), except ?? null],
  );
}

/** Why a session row can no longer be used, or null when it can; expiries are recorded as revocations. */
async function deadReason(
  db: Db,
  settings: SessionSettings,
  session: SessionRow,
  now: Date,
): Promise<SessionFailure | null> {
  if (session.revoked_at) return 'SESSION_EXPIRED';
  if (time(session.expires_at) <= now.getTime()) {
    await revokeSession(db, session.session_id, 'EXPIRED', now);
    return 'SESSION_EXPIRED';
  }
  if (time(session.last_seen_at) + settings.config.inactivityMinutes * 60_000 <= now.getTime()) {
    await revokeSession(db, session.session_id, 'INACTIVITY', now);
    return 'SESSION_EXPIRED';
  }
  return null;
}

/** The live session of an access token, its last-seen time moved to now (activity). */
export async function sessionFromAccessToken(
  db: Db,
  settings: SessionSettings,
  token: string | undefined,
  now: Date,
): Promise<SessionRow> {
  const read = readAccessToken(settings.secret, token, now);
  if (!read) throw new SessionError('NOT_LOGGED_IN');
  const [session] = await db.query<SessionRow>('SELECT * FROM portal_sessions WHERE session_id = $1', [
    read.sessionId,
  ]);
  if (!session) throw new SessionError('NOT_LOGGED_IN');
  const dead = await deadReason(db, settings, session, now);
  if (dead) throw new SessionError(dead);
  if (read.expired) throw new SessionError('TOKEN_EXPIRED');
  await db.query('UPDATE portal_sessions SET last_seen_at = $2::timestamptz WHERE session_id = $1', [
    session.session_id,
    now.toISOString(),
  ]);
  return { ...session, last_seen_at: now };
}

/**
 * Spends a refresh token for a new pair. The token is marked used by the statement that checks it,
 * so of two concurrent uses one wins and the other is reuse. No transaction: a reuse's revocation
 * must stand even though the call fails.
 */
export async function rotateRefreshToken(
  db: Db,
  settings: SessionSettings,
  token: string | undefined,
  now: Date,
): Promise<{ session: SessionRow; tokens: IssuedTokens }> {
  if (!token || token.length > 200) throw new SessionError('SESSION_EXPIRED');
  const hash = sha256(token);
  const [row] = await db.query<{ session_id: string }>(
    'SELECT session_id FROM portal_refresh_tokens WHERE token_hash = $1',
    [hash],
  );
  if (!row) throw new SessionError('SESSION_EXPIRED');
  const spent = await db.query(
    `UPDATE portal_refresh_tokens SET used_at = $2::timestamptz WHERE token_hash = $1 AND used_at IS NULL
     RETURNING token_hash`,
    [hash, now.toISOString()],
  );
  if (spent.length === 0) {
    await revokeSession(db, row.session_id, 'REFRESH_REUSE', now);
    throw new SessionError('TOKEN_REUSED');
  }
  const [session] = await db.query<SessionRow>('SELECT * FROM portal_sessions WHERE session_id = $1', [
    row.session_id,
  ]);
  if (session?.stage !== 'ACTIVE') throw new SessionError('SESSION_EXPIRED');
  const dead = await deadReason(db, settings, session, now);
  if (dead) throw new SessionError(dead);
  await db.query('UPDATE portal_sessions SET last_seen_at = $2::timestamptz WHERE session_id = $1', [
    session.session_id,
    now.toISOString(),
  ]);
  const accessExpiresAt = accessExpiry(settings, session, now);
  return {
    session: { ...session, last_seen_at: now },
    tokens: {
      sessionId: session.session_id,
      accessToken: signAccessToken(settings.secret, session.session_id, accessExpiresAt),
      accessExpiresAt,
      refreshToken: await newRefreshToken(db, session.session_id, now),
      sessionExpiresAt: new Date(time(session.expires_at)),
    },
  };
}

/** The session a refresh token belongs to (logout with an expired access token). */
export async function sessionIdOfRefreshToken(db: Db, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db.query<{ session_id: string }>(
    'SELECT session_id FROM portal_refresh_tokens WHERE token_hash = $1',
    [sha256(token)],
  );
  return row?.session_id ?? null;
}

/** Sessions ended or expired over 30 days ago (with their refresh tokens) and spent passkey challenges. */
export async function portalHousekeeping(db: Db, now: Date): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 24 * 3600_000).toISOString();
  const dayAgo = new Date(now.getTime() - 24 * 3600_000).toISOString();
  const old = `SELECT session_id FROM portal_sessions
                WHERE coalesce(revoked_at, expires_at) < $1::timestamptz`;
  await db.query(`DELETE FROM portal_refresh_tokens WHERE session_id IN (${old})`, [monthAgo]);
  await db.query(`DELETE FROM portal_sessions WHERE session_id IN (${old})`, [monthAgo]);
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at < $1::timestamptz', [dayAgo]);
}
