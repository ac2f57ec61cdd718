// /zcp/studio: the items and their versions (read by a viewer) and the drafts (written by an
// editor): a new draft from live, a save at the revision the editor read (a stale one refused with
// the current draft, so the studio can offer "reload theirs" or "see what differs"), and discard.
// Every write is audited with the version before and after.

import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../platform/context';
import { answers, body, noContent, open, optionalBody } from '../platform/schemaParts';
import type { ItemFiles } from '../publishing/items';
import {
  discardDraft,
  type LifeCycleDeps,
  newDraftFromLive,
  refusal,
  refusalCodeOf,
  saveDraft,
} from '../publishing/lifecycle';
import { versionById, versionsOf } from '../publishing/store';
import { requireStaff, staffGuard } from '../staff';
import { checkedFiles } from './files';
import {
  actorOf,
  auditItem,
  filesSchema,
  type IdParams,
  type ItemParams,
  idParams,
  itemParams,
  TAG,
  unknownVersion,
} from './http';
import { itemsList, namesOf, versionSummary, versionView } from './views';

export function itemRoutes(ctx: ServiceContext, deps: () => LifeCycleDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/items',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary:
            'Every flow, field set, catalogue and text set, with its live version and open change (viewer)',
          response: answers({ 200: open('ITEMS: KIND, KEY, AREA, TITLE {el,en}, LIVE, CHANGE') }),
        },
      },
      async () => ({ ITEMS: await itemsList(ctx.db, ctx.bundles) }),
    );

    app.get<{ Params: ItemParams }>(
      '/items/:kind/:key',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: "An item's live version, its open change (draft or in review) and its history (viewer)",
          params: itemParams,
          response: answers({
            200: open('LIVE, CHANGE (versions with FILES), HISTORY (newest first, no files)'),
          }),
        },
      },
      async (request) => {
        const versions = await versionsOf(ctx.db, request.params.kind, request.params.key);
        if (versions.length === 0) throw refusal('UNKNOWN_ITEM');
        const live = versions.find((v) => v.status === 'live');
        const change = versions.find((v) => v.status === 'draft' || v.status === 'in_review');
        const names = await namesOf(ctx.db, versions);
        return {
          LIVE: live ? versionView(live, names) : null,
          CHANGE: change ? versionView(change, names) : null,
          HISTORY: versions.map((v) => versionSummary(v, names)),
        };
      },
    );

    app.get<{ Params: IdParams }>(
      '/versions/:id',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: 'One version with its files (viewer)',
          params: idParams,
          response: answers({ 200: open('The version') }),
        },
      },
      async (request) => {
        const version = await versionById(ctx.db, Number(request.params.id));
        if (!version) throw unknownVersion();
        return versionView(version, await namesOf(ctx.db, [version]));
      },
    );

    app.post<{ Params: ItemParams }>(
      '/items/:kind/:key/draft',
      {
        onRequest: staffGuard('editor'),
        schema: {
          tags: [TAG],
          summary: 'A new draft, a copy of the live version (editor; audited)',
          description: '409 DRAFT_EXISTS while the item has an open draft; 404 UNKNOWN_ITEM.',
          params: itemParams,
          body: optionalBody({}),
          response: answers({ 200: open('The draft') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'editor');
        const draft = await newDraftFromLive(deps(), actorOf(staff), request.params);
        await auditItem(ctx.db, request, staff, ctx.now(), {
          verb: 'draft',
          item: request.params,
          after: draft,
        });
        return versionView(draft, await namesOf(ctx.db, [draft]));
      },
    );

    app.put<{ Params: IdParams; Body: { REVISION: number; FILES: ItemFiles } }>(
      '/drafts/:id',
      {
        onRequest: staffGuard('editor'),
        schema: {
          tags: [TAG],
          summary: "Save a draft's files at the revision read (editor; audited)",
          description:
            '409 DRAFT_STALE with CURRENT (the draft as saved by the other save) when another save came between; 409 NOT_A_DRAFT (in review or published); 422 INVALID_FILES (a file the kind does not have).',
          params: idParams,
          body: body({ REVISION: { type: 'integer', minimum: 1 }, FILES: filesSchema }, [
            'REVISION',
            'FILES',
          ]),
          response: answers({ 200: open('The draft, REVISION one more') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'editor');
        const id = Number(request.params.id);
        const before = await versionById(ctx.db, id);
        if (!before) throw unknownVersion();
        const files = checkedFiles(before.kind, before.key, request.body.FILES);
        try {
          const saved = await saveDraft(deps(), actorOf(staff), id, {
            files,
            revision: request.body.REVISION,
          });
          const changed = Object.keys({ ...before.files, ...files }).filter(
            (n) => before.files[n] !== files[n],
          );
          await auditItem(ctx.db, request, staff, ctx.now(), {
            verb: 'save',
            item: before,
            before,
            after: saved,
            extra: { CHANGED: changed },
          });
          return versionView(saved, await namesOf(ctx.db, [saved]));
        } catch (error) {
          if (refusalCodeOf(error) === 'DRAFT_STALE') {
            const current = await versionById(ctx.db, id);
            if (current)
              Object.assign((error as { extra: Record<string, unknown> }).extra, {
                CURRENT: versionView(current, await namesOf(ctx.db, [current])),
              });
          }
          throw error;
        }
      },
    );

    app.delete<{ Params: IdParams }>(
      '/drafts/:id',
      {
        onRequest: staffGuard('editor'),
        schema: {
          tags: [TAG],
          summary: 'Discard a draft (or a change in review) (editor; audited; the audit keeps it)',
          description: '409 NOT_A_DRAFT for a published version (never deleted).',
          params: idParams,
          response: answers(noContent('Discarded')),
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'editor');
        const discarded = await discardDraft(deps(), actorOf(staff), Number(request.params.id));
        await auditItem(ctx.db, request, staff, ctx.now(), {
          verb: 'discard',
          item: discarded,
          before: discarded,
        });
        return reply.code(204).send();
      },
    );
  };
}
