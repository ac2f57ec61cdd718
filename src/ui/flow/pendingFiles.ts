// Files a `photoSlots` field holds in the browser until the flow's calls are done (a claim's photos
// wait for the claim to exist), then sends resumably, one at a time so each gets the whole line.
// Kept in memory for the visit: a File cannot go to sessionStorage, so after a reload the slots are
// chosen again (the widget drops the ones whose file is gone). React reads it through subscribe().

import { ResumableUploadError, uploadResumable } from '../../api/resumableUpload';

export type UploadPhase = 'waiting' | 'sending' | 'done' | 'failed';

export interface PendingFile {
  slot: string;
  blob: Blob;
  name: string;
  /** A small JPEG data URL of a photo for its thumbnail (the CSP allows data: images); empty for a PDF. */
  preview: string;
  phase: UploadPhase;
  percent: number;
  /** The service's refusal (translated), or empty for a connection that would not come back. */
  problem: string;
}

export interface UploadTarget {
  endpoint: string;
  /** Upload-Metadata besides `slot` and `filename`. */
  metadata: Record<string, string>;
  lang: string;
}

const groups = new Map<string, Map<string, PendingFile>>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  for (const listener of listeners) listener();
}

export function subscribePending(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Changes whenever any pending file changes (useSyncExternalStore's snapshot). */
export const pendingVersion = () => version;

export function pendingFiles(key: string): PendingFile[] {
  return [...(groups.get(key)?.values() ?? [])];
}

export function pendingFile(key: string, slot: string): PendingFile | undefined {
  return groups.get(key)?.get(slot);
}

export function putPendingFile(key: string, slot: string, blob: Blob, name: string): void {
  const group = groups.get(key) ?? new Map<string, PendingFile>();
  groups.set(key, group);
  const file: PendingFile = { slot, blob, name, preview: '', phase: 'waiting', percent: 0, problem: '' };
  group.set(slot, file);
  changed();
  void thumbnailOf(blob).then((preview) => {
    // Still the same file in that slot (not replaced meanwhile).
    if (preview && group.get(slot)?.blob === blob) update(key, slot, { preview });
  });
}

/** A thumbnail of at most 192 px, or '' for what the browser cannot draw (a PDF, HEIC outside Safari). */
async function thumbnailOf(blob: Blob): Promise<string> {
  if (!blob.type.startsWith('image/') || typeof createImageBitmap !== 'function') return '';
  try {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, 192 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.7);
  } catch {
    return '';
  }
}

export function dropPendingFile(key: string, slot: string): void {
  if (!groups.get(key)?.delete(slot)) return;
  changed();
}

/** Keeps only the slots still listed (another start of the wizard, a reload). */
export function keepPendingFiles(key: string, slots: readonly string[]): void {
  for (const file of pendingFiles(key)) if (!slots.includes(file.slot)) dropPendingFile(key, file.slot);
}

function update(key: string, slot: string, change: Partial<PendingFile>) {
  const file = groups.get(key)?.get(slot);
  if (!file) return;
  groups.get(key)?.set(slot, { ...file, ...change });
  changed();
}

let queue: Promise<void> = Promise.resolve();

/**
 * Sends the listed slots' files that are waiting or failed, one after the other. A file being sent
 * or already sent is left alone, so calling it twice (a re-render, a retry) sends nothing twice.
 */
export function sendPendingFiles(key: string, slots: readonly string[], target: UploadTarget): void {
  const due = slots.filter((slot) => {
    const phase = pendingFile(key, slot)?.phase;
    return phase === 'waiting' || phase === 'failed';
  });
  for (const slot of due) update(key, slot, { phase: 'sending', percent: 0, problem: '' });
  for (const slot of due) {
    queue = queue.then(async () => {
      const file = pendingFile(key, slot);
      if (!file) return;
      try {
        await uploadResumable({
          endpoint: target.endpoint,
          file: file.blob,
          metadata: { ...target.metadata, slot, filename: file.name },
          lang: target.lang,
          onProgress: (percent) => update(key, slot, { percent }),
        });
        update(key, slot, { phase: 'done', percent: 100 });
      } catch (error) {
        const refused = error instanceof ResumableUploadError && error.status > 0;
        update(key, slot, { phase: 'failed', problem: refused ? error.message : '' });
      }
    });
  }
}
