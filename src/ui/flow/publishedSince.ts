// What the page the service answered says was published since the build (PUBLISHED_META), and
// where a journey's versions are kept: shared by ./liveFlow.ts (first paint) and ./publishedFlows.ts.

import { PUBLISHED_META } from '../../prerender/names';

export interface Published {
  flows: Record<string, string>;
  texts: Record<string, string>;
}

/** Kept as ./publishedFlows.ts keeps a journey's versions (same key and shape). */
export const PIN_PREFIX = 'flow-version:';

let fromPage: Published | null | undefined;

/** What the page's HTML says was published since the build; null when it does not say. */
export function publishedOfPage(): Published | null {
  if (fromPage === undefined) {
    fromPage = null;
    const content =
      typeof document === 'undefined'
        ? null
        : document.querySelector<HTMLMetaElement>(`meta[name="${PUBLISHED_META}"]`)?.content;
    try {
      if (content) fromPage = JSON.parse(content) as Published;
    } catch {
      // Unreadable: the manifest is asked.
    }
  }
  return fromPage;
}
