// /zcp/um: login (with the second factor), refresh, session, logout, registration, reset/unlock,
// SMS codes, re-authentication and password change (spec §7 "Auth and user", §4 Session;
// docs/portal-api.md §2).
// Over 400 lines: one Fastify plugin whose calls share the login steps and the schemas above them;
// moved whole (issue 23) so the login-lock work merges cleanly. Next split: by call group (login
// and session; registration and reset; password and second factor).

import type { FastifyPluginAsync } from 'fastify';
import { customerByNo, findCustomer, linkPurchases, maskMobile, normalizeIdNumber } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import {
  answers,
  body,
  code,
  mobile,
  noContent,
  open,
  optionalBody,
  sessionBody,
  str,
  ymd,
} from '../platform/schemaParts';
import {
  checkPassword,
  completeLogin,
  dateOrRefuse,
  legalEntity,
  lockedError,
  mobileOrRefuse,
  portalSettings,
  refuseCode,
  refuseWeakPassword,
  registrationRefusal,
  sessionAnswer,
  startSecondFactor,
  wrongLogin,
} from './common';
import { currentCsrfToken } from './csrf';
import {
  auth,
  clearSessionCookies,
  coded,
  cookieNames,
  cookieOptions,
  forbidden,
  requireSession,
  sessionError,
  setSessionCookies,
} from './http';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import {
  readAccessToken,
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  SessionError,
  sessionIdOfRefreshToken,
} from './sessions';
import { confirmForUse, confirmSmsCode, consumeCode, type SmsPurpose, sendSmsCode } from './smsCodes';
import { countFailure, refuseIfThrottled } from './throttle';
import { createUser, setPassword, userById, userByMobile } from './users';

const TAG = 'portal: session';
const PURPOSES = ['REGISTRATION', 'RESET', 'MOBILE_CHANGE'] as const;

export function umRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');
  const pending = requireSession(ctx, 'PENDING_2FA');
  const throttle = (ip: string) =>
    refuseIfThrottled(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());
  const failed = (ip: string) =>
    countFailure(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());

  /** Whether this session re-entered the password recently enough for a sensitive change. */
  const reauthenticated = (reauthAt: Date | string | null) =>
    reauthAt !== null && new Date(reauthAt).getTime() + portal.reauthMinutes * 60_000 > ctx.now().getTime();

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

    app.post<{ Body: { RECIPIENT: string; PURPOSE?: (typeof PURPOSES)[number] } }>(
      '/um/createotp',
      {
        schema: {
          tags: [TAG],
          summary: 'Send an SMS code (registration, reset/unlock, mobile change)',
          description:
            'Always 204 for a valid mobile; for RESET the SMS is sent only when the number has an account. MOBILE_CHANGE needs a login and a number not used by another account (422 MOBILE_UNAVAILABLE). 429 TOO_MANY.',
          body: body({ RECIPIENT: mobile, PURPOSE: { type: 'string', enum: [...PURPOSES] } }, ['RECIPIENT']),
          response: answers(noContent('Code sent (or, for RESET, nothing to send)')),
        },
      },
      async (request, reply) => {
        const purpose: SmsPurpose = request.body.PURPOSE ?? 'REGISTRATION';
        const recipient = mobileOrRefuse(request.body.RECIPIENT, 'RECIPIENT');
        const lang = requestLang(request);
        if (purpose === 'MOBILE_CHANGE') {
          await active(request, reply);
          const other = await userByMobile(ctx.db, recipient);
          if (other && other.user_id !== auth(request).user.user_id) {
            throw coded(422, 'errors.portal.mobileUnavailable', 'MOBILE_UNAVAILABLE', {}, 'RECIPIENT');
          }
        }
        if (purpose === 'RESET' && !(await userByMobile(ctx.db, recipient))) {
          request.log.info(
            { event: 'portal.reset_unknown_mobile' },
            'reset code for a number without account',
          );
          return reply.code(204).send();
        }
        await sendSmsCode(ctx.db, settings, { purpose, mobile: recipient, lang, ip: request.ip }, ctx.now());
        ctx.kickOutbox();
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { CODE: string; RECIPIENT: string; PURPOSE?: (typeof PURPOSES)[number] } }>(
      '/um/validateotp',
      {
        schema: {
          tags: [TAG],
          summary: 'Check an SMS code; it stays good (once) for the call it was asked for',
          body: body({ CODE: code, RECIPIENT: mobile, PURPOSE: { type: 'string', enum: [...PURPOSES] } }, [
            'CODE',
            'RECIPIENT',
          ]),
          response: answers(noContent('Right code')),
        },
      },
      async (request, reply) => {
        const recipient = mobileOrRefuse(request.body.RECIPIENT, 'RECIPIENT');
        const outcome = await confirmSmsCode(
          ctx.db,
          settings,
          request.body.PURPOSE ?? 'REGISTRATION',
          recipient,
          request.body.CODE.trim(),
          ctx.now(),
        );
        refuseCode(outcome);
        return reply.code(204).send();
      },
    );

    app.post<{
      Body: {
        MOBILE_NUMBER: string;
        CODE: string;
        PASSWORD: string;
        EMAIL: string;
        DATE_OF_BIRTH: string;
        IDENTIFICATION: string;
        ID_TYPE?: string;
        NAME?: string;
        SURNAME?: string;
        GDPR_CONSENT: boolean;
        EMAIL_CONSENT: boolean;
        MARKETING_CONSENT?: boolean;
      };
    }>(
      '/um/register',
      {
        schema: {
          tags: [TAG],
          summary: 'Register: mobile + SMS code, identity matched to a customer, password, consents',
          description:
            '204 registered (then log in). 422 CONSENT_REQUIRED, WEAK_PASSWORD, INVALID/EXPIRED (code), USER_NOT_FOUND, LEGAL_ENTITY, REFUSED, ALREADY_REGISTERED, MOBILE_NOT_ON_RECORD.',
          body: body(
            {
              MOBILE_NUMBER: mobile,
              CODE: code,
              PASSWORD: str(200),
              EMAIL: str(254, { format: 'email' }),
              DATE_OF_BIRTH: ymd,
              IDENTIFICATION: str(20),
              ID_TYPE: { type: 'string', enum: ['ID', 'PASSPORT', 'ARC', 'MEU1'] },
              NAME: str(40),
              SURNAME: str(40),
              GDPR_CONSENT: { type: 'boolean' },
              EMAIL_CONSENT: { type: 'boolean' },
              MARKETING_CONSENT: { type: 'boolean' },
            },
            ['MOBILE_NUMBER', 'CODE', 'PASSWORD', 'EMAIL', 'DATE_OF_BIRTH', 'IDENTIFICATION'],
          ),
          response: answers(noContent('Registered')),
        },
      },
      async (request, reply) => {
        const b = request.body;
        if (b.GDPR_CONSENT !== true) {
          throw coded(422, 'errors.portal.gdprConsent', 'CONSENT_REQUIRED', {}, 'GDPR_CONSENT');
        }
        if (b.EMAIL_CONSENT !== true) {
          throw coded(422, 'errors.portal.emailConsent', 'CONSENT_REQUIRED', {}, 'EMAIL_CONSENT');
        }
        const mobileNo = mobileOrRefuse(b.MOBILE_NUMBER, 'MOBILE_NUMBER');
        const birthDate = dateOrRefuse(b.DATE_OF_BIRTH, 'DATE_OF_BIRTH');
        refuseWeakPassword(b.PASSWORD, mobileNo);
        await throttle(request.ip);
        const now = ctx.now();
        const given = b.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'REGISTRATION', mobileNo, given, now));

        const customer = await findCustomer(ctx.db, {
          idType: b.ID_TYPE,
          idNumber: b.IDENTIFICATION,
          birthDate,
        });
        if (!customer) {
          await failed(request.ip);
          throw coded(422, 'errors.portal.userNotFound', 'USER_NOT_FOUND');
        }
        const refusal = await registrationRefusal(ctx.db, customer, mobileNo);
        if (refusal) {
          request.log.info(
            {
              event: 'portal.registration_refused',
              customerNo: customer.customer_no,
              code: refusal.extra.CODE,
            },
            'registration refused',
          );
          throw refusal;
        }
        const passwordHash = await hashPassword(b.PASSWORD);
        await ctx.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, settings, 'REGISTRATION', mobileNo, given, now))) refuseCode('EXPIRED');
          await createUser(tx, { customerNo: customer.customer_no, mobile: mobileNo, passwordHash }, now);
          await tx.query(
            `UPDATE customers SET email = $2, telephone = $3, marketing_consent = $4, gdpr_consent_at = $5::timestamptz,
                    email_consent_at = $5::timestamptz, updated_at = $5::timestamptz WHERE customer_no = $1`,
            [
              customer.customer_no,
              b.EMAIL.trim().toLowerCase(),
              mobileNo,
              b.MARKETING_CONSENT === true,
              now.toISOString(),
            ],
          );
          await linkPurchases(tx, customer);
        });
        request.log.info(
          { event: 'portal.registered', customerNo: customer.customer_no },
          'portal registration',
        );
        return reply.code(204).send();
      },
    );

    app.post<{
      Body: {
        USERNAME: string;
        PASSWORD: string;
        CLIENT_ID: string;
        BIRTH_DATE: string;
        CODE: string;
        ID_TYPE?: string;
      };
    }>(
      '/um/resetpassword',
      {
        schema: {
          tags: [TAG],
          summary: 'Forgot password / unlock: SMS code + identity, new password; clears the lock',
          description:
            'CLIENT_ID is the identification number. 204 done (lock and failed count cleared, sessions ended). 422 INVALID/EXPIRED, USER_NOT_FOUND, WEAK_PASSWORD.',
          body: body(
            {
              USERNAME: mobile,
              PASSWORD: str(200),
              CLIENT_ID: str(20),
              BIRTH_DATE: ymd,
              CODE: code,
              ID_TYPE: { type: 'string', enum: ['ID', 'PASSPORT', 'ARC', 'MEU1'] },
            },
            ['USERNAME', 'PASSWORD', 'CLIENT_ID', 'BIRTH_DATE', 'CODE'],
          ),
          response: answers(noContent('Password set, account unlocked')),
        },
      },
      async (request, reply) => {
        const b = request.body;
        const mobileNo = mobileOrRefuse(b.USERNAME, 'USERNAME');
        const birthDate = dateOrRefuse(b.BIRTH_DATE, 'BIRTH_DATE');
        refuseWeakPassword(b.PASSWORD, mobileNo);
        await throttle(request.ip);
        const now = ctx.now();
        const given = b.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'RESET', mobileNo, given, now));
        const user = await userByMobile(ctx.db, mobileNo);
        const customer = user ? await customerByNo(ctx.db, user.customer_no) : null;
        const matches =
          customer !== null &&
          customer.id_number === normalizeIdNumber(b.CLIENT_ID) &&
          customer.birth_date === birthDate &&
          (!b.ID_TYPE || customer.id_type === b.ID_TYPE);
        if (!user || !matches) {
          await failed(request.ip);
          throw coded(422, 'errors.portal.userNotFound', 'USER_NOT_FOUND');
        }
        const passwordHash = await hashPassword(b.PASSWORD);
        await ctx.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, settings, 'RESET', mobileNo, given, now))) refuseCode('EXPIRED');
          await setPassword(tx, user.user_id, passwordHash, now);
          await revokeUserSessions(tx, user.user_id, 'PASSWORD_RESET', now);
        });
        request.log.info(
          { event: 'portal.password_reset', userId: user.user_id, wasLocked: user.locked },
          'reset',
        );
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { PASSWORD: string } }>(
      '/um/verifypassword',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Re-enter the current password before a sensitive change',
          description: `204 re-authenticated for ${portal.reauthMinutes} minutes; 200 OTP_REQUIRED for two-factor accounts (an SMS code is sent, then verifypasswordotp). 422 WRONG_PASSWORD; the fifth wrong password locks: 403 LOCKED.`,
          body: body({ PASSWORD: str(200) }, ['PASSWORD']),
          response: answers({
            200: open('{ OTP_REQUIRED: true, MOBILE_HINT }'),
            ...noContent('Re-authenticated'),
          }),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        const now = ctx.now();
        const verdict = await checkPassword(ctx, user, request.body.PASSWORD);
        if (verdict === 'LOCKED' || verdict === 'LOCKING') {
          clearSessionCookies(reply, portal);
          throw lockedError();
        }
        if (verdict === 'WRONG') {
          throw coded(422, 'errors.portal.wrongPassword', 'WRONG_PASSWORD', {}, 'PASSWORD');
        }
        if (user.two_factor) {
          await ctx.db.query(
            'UPDATE portal_sessions SET reauth_pending_at = $2::timestamptz WHERE session_id = $1',
            [session.session_id, now.toISOString()],
          );
          await sendSmsCode(
            ctx.db,
            settings,
            { purpose: 'REAUTH', mobile: user.mobile, lang: requestLang(request), ip: request.ip },
            now,
          );
          ctx.kickOutbox();
          return { OTP_REQUIRED: true, MOBILE_HINT: maskMobile(user.mobile) };
        }
        await ctx.db.query('UPDATE portal_sessions SET reauth_at = $2::timestamptz WHERE session_id = $1', [
          session.session_id,
          now.toISOString(),
        ]);
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { CODE: string } }>(
      '/um/verifypasswordotp',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Finish re-authentication of a two-factor account with the SMS code',
          body: body({ CODE: code }, ['CODE']),
          response: answers(noContent('Re-authenticated')),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        if (!reauthenticated(session.reauth_pending_at)) {
          throw coded(403, 'errors.portal.reauthRequired', 'REAUTH_REQUIRED');
        }
        const now = ctx.now();
        const given = request.body.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'REAUTH', user.mobile, given, now));
        if (!(await consumeCode(ctx.db, settings, 'REAUTH', user.mobile, given, now))) refuseCode('EXPIRED');
        await ctx.db.query(
          'UPDATE portal_sessions SET reauth_at = $2::timestamptz, reauth_pending_at = NULL WHERE session_id = $1',
          [session.session_id, now.toISOString()],
        );
        return reply.code(204).send();
      },
    );

    app.put<{ Params: { id: string }; Body: { PASSWORD: string } }>(
      '/um/setpassword/:id',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Change the password (after verifypassword); other sessions end',
          params: body({ id: str(40) }, ['id']),
          body: body({ PASSWORD: str(200) }, ['PASSWORD']),
          response: answers(noContent('Password changed')),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        if (request.params.id !== user.user_id) throw forbidden();
        if (!reauthenticated(session.reauth_at))
          throw coded(403, 'errors.portal.reauthRequired', 'REAUTH_REQUIRED');
        refuseWeakPassword(request.body.PASSWORD, user.mobile);
        const now = ctx.now();
        const passwordHash = await hashPassword(request.body.PASSWORD);
        await ctx.db.transaction(async (tx) => {
          await setPassword(tx, user.user_id, passwordHash, now);
          await revokeUserSessions(tx, user.user_id, 'PASSWORD_CHANGED', now, session.session_id);
        });
        return reply.code(204).send();
      },
    );

    app.put<{ Params: { id: string }; Body: { ENABLED: boolean } }>(
      '/um/2fa/:id',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Turn two-factor login (SMS code or passkey after the password) on or off',
          description: 'Needs a recent verifypassword (403 REAUTH_REQUIRED); id is the own USER_ID.',
          params: body({ id: str(40) }, ['id']),
          body: body({ ENABLED: { type: 'boolean' } }, ['ENABLED']),
          response: answers(noContent('Changed')),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        if (request.params.id !== user.user_id) throw forbidden();
        if (!reauthenticated(session.reauth_at))
          throw coded(403, 'errors.portal.reauthRequired', 'REAUTH_REQUIRED');
        await ctx.db.query('UPDATE portal_users SET two_factor = $2 WHERE user_id = $1', [
          user.user_id,
          request.body.ENABLED,
        ]);
        request.log.info(
          { event: 'portal.two_factor', userId: user.user_id, enabled: request.body.ENABLED },
          '2FA',
        );
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { id: string } }>(
      '/um/verifyuser/:id',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The logged-in user's account state",
          params: body({ id: str(40) }, ['id']),
          response: answers({
            200: open('{ USER_ID, USERNAME, LOCKED, TWO_FA, PASSKEYS, CUSTOMER_NO, CONTACT_ID }'),
          }),
        },
      },
      async (request) => {
        const { user, customer } = auth(request);
        if (request.params.id !== user.user_id) throw forbidden();
        const [{ n }] = await ctx.db.query<{ n: string }>(
          'SELECT count(*)::text AS n FROM passkeys WHERE user_id = $1',
          [user.user_id],
        );
        return {
          USER_ID: user.user_id,
          USERNAME: user.mobile,
          LOCKED: user.locked,
          TWO_FA: user.two_factor,
          PASSKEYS: Number(n),
          CUSTOMER_NO: customer.customer_no,
          CONTACT_ID: customer.contact_id,
        };
      },
    );
  };
}
