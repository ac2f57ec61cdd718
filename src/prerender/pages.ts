// The public entry routes served as prerendered HTML (issue: first paint without waiting for
// scripts): each product's first step, help, cookies, login and page-not-found, in both languages.
// Shared by the build (scripts/prerender.ts renders them), the service (src/server/web/indexPage.ts
// serves them and preloads what hydrating them needs) and the browser (src/app/hydrate.ts).

import { formSubsteps, substepKey } from '../engine/flow/forms';
import type { Flow } from '../engine/flow/types';
import { PRERENDERED_READS } from './names';

export const PRERENDER_LANGUAGES = ['el', 'en'] as const;

/** Where the build writes the pages, under the web root. */
export const PRERENDER_DIR = 'prerendered';
/** The index of what was prerendered, under PRERENDER_DIR. */
export const PRERENDER_INDEX = 'index.json';
/** The page the service answers for a path no route of the app knows. */
export const NOT_FOUND_PATH = '/page-not-found';

export interface PrerenderedPage {
  /** The URL path, without query. */
  path: string;
  /** Source modules (keys of Vite's manifest) the page's hydration needs besides the entry. */
  modules: string[];
  /** Locale namespaces the page shows, loaded before hydrating (CORE_NAMESPACES come anyway). */
  namespaces: string[];
  /** Reads whose answers the page is drawn with and carries (PRERENDERED_READS). */
  reads?: string[];
}

/** Namespaces the flow page shows besides the product's own (src/ui/flow/FlowRunner.tsx). */
const FLOW_NAMESPACES = ['fields', 'flow', 'validation', 'ui'];

/** A product's first step: the flow page, the product's expanded flow and first validator. */
export function productFirstStep(flow: Flow): PrerenderedPage {
  const first = formSubsteps(flow)[0];
  return {
    path: `/${flow.id}/offer/1`,
    modules: [
      'src/ui/FlowPage.tsx',
      `src/generated/flows/${flow.id}.json`,
      ...(first ? [`src/generated/validators/${flow.id}/${substepKey(flow, first)}.js`] : []),
    ],
    namespaces: [flow.id, ...FLOW_NAMESPACES],
  };
}

/** The site's and the portal's own entry pages. */
export const SITE_PAGES: PrerenderedPage[] = [
  {
    path: '/help-page',
    modules: ['src/app/pages/HelpPage.tsx'],
    namespaces: ['pages'],
    reads: [PRERENDERED_READS.faqs],
  },
  { path: '/cookies', modules: ['src/app/pages/CookiesPage.tsx'], namespaces: ['pages'] },
  { path: '/login', modules: ['src/portal/pages/LoginPage.tsx'], namespaces: ['portal', 'validation'] },
  { path: NOT_FOUND_PATH, modules: [], namespaces: [] },
];

export function prerenderedPages(products: readonly Flow[]): PrerenderedPage[] {
  // Every page carries the cookie banner's texts: it is drawn for a first visit (CookieBanner).
  return [...products.map(productFirstStep), ...SITE_PAGES].map((page) => ({
    ...page,
    reads: [...(page.reads ?? []), PRERENDERED_READS.cookieTexts],
  }));
}
