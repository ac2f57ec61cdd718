// The web app's index.html, answered for every history-mode route. On a product route it also
// names the chunks the first field needs (the flow page, the product's flow and first validator,
// the strings of the visitor's language), so the browser fetches them at once instead of one
// after another as each module discovers the next: on a slow phone network every step of that
// chain is a round trip before the form shows (bench/RESULTS.md, Lighthouse).

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formSubsteps, substepKey } from '../../engine/flow/forms';
import type { Flow } from '../../engine/flow/types';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The language the site starts in when the visitor has not chosen one (src/i18n.ts). */
const DEFAULT_LANGUAGE = 'el';
const LANGUAGES = new Set(['el', 'en']);
/** Namespaces the flow page asks for besides the product's own (src/ui/flow/FlowRunner.tsx). */
const FLOW_NAMESPACES = ['fields', 'flow', 'validation', 'ui', 'pages'];
const FLOW_PAGE = 'src/ui/FlowPage.tsx';

export interface IndexPage {
  /** The page for a path, with the language the visitor chose (the `lang` cookie), if any. */
  html(path: string, language: string | undefined): string;
}

export function loadIndexPage(webRoot: string, flows: readonly Flow[]): IndexPage {
  const template = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return { html: () => template };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const products = new Map(flows.filter((f) => f.product).map((f) => [f.id, f]));

  // What index.html already loads or preloads.
  const entry = Object.values(manifest).find((c) => c.isEntry);
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

  const pages = new Map<string, string>();
  const pageFor = (flow: Flow, language: string): string => {
    const key = `${flow.id}:${language}`;
    const cached = pages.get(key);
    if (cached) return cached;
    const files = new Set<string>();
    collect(FLOW_PAGE, files);
    collect(`src/generated/flows/${flow.id}.json`, files);
    const first = formSubsteps(flow)[0];
    if (first) collect(`src/generated/validators/${flow.id}/${substepKey(flow, first)}.js`, files);
    for (const namespace of [flow.id, ...FLOW_NAMESPACES])
      collect(`locales/${language}/${namespace}.json`, files);
    const links = [...files]
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const html = template.replace('</head>', `  ${links}\n  </head>`);
    pages.set(key, html);
    return html;
  };

  return {
    html(path, language) {
      const flow = products.get(path.split('/')[1] ?? '');
      if (!flow) return template;
      return pageFor(flow, language && LANGUAGES.has(language) ? language : DEFAULT_LANGUAGE);
    },
  };
}
