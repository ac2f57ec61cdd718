// The server-side entry of the prerender (built by scripts/prerender.ts with Vite's SSR build): the
// app's own routes, layout, RJSF renderer and theme rendered to HTML with react-dom/static, which
// waits for every lazy part and loaded flow, so the page is whole. The browser hydrates it
// (src/app/hydrate.ts), so both must render the same: a fresh visit, nothing stored, not logged in.

import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { appRoutes } from '../app/router';
import { CORE_NAMESPACES, i18next, initI18n, type Language } from '../i18n';
import { portalRouterOptions } from '../portal/routes';
import { seedReads } from '../shell/hooks/useZcpRead';
import { seedLovs } from '../ui/flow/useLovs';

const routes = appRoutes(portalRouterOptions());
const handler = createStaticHandler(routes);

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's title and description in its language. */
  title: string;
}

/** Renders one path of the app, as a first visit in `language` would see it before any answer. */
/** What a page is drawn with besides its strings; the page carries it for hydration. */
export interface PrerenderedData {
  /** Lists of values its fields show. */
  lovs: unknown[];
  /** Answers of its reads, by name. */
  reads: Record<string, unknown>;
}

export async function renderPage(
  path: string,
  language: Language,
  namespaces: string[],
  data: PrerenderedData = { lovs: [], reads: {} },
): Promise<RenderedPage> {
  seedLovs(language, data.lovs);
  seedReads(data.reads);
  await initI18n(language);
  await i18next.changeLanguage(language);
  await i18next.loadNamespaces([...CORE_NAMESPACES, ...namespaces]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response)
    throw new Error(`${path} redirects (${context.status}): not a page to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every part in its place in the HTML: no boundary moved out to an inline script (the
      // service's Content-Security-Policy allows scripts from its own origin only).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  // A part that failed would be left to the browser to draw: the build stops instead.
  if (errors.length) throw new AggregateError(errors, `${path} (${language}) did not render whole`);
  const html = await streamToString(prelude);
  if (html.includes('<script')) throw new Error(`${path} (${language}) has an inline script`);
  // The document title as the layout sets it (src/app/layout/Layout.tsx), so it is right before
  // any script runs.
  const titleKey = context.matches
    .map((m) => (m.route.handle as { titleKey?: string } | undefined)?.titleKey)
    .filter(Boolean)
    .pop();
  const title = titleKey
    ? i18next.t('common:brand.pageTitle', {
        page: i18next.t(titleKey),
        brand: i18next.t('common:brand.name'),
      })
    : i18next.t('common:brand.siteTitle');
  return { html, title };
}

/** Every path pattern of the app's routes but the catch-all (the service's page-not-found test). */
export function routePatterns(): string[] {
  const out: string[] = [];
  const walk = (list: typeof routes, base: string) => {
    for (const route of list) {
      const path = route.path ? (route.path.startsWith('/') ? route.path : `${base}/${route.path}`) : base;
      if (route.path !== '*') out.push(path.replace(/\/+/g, '/') || '/');
      if (route.children) walk(route.children, path === '/' ? '' : path);
    }
  };
  walk(routes, '');
  return [...new Set(out)].sort();
}
