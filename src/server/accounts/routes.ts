// /zcp/um, signing in and the session (spec §7 "Auth and user", §4 Session; docs/portal-api.md §2):
// the CSRF token, login with the second factor, refresh, the session, logout. The account's other
// calls are registered with them: registrationRoutes.ts (SMS codes, registration, reset/unlock) and
// passwordRoutes.ts (re-authentication, password change, the second factor, the account state).

import type { FastifyPluginAsync } from 'fastify';
import { customerByNo } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import {
  answers,
  body,
  code,
  mobile,
  noContent,
  optionalBody,
  sessionBody,
  str,
} from '../platform/schemaParts';
import {
  checkPassword,
  completeLogin,
  legalEntity,
  lockedError,
  mobileOrRefuse,
  portalSettings,
  refuseCode,
  sessionAnswer,
  startSecondFactor,
  wrongLogin,
} from './common';
import { currentCsrfToken } from './csrf';
import {
  auth,
  clearSessionCookies,
  cookieNames,
  requireSession,
  sessionError,
  setSessionCookies,
} from './http';
import { passwordRoutes } from './passwordRoutes';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { registrationRoutes } from './registrationRoutes';
import {
  readAccessToken,
  revokeSession,
  rotateRefreshToken,
  SessionError,
  sessionIdOfRefreshToken,
} from './sessions';
import { confirmForUse, consumeCode, sendSmsCode } from './smsCodes';
import { countFailure, refuseIfThrottled } from './throttle';
import { userById, userByMobile } from './users';

const TAG = 'portal: session';

export function umRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');
  const pending = requireSession(ctx, 'PENDING_2FA');
  const throttle = (ip: string) =>
    refuseIfThrottled(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());
  const failed = (ip: string) =>
    countFailure(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());

  return async (app) => {
    app.get(
      '/um/csrf',
      {
        schema: {
          tags: [TAG],
          summary: 'The CSRF token to echo in X-CSRF-Token on every portal POST/PUT/DELETE',
          description:
            "Logged in: the session's token (it changes at login and logout). Otherwise the anonymous double-submit token, also set in the script-readable zcp_csrf cookie (__Host-zcp_csrf over https).",
          response: answers({ 200: { type: 'object', properties: { CSRF_TOKEN: { type: 'string' } } } }),
        },
      },
      async (request, reply) => ({ CSRF_TOKEN: await currentCsrfToken(ctx, request, reply) }),
    );

    app.post<{ Body: { USERNAME: string; PASSWORD: string } }>(
      '/um/login',
      {
        schema: {
          tags: [TAG],
          summary: 'Log in with mobile number and password',
          description:
            '200 session (or TWO_FA_REQUIRED with a pending session); 401 WRONG_LOGIN; 403 LOCKED (the fifth wrong password locks); 422 LEGAL_ENTITY; 429 TOO_MANY failures from the client IP.',
          body: body({ USERNAME: mobile, PASSWORD: str(200) }, ['USERNAME', 'PASSWORD']),
          response: answers({ 200: sessionBody }),
        },
      },
      async (request, reply) => {
        await throttle(request.ip);
        const username = request.body.USERNAME;
        const user = await (async () => {
          const m = mobileOrRefuse(username, 'USERNAME');
          return userByMobile(ctx.db, m);
        })().catch(() => null);
        if (!user) {
          await verifyPassword(request.body.PASSWORD, await dummyHash());
          await failed(request.ip);
          throw wrongLogin();
        }
        const verdict = await checkPassword(ctx, user, request.body.PASSWORD);
        if (verdict !== 'RIGHT') {
          if (verdict !== 'LOCKED') await failed(request.ip);
          request.log.info({ event: 'portal.login_failed', userId: user.user_id, verdict }, 'login refused');
          throw verdict === 'WRONG' ? wrongLogin() : lockedError();
        }
        const customer = await customerByNo(ctx.db, user.customer_no);
        if (!customer) throw wrongLogin();
        if (customer.customer_type === 'LEGAL_ENTITY') throw legalEntity();
        if (needsRehash(user.password_hash)) {
          await ctx.db.query('UPDATE portal_users SET password_hash = $2 WHERE user_id = $1', [
            user.user_id,
            await hashPassword(request.body.PASSWORD),
          ]);
        }
        if (user.two_factor) return startSecondFactor(ctx, request, reply, user);
        return completeLogin(ctx, request, reply, user, customer);
      },
    );

    app.post<{ Body: { METHOD?: 'SMS' } }>(
      '/um/2falogin',
      {
        preHandler: pending,
        schema: {
          tags: [TAG],
          summary: 'Send the second-factor SMS code (pending-2FA session)',
          body: optionalBody({ METHOD: { type: 'string', enum: ['SMS'] } }),
          response: answers(noContent('Code sent to the account mobile')),
        },
      },
      async (request, reply) => {
        const { user } = auth(request);
        await sendSmsCode(
          ctx.db,
          settings,
          { purpose: 'LOGIN', mobile: user.mobile, lang: requestLang(request), ip: request.ip },
          ctx.now(),
        );
        ctx.kickOutbox();
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { CODE: string } }>(
      '/um/2favalidateotp',
      {
        preHandler: pending,
        schema: {
          tags: [TAG],
          summary: 'Complete a two-factor login with the SMS code',
          body: body({ CODE: code }, ['CODE']),
          response: answers({ 200: sessionBody }),
        },
      },
      async (request, reply) => {
        const { user, customer, session } = auth(request);
        const now = ctx.now();
        const given = request.body.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'LOGIN', user.mobile, given, now));
        if (!(await consumeCode(ctx.db, settings, 'LOGIN', user.mobile, given, now))) refuseCode('EXPIRED');
        await revokeSession(ctx.db, session.session_id, 'SECOND_FACTOR_DONE', now);
        return completeLogin(ctx, request, reply, user, customer);
      },
    );

    app.post(
      '/um/refreshtoken',
      {
        schema: {
          tags: [TAG],
          summary: 'Rotate the refresh token (cookie) for a new pair; silent login',
          description:
            'A spent refresh token presented again revokes the whole session (401 TOKEN_REUSED). 401 SESSION_EXPIRED when unknown, expired, inactive or revoked.',
          body: optionalBody({ REFRESH_TOKEN: str(400) }),
          response: answers({ 200: sessionBody }),
        },
      },
      async (request, reply) => {
        const now = ctx.now();
        try {
          const { session, tokens } = await rotateRefreshToken(
            ctx.db,
            settings,
            request.cookies[cookieNames(portal).refresh],
            now,
          );
          const user = await userById(ctx.db, session.user_id);
          const customer = user ? await customerByNo(ctx.db, user.customer_no) : null;
          if (!user || !customer || user.locked) {
            await revokeSession(ctx.db, session.session_id, 'LOCKED', now);
            throw new SessionError('SESSION_EXPIRED');
          }
          setSessionCookies(reply, portal, tokens, now, settings.secret);
          return sessionAnswer(ctx, user, customer, tokens);
        } catch (error) {
          if (!(error instanceof SessionError)) throw error;
          // Without a refresh cookie (or its hint) there is nothing to clear (a pending second factor
          // keeps its cookie).
          const names = cookieNames(portal);
          if (request.cookies[names.refresh] || request.cookies[names.refreshHint])
            clearSessionCookies(reply, portal);
          if (error.reason === 'TOKEN_REUSED') {
            request.log.warn({ event: 'portal.refresh_reuse' }, 'refresh token reused: session revoked');
          }
          throw sessionError(error.reason === 'TOKEN_REUSED' ? 'TOKEN_REUSED' : 'SESSION_EXPIRED');
        }
      },
    );

    app.get(
      '/um/session',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Validate the session (navigation guard); counts as activity',
          response: answers({ 200: sessionBody }),
        },
      },
      async (request) => {
        const { user, customer, session } = auth(request);
        const read = readAccessToken(settings.secret, request.cookies[cookieNames(portal).access], ctx.now());
        return sessionAnswer(ctx, user, customer, {
          accessExpiresAt: read?.expiresAt ?? ctx.now(),
          sessionExpiresAt: new Date(session.expires_at),
        });
      },
    );

    app.post<{ Body: { ID?: string } | undefined }>(
      '/um/logout',
      {
        schema: {
          tags: [TAG],
          summary: 'Log out: the session is revoked on the server and the cookies cleared',
          body: optionalBody({ ID: str(40) }),
          response: answers(noContent('Logged out (also when already logged out)')),
        },
      },
      async (request, reply) => {
        const names = cookieNames(portal);
        const now = ctx.now();
        const fromAccess = readAccessToken(settings.secret, request.cookies[names.access], now)?.sessionId;
        const sessionId =
          fromAccess ?? (await sessionIdOfRefreshToken(ctx.db, request.cookies[names.refresh]));
        if (sessionId) await revokeSession(ctx.db, sessionId, 'LOGOUT', now);
        // The session's CSRF token ends with it: the browser gets a new anonymous one.
        clearSessionCookies(reply, portal);
        return reply.code(204).send();
      },
    );

    // The account's other calls, in the same /um group.
    await app.register(registrationRoutes(ctx));
    await app.register(passwordRoutes(ctx));
  };
}
