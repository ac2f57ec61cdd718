// The life cycle's calls: submit (editor), approve, refuse, publish (publisher, never their own
// change), rollback (publisher), and the gates run without publishing (viewer). Each refusal is the
// life cycle's (CODE, translated MESSAGES, REASONS for the gates); each action is audited, a
// publication refused by its gates too (with the reasons), so the trail shows every attempt.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../platform/context';
import { type ApiError, requestLang } from '../platform/errors';
import { answers, body, open, optionalBody, str } from '../platform/schemaParts';
import {
  approve,
  gatesRefusalIn,
  type LifeCycleDeps,
  publish,
  reasonsView,
  refusalCodeOf,
  refuse,
  rollback,
  submitForReview,
} from '../publishing/lifecycle';
import { type ConfigVersion, liveVersions, versionById } from '../publishing/store';
import { requireStaff, type StaffPrincipal, staffGuard } from '../staff';
import type { StaffRole } from '../staff/roles';
import { recordDiff } from './diffRoutes';
import { actorOf, auditItem, type IdParams, idParams, TAG, unknownVersion } from './http';
import { namesOf, versionView } from './views';

const note = str(2000);

export function lifeCycleRoutes(ctx: ServiceContext, deps: () => LifeCycleDeps): FastifyPluginAsync {
  return async (app) => {
    /** A transition on a version: the guard, the call, the audit (a refused publication too). */
    const transition = <B>(
      path: string,
      role: StaffRole,
      summary: string,
      description: string,
      bodySchema: Record<string, unknown>,
      verb: string,
      run: (staff: StaffPrincipal, id: number, b: B, request: FastifyRequest) => Promise<ConfigVersion>,
    ) =>
      app.post<{ Params: IdParams; Body: B }>(
        path,
        {
          onRequest: staffGuard(role),
          schema: {
            tags: [TAG],
            summary: `${summary} (${role}; audited)`,
            description,
            params: idParams,
            body: bodySchema,
            response: answers({ 200: open('The version after') }),
          },
        },
        async (request) => {
          const staff = await requireStaff(request, role);
          const id = Number(request.params.id);
          const before = await versionById(ctx.db, id);
          if (!before) throw unknownVersion();
          try {
            const after = await run(staff, id, (request.body ?? {}) as B, request);
            await auditItem(ctx.db, request, staff, ctx.now(), { verb, item: before, before, after });
            return versionView(after, await namesOf(ctx.db, [after]));
          } catch (error) {
            const code = refusalCodeOf(error);
            if (code === 'GATES_FAILED')
              await auditItem(ctx.db, request, staff, ctx.now(), {
                verb: `${verb}_refused`,
                item: before,
                before,
                extra: { REASONS: (error as { extra: { REASONS?: unknown } }).extra.REASONS },
              });
            // The gates' reasons in the studio's language (the audit keeps them in English).
            if (code === 'GATES_FAILED') throw gatesRefusalIn(error as ApiError, requestLang(request));
            throw error;
          }
        },
      );

    transition<{ NOTE?: string }>(
      '/drafts/:id/submit',
      'editor',
      'Send a draft for review with a note',
      '409 NOT_A_DRAFT, UNCHANGED (equal to live).',
      optionalBody({ NOTE: note }),
      'submit',
      (staff, id, b) => submitForReview(deps(), actorOf(staff), id, b.NOTE ?? ''),
    );
    transition(
      '/drafts/:id/approve',
      'publisher',
      'Approve a change in review (four eyes: never your own)',
      '403 SELF_APPROVAL (the author), FORBIDDEN_ROLE; 409 NOT_IN_REVIEW.',
      optionalBody({}),
      'approve',
      (staff, id) => approve(deps(), actorOf(staff), id),
    );
    transition<{ REASON: string }>(
      '/drafts/:id/refuse',
      'publisher',
      'Send a change in review back to its author as a draft, with the reason',
      '409 NOT_IN_REVIEW.',
      body({ REASON: str(2000, { minLength: 1 }) }, ['REASON']),
      'refuse',
      (staff, id, b) => refuse(deps(), actorOf(staff), id, b.REASON),
    );
    transition(
      '/drafts/:id/publish',
      'publisher',
      'Publish an approved change: the gates, then the next numbered live version',
      '422 GATES_FAILED with REASONS [{ GATE: checker|paths|scenarios|texts, DETAIL }]; 409 NOT_IN_REVIEW, NOT_APPROVED, DRAFT_STALE. The diff from the previous live version is kept with the new one.',
      optionalBody({}),
      'publish',
      async (staff, id) => {
        // The diff is kept from the version this one replaces (live now), whatever the draft was based on.
        const draft = await versionById(ctx.db, id);
        const previous = (await liveVersions(ctx.db)).find((v) => v.itemId === draft?.itemId);
        const published = await publish(deps(), actorOf(staff), id);
        await recordDiff(ctx.db, published, previous?.id ?? null);
        return published;
      },
    );
    transition<{ NOTE?: string }>(
      '/versions/:id/rollback',
      'publisher',
      'Publish an earlier (archived) version again, as a new version',
      '409 ALREADY_LIVE, NOT_PUBLISHED (a draft); 404 UNKNOWN_VERSION; 422 GATES_FAILED.',
      optionalBody({ NOTE: note }),
      'rollback',
      async (staff, id, b) => {
        const earlier = await versionById(ctx.db, id);
        const previous = (await liveVersions(ctx.db)).find((v) => v.itemId === earlier?.itemId);
        const published = await rollback(deps(), actorOf(staff), id, b.NOTE ?? '');
        await recordDiff(ctx.db, published, previous?.id ?? null);
        return published;
      },
    );

    app.post<{ Params: IdParams }>(
      '/drafts/:id/gates',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: "Run the publication gates on a version's files without publishing (viewer)",
          description: 'REASONS [{ GATE, DETAIL }], empty when it could be published (after approval).',
          params: idParams,
          body: optionalBody({}),
          response: answers({ 200: open('REASONS') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'viewer');
        const version = await versionById(ctx.db, Number(request.params.id));
        if (!version) throw unknownVersion();
        const live = (await liveVersions(ctx.db)).filter((v) => v.itemId !== version.itemId);
        const reasons = await deps().gates({
          kind: version.kind,
          key: version.key,
          files: version.files,
          live,
        });
        return { REASONS: reasonsView(reasons, requestLang(request)) };
      },
    );
  };
}
