// The visitor's cookie choice. Necessary cookies are always on; preferences and analytics are
// opt-in. Kept in localStorage so the banner does not return on every visit.

import { createStore, localStore, readJson, useStore } from '../../ui/state/store';

export interface CookieConsent {
  necessary: true;
  preferences: boolean;
  analytics: boolean;
  /** ISO time of the decision. */
  decidedAt: string;
}

export const COOKIE_CONSENT_KEY = 'zcp.cookies';

function isConsent(x: unknown): x is CookieConsent {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    c.necessary === true &&
    typeof c.preferences === 'boolean' &&
    typeof c.analytics === 'boolean' &&
    typeof c.decidedAt === 'string'
  );
}

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
  return consent;
}

const DECIDED_ELSEWHERE: CookieConsent = {
  necessary: true,
  preferences: false,
  analytics: false,
  decidedAt: '',
};

/**
 * The visitor's choice. A prerendered page is drawn as if they had decided (no banner in the
 * HTML, which every visitor would otherwise see flash): the banner appears once hydrated.
 */
export function useCookieConsent(): CookieConsent | null {
  return useStore(store, DECIDED_ELSEWHERE);
}
