// The one CSRF rule of the service (issue 25 items 4 and 5), checked for every state-changing
// call (POST, PUT, PATCH, DELETE) before its body is read, whatever module serves it:
//
// - a browser with a portal session sends X-CSRF-Token equal to its session's token, an HMAC of the
//   session id: another browser's token, or one fetched before the login, is refused; a new session
//   (login, second factor) has a new token and logout leaves none;
// - a browser without a session (the portal's login and registration forms) sends the double
//   submit: X-CSRF-Token equal to its readable zcp_csrf cookie (GET /zcp/um/csrf sets it);
// - the public site's anonymous calls may instead be JSON: a cross-site page cannot send JSON (nor
//   a custom header) without a CORS preflight, which the service never grants; a body a form can
//   send (urlencoded, multipart, text) without a token is refused.
//
// Refusals are 403 CODE CSRF in the MESSAGES shape. The exceptions, and why, are CSRF_EXCEPTIONS
// (docs/security.md lists them).

import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RETURN_PATH } from '../payments/regpay';
import type { ServiceContext } from '../platform/context';
import { ANONYMOUS_CSRF, anonymousCsrfToken, sessionCsrfToken } from './csrfTokens';
import { coded, cookieNames, cookieOptions } from './http';
import { readAccessToken } from './sessions';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** State-changing paths the rule does not apply to, each with the reason. */
export const CSRF_EXCEPTIONS: readonly { path: string; prefix?: boolean; why: string }[] = [
  {
    path: RETURN_PATH,
    why: "the card provider's return is a cross-site form post by design; it is trusted by the provider's signature and the provider's own order status, never by cookies",
  },
  {
    path: '/sandbox/',
    prefix: true,
    why: "the card-provider sandbox stands in for the provider's own pages (not mounted in production)",
  },
  { path: '/dev/', prefix: true, why: 'development tools (not mounted in production)' },
  {
    path: '/zcp/studio/',
    prefix: true,
    why: "the studio's calls have their own rule, bound to the staff session instead of a customer's (src/server/staff/http.ts)",
  },
];

/** Bodies a cross-site HTML form can send (CORS-safelisted media types). */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i;

function exempt(url: string): boolean {
  const path = url.split('?')[0];
  return CSRF_EXCEPTIONS.some((e) => (e.prefix ? path.startsWith(e.path) : path === e.path));
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The portal session the request's access cookie names (a well-signed token, even an expired or
 * revoked one: its token stays the session's). The access cookie lives as long as the session, so
 * a logged-in browser always sends it.
 */
export function cookieSessionId(ctx: ServiceContext, request: FastifyRequest): string | null {
  const names = cookieNames(ctx.config.portal);
  return (
    readAccessToken(ctx.config.sessionSecret, request.cookies?.[names.access], ctx.now())?.sessionId ?? null
  );
}

/** The token this browser should send now: its session's, or its anonymous one (made when missing). */
export async function currentCsrfToken(ctx: ServiceContext, request: FastifyRequest, reply: FastifyReply) {
  const portal = ctx.config.portal;
  const sessionId = cookieSessionId(ctx, request);
  const cookie = request.cookies?.[cookieNames(portal).csrf];
  const token = sessionId
    ? sessionCsrfToken(ctx.config.sessionSecret, sessionId)
    : cookie && ANONYMOUS_CSRF.test(cookie)
      ? cookie
      : anonymousCsrfToken();
  if (token !== cookie) reply.setCookie(cookieNames(portal).csrf, token, cookieOptions(portal, false));
  return token;
}

/** Whether the request proves it comes from the service's own pages (the rule above). */
async function passes(ctx: ServiceContext, request: FastifyRequest): Promise<boolean> {
  const header = request.headers['x-csrf-token'];
  const given = typeof header === 'string' ? header : '';
  const sessionId = cookieSessionId(ctx, request);
  if (sessionId) return given !== '' && same(given, sessionCsrfToken(ctx.config.sessionSecret, sessionId));
  const portalRoute = (request.routeOptions.config as { portal?: boolean } | undefined)?.portal === true;
  if (given !== '' || portalRoute) {
    const cookie = request.cookies?.[cookieNames(ctx.config.portal).csrf] ?? '';
    return ANONYMOUS_CSRF.test(given) && same(given, cookie);
  }
  return !FORM_TYPES.test(String(request.headers['content-type'] ?? ''));
}

/** Registers the rule at the root, after the cookie parser, for every route of every module. */
export function registerCsrf(app: FastifyInstance, ctx: ServiceContext): void {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || exempt(request.url)) return;
    if (!(await passes(ctx, request))) {
      request.log.info({ event: 'security.csrf_refused', url: request.url.split('?')[0] }, 'CSRF refused');
      throw coded(403, 'errors.portal.csrf', 'CSRF');
    }
  });
}
