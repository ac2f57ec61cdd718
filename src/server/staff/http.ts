// The studio's HTTP plumbing: the staff cookies (zcp_staff_*), the CSRF token bound to the staff
// session, the two principal rules (a customer's cookies never open a studio call, a staff
// cookie never opens a portal call) and the guard other areas put their calls behind.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HOST_PREFIX } from '../../engine/cookies';
import { ANONYMOUS_CSRF, anonymousCsrfToken } from '../accounts/csrfTokens';
import { coded, cookieNames as portalCookieNames } from '../accounts/http';
import type { ServiceContext } from '../platform/context';
import type { StaffConfig } from './config';
import { roleAtLeast, type StaffRole } from './roles';
import {
  liveStaffSession,
  revokeStaffSessions,
  StaffSessionError,
  type StaffSessionFailure,
  type StaffSessionRow,
  sessionIdOfToken,
} from './sessions';
import { type StaffRow, staffById } from './store';

/** Where every studio call lives; the principal and CSRF rules below hold for all of them. */
export const STUDIO_API = '/zcp/studio';

export function staffCookieNames(config: Pick<StaffConfig, 'secureCookies'>) {
  const prefix = config.secureCookies ? HOST_PREFIX : '';
  return { session: `${prefix}zcp_staff_session`, csrf: `${prefix}zcp_staff_csrf` };
}

function cookieOptions(config: Pick<StaffConfig, 'secureCookies'>, httpOnly = true) {
  return { path: '/', httpOnly, secure: config.secureCookies, sameSite: 'strict' as const };
}

/** The CSRF token of a staff session (an HMAC of its id: it changes with the session). */
export function staffCsrfToken(secret: string, sessionId: string): string {
  return `s.${createHmac('sha256', secret).update(`staff-csrf\u0000${sessionId}`).digest('base64url')}`;
}

export function setStaffCookies(
  reply: FastifyReply,
  ctx: ServiceContext,
  session: { sessionId: string; token: string; expiresAt: Date },
) {
  const config = ctx.config.staff;
  const names = staffCookieNames(config);
  const maxAge = Math.max(1, Math.floor((session.expiresAt.getTime() - ctx.now().getTime()) / 1000));
  reply.setCookie(names.session, session.token, { ...cookieOptions(config), maxAge });
  reply.setCookie(
    names.csrf,
    staffCsrfToken(ctx.config.sessionSecret, session.sessionId),
    cookieOptions(config, false),
  );
}

/** Signed out: the session cookie goes, and the CSRF token with it (a new anonymous one). */
export function clearStaffCookies(reply: FastifyReply, config: StaffConfig) {
  const names = staffCookieNames(config);
  reply.clearCookie(names.session, cookieOptions(config));
  reply.setCookie(names.csrf, anonymousCsrfToken(), cookieOptions(config, false));
}

/** The token this browser should send now: its staff session's, or an anonymous one. */
export async function currentStaffCsrf(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const names = staffCookieNames(ctx.config.staff);
  const sessionId = await sessionIdOfToken(ctx.db, request.cookies?.[names.session]);
  const cookie = request.cookies?.[names.csrf];
  const token = sessionId
    ? staffCsrfToken(ctx.config.sessionSecret, sessionId)
    : cookie && ANONYMOUS_CSRF.test(cookie)
      ? cookie
      : anonymousCsrfToken();
  if (token !== cookie) reply.setCookie(names.csrf, token, cookieOptions(ctx.config.staff, false));
  return token;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isStudioCall = (url: string) => {
  const path = url.split('?')[0];
  return path === STUDIO_API || path.startsWith(`${STUDIO_API}/`);
};

/** Whether the request carries a customer's portal session cookies. */
export function hasCustomerCookie(ctx: ServiceContext, request: FastifyRequest): boolean {
  const names = portalCookieNames(ctx.config.portal);
  return Boolean(request.cookies?.[names.access] || request.cookies?.[names.refresh]);
}

/** Whether the request carries a staff session cookie. */
export function hasStaffCookie(config: StaffConfig, request: FastifyRequest): boolean {
  return Boolean(request.cookies?.[staffCookieNames(config).session]);
}

export const customerRefused = () => coded(403, 'studio:errors.customerSession', 'CUSTOMER_SESSION');
export const staffRefused = () => coded(403, 'studio:errors.staffSession', 'STAFF_SESSION');

/**
 * The two principals kept apart, and the studio's CSRF rule, registered at the root after the
 * cookie parser and before the portal's CSRF rule: a staff session cookie opens no portal call (a
 * route portalRoutes.ts marks `portal`), a customer's cookies no studio call, and a state-changing
 * studio call proves it comes from the studio's page: X-CSRF-Token equal to its staff session's
 * token, or, before a sign-in, to its readable zcp_staff_csrf cookie (double submit). (The portal's
 * rule, accounts/csrf.ts, leaves /zcp/studio to this one.)
 */
export function registerStudioRules(app: FastifyInstance, ctx: ServiceContext): void {
  app.decorate('zcpStaff', ctx);
  app.addHook('onRequest', async (request) => {
    const portalRoute = (request.routeOptions.config as { portal?: boolean } | undefined)?.portal === true;
    if (portalRoute && hasStaffCookie(ctx.config.staff, request)) throw staffRefused();
    if (!isStudioCall(request.url)) return;
    if (hasCustomerCookie(ctx, request)) throw customerRefused();
    if (!STATE_CHANGING.has(request.method)) return;
    const names = staffCookieNames(ctx.config.staff);
    const header = request.headers['x-csrf-token'];
    const given = typeof header === 'string' ? header : '';
    const sessionId = await sessionIdOfToken(ctx.db, request.cookies?.[names.session]);
    const ok = sessionId
      ? given !== '' && same(given, staffCsrfToken(ctx.config.sessionSecret, sessionId))
      : ANONYMOUS_CSRF.test(given) && same(given, request.cookies?.[names.csrf] ?? '');
    if (!ok) {
      request.log.info({ event: 'security.csrf_refused', url: request.url.split('?')[0] }, 'CSRF refused');
      throw coded(403, 'studio:errors.csrf', 'CSRF');
    }
  });
}

/** The signed-in staff member a studio call acts as. */
export interface StaffPrincipal {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
  sessionId: string;
  session: StaffSessionRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The service context the staff guard reads (set by registerStudioRules). */
    zcpStaff?: ServiceContext;
  }
  interface FastifyRequest {
    staff?: StaffPrincipal;
  }
}

const SESSION_MESSAGES: Record<StaffSessionFailure, string> = {
  NOT_SIGNED_IN: 'studio:errors.notSignedIn',
  SESSION_EXPIRED: 'studio:errors.sessionExpired',
};

export const staffSessionError = (reason: StaffSessionFailure) =>
  coded(401, SESSION_MESSAGES[reason], reason);

/** Refuses an account that may no longer act (disabled, locked), ending its sessions. */
async function usable(ctx: ServiceContext, staff: StaffRow | null): Promise<StaffRow> {
  if (staff && !staff.disabled && !staff.locked) return staff;
  if (staff)
    await revokeStaffSessions(ctx.db, staff.staff_id, staff.disabled ? 'DISABLED' : 'LOCKED', ctx.now());
  throw new StaffSessionError('SESSION_EXPIRED');
}

function contextOf(request: FastifyRequest): ServiceContext {
  const ctx = request.server.zcpStaff;
  if (!ctx) throw new Error('requireStaff: registerStudioRules was not called on the app');
  return ctx;
}

/** The session at `stage` behind the request's staff cookie, with its account (a dead one clears the cookie). */
export async function staffOfRequest(
  request: FastifyRequest,
  reply: FastifyReply | undefined,
  stage: 'ACTIVE' | 'PENDING_TOTP',
): Promise<{ staff: StaffRow; session: StaffSessionRow }> {
  const ctx = contextOf(request);
  if (hasCustomerCookie(ctx, request)) throw customerRefused();
  const token = request.cookies?.[staffCookieNames(ctx.config.staff).session];
  try {
    const session = await liveStaffSession(ctx.db, ctx.config.staff, token, stage, ctx.now());
    const staff = await usable(ctx, await staffById(ctx.db, session.staff_id));
    return { staff, session };
  } catch (error) {
    if (!(error instanceof StaffSessionError)) throw error;
    if (reply && error.reason === 'SESSION_EXPIRED') clearStaffCookies(reply, ctx.config.staff);
    throw staffSessionError(error.reason);
  }
}

/**
 * The guard of every studio call: the signed-in staff member, refused with 401 when there is no
 * live staff session (a customer's cookies: 403) and 403 FORBIDDEN_ROLE when their role is below
 * `role` (viewer < editor < publisher < admin). Other areas call it first in their handlers or
 * preHandlers: `const staff = await requireStaff(request, 'publisher')`.
 */
/**
 * requireStaff as an onRequest hook, so a call without the right staff session is refused before
 * its body is even validated: `{ onRequest: staffGuard('publisher') }`.
 */
export function staffGuard(role: StaffRole = 'viewer') {
  return async (request: FastifyRequest) => {
    await requireStaff(request, role);
  };
}

export async function requireStaff(
  request: FastifyRequest,
  role: StaffRole = 'viewer',
): Promise<StaffPrincipal> {
  let principal = request.staff;
  if (!principal) {
    const { staff, session } = await staffOfRequest(request, undefined, 'ACTIVE');
    principal = {
      staffId: staff.staff_id,
      email: staff.email,
      name: staff.name,
      role: staff.role,
      sessionId: session.session_id,
      session,
    };
    request.staff = principal;
  }
  if (!roleAtLeast(principal.role, role))
    throw coded(403, 'studio:errors.forbiddenRole', 'FORBIDDEN_ROLE', { NEEDED_ROLE: role });
  return principal;
}
