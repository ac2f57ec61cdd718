// /zcp/um, a logged-in customer's account (spec §7 "Auth and user"; docs/portal-api.md §2):
// re-entering the password (or an SMS code) before a sensitive change, the password change, the
// second factor on or off, and the account's state. Registered by umRoutes (routes.ts).

import type { FastifyPluginAsync } from 'fastify';
import { maskMobile } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import { answers, body, code, noContent, open, str } from '../platform/schemaParts';
import { checkPassword, lockedError, portalSettings, refuseCode, refuseWeakPassword } from './common';
import { auth, clearSessionCookies, coded, forbidden, requireSession } from './http';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { confirmForUse, consumeCode, sendSmsCode } from './smsCodes';
import { setPassword } from './users';

const TAG = 'portal: session';

export function passwordRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');

  /** Whether this session re-entered the password recently enough for a sensitive change. */
  const reauthenticated = (reauthAt: Date | string | null) =>
    reauthAt !== null && new Date(reauthAt).getTime() + portal.reauthMinutes * 60_000 > ctx.now().getTime();

  return async (app) => {
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
