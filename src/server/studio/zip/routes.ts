// /zcp/studio: an item's folder as a zip (any of its versions) and such a zip brought back in as
// the item's draft, to go through review like any edit. The zip is the repository's format, so a
// folder exported here, edited on a desk and zipped again comes back as the same item.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { answers, open } from '../../platform/schemaParts';
import { importDraft, type LifeCycleDeps } from '../../publishing/lifecycle';
import { type ConfigVersion, versionById, versionsOf } from '../../publishing/store';
import { audit, requireStaff, staffGuard } from '../../staff';
import { actorOf, auditItem, type ItemParams, itemParams, TAG, unknownVersion } from '../http';
import { namesOf, versionView } from '../views';
import { itemZip, readItemZip, ZIP_LIMIT } from './itemZip';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];

/**
 * The parsed body: the bytes kept out of sight of the service's input checks, which walk a body's
 * own properties (a Buffer's would be every byte).
 */
class UploadedZip {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/** The version asked for (it must be the item's), else the open change, else live. */
async function exportedVersion(
  ctx: ServiceContext,
  item: ItemParams,
  versionId: string | undefined,
): Promise<ConfigVersion> {
  if (versionId) {
    const version = await versionById(ctx.db, Number(versionId));
    if (!version || version.kind !== item.kind || version.key !== item.key) throw unknownVersion();
    return version;
  }
  const versions = await versionsOf(ctx.db, item.kind, item.key);
  const chosen =
    versions.find((v) => v.status === 'draft' || v.status === 'in_review') ??
    versions.find((v) => v.status === 'live');
  if (!chosen)
    throw new ApiError(404, [{ key: 'errors.publishing.unknownItem', code: 'UNKNOWN_ITEM' }], {
      CODE: 'UNKNOWN_ITEM',
    });
  return chosen;
}

/** The refused import in the audit trail: who tried, with what and why (nothing was kept). */
async function auditRefusal(
  ctx: ServiceContext,
  request: FastifyRequest,
  staff: Awaited<ReturnType<typeof requireStaff>>,
  error: unknown,
  bytes: number,
  target = '',
): Promise<void> {
  const extra = error instanceof ApiError ? error.extra : {};
  await audit(ctx.db, {
    actor: { staffId: staff.staffId, email: staff.email },
    action: 'item.import.refused',
    target,
    after: { CODE: extra.CODE ?? 'ERROR', REASON: extra.REASON, PATH: extra.PATH, ZIP_BYTES: bytes },
    at: ctx.now(),
    ip: request.ip,
  });
}

export function zipRoutes(ctx: ServiceContext, deps: () => LifeCycleDeps): FastifyPluginAsync {
  return async (app) => {
    // Twice the limit reaches the handler, which refuses above the limit with the zip's own
    // message; beyond that the framework's translated "too large" answers without reading it all.
    app.addContentTypeParser(ZIP_TYPES, { parseAs: 'buffer', bodyLimit: 2 * ZIP_LIMIT }, (_req, body, done) =>
      done(null, new UploadedZip(body as Buffer)),
    );

    app.get<{ Params: ItemParams; Querystring: { version?: string } }>(
      '/items/:kind/:key/export.zip',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: "An item's folder as a zip, in the repository's format (viewer; audited)",
          description:
            'version: a version id of the item (default: the open change, else live). The entries are where the files live in the repository: flows/<id>/flow.json, rules.json, tariff.json; flows/_shared/<set>.json; flows/_catalogues/<key>.json; locales/el/<key>.json and locales/en/<key>.json. 404 UNKNOWN_VERSION (not a version of this item), UNKNOWN_ITEM.',
          params: itemParams,
          querystring: {
            type: 'object',
            properties: { version: { type: 'string', pattern: '^[1-9]\\d{0,15}$' } },
            additionalProperties: false,
          },
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'viewer');
        const version = await exportedVersion(ctx, request.params, request.query.version);
        const zip = itemZip(version, new Date(version.publishedAt ?? version.updatedAt));
        await auditItem(ctx.db, request, staff, ctx.now(), {
          verb: 'export',
          item: request.params,
          extra: { VERSION: version.id, FORMAT: 'zip', ZIP_BYTES: zip.byteLength },
        });
        const name = `${version.kind}-${version.key}-${version.number ? `v${version.number}` : `draft${version.id}-r${version.revision}`}.zip`;
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(zip));
      },
    );

    app.post<{ Body: unknown }>(
      '/items/import',
      {
        onRequest: staffGuard('editor'),
        bodyLimit: 2 * ZIP_LIMIT,
        schema: {
          tags: [TAG],
          summary: "A zip of one item's folder brought in as that item's draft (editor; audited)",
          description: `The body is the zip itself (Content-Type application/zip, at most ${ZIP_LIMIT / 1024 / 1024} MB), as GET /items/:kind/:key/export.zip writes it: the entries name the item. The draft holds exactly the zip's files. Refused, nothing kept: 422 ZIP_MALFORMED (not a zip, empty, an entry twice, a file not UTF-8 text), 413 ZIP_TOO_LARGE (the zip or what it inflates to), 422 ZIP_OUTSIDE_FOLDER (a path outside one item's folder, or two items), 422 INVALID_FILES (a file the item does not have), 404 UNKNOWN_ITEM, 409 DRAFT_EXISTS, 415 (not a zip body). Answers the draft (a Version).`,
          response: answers({ 200: open('The draft') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'editor');
        if (!(request.body instanceof UploadedZip))
          throw new ApiError(415, [{ key: 'errors.publishing.zip.notZip', code: 'ZIP_EXPECTED' }], {
            CODE: 'ZIP_EXPECTED',
          });
        const bytes = request.body.bytes;
        let target = '';
        try {
          const item = readItemZip(bytes);
          target = `${item.kind}:${item.key}`;
          const draft = await importDraft(deps(), actorOf(staff), item, {
            existingOnly: true,
            note: 'imported (zip)',
          });
          await auditItem(ctx.db, request, staff, ctx.now(), {
            verb: 'import',
            item,
            after: draft,
            extra: { FORMAT: 'zip', ZIP_BYTES: bytes.byteLength },
          });
          return versionView(draft, await namesOf(ctx.db, [draft]));
        } catch (error) {
          if (error instanceof ApiError && error.extra.CODE !== undefined)
            await auditRefusal(ctx, request, staff, error, bytes.byteLength, target);
          throw error;
        }
      },
    );
  };
}
