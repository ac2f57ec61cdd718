// GET /diff: the diff in words between two versions of one item; without `from`, the diff kept
// with a published version (from the version it replaced), recorded at its publication.

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db';
import type { ServiceContext } from '../platform/context';
import { ApiError } from '../platform/errors';
import { answers, open } from '../platform/schemaParts';
import { type ConfigVersion, liveVersions, versionById } from '../publishing/store';
import { staffGuard } from '../staff';
import { type DiffChange, diffVersions } from './diff';
import { TAG, unknownVersion } from './http';

async function fieldsetFor(db: Db): Promise<ConfigVersion | undefined> {
  return (await liveVersions(db)).find((v) => v.kind === 'fieldset');
}

/** Keeps with a just published version its diff from `previousId` (the version it replaced). */
export async function recordDiff(db: Db, published: ConfigVersion, previousId: number | null): Promise<void> {
  const previous = previousId ? await versionById(db, previousId) : undefined;
  if (!previous || previous.itemId !== published.itemId) return;
  const changes = diffVersions(previous, published, await fieldsetFor(db));
  await db.query('UPDATE config_versions SET diff = $2::jsonb WHERE id = $1 AND diff IS NULL', [
    published.id,
    JSON.stringify({ FROM: previous.id, CHANGES: changes }),
  ]);
}

const idQuery = { type: 'string', pattern: '^[1-9]\\d{0,15}$' };

export function diffRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { from?: string; to: string } }>(
      '/diff',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: 'The diff in words between two versions of an item (viewer)',
          description:
            'CHANGES [{ WHAT: step|substep|field|list|checkpoint|condition|text|tariff_cell|path, CHANGE: added|removed|changed, WHERE, BEFORE?, AFTER? }]. Without `from`: the diff kept with the published version `to` (FROM: the version it replaced). 422 NOT_SAME_ITEM.',
          querystring: {
            type: 'object',
            properties: { from: idQuery, to: idQuery },
            required: ['to'],
            additionalProperties: false,
          },
          response: answers({ 200: open('FROM, TO, CHANGES') }),
        },
      },
      async (request) => {
        const to = await versionById(ctx.db, Number(request.query.to));
        if (!to) throw unknownVersion();
        if (!request.query.from) {
          const rows = await ctx.db.query<{ diff: { FROM: number; CHANGES: DiffChange[] } | string | null }>(
            'SELECT diff FROM config_versions WHERE id = $1',
            [to.id],
          );
          const kept = rows[0]?.diff;
          const diff = typeof kept === 'string' ? JSON.parse(kept) : kept;
          return { FROM: diff?.FROM ?? null, TO: to.id, CHANGES: diff?.CHANGES ?? [], KEPT: Boolean(diff) };
        }
        const from = await versionById(ctx.db, Number(request.query.from));
        if (!from) throw unknownVersion();
        if (from.itemId !== to.itemId)
          throw new ApiError(422, [{ key: 'errors.publishing.notSameItem', code: 'NOT_SAME_ITEM' }], {
            CODE: 'NOT_SAME_ITEM',
          });
        return { FROM: from.id, TO: to.id, CHANGES: diffVersions(from, to, await fieldsetFor(ctx.db)) };
      },
    );
  };
}
