// The business catalogues (flows/_catalogues) and the texts (locales/) as the service reads them:
// the live versions of the configuration registry (src/server/publishing), so a published promo
// code, call-centre setting or message takes effect without a restart. The registry of the
// service that started last in this process is the source (app.ts); without one (a service given
// fixed flows, tools) the files the service was built with are. Parsed once per live version.
// Platform-level and import-free, so every area can read it without reaching the publishing code.

export interface LiveConfigSource {
  /** Changes whenever a live version changes (the registry's signature). */
  signature(): string;
  /** A live item's files by name (a catalogue: `<key>.json`; texts: `el.json`, `en.json`). */
  files(kind: 'catalogue' | 'texts', key: string): Record<string, string> | undefined;
  /** The keys of the live items of a kind. */
  keys(kind: 'catalogue' | 'texts'): string[];
}

let source: LiveConfigSource | undefined;
let parsedFor = '';
const parsed = new Map<string, unknown>();

/** Makes `next` the source; answers the undo (which leaves a later source in place). */
export function setLiveConfig(next: LiveConfigSource): () => void {
  source = next;
  parsed.clear();
  return () => {
    if (source === next) source = undefined;
    parsed.clear();
  };
}

function cached<T>(key: string, make: () => T): T {
  const signature = source?.signature() ?? '';
  if (signature !== parsedFor) {
    parsed.clear();
    parsedFor = signature;
  }
  if (!parsed.has(key)) parsed.set(key, make());
  return parsed.get(key) as T;
}

/**
 * The live version of catalogue `key` (flows/_catalogues/<key>.json), or `bundled` (the file the
 * service was built with) when there is no registry or the catalogue is not published.
 */
export function liveCatalogue<T>(key: string, bundled: T): T {
  if (!source) return bundled;
  return cached(`catalogue:${key}`, () => {
    const text = source?.files('catalogue', key)?.[`${key}.json`];
    return text === undefined ? bundled : (JSON.parse(text) as T);
  });
}

/** Every live text namespace of a language, parsed; undefined without a registry (read the files). */
export function liveTexts(lang: string): Record<string, unknown> | undefined {
  if (!source) return undefined;
  return cached(`texts:${lang}`, () => {
    const out: Record<string, unknown> = {};
    for (const ns of source?.keys('texts') ?? []) {
      const text = source?.files('texts', ns)?.[`${lang}.json`];
      if (text === undefined) continue;
      try {
        out[ns] = JSON.parse(text);
      } catch {
        // Never published so (the checker refuses it); its keys read as keys.
      }
    }
    return out;
  });
}
