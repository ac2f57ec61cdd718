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

/** RFC 2046: a boundary is 1 to 70 characters of this set, not ending in a space. */
const BOUNDARY =
  /^[0-9A-Za-z'()+_,./:=?-][0-9A-Za-z'()+_,./:=? -]{0,68}[0-9A-Za-z'()+_,./:=?-]$|^[0-9A-Za-z'()+_,./:=?-]$/;

function boundaryOf(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** 400: the multipart body cannot be read (no or bad boundary, cut short, bad line endings). */
export function malformedUpload(field: string): ApiError {
  return new ApiError(400, [{ key: 'uploads:errors.MALFORMED', field, code: 'UPLOAD_MALFORMED' }], {
    CODE: 'UPLOAD_MALFORMED',
  });
}

/**
 * Takes the one file of a multipart/form-data request for the logged-in customer. The whole body
 * is read, to its closing boundary, before anything is stored: a body that cannot be parsed or ends
 * early is a 400 (logged as a warning), never a 500 and never a half-stored file. Refusals of the
 * file itself are 422 with a translated message on `field`; its own name and claimed type are never
 * trusted.
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
  const boundary = boundaryOf(String(request.headers['content-type'] ?? ''));
  if (!boundary || !BOUNDARY.test(boundary)) throw malformedUpload(target.field);

  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string; kind: UploadKind } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        // Fields sent before the file (the form's other values) come with it, and are checked first.
        if (!file && typeof part.value === 'string' && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      const kind = typeof target.kind === 'string' ? target.kind : await target.kind(fields);
      maxBytes = rules[kind].maxBytes;
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw uploadRefused('TOO_LARGE', target.field, maxBytes);
      file = { bytes, name: part.filename ?? '', kind };
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw uploadRefused('TOO_LARGE', target.field, maxBytes);
    // The parser's own limits (parts, fields, files) carry a 4xx status of their own.
    const status = (error as { statusCode?: number }).statusCode;
    if (code?.startsWith('FST_') && status && status >= 400 && status < 500) throw error;
    request.log.warn(
      { event: 'upload.malformed', reason: (error as Error).message },
      'malformed multipart body',
    );
    throw malformedUpload(target.field);
  }
  if (!file) throw uploadRefused('EMPTY', target.field, maxBytes);
  const row = await saveUpload(uploadsOf(ctx), {
    customerNo: auth(request).customer.customer_no,
    purpose: target.purpose,
    kind: file.kind,
    bytes: file.bytes,
    name: file.name,
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
