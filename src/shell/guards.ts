// Navigation guards of the spec (§2, §4). Run by the root route's loader on every navigation:
// 1. "Protected" routes cannot be the first navigation of a page load: they redirect to their
//    default route with the query kept.
// 2. An offer route above step 1 as the first navigation goes to step 1; motor keeps the query
//    (its brand variant rides on it), the other products drop it.
// 3. Then the navigation hook runs: the portal installs the session part there (validate the
//    token, or try a silent login; send login-only routes to /login).

import { matchPath } from 'react-router';
import {
  HOME_PATH,
  isProduct,
  keepsQuery,
  offerPath,
  parseStep,
  SEND_OFFER_PRODUCTS,
  withQuery,
} from './routeTable';

export interface NavigationTarget {
  pathname: string;
  search: string;
}

export interface NavigationContext {
  /** True for the first navigation of this page load (a reload starts over). */
  first: boolean;
}

/** Returns a path to redirect to, or nothing to let the navigation through. */
export type NavigationHook = (
  target: NavigationTarget,
  context: NavigationContext,
) => string | null | undefined | Promise<string | null | undefined>;

export interface ProtectedRoute {
  pattern: string;
  /** The route's default route, from the matched params and the query. */
  defaultRoute: (params: Record<string, string | undefined>, search: string) => string | null;
}

const toProductOffer = (params: Record<string, string | undefined>, search: string) =>
  isProduct(params.product) ? offerPath(params.product, 1, search) : null;

const toHome = (_params: Record<string, string | undefined>, search: string) => withQuery(HOME_PATH, search);

const protectedRoutes: ProtectedRoute[] = [
  { pattern: '/:product/payment/:step', defaultRoute: toProductOffer },
  {
    pattern: '/:product/send-offer',
    defaultRoute: (params, search) =>
      SEND_OFFER_PRODUCTS.some((p) => p === params.product) ? toProductOffer(params, search) : null,
  },
  { pattern: '/error', defaultRoute: toHome },
  { pattern: '/contact', defaultRoute: toHome },
  { pattern: '/promo', defaultRoute: toHome },
  { pattern: '/email-validation', defaultRoute: toHome },
];

/** Adds protected routes (the portal's endorsements, claims, register …). */
export function addProtectedRoutes(routes: readonly ProtectedRoute[]): void {
  protectedRoutes.push(...routes);
}

/** The redirect a first navigation to `target` needs, or null when it may go ahead. */
export function firstNavigationRedirect(target: NavigationTarget): string | null {
  for (const route of protectedRoutes) {
    const match = matchPath({ path: route.pattern, caseSensitive: true }, target.pathname);
    if (match) {
      const to = route.defaultRoute(match.params, target.search);
      if (to) return to;
    }
  }
  const offer = matchPath({ path: '/:product/offer/:step', caseSensitive: true }, target.pathname);
  if (offer && isProduct(offer.params.product)) {
    const step = parseStep(offer.params.step);
    if (step !== null && step > 1) {
      const product = offer.params.product;
      return offerPath(product, 1, keepsQuery(product) ? target.search : '');
    }
  }
  return null;
}

let navigated = false;
let navigationHook: NavigationHook | null = null;

/** Installs the hook called on every navigation after the first-navigation rules; returns an uninstaller. */
export function setNavigationHook(hook: NavigationHook | null): () => void {
  navigationHook = hook;
  return () => {
    if (navigationHook === hook) navigationHook = null;
  };
}

export function isFirstNavigation(): boolean {
  return !navigated;
}

/** Forgets that the app has navigated (tests; a fresh page load starts this way). */
export function resetNavigationState(): void {
  navigated = false;
}

/** Runs the guards for one navigation; resolves to a redirect path or null. */
export async function guardNavigation(target: NavigationTarget): Promise<string | null> {
  const first = !navigated;
  if (first) {
    const redirect = firstNavigationRedirect(target);
    if (redirect) return redirect;
  }
  const hooked = navigationHook ? await navigationHook(target, { first }) : null;
  if (hooked && hooked !== withQuery(target.pathname, target.search)) return hooked;
  navigated = true;
  return null;
}
