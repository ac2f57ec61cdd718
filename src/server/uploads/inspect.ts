// Decides whether uploaded bytes are an acceptable file of a kind: not empty, within the size
// limit, and of an allowed type by content. A PDF renamed to .jpg is a PDF; a script renamed to
// .pdf is refused.

import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIMES, type KindRule } from './kinds';

export type UploadRefusal = 'EMPTY' | 'TOO_LARGE' | 'WRONG_TYPE';

export type Inspection = { ok: true; mime: string; isImage: boolean } | { ok: false; reason: UploadRefusal };

export async function inspectUpload(bytes: Uint8Array, rule: KindRule): Promise<Inspection> {
  if (bytes.byteLength === 0) return { ok: false, reason: 'EMPTY' };
  if (bytes.byteLength > rule.maxBytes) return { ok: false, reason: 'TOO_LARGE' };
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rule.mimes.includes(detected.mime)) return { ok: false, reason: 'WRONG_TYPE' };
  return {
    ok: true,
    mime: detected.mime,
    isImage: (IMAGE_MIMES as readonly string[]).includes(detected.mime),
  };
}
