// The app, started by src/boot.ts (at once, or once a prerendered page has been painted): takes the
// prerendered page over (hydrates it) when this visit may, or draws the page afresh.

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { hydratablePage } from './app/hydrate';
import { type AppRouter, createAppRouter } from './app/router';
import { applyThemeFromQuery } from './app/state/theme';
import { i18next, initI18n, storedLanguage } from './i18n';
import { installPortalGuard } from './portal/guard';
import { portalRouterOptions } from './portal/routes';
import { seedReads } from './shell/hooks/useZcpRead';
import { seedLovs } from './ui/flow/useLovs';

// Paint the visit's theme before the first render so a co-branded visit never flashes the default.
applyThemeFromQuery(window.location.search);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const language = storedLanguage();
const prerendered = hydratablePage(root, language);

/** Resolves once the router has run the first navigation's guards and loaders. */
function routerSettled(router: AppRouter): Promise<void> {
  if (router.state.initialized && router.state.navigation.state === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized || state.navigation.state !== 'idle') return;
      stop();
      resolve();
    });
  });
}

async function start(): Promise<void> {
  // Render even if a locale file failed: the route error screens still give the visitor a way out.
  try {
    await initI18n(language);
    if (prerendered) await i18next.loadNamespaces(prerendered.namespaces);
  } catch (error) {
    console.error('Locale files failed to load', error);
  }
  // The public site and the portal share one router: the portal adds its routes, its parts of
  // the layout and the session half of the navigation guard.
  installPortalGuard();
  const router = createAppRouter(portalRouterOptions());
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (prerendered) {
    // What the page was drawn with (lists, answers), so the first render matches the HTML.
    const data = document.getElementById('prerendered-data');
    if (data?.textContent) {
      const { lovs, reads } = JSON.parse(data.textContent) as {
        lovs?: unknown[];
        reads?: Record<string, unknown>;
      };
      seedLovs(language, lovs ?? []);
      seedReads(reads ?? {});
    }
    await routerSettled(router);
    // A guard may have sent the visit elsewhere (a login page while logged in): draw that afresh.
    if (router.state.location.pathname === window.location.pathname && !router.state.errors) {
      document.documentElement.dataset.rendering = 'hydrated';
      hydrateRoot(root as HTMLElement, app);
      return;
    }
  }
  (root as HTMLElement).replaceChildren();
  document.documentElement.dataset.rendering = 'drawn';
  createRoot(root as HTMLElement).render(app);
}

void start();
