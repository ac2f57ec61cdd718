// The studio's page (studio.html, a second entry of the web build: src/studio/main.tsx), answered
// for /studio and every history-mode route under it. Staff only use it, so it is never
// prerendered; its data comes from /zcp/studio calls behind the staff session. Built once at
// start, compressed once, kept in memory, like the site's pages (indexPage.ts).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { HtmlAnswer } from './indexPage';

export const STUDIO_HTML = 'studio.html';

/** /studio, /studio/, /studio/items/flow/motor …: not a file (no dot in the last segment). */
export function isStudioPath(path: string): boolean {
  if (!/^\/studio(\/|$)/.test(path)) return false;
  return !(path.split('/').pop() ?? '').includes('.');
}

/** The built studio.html, or null when the build has none (a service run without `npm run build`). */
export function loadStudioPage(webRoot: string): HtmlAnswer | null {
  const file = join(webRoot, STUDIO_HTML);
  if (!existsSync(file)) return null;
  const html = readFileSync(file, 'utf8');
  return {
    status: 200,
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}
