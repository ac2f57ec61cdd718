// The client validation log: anonymous writes, so each entry is flattened and capped before it is
// stored, a request carries one entry or a batch (ENTRIES) of a few, each client IP has an hourly
// ceiling, and old rows expire (housekeeping.ts).

/** Entries per request (a batch in ENTRIES). */
export const MAX_BATCH = 20;
/** Bytes of one stored entry (its JSON), at most. */
export const MAX_ENTRY_BYTES = 4096;
const MAX_KEYS = 24;
const MAX_VALUE = 200;
const MAX_MESSAGE = 1024;

/** One entry as stored: flat text values, long ones cut, nested ones as cut JSON, at most MAX_ENTRY_BYTES. */
export function compactEntry(entry: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) return out;
  let bytes = 2;
  for (const [key, value] of Object.entries(entry).slice(0, MAX_KEYS)) {
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const cut = text.slice(0, key === 'MESSAGE' ? MAX_MESSAGE : MAX_VALUE);
    const size = Buffer.byteLength(JSON.stringify(key)) + Buffer.byteLength(JSON.stringify(cut)) + 2;
    if (bytes + size > MAX_ENTRY_BYTES) break;
    out[key] = cut;
    bytes += size;
  }
  return out;
}

/** The entries of a request body: its ENTRIES list (up to MAX_BATCH), or the body itself. */
export function entriesOf(body: Record<string, unknown>): Record<string, string>[] {
  const batch = body.ENTRIES;
  const list = Array.isArray(batch) ? batch.slice(0, MAX_BATCH) : [body];
  return list.map(compactEntry).filter((e) => Object.keys(e).length > 0);
}
