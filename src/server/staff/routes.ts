// /zcp/studio: the studio's calls. Signing in and out, the session, what the service serves (the
// product flows and portal wizards), the staff accounts (admin) and the audit trail (admin). Every
// call is a staff call: the rules of http.ts (no customer cookies, the staff CSRF token) hold for
// all, and each but the sign-in steps is behind requireStaff.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { coded } from '../accounts/http';
import type { ServiceContext } from '../platform/context';
import { hasKey, t } from '../platform/i18n';
import { answers, body, noContent, open, optionalBody, str, ymd } from '../platform/schemaParts';
import {
  type AccountContext,
  createStaff,
  resetStaffPassword,
  resetStaffTotp,
  setStaffDisabled,
  setStaffRole,
  unlockStaff,
} from './accounts';
import { type AuditFilter, audit, auditCsv, auditView, findAudit } from './audit';
import {
  clearStaffCookies,
  currentStaffCsrf,
  requireStaff,
  type StaffPrincipal,
  staffCookieNames,
  staffGuard,
  staffOfRequest,
} from './http';
import { STAFF_ROLES } from './roles';
import { revokeStaffSession, sessionIdOfToken } from './sessions';
import { signInWithCode, signInWithPassword, staffSessionAnswer } from './signin';
import { listStaff, staffView } from './store';
import { provisioningUri } from './totp';

const TAG = 'studio';
const email = str(200, { description: 'the staff e-mail address' });
const staffIdParam = {
  type: 'object',
  properties: { id: str(20, { pattern: '^S\\d{1,12}$' }) },
  required: ['id'],
};
const auditQuery = {
  type: 'object',
  properties: {
    ACTOR: str(200),
    ACTION: str(80),
    TARGET: str(200),
    FROM: ymd,
    TO: ymd,
    LIMIT: str(5, { pattern: '^\\d{1,5}$' }),
  },
  additionalProperties: false,
};
type AuditQuery = {
  ACTOR?: string;
  ACTION?: string;
  TARGET?: string;
  FROM?: string;
  TO?: string;
  LIMIT?: string;
};

function filterOf(q: AuditQuery, limit: number): AuditFilter {
  return {
    actor: q.ACTOR?.trim() || undefined,
    action: q.ACTION?.trim() || undefined,
    target: q.TARGET?.trim() || undefined,
    from: q.FROM,
    to: q.TO,
    limit: q.LIMIT ? Math.min(Number(q.LIMIT), limit) : limit,
  };
}

/** A flow's name in both languages: the studio's own name for it, else its namespace's title, else its id. */
function flowTitle(id: string, namespace: string) {
  const title = (lang: 'el' | 'en') => {
    for (const key of [`studio:flowNames.${id}`, `${namespace}:title`])
      if (hasKey(lang, key)) return t(lang, key);
    return id;
  };
  return { el: title('el'), en: title('en') };
}

export function studioRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const acting = (request: FastifyRequest, staff: StaffPrincipal): AccountContext => ({
    db: ctx.db,
    config: ctx.config.staff,
    now: ctx.now(),
    actor: { staffId: staff.staffId, email: staff.email },
    ip: request.ip,
  });

  return async (app) => {
    app.get(
      '/csrf',
      {
        schema: {
          tags: [TAG],
          summary: 'The CSRF token to echo in X-CSRF-Token on every studio POST',
          description:
            "Signed in: the staff session's token (it changes at sign-in and sign-out). Otherwise the anonymous double-submit token, also in the readable zcp_staff_csrf cookie.",
          response: answers({ 200: { type: 'object', properties: { CSRF_TOKEN: { type: 'string' } } } }),
        },
      },
      async (request, reply) => ({ CSRF_TOKEN: await currentStaffCsrf(ctx, request, reply) }),
    );

    app.post<{ Body: { EMAIL: string; PASSWORD: string } }>(
      '/signin',
      {
        schema: {
          tags: [TAG],
          summary: 'Sign in with e-mail and password (first factor)',
          description:
            '200 TOTP_REQUIRED with a pending session (the code is due next), or the session when the account has no code outside production; 401 WRONG_LOGIN; 403 LOCKED (the fifth wrong attempt locks), DISABLED, SECOND_FACTOR_MISSING; 429 TOO_MANY failures from the client IP.',
          body: body({ EMAIL: email, PASSWORD: str(200) }, ['EMAIL', 'PASSWORD']),
          response: answers({ 200: open('TOTP_REQUIRED, or the staff session') }),
        },
      },
      async (request, reply) =>
        signInWithPassword(ctx, request, reply, request.body.EMAIL, request.body.PASSWORD),
    );

    app.post<{ Body: { CODE: string } }>(
      '/signin/totp',
      {
        schema: {
          tags: [TAG],
          summary: "Complete the sign-in with the authenticator app's 6-digit code",
          description: '200 the staff session; 422 INVALID (wrong or already used code); 403 LOCKED.',
          body: body({ CODE: str(12) }, ['CODE']),
          response: answers({ 200: open('The staff session') }),
        },
      },
      async (request, reply) => {
        const { staff, session } = await staffOfRequest(request, reply, 'PENDING_TOTP');
        return signInWithCode(ctx, request, reply, staff, session.session_id, request.body.CODE);
      },
    );

    app.get(
      '/session',
      {
        schema: {
          tags: [TAG],
          summary: 'The signed-in staff member (navigation guard); counts as activity',
          response: answers({ 200: open('The staff session') }),
        },
      },
      async (request, reply) => {
        const { staff, session } = await staffOfRequest(request, reply, 'ACTIVE');
        return staffSessionAnswer(ctx, staff, new Date(session.expires_at));
      },
    );

    app.post(
      '/signout',
      {
        schema: {
          tags: [TAG],
          summary: 'Sign out: the staff session is revoked and its cookies cleared',
          body: optionalBody({}),
          response: answers(noContent('Signed out (also when already signed out)')),
        },
      },
      async (request, reply) => {
        const token = request.cookies[staffCookieNames(ctx.config.staff).session];
        const sessionId = await sessionIdOfToken(ctx.db, token);
        if (sessionId) {
          const live = await requireStaff(request).catch(() => null);
          await revokeStaffSession(ctx.db, sessionId, 'SIGNOUT', ctx.now());
          if (live)
            await audit(ctx.db, {
              actor: live,
              action: 'staff.signout',
              target: `staff:${live.staffId}`,
              at: ctx.now(),
              ip: request.ip,
            });
        }
        clearStaffCookies(reply, ctx.config.staff);
        return reply.code(204).send();
      },
    );

    app.get(
      '/flows',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: 'The product flows and portal wizards the service serves (viewer)',
          response: answers({ 200: open('FLOWS: id, area, names in both languages, counts') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'viewer');
        return {
          FLOWS: ctx.bundles
            .map(({ flow }) => {
              const substeps = flow.steps.flatMap((s) => s.substeps);
              return {
                ID: flow.id,
                AREA: flow.area,
                TITLE: flowTitle(flow.id, flow.namespace ?? flow.id),
                PRODUCT_ID: flow.product?.productId ?? null,
                ACTIVE: flow.product?.activatedFlag ?? null,
                STEPS: flow.steps.length,
                SUBSTEPS: substeps.length,
                FIELDS: substeps.reduce((n, s) => n + (s.fields?.length ?? 0), 0),
              };
            })
            .sort((a, b) => a.AREA.localeCompare(b.AREA) || a.ID.localeCompare(b.ID)),
        };
      },
    );

    app.get(
      '/staff',
      {
        onRequest: staffGuard('admin'),
        schema: {
          tags: [TAG],
          summary: 'Every staff account (admin)',
          response: answers({ 200: open('STAFF: the accounts') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'admin');
        return { STAFF: (await listStaff(ctx.db)).map(staffView), ROLES: STAFF_ROLES };
      },
    );

    app.post<{ Body: { EMAIL: string; NAME: string; ROLE: string } }>(
      '/staff',
      {
        onRequest: staffGuard('admin'),
        schema: {
          tags: [TAG],
          summary: 'Create a staff account (admin; audited)',
          description:
            'Answers the account with its one-time password and TOTP secret, shown once for the admin to hand over; 422 ALREADY_EXISTS, INVALID_DATA (EMAIL, NAME, or ROLE not one of viewer, editor, publisher, admin).',
          body: body(
            {
              EMAIL: email,
              NAME: str(120),
              ROLE: str(20, { description: 'viewer, editor, publisher or admin' }),
            },
            ['EMAIL', 'NAME', 'ROLE'],
          ),
          response: answers({ 200: open('STAFF, PASSWORD, TOTP_SECRET, TOTP_URI') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'admin');
        const created = await createStaff(acting(request, staff), {
          email: request.body.EMAIL,
          name: request.body.NAME,
          role: request.body.ROLE,
        });
        return {
          STAFF: created.staff,
          PASSWORD: created.password,
          TOTP_SECRET: created.totpSecret,
          TOTP_URI: created.totpSecret ? provisioningUri(created.totpSecret, created.staff.EMAIL) : null,
        };
      },
    );

    const change = (
      path: string,
      summary: string,
      run: (ac: AccountContext, id: string) => Promise<Record<string, unknown>>,
    ) =>
      app.post<{ Params: { id: string } }>(
        `/staff/:id/${path}`,
        {
          onRequest: staffGuard('admin'),
          schema: {
            tags: [TAG],
            summary: `${summary} (admin; audited)`,
            params: staffIdParam,
            body: optionalBody({}),
            response: answers({ 200: open('STAFF: the account after') }),
          },
        },
        async (request) => {
          const staff = await requireStaff(request, 'admin');
          return run(acting(request, staff), request.params.id);
        },
      );
    change('disable', 'Disable a staff account: its sessions end at once', async (ac, id) => ({
      STAFF: await setStaffDisabled(ac, id, true),
    }));
    change('enable', 'Enable a disabled staff account', async (ac, id) => ({
      STAFF: await setStaffDisabled(ac, id, false),
    }));
    change('unlock', 'Unlock an account locked by wrong attempts', async (ac, id) => ({
      STAFF: await unlockStaff(ac, id),
    }));
    change('reset-password', 'A new one-time password (sessions end)', async (ac, id) => {
      const done = await resetStaffPassword(ac, id);
      return { STAFF: done.staff, PASSWORD: done.password };
    });
    change('reset-totp', 'A new authenticator secret (sessions end)', async (ac, id) => {
      const done = await resetStaffTotp(ac, id);
      return {
        STAFF: done.staff,
        TOTP_SECRET: done.totpSecret,
        TOTP_URI: provisioningUri(done.totpSecret, done.staff.EMAIL),
      };
    });

    app.put<{ Params: { id: string }; Body: { ROLE: string } }>(
      '/staff/:id/role',
      {
        onRequest: staffGuard('admin'),
        schema: {
          tags: [TAG],
          summary: "Change a staff account's role (admin; audited)",
          description:
            "422 INVALID_DATA (ROLE is not one of viewer, editor, publisher, admin), SELF (one's own role: the last admin cannot lock everyone out); 404 NOT_FOUND.",
          params: staffIdParam,
          body: body({ ROLE: str(20, { description: 'viewer, editor, publisher or admin' }) }, ['ROLE']),
          response: answers({ 200: open('STAFF: the account after') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'admin');
        return { STAFF: await setStaffRole(acting(request, staff), request.params.id, request.body.ROLE) };
      },
    );

    app.get<{ Querystring: AuditQuery }>(
      '/audit',
      {
        onRequest: staffGuard('admin'),
        schema: {
          tags: [TAG],
          summary: 'The audit trail, newest first, filtered (admin)',
          querystring: auditQuery,
          response: answers({ 200: open('EVENTS') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'admin');
        if (request.query.FROM && request.query.TO && request.query.FROM > request.query.TO)
          throw coded(422, 'studio:errors.auditDates', 'INVALID_DATA', {}, 'TO');
        return { EVENTS: (await findAudit(ctx.db, filterOf(request.query, 500))).map(auditView) };
      },
    );

    app.get<{ Querystring: AuditQuery }>(
      '/audit.csv',
      {
        onRequest: staffGuard('admin'),
        schema: {
          tags: [TAG],
          summary: 'The filtered audit trail as CSV (admin; the export is itself audited)',
          querystring: auditQuery,
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'admin');
        const filter = filterOf(request.query, 10_000);
        const rows = await findAudit(ctx.db, filter);
        await audit(ctx.db, {
          actor: staff,
          action: 'audit.export',
          target: 'audit',
          after: { FILTER: request.query, ROWS: rows.length },
          at: ctx.now(),
          ip: request.ip,
        });
        const day = ctx.now().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(`\uFEFF${auditCsv(rows)}`);
      },
    );
  };
}
