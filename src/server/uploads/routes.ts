// The HTTP side of uploads: reading one file from a multipart request (the portal registers
// @fastify/multipart) into saveUpload, and GET /zcp/files/{uploadId}, which serves a file to its
// owner only, as an attachment that a browser will neither sniff nor run.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { auth, requireSession } from '../accounts/http';
import type { ServiceContext } from '../platform/context';
import { ApiError } from '../platform/errors';
import { ownUpload, saveUpload, type UploadRow, type Uploads, uploadRefused } from './files';
import { kindRules, type UploadKind } from './kinds';

export function uploadsOf(ctx: ServiceContext): Uploads {
  return { db: ctx.db, store: ctx.files, limits: ctx.config.uploads, now: ctx.now };
}

/** The largest file any upload may be: the multipart parser stops reading past it. */
export function multipartLimits(ctx: ServiceContext) {
  const { documentMaxBytes, photoMaxBytes } = ctx.config.uploads;
  return {
    files: 1,
    fields: 20,
    parts: 21,
    fieldSize: 4096,
    fileSize: Math.max(documentMaxBytes, photoMaxBytes),
  };
}

/**
 * Takes the one file of a multipart/form-data request for the logged-in customer. Refusals are 422
 * with a translated message on `field`; the file's own name and claimed type are never trusted.
 */
export async function receiveUpload(
  ctx: ServiceContext,
  request: FastifyRequest,
  target: {
    purpose: string;
    /** The kind, or a check of the fields sent before the file that answers it (a claim's slot). */
    kind: UploadKind | ((fields: Record<string, string>) => Promise<UploadKind>);
    field: string;
  },
): Promise<{ row: UploadRow; fields: Record<string, string> }> {
  const rules = kindRules(ctx.config.uploads);
  // Until the fields are read the kind may be unknown: the parser is bounded by the larger limit.
  let maxBytes =
    typeof target.kind === 'string'
      ? rules[target.kind].maxBytes
      : Math.max(rules.document.maxBytes, rules.photo.maxBytes);
  if (!request.isMultipart()) {
    throw new ApiError(415, [
      { key: 'uploads:errors.NOT_MULTIPART', field: target.field, code: 'NOT_MULTIPART' },
    ]);
  }
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part) throw uploadRefused('EMPTY', target.field, maxBytes);
  // Fields sent before the file (the form's other values) come with it, and are checked first.
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const one = Array.isArray(value) ? value[0] : value;
    if (one && one.type === 'field' && typeof one.value === 'string') fields[name] = one.value;
  }
  const kind = typeof target.kind === 'string' ? target.kind : await target.kind(fields);
  maxBytes = rules[kind].maxBytes;
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw uploadRefused('TOO_LARGE', target.field, maxBytes);
    throw error;
  }
  if (part.file.truncated) throw uploadRefused('TOO_LARGE', target.field, maxBytes);
  const row = await saveUpload(uploadsOf(ctx), {
    customerNo: auth(request).customer.customer_no,
    purpose: target.purpose,
    kind,
    bytes,
    name: part.filename ?? '',
    field: target.field,
  });
  return { row, fields };
}

/** What an upload answer says of a stored file (never its storage key). */
export function uploadSummary(row: UploadRow) {
  return {
    UPLOAD_ID: row.upload_id,
    FILE_NAME: row.original_name,
    MIME_TYPE: row.mime,
    SIZE: row.size_bytes,
    SHA256: row.original_sha256,
  };
}

export function fileRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  return async (app) => {
    app.get<{ Params: { uploadId: string } }>(
      '/files/:uploadId',
      {
        preHandler: active,
        schema: {
          tags: ['portal: files'],
          summary: "One of the customer's own uploaded files (404 for anyone else's)",
          params: {
            type: 'object',
            properties: { uploadId: { type: 'string', maxLength: 36 } },
            required: ['uploadId'],
          },
        },
      },
      async (request, reply) => {
        const found = await ownUpload(
          uploadsOf(ctx),
          auth(request).customer.customer_no,
          request.params.uploadId,
        );
        if (!found) throw new ApiError(404, [{ key: 'uploads:errors.NOT_FOUND', code: 'NOT_FOUND' }]);
        const name = encodeURIComponent(found.row.original_name);
        return reply
          .header('content-type', found.row.mime)
          .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(found.bytes);
      },
    );
  };
}
