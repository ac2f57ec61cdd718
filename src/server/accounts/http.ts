// The portal's HTTP plumbing: credential cookies (the CSRF rule is ./csrf.ts), and the login guard that reads
// the session behind the access-token cookie.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, HOST_PREFIX, REFRESH_HINT_COOKIE } from '../../engine/cookies';
import { type CustomerRow, customerByNo } from '../customers/store';
import { clearOfferCookies } from '../offers/offerAccess';
import type { ServiceContext } from '../platform/context';
import { ApiError, type PendingMessage } from '../platform/errors';
import type { PortalConfig } from './config';
import { anonymousCsrfToken, sessionCsrfToken } from './csrfTokens';
import {
  type IssuedTokens,
  revokeSession,
  SessionError,
  type SessionFailure,
  type SessionRow,
  type SessionStage,
  sessionFromAccessToken,
} from './sessions';
import { type UserRow, userById } from './users';

export interface PortalAuth {
  session: SessionRow;
  user: UserRow;
  customer: CustomerRow;
}

export interface CookieNames {
  access: string;
  refresh: string;
  /** Readable by the page: whether a refresh cookie is there (no secret in it). */
  refreshHint: string;
  csrf: string;
}

/** `__Host-` names (Secure, Path=/, no Domain: the browser refuses them from anywhere else) over https. */
export function cookieNames(config: Pick<PortalConfig, 'secureCookies'>): CookieNames {
  const prefix = config.secureCookies ? HOST_PREFIX : '';
  return {
    access: `${prefix}zcp_at`,
    refresh: `${prefix}zcp_rt`,
    refreshHint: `${prefix}${REFRESH_HINT_COOKIE}`,
    csrf: `${prefix}${CSRF_COOKIE}`,
  };
}

export function cookieOptions(config: Pick<PortalConfig, 'secureCookies'>, httpOnly = true) {
  return { path: '/', httpOnly, secure: config.secureCookies, sameSite: 'strict' as const };
}

/** The session's cookies, and its CSRF token in the readable cookie (a new session, a new token). */
export function setSessionCookies(
  reply: FastifyReply,
  config: PortalConfig,
  tokens: IssuedTokens,
  now: Date,
  secret: string,
) {
  const names = cookieNames(config);
  const maxAge = Math.max(1, Math.floor((tokens.sessionExpiresAt.getTime() - now.getTime()) / 1000));
  reply.setCookie(names.access, tokens.accessToken, { ...cookieOptions(config), maxAge });
  reply.setCookie(names.csrf, sessionCsrfToken(secret, tokens.sessionId), cookieOptions(config, false));
  if (tokens.refreshToken) {
    reply.setCookie(names.refresh, tokens.refreshToken, { ...cookieOptions(config), maxAge });
    reply.setCookie(names.refreshHint, '1', { ...cookieOptions(config, false), maxAge });
  } else {
    reply.clearCookie(names.refresh, cookieOptions(config));
    reply.clearCookie(names.refreshHint, cookieOptions(config, false));
  }
}

/**
 * Clears the session's cookies (logout, and a dead session the browser meets); its CSRF token goes
 * with it, replaced by a new anonymous one, and so does the offer cookie: nothing that grants
 * access to the customer's data stays in the browser (a shared computer).
 */
export function clearSessionCookies(reply: FastifyReply, config: PortalConfig) {
  const names = cookieNames(config);
  clearOfferCookies(reply);
  reply.setCookie(names.csrf, anonymousCsrfToken(), cookieOptions(config, false));
  reply.clearCookie(names.access, cookieOptions(config));
  reply.clearCookie(names.refresh, cookieOptions(config));
  reply.clearCookie(names.refreshHint, cookieOptions(config, false));
}

const SESSION_MESSAGES: Record<SessionFailure, string> = {
  NOT_LOGGED_IN: 'errors.portal.notLoggedIn',
  TOKEN_EXPIRED: 'errors.portal.tokenExpired',
  SESSION_EXPIRED: 'errors.portal.sessionExpired',
  TOKEN_REUSED: 'errors.portal.tokenReused',
};

/** An answer with a CODE the client branches on, at the top level and on the message. */
export function coded(
  status: number,
  key: string,
  code: string,
  extra: Record<string, unknown> = {},
  field?: string,
) {
  const message: PendingMessage = { key, code, field };
  return new ApiError(status, [message], { CODE: code, ...extra });
}

export function sessionError(reason: SessionFailure): ApiError {
  return coded(401, SESSION_MESSAGES[reason], reason);
}

export function forbidden(): ApiError {
  return coded(403, 'errors.portal.forbidden', 'FORBIDDEN');
}

declare module 'fastify' {
  interface FastifyRequest {
    portal?: PortalAuth;
  }
}

/**
 * The guard of every call that needs a login: `stage` ACTIVE for the portal, PENDING_2FA for the
 * second-factor calls. A dead session clears the cookies and answers 401 with the reason.
 */
export function requireSession(ctx: ServiceContext, stage: SessionStage = 'ACTIVE') {
  const settings = { secret: ctx.config.sessionSecret, config: ctx.config.portal };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const now = ctx.now();
    const token = request.cookies[cookieNames(ctx.config.portal).access];
    try {
      const session = await sessionFromAccessToken(ctx.db, settings, token, now);
      // The wrong kind of session (a pending second factor on a portal call) keeps its cookies.
      if (session.stage !== stage) throw sessionError('NOT_LOGGED_IN');
      const user = await userById(ctx.db, session.user_id);
      // A user locked meanwhile (wrong passwords in another session) is logged out everywhere.
      if (!user || user.locked) {
        await revokeSession(ctx.db, session.session_id, 'LOCKED', now);
        throw new SessionError('SESSION_EXPIRED');
      }
      const customer = await customerByNo(ctx.db, user.customer_no);
      if (!customer) throw new SessionError('SESSION_EXPIRED');
      request.portal = { session, user, customer };
    } catch (error) {
      if (!(error instanceof SessionError)) throw error;
      if (error.reason !== 'TOKEN_EXPIRED') clearSessionCookies(reply, ctx.config.portal);
      throw sessionError(error.reason);
    }
  };
}

export function auth(request: FastifyRequest): PortalAuth {
  if (!request.portal) throw sessionError('NOT_LOGGED_IN');
  return request.portal;
}
