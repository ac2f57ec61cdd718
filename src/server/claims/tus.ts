// Resumable claim uploads (the tus 1.0 protocol, @tus/server): a phone on a patchy line sends a
// photo in pieces and, after a dropped connection, asks how far it got (HEAD) and goes on from
// there (PATCH at that offset). A finished upload goes through the same upload core as a form
// upload (recognised by content, re-encoded, hashed, owner recorded) and lands in its claim slot.
//
// Ownership is checked before tus sees a request: creating needs the customer's own claim and a
// slot of its product (Upload-Metadata claimNo, slot, filename); HEAD, PATCH and DELETE need an
// upload the customer created. Someone else's upload answers 404, like a missing one.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { auth, requireSession } from '../accounts/http';
import type { ServiceContext } from '../platform/context';
import { ApiError, renderMessages } from '../platform/errors';
import { langFromHeader } from '../platform/i18n';
import { saveUpload } from '../uploads/files';
import { uploadsOf } from '../uploads/routes';
import type { ClaimProduct } from './rules';
import { claimSlotKind } from './slots';
import { attachFile, type StoredClaim } from './store';

export const TUS_PATH = '/zcp/claim/tus';
/** What the OpenAPI document says of the protocol (the file store's extensions, concatenation not). */
const TUS_EXTENSIONS_TEXT =
  'tus 1.0.0 core with the extensions creation, creation-with-upload, creation-defer-length, termination and expiration (unfinished uploads are deleted after two days). Not supported: concatenation (Upload-Concat answers 400 CODE TUS_UNSUPPORTED) and checksum. Every refusal is a MESSAGES body.';
const UNFINISHED_UPLOAD_MS = 2 * 24 * 3600_000;
const CLEAN_UP_EVERY_MS = 3600_000;

/** The Upload-Metadata header: comma-separated `key base64value` pairs. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) out[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return out;
}

/** A tus refusal in the service's shape; the extension tus does not offer (concatenation) is a 400. */
function tusRefusal(status: number): ApiError {
  if (status === 501) {
    return new ApiError(400, [{ key: 'uploads:errors.CONCAT_UNSUPPORTED', code: 'TUS_UNSUPPORTED' }], {
      CODE: 'TUS_UNSUPPORTED',
    });
  }
  const key =
    status === 404 || status === 410
      ? 'uploads:errors.NOT_FOUND'
      : status === 413
        ? 'errors.validation.bodyTooLarge'
        : 'uploads:errors.MALFORMED';
  return new ApiError(status >= 500 ? 400 : status, [{ key, code: `TUS_${status}` }], {
    CODE: `TUS_${status}`,
  });
}

type TusRow = { tus_id: string; customer_no: string; claim_id: string | number; slot: string };

export function claimTusRoutes(
  ctx: ServiceContext,
  helpers: {
    mustOwnClaim: (request: FastifyRequest, claimNo: string) => Promise<StoredClaim>;
  },
): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  const directory = join(ctx.config.uploads.dir, 'tus');
  // An upload left unfinished (the phone gave up) is deleted two days after it started.
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: UNFINISHED_UPLOAD_MS });
  const { documentMaxBytes, photoMaxBytes } = ctx.config.uploads;

  async function tusRow(id: string): Promise<TusRow | null> {
    const [row] = await ctx.db.query<TusRow>('SELECT * FROM claim_tus_uploads WHERE tus_id = $1', [id]);
    return row ?? null;
  }

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    relativeLocation: true,
    maxSize: Math.max(documentMaxBytes, photoMaxBytes),
    async onUploadCreate(_req, upload) {
      // The claim was checked to be the caller's before tus ran (see the route below).
      const meta = upload.metadata ?? {};
      const [claim] = await ctx.db.query<{ claim_id: string | number; customer_no: string }>(
        'SELECT claim_id, customer_no FROM claims WHERE claim_no = $1',
        [meta.claimNo ?? ''],
      );
      if (!claim) throw { status_code: 404, body: 'Not found' };
      await ctx.db.query(
        `INSERT INTO claim_tus_uploads (tus_id, customer_no, claim_id, slot, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [upload.id, claim.customer_no, claim.claim_id, meta.slot ?? '', ctx.now()],
      );
      return {};
    },
    async onUploadFinish(req, upload) {
      const row = await tusRow(upload.id);
      if (!row) throw { status_code: 404, body: 'Not found' };
      const [claim] = await ctx.db.query<{ product_code: ClaimProduct; status: string }>(
        'SELECT product_code, status FROM claims WHERE claim_id = $1',
        [row.claim_id],
      );
      // Checked again at the end: the claim may have moved on while the file went up.
      let kind: Awaited<ReturnType<typeof claimSlotKind>>;
      try {
        kind = await claimSlotKind(ctx.db, claim, row.slot);
      } catch (error) {
        await datastore.remove(upload.id).catch(() => undefined);
        if (!(error instanceof ApiError)) throw error;
        const lang = langFromHeader(req.headers.get('accept-language') ?? undefined);
        throw {
          status_code: error.statusCode,
          body: JSON.stringify({ MESSAGES: renderMessages(lang, error.messages) }),
        };
      }
      const bytes = await readFile(join(directory, upload.id));
      try {
        const saved = await saveUpload(uploadsOf(ctx), {
          customerNo: row.customer_no,
          purpose: 'claim-file',
          kind,
          bytes,
          name: upload.metadata?.filename ?? '',
          field: row.slot,
        });
        await attachFile(ctx.db, row.claim_id, row.slot, saved.upload_id, ctx.now());
        await ctx.db.query('UPDATE claim_tus_uploads SET upload_id = $2 WHERE tus_id = $1', [
          upload.id,
          saved.upload_id,
        ]);
        return { headers: { 'Upload-Result': saved.upload_id } };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const lang = langFromHeader(req.headers.get('accept-language') ?? undefined);
        throw {
          status_code: error.statusCode,
          body: JSON.stringify({ MESSAGES: renderMessages(lang, error.messages) }),
        };
      } finally {
        // The bytes now live in the upload store (or were refused): the partial copy goes.
        await datastore.remove(upload.id).catch(() => undefined);
      }
    },
  });

  /**
   * Hands the request to tus as a web Request and answers tus's Response through Fastify, so every
   * answer carries the security headers and every refusal is in the service's MESSAGES shape (tus
   * itself answers plain text, e.g. 501 for Upload-Concat).
   */
  async function toTus(request: FastifyRequest, reply: FastifyReply) {
    const hasBody = request.method === 'PATCH' || request.method === 'POST';
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const web = new Request(new URL(request.url, 'http://service.invalid'), {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const response = await tus.handleWeb(web);
    for (const [name, value] of response.headers) {
      if (!/^(content-length|content-type|connection|access-control-)/i.test(name)) reply.header(name, value);
    }
    reply.code(response.status);
    const text = await response.text();
    if (response.status < 400) return reply.send(text === '' ? undefined : text);
    const ours = /^\{"MESSAGES"/.test(text);
    if (ours) return reply.type('application/json; charset=utf-8').send(text);
    request.log.info(
      { event: 'tus.refused', status: response.status, reason: text.trim().slice(0, 200) },
      'tus refused',
    );
    throw tusRefusal(response.status);
  }

  return async (app) => {
    // Unfinished uploads' bytes go after their expiry, hourly (idempotent across instances).
    const cleaner = setInterval(() => {
      tus.cleanUpExpiredUploads().catch((error) => app.log.warn({ error }, 'tus clean-up failed'));
    }, CLEAN_UP_EVERY_MS);
    cleaner.unref();
    app.addHook('onClose', async () => clearInterval(cleaner));

    // tus sends PATCH bodies as application/offset+octet-stream: left unread for tus to stream.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

    app.post(
      '/claim/tus',
      {
        preHandler: active,
        schema: {
          tags: ['portal: claims'],
          summary:
            'Starts a resumable (tus 1.0) upload of a claim file; Upload-Metadata: claimNo, slot, filename (base64)',
          description: TUS_EXTENSIONS_TEXT,
        },
      },
      async (request, reply) => {
        const meta = parseUploadMetadata(request.headers['upload-metadata'] as string | undefined);
        const claim = await helpers.mustOwnClaim(request, meta.claimNo ?? '');
        await claimSlotKind(ctx.db, claim, meta.slot ?? '');
        return toTus(request, reply);
      },
    );

    const onUpload = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const row = /^[0-9a-f]{32}$/.test(request.params.id) ? await tusRow(request.params.id) : null;
      if (!row || row.customer_no !== auth(request).customer.customer_no) {
        throw new ApiError(404, [{ key: 'uploads:errors.NOT_FOUND', code: 'NOT_FOUND' }]);
      }
      return toTus(request, reply);
    };
    const idParams = {
      type: 'object',
      properties: { id: { type: 'string', maxLength: 64 } },
      required: ['id'],
    };
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      app.route<{ Params: { id: string } }>({
        method,
        url: '/claim/tus/:id',
        preHandler: active,
        schema: {
          tags: ['portal: claims'],
          summary: `tus ${method}: ${method === 'HEAD' ? 'how far the upload got' : method === 'PATCH' ? 'more bytes at Upload-Offset' : 'abandons the upload'}`,
          params: idParams,
        },
        handler: onUpload,
      });
    }
  };
}
