// Prerenders the public entry routes (src/prerender/pages.ts) into dist/prerendered/<lang>/, after
// `vite build`: the app is built once more for Node (Vite's SSR build, to build/prerender), each
// page rendered in each language with react-dom/static, and written into the built index.html with
// its title and language, so the service can answer it before any script has run. Run by
// `npm run build`; the service falls back to the plain index.html for a page missing here.

import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { formSubsteps } from '../src/engine/flow/forms';
import type { Flow } from '../src/engine/flow/types';
import { PRERENDERED_READS } from '../src/prerender/names';
import {
  NOT_FOUND_PATH,
  PRERENDER_DIR,
  PRERENDER_INDEX,
  PRERENDER_LANGUAGES,
  prerenderedPages,
} from '../src/prerender/pages';
import { cookieTexts, faqs } from '../src/server/content/texts';
import { lovList } from '../src/server/reference';

const WEB_ROOT = resolve('dist');
const SSR_OUT = resolve('build/prerender');

/** The file of a prerendered page, relative to the web root. */
export function pageFile(language: string, path: string): string {
  const name = path === '/' ? 'index' : path.slice(1).replaceAll('/', '__');
  return `${PRERENDER_DIR}/${language}/${name}.html`;
}

/**
 * The lists of values the fields of a product's first step show (those the flow reads whole when it
 * starts), in a language: drawn into the page and carried in it, so hydration draws the same.
 */
function firstStepLovs(flow: Flow | undefined, language: 'el' | 'en') {
  const first = flow ? formSubsteps(flow)[0] : undefined;
  const used = new Set((first?.fields ?? []).map((f) => f.lov).filter(Boolean));
  return (flow?.lovs ?? [])
    .filter((b) => used.has(b.as ?? b.name) && !b.dependsOn?.length && !b.call)
    .map((b) => lovList(b.name, language))
    .filter((list) => list !== null);
}

/** The service's answers of the reads a page may carry (PRERENDERED_READS), in a language. */
const READS: Record<string, (language: 'el' | 'en') => unknown> = {
  [PRERENDERED_READS.faqs]: (language) => faqs(language),
  [PRERENDERED_READS.cookieTexts]: (language) => cookieTexts(language),
};

/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

async function main() {
  const started = Date.now();
  await build({
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir: SSR_OUT,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
    },
  });
  const { renderPage, routePatterns } = (await import(
    pathToFileURL(join(SSR_OUT, 'render.js')).href
  )) as typeof import('../src/prerender/render');
  const template = await readFile(join(WEB_ROOT, 'index.html'), 'utf8');
  const flowDir = resolve('src/generated/flows');
  const flows = await Promise.all(
    (await readdir(flowDir))
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await readFile(join(flowDir, name), 'utf8')) as Flow),
  );
  const products = flows.filter((f) => f.product).sort((a, b) => a.id.localeCompare(b.id));
  const pages = prerenderedPages(products);
  await rm(join(WEB_ROOT, PRERENDER_DIR), { recursive: true, force: true });
  const index: Record<string, { modules: string[]; namespaces: string[]; files: Record<string, string> }> =
    {};
  for (const page of pages) {
    const files: Record<string, string> = {};
    for (const language of PRERENDER_LANGUAGES) {
      const lovs = firstStepLovs(
        products.find((p) => page.path === `/${p.id}/offer/1`),
        language,
      );
      const reads = Object.fromEntries((page.reads ?? []).map((name) => [name, READS[name](language)]));
      const data = { lovs, reads };
      const { html, title } = await renderPage(page.path, language, page.namespaces, data);
      const document = template
        .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-prerendered="${language}" data-ns="${page.namespaces.join(' ')}">${html}</div>${
            lovs.length || page.reads?.length
              ? `\n    <script type="application/json" id="prerendered-data">${scriptJson(data)}</script>`
              : ''
          }`,
        );
      const file = pageFile(language, page.path);
      await mkdir(dirname(join(WEB_ROOT, file)), { recursive: true });
      await writeFile(join(WEB_ROOT, file), document);
      files[language] = file;
    }
    index[page.path] = { modules: page.modules, namespaces: page.namespaces, files };
  }
  const written = { routes: routePatterns(), pages: index };
  await writeFile(join(WEB_ROOT, PRERENDER_DIR, PRERENDER_INDEX), `${JSON.stringify(written, null, 2)}\n`);
  console.log(
    `prerendered ${pages.length} pages × ${PRERENDER_LANGUAGES.length} languages in ${Date.now() - started} ms (not-found: ${NOT_FOUND_PATH})`,
  );
  // The renderer leaves i18next and the router's timers behind; the build is done.
  process.exit(0);
}

await main();
