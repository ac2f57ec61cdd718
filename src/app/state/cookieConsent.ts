// The visitor's cookie choice. Necessary cookies are always on; preferences and analytics are
// opt-in. Kept in localStorage so the banner does not return on every visit.

import { createStore, localStore, readJson, useStore } from '../../ui/state/store';
import { COOKIE_CONSENT_KEY, type CookieConsent, isConsent, markCookieDecision } from './cookieDecision';

export { COOKIE_CONSENT_KEY, type CookieConsent };

const store = createStore<CookieConsent | null>(readJson(localStore.read(COOKIE_CONSENT_KEY), isConsent));

export function getCookieConsent(): CookieConsent | null {
  return store.get();
}

export function saveCookieConsent(choice: { preferences: boolean; analytics: boolean }): CookieConsent {
  const consent: CookieConsent = {
    necessary: true,
    preferences: choice.preferences,
    analytics: choice.analytics,
    decidedAt: new Date().toISOString(),
  };
  store.set(consent);
  localStore.write(COOKIE_CONSENT_KEY, JSON.stringify(consent));
  markCookieDecision(true);
  return consent;
}

/**
 * The visitor's choice. A prerendered page is drawn undecided: its HTML carries the banner, shown
 * or not by the style sheet from the entry's first look (src/app/state/cookieDecision.ts), and
 * hydration draws the same before the real choice takes over.
 */
export function useCookieConsent(): CookieConsent | null {
  return useStore(store, null);
}
