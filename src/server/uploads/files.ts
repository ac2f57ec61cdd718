// Taking and giving back customers' files: the one path every upload goes through (inspect by
// content, re-encode images, hash, store, record the owner) and the owner-only read.

import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../db/types';
import { ApiError } from '../platform/errors';
import { inspectUpload, type UploadRefusal } from './inspect';
import { extensionOf, kindRules, type UploadKind, type UploadLimits } from './kinds';
import { reencodeImage, UnreadableImage } from './reencode';
import type { FileStore } from './store';

export interface UploadRow {
  upload_id: string;
  customer_no: string;
  purpose: string;
  mime: string;
  size_bytes: number;
  original_sha256: string;
  stored_sha256: string;
  original_name: string;
  storage_key: string;
  created_at: Date;
}

export interface Uploads {
  db: Db;
  store: FileStore;
  limits: UploadLimits;
  now: () => Date;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** 422 with a translated message naming the field, e.g. uploads:errors.WRONG_TYPE. */
export function uploadRefused(
  reason: UploadRefusal | 'UNREADABLE',
  field: string,
  maxBytes: number,
): ApiError {
  return new ApiError(422, [
    {
      key: `uploads:errors.${reason}`,
      params: { maxMb: Math.round(maxBytes / (1024 * 1024)) },
      field,
      code: `UPLOAD_${reason}`,
    },
  ]);
}

/** A name safe to show back and to put in a Content-Disposition header. */
function cleanName(name: string, ext: string): string {
  const base = name
    .normalize('NFC')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `${base || 'file'}.${ext}`;
}

export async function saveUpload(
  uploads: Uploads,
  input: {
    customerNo: string;
    purpose: string;
    kind: UploadKind;
    bytes: Uint8Array;
    name: string;
    field: string;
  },
): Promise<UploadRow> {
  const rule = kindRules(uploads.limits)[input.kind];
  const inspection = await inspectUpload(input.bytes, rule);
  if (!inspection.ok) throw uploadRefused(inspection.reason, input.field, rule.maxBytes);
  let stored: Uint8Array = input.bytes;
  let mime = inspection.mime;
  if (inspection.isImage) {
    try {
      ({ bytes: stored, mime } = await reencodeImage(input.bytes));
    } catch (error) {
      if (error instanceof UnreadableImage) throw uploadRefused('UNREADABLE', input.field, rule.maxBytes);
      throw error;
    }
  }
  const now = uploads.now();
  const id = randomUUID();
  const ext = extensionOf(mime);
  const key = `${now.toISOString().slice(0, 7)}/${id}.${ext}`;
  await uploads.store.put(key, stored);
  const [row] = await uploads.db.query<UploadRow & Record<string, unknown>>(
    `INSERT INTO uploads (upload_id, customer_no, purpose, mime, size_bytes, original_sha256, stored_sha256,
       original_name, storage_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [
      id,
      input.customerNo,
      input.purpose,
      mime,
      stored.byteLength,
      sha256(input.bytes),
      sha256(stored),
      cleanName(input.name, ext),
      key,
      now,
    ],
  );
  return row;
}

/** The customer's own upload, or null (someone else's file and a missing one look the same). */
export async function ownUpload(
  uploads: Uploads,
  customerNo: string,
  uploadId: string,
): Promise<{ row: UploadRow; bytes: Buffer } | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uploadId)) return null;
  const [row] = await uploads.db.query<UploadRow & Record<string, unknown>>(
    'SELECT * FROM uploads WHERE upload_id = $1 AND customer_no = $2',
    [uploadId, customerNo],
  );
  if (!row) return null;
  const bytes = await uploads.store.get(row.storage_key);
  return bytes ? { row, bytes } : null;
}
