// The web app's HTML, answered for every history-mode route.
// - A public entry route (src/prerender/pages.ts) gets its prerendered page in the visitor's
//   language, so the first step's fields are on screen before any script has run; a path no route
//   of the app knows gets the prerendered page-not-found with status 404. With a query, or without
//   a prerendered page, the plain index.html (the app draws the page itself).
// - Either names the chunks and style sheets the page needs (the flow page, the product's flow and
//   first validator, the strings of the visitor's language), so the browser fetches them at once
//   instead of one after another as each module discovers the next: on a slow phone network every
//   step of that chain is a round trip (bench/RESULTS.md, Lighthouse).
// Pages are built once at start, compressed once (brotli, gzip), and kept in memory.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Flow } from '../../engine/flow/types';
import { AFTER_PAINT_META, APP_MODULE, PUBLISHED_META } from '../../prerender/names';
import {
  NOT_FOUND_PATH,
  PRERENDER_DIR,
  PRERENDER_INDEX,
  PRERENDER_LANGUAGES,
  productFirstStep,
} from '../../prerender/pages';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface PrerenderIndex {
  routes: string[];
  pages: Record<string, { modules: string[]; namespaces: string[]; files: Record<string, string> }>;
}

/** The language the site starts in when the visitor has not chosen one (src/i18n.ts). */
const DEFAULT_LANGUAGE = 'el';
const LANGUAGES = new Set<string>(PRERENDER_LANGUAGES);

/** One answer: the HTML and its compressed copies. */
export interface HtmlAnswer {
  status: 200 | 404;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export interface IndexPage {
  /**
   * The page for a path and query, in the language the visitor chose (the `lang` cookie the app
   * mirrors from its stored choice; Greek without one, as the app starts: spec §1).
   */
  answer(path: string, search: string, language: string | undefined): HtmlAnswer;
}

function compressed(status: 200 | 404, html: string): HtmlAnswer {
  return {
    status,
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/** A route pattern of the app ("/motor/offer/:step") as a test of a path. */
function patternTest(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Whether a page drawn from these flows and namespaces at build time is out of date now. */
export type OutOfDate = (flowIds: string[], namespaces: string[]) => boolean;

/** What was published since the build, by flow id and namespace; undefined when not known yet. */
export type PublishedSinceBuild = () =>
  | { flows: Record<string, string>; texts: Record<string, string> }
  | undefined;

const attribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

const GENERATED_FLOW = /^src\/generated\/flows\/([^/]+)\.json$/;

export function loadIndexPage(
  webRoot: string,
  flows: readonly Flow[],
  outOfDate: OutOfDate = () => false,
  publishedSinceBuild: PublishedSinceBuild = () => undefined,
): IndexPage {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const indexFile = join(webRoot, PRERENDER_DIR, PRERENDER_INDEX);
  const prerendered: PrerenderIndex = existsSync(indexFile)
    ? JSON.parse(readFileSync(indexFile, 'utf8'))
    : { routes: [], pages: {} };
  const knownRoutes = prerendered.routes.map(patternTest);
  const products = new Map(flows.filter((f) => f.product).map((f) => [f.id, productFirstStep(f)]));

  // What index.html already loads or preloads.
  // The site's entry (the build has a second one, studio.html: web/studioPage.ts).
  const entry = manifest['index.html'] ?? Object.values(manifest).find((c) => c.isEntry);
  const loaded = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file) || loaded.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, into);
  };
  if (entry) {
    loaded.add(entry.file);
    for (const imported of entry.imports ?? []) collect(imported, loaded);
  }

  /**
   * The page's style sheets as links in its head, and its chunks (the app's, the page's, its
   * strings): preloaded at once on a page the app draws; on a prerendered page named in a meta
   * element instead, for the entry to fetch once the page is painted (src/boot.ts), so that on a
   * slow line the first paint waits for the HTML and the styles only.
   */
  const withPreloads = (
    html: string,
    modules: string[],
    namespaces: string[],
    language: string,
    prerenderedPage: boolean,
  ) => {
    const files = new Set<string>();
    for (const module of [APP_MODULE, ...modules]) collect(module, files);
    for (const namespace of ['common', ...namespaces])
      collect(`locales/${language}/${namespace}.json`, files);
    const styles = [...files].flatMap(
      (file) => Object.values(manifest).find((c) => c.file === file)?.css ?? [],
    );
    const scripts = [...files].filter((file) => file.endsWith('.js'));
    const links = [
      ...[...new Set(styles)].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...(prerenderedPage
        ? [`<meta name="${AFTER_PAINT_META}" content="${scripts.map((file) => `/${file}`).join(' ')}">`]
        : scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)),
    ];
    return links.length ? html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : html;
  };

  /**
   * Every page names what was published since the build (PUBLISHED_META), so the flow page knows
   * without a request whether the build's chunks are live; the answers kept are those of the
   * current publications, made again after the next.
   */
  const answers = new Map<string, HtmlAnswer>();
  let answersOf: string | undefined;
  const cached = (key: string, make: () => string, status: 200 | 404) => {
    const since = publishedSinceBuild();
    const stamp = since ? JSON.stringify(since) : '';
    if (stamp !== answersOf) {
      answers.clear();
      answersOf = stamp;
    }
    let answer = answers.get(key);
    if (!answer) {
      const html = make();
      answer = compressed(
        status,
        since
          ? html.replace(
              '</head>',
              `  <meta name="${PUBLISHED_META}" content="${attribute(stamp)}">\n  </head>`,
            )
          : html,
      );
      answers.set(key, answer);
    }
    return answer;
  };

  const prerenderedAnswer = (path: string, language: string, status: 200 | 404) => {
    const page = prerendered.pages[path];
    const file = page?.files[language];
    if (!page || !file || !existsSync(join(webRoot, file))) return null;
    // Published since the build: the app draws the page with the live version instead.
    const pageFlows = page.modules.flatMap((m) => GENERATED_FLOW.exec(m)?.[1] ?? []);
    if (outOfDate(pageFlows, ['common', ...page.namespaces])) return null;
    return cached(
      `${status}:${path}:${language}`,
      () =>
        withPreloads(
          readFileSync(join(webRoot, file), 'utf8'),
          page.modules,
          page.namespaces,
          language,
          true,
        ),
      status,
    );
  };

  return {
    answer(path, search, chosen) {
      const language = chosen && LANGUAGES.has(chosen) ? chosen : DEFAULT_LANGUAGE;
      const known = knownRoutes.length === 0 || knownRoutes.some((test) => test.test(path));
      if (!known) {
        const notFound = prerenderedAnswer(NOT_FOUND_PATH, language, 404);
        if (notFound) return notFound;
      }
      if (!search) {
        const page = prerenderedAnswer(path, language, 200);
        if (page) return page;
      }
      // The app draws the page; a product route still preloads what its first step needs.
      const product = products.get(path.split('/')[1] ?? '');
      return cached(
        `plain:${product ? product.path : ''}:${language}`,
        () =>
          product ? withPreloads(template, product.modules, product.namespaces, language, false) : template,
        200,
      );
    },
  };
}
