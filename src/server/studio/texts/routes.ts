// /zcp/studio/texts/:key — a texts item (one namespace, el.json and en.json) side by side, and a
// translator's spreadsheet out (CSV, XLSX) and in. The import only checks and merges: it answers
// the files with the rows applied and the draft revision they were merged onto, and the studio
// saves them with PUT /drafts/:id (the one place drafts are written), so a stale save is refused
// there as any other.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { coded } from '../../accounts/http';
import type { ServiceContext } from '../../platform/context';
import { ApiError, requestLang } from '../../platform/errors';
import { t } from '../../platform/i18n';
import { answers, body, open, str } from '../../platform/schemaParts';
import { type ConfigVersion, versionsOf } from '../../publishing/store';
import { audit } from '../../staff/audit';
import { requireStaff, staffGuard } from '../../staff/http';
import { textRows } from './model';
import { applySheet, type RowProblem, readCsv, readXlsx, toCsv, toXlsx } from './spreadsheet';

const TAG = 'studio';
const unknownItem = (key: string) =>
  new ApiError(404, [{ key: 'studio:texts.errors.unknownItem', params: { key }, code: 'UNKNOWN_ITEM' }], {
    CODE: 'UNKNOWN_ITEM',
  });
const keyParam = {
  type: 'object',
  properties: { key: str(80, { pattern: '^[a-z0-9][a-z0-9_-]*$' }) },
  required: ['key'],
};
const versionQuery = {
  type: 'object',
  properties: { VERSION: { type: 'string', enum: ['current', 'live'] } },
  additionalProperties: false,
};
/** A spreadsheet of a namespace is tens of kilobytes; base64 adds a third. */
const IMPORT_LIMIT = 2 * 1024 * 1024;

interface TextsState {
  live: ConfigVersion | undefined;
  change: ConfigVersion | undefined;
  /** Published versions oldest first, then the open change: what the "changed since" marks read. */
  history: ConfigVersion[];
}

async function textsState(ctx: ServiceContext, key: string): Promise<TextsState> {
  const versions = await versionsOf(ctx.db, 'texts', key);
  if (versions.length === 0) throw unknownItem(key);
  const published = versions
    .filter((v) => v.number !== null)
    .sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  const change = versions.find((v) => v.status === 'draft' || v.status === 'in_review');
  return {
    live: versions.find((v) => v.status === 'live'),
    change,
    history: change ? [...published, change] : published,
  };
}

const versionRef = (v: ConfigVersion | undefined) =>
  v ? { ID: v.id, STATUS: v.status, NUMBER: v.number, REVISION: v.revision } : null;

/** A refused row in the caller's language. */
function rowMessage(request: FastifyRequest, p: RowProblem) {
  const lang = requestLang(request);
  return {
    ...p,
    MESSAGE: t(lang, `studio:texts.import.${p.REASON}`, { row: p.ROW, key: p.KEY, ...lower(p.PARAMS) }),
  };
}

function lower(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k.toLowerCase(), v]));
}

export function textsRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { key: string } }>(
      '/texts/:key',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: 'A texts item side by side: every key in Greek and English, marked (viewer)',
          description:
            'ROWS of the open change (draft or in review) if there is one, else of the live version: KEY, EL, EN (null when missing), PLACEHOLDERS of each, MARKS among missing_el/en, empty_el/en, placeholders (they differ), stale_el/en (the other language changed in a later version). 404 UNKNOWN_ITEM.',
          params: keyParam,
          response: answers({ 200: open('KEY, LIVE, CHANGE, ROWS') }),
        },
      },
      async (request) => {
        await requireStaff(request, 'viewer');
        const state = await textsState(ctx, request.params.key);
        const shown = state.change ?? state.live;
        return {
          KEY: request.params.key,
          LIVE: versionRef(state.live),
          CHANGE: versionRef(state.change),
          ROWS: shown ? textRows(shown.files, state.history) : [],
        };
      },
    );

    for (const format of ['csv', 'xlsx'] as const)
      app.get<{ Params: { key: string }; Querystring: { VERSION?: 'current' | 'live' } }>(
        `/texts/:key/export.${format}`,
        {
          onRequest: staffGuard('viewer'),
          schema: {
            tags: [TAG],
            summary: `A texts item as a translator's ${format.toUpperCase()} spreadsheet: KEY, EL, EN (viewer; audited)`,
            description: 'VERSION=current (the open change, else live; the default) or live.',
            params: keyParam,
            querystring: versionQuery,
          },
        },
        async (request, reply) => {
          const staff = await requireStaff(request, 'viewer');
          const state = await textsState(ctx, request.params.key);
          const version = request.query.VERSION === 'live' ? state.live : (state.change ?? state.live);
          if (!version) throw unknownItem(request.params.key);
          await audit(ctx.db, {
            actor: staff,
            action: 'texts.export',
            target: `texts:${request.params.key}`,
            after: { VERSION: version.id, FORMAT: format },
            at: ctx.now(),
            ip: request.ip,
          });
          const name = `${request.params.key}-v${version.number ?? `draft${version.revision}`}.${format}`;
          reply
            .header('content-disposition', `attachment; filename="${name}"`)
            .header('cache-control', 'no-store');
          if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(toCsv(version.files));
          return reply
            .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
            .send(await toXlsx(version.files, request.params.key));
        },
      );

    app.post<{ Params: { key: string }; Body: { FORMAT: 'csv' | 'xlsx'; DATA: string } }>(
      '/texts/:key/import',
      {
        onRequest: staffGuard('editor'),
        bodyLimit: IMPORT_LIMIT,
        schema: {
          tags: [TAG],
          summary: "Check a translator's spreadsheet against the item and merge it (editor; audited)",
          description:
            "DATA: the CSV text, or the XLSX file in base64. Every row must pass: 422 IMPORT_REFUSED with ROWS [{ ROW, KEY, REASON, PARAMS, MESSAGE }] (emptyFile, badFile, header, extraColumn, noKey, unknownKey, duplicateKey, placeholderLost, placeholderExtra) and nothing merged. Otherwise FILES (the open change's, else live's, with the rows applied), CHANGED, BASE (the version merged onto, with its REVISION): the studio saves FILES with PUT /drafts/:id.",
          params: keyParam,
          body: body(
            {
              FORMAT: { type: 'string', enum: ['csv', 'xlsx'] },
              DATA: { type: 'string', maxLength: IMPORT_LIMIT },
            },
            ['FORMAT', 'DATA'],
          ),
          response: answers({ 200: open('FILES, CHANGED, ROWS, BASE') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'editor');
        const state = await textsState(ctx, request.params.key);
        const base = state.change ?? state.live;
        if (!base) throw unknownItem(request.params.key);
        const cells =
          request.body.FORMAT === 'csv'
            ? readCsv(request.body.DATA)
            : await readXlsx(Buffer.from(request.body.DATA, 'base64'));
        const result = applySheet(base.files, cells);
        await audit(ctx.db, {
          actor: staff,
          action: result.ok ? 'texts.import' : 'texts.import.refused',
          target: `texts:${request.params.key}`,
          after: result.ok
            ? { FORMAT: request.body.FORMAT, ROWS: result.rows, CHANGED: result.changed, BASE: base.id }
            : { FORMAT: request.body.FORMAT, REFUSED: result.problems.length },
          at: ctx.now(),
          ip: request.ip,
        });
        if (!result.ok)
          throw coded(422, 'studio:texts.import.refused', 'IMPORT_REFUSED', {
            ROWS: result.problems.map((p) => rowMessage(request, p)),
          });
        return { FILES: result.files, CHANGED: result.changed, ROWS: result.rows, BASE: versionRef(base) };
      },
    );
  };
}
