// The default layout: top bar, the routed page (lazily loaded, with its error boundary), footer,
// cookie banner and the debounced navigation loader. It also keeps the route history, the visit's
// theme and the document title in step with the location.

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useIsMobile } from '../../shell/hooks/useViewport';
import type { LayoutSlots, RouteHandle } from '../../shell/routeTypes';
import { replayEarlyInput } from '../../ui/earlyInput';
import { NavigationLoader } from '../../ui/layout/Loader';
import { LazyBoundary } from '../../ui/lazy';
import { useIsLoggedIn } from '../hooks/useSession';
import { recordRoute } from '../routeHistory';
import { applyThemeFromQuery } from '../state/theme';
import { CookieBanner } from './CookieBanner';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

function isRouteHandle(x: unknown): x is RouteHandle {
  return typeof x === 'object' && x !== null;
}

function useRouteBookkeeping(): void {
  const location = useLocation();
  const matches = useMatches();
  const skip = matches.some((m) => isRouteHandle(m.handle) && m.handle.skipHistory === true);
  const titleKey = matches
    .map((m) => (isRouteHandle(m.handle) ? m.handle.titleKey : undefined))
    .filter(Boolean)
    .pop();
  // The title's namespace may not be loaded yet ('pages' comes with the page's chunk): the title
  // is set once it is, never from a raw key.
  const titleNs = titleKey?.includes(':') ? titleKey.slice(0, titleKey.indexOf(':')) : 'common';
  const { t, ready } = useTranslation(['common', titleNs], { useSuspense: false });
  // Each page has its own title (WCAG 2.4.2), in the visitor's language.
  useEffect(() => {
    if (!ready) return;
    document.title = titleKey
      ? t('brand.pageTitle', { page: t(titleKey), brand: t('brand.name') })
      : t('brand.siteTitle');
  }, [titleKey, t, ready]);
  useEffect(() => {
    recordRoute(`${location.pathname}${location.search}`, skip);
  }, [location.pathname, location.search, skip]);
  useEffect(() => {
    applyThemeFromQuery(location.search);
  }, [location.search]);
  // A new page starts at its top, as a full page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input.
  useEffect(() => {
    if (!location.hash) window.scrollTo?.(0, 0);
  }, [location.pathname, location.hash]);
}

/**
 * Marks the page's main content as live (hydrated from the prerendered HTML, or drawn): its effect
 * runs once the routed page around it has. Tests and the benchmark wait for `html[data-rendered]`.
 */
function PageShown() {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.rendered = root.dataset.rendering ?? 'drawn';
    // A flow's fields come live with their own form (FormSubstep), which replays them itself.
    if (!document.querySelector('[data-flow]')) replayEarlyInput();
  }, []);
  return null;
}

export type LayoutProps = LayoutSlots;

export function Layout({ bottomBar, loggedInMenu, accountMenu, overlays }: LayoutProps) {
  const location = useLocation();
  const isMobile = useIsMobile();
  const loggedIn = useIsLoggedIn();
  const minimal = useMatches().some((m) => isRouteHandle(m.handle) && m.handle.layout === 'minimal');
  useRouteBookkeeping();
  return (
    <div className={minimal ? 'app-shell app-shell--minimal' : 'app-shell'}>
      <NavigationLoader />
      <TopBar
        minimal={minimal}
        loggedInMenu={loggedIn ? loggedInMenu : undefined}
        accountMenu={loggedIn ? accountMenu : undefined}
      />
      <main id="main" className="app-main" tabIndex={-1}>
        <LazyBoundary key={location.pathname}>
          <Outlet />
          <PageShown />
        </LazyBoundary>
      </main>
      {minimal ? null : <Footer />}
      {isMobile && loggedIn && bottomBar && !minimal ? <div className="bottom-bar">{bottomBar}</div> : null}
      {loggedIn ? overlays : null}
      <CookieBanner />
    </div>
  );
}
