// Whether this browser's visitor has decided about cookies, and how the page says so before the
// app runs. Free of other imports: the entry (src/boot.ts) reads it before the first paint.
//
// Every page's HTML carries the cookie banner (so a first visit sees it with the page, not seconds
// later when the app is live); the style sheet shows it only once the entry has marked the page
// `html[data-cookies="undecided"]`, so a visitor who has decided never sees it flash.

/** Where the visitor's choice is kept (localStorage). */
export const COOKIE_CONSENT_KEY = 'zcp.cookies';

export interface CookieConsent {
  necessary: true;
  preferences: boolean;
  analytics: boolean;
  /** ISO time of the decision. */
  decidedAt: string;
}

export function isConsent(x: unknown): x is CookieConsent {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    c.necessary === true &&
    typeof c.preferences === 'boolean' &&
    typeof c.analytics === 'boolean' &&
    typeof c.decidedAt === 'string'
  );
}

/** Marks the page as decided or not (the style sheet shows the banner only when undecided). */
export function markCookieDecision(decided: boolean): void {
  document.documentElement.dataset.cookies = decided ? 'decided' : 'undecided';
}

/** The stored choice's presence, read without the app's store (the entry's first look). */
export function storedDecision(): boolean {
  try {
    const raw = localStorage.getItem(COOKIE_CONSENT_KEY);
    return raw !== null && isConsent(JSON.parse(raw));
  } catch {
    return false;
  }
}
