// The portal's routes of spec §2 as data: which need a login, which are for logged-out visitors
// only (login, register, reset), and the safe return path after logging in.

import { matchPath } from 'react-router';
import { DASHBOARD_PATH, LOGIN_PATH, NEW_REQUEST_PATH, REQUESTS_PATH, withQuery } from '../shell/routeTable';

export { DASHBOARD_PATH, LOGIN_PATH, NEW_REQUEST_PATH, REQUESTS_PATH };
export const REGISTER_PATH = '/register';
export const RESET_PASSWORD_PATH = '/reset-password';
export const PROFILE_PATH = '/my-profile';
export const CONTRACTS_PATH = '/my-contracts';
export const OFFERS_PATH = '/my-offers';
export const CLAIMS_PATH = '/my-claims';
export const DOCUMENTS_PATH = '/my-documents';
export const TERMS_PATH = '/terms-of-use';
export const HELP_PATH = '/help-page';
export const ENDORSEMENTS_PATH = '/my-contract/:contractId/endorsements';
export const MOTOR_CLAIM_PATH = '/motor-claim/:step';
export const PROPERTY_CLAIM_PATH = '/property-claim/:contractId/:step';

/** Routes that need a logged-in customer (spec §2 "Login needed: yes"). */
const LOGIN_ONLY = [
  DASHBOARD_PATH,
  PROFILE_PATH,
  CONTRACTS_PATH,
  '/my-contract/*',
  OFFERS_PATH,
  CLAIMS_PATH,
  '/my-claims/*',
  DOCUMENTS_PATH,
  REQUESTS_PATH,
  NEW_REQUEST_PATH,
  '/motor-claim/*',
  '/property-claim/*',
];

/** Routes for logged-out visitors: logged in, they go to the default route. */
const LOGGED_OUT_ONLY = [LOGIN_PATH, REGISTER_PATH, RESET_PASSWORD_PATH];

const matchesAny = (patterns: readonly string[], pathname: string) =>
  patterns.some((pattern) => matchPath({ path: pattern, caseSensitive: true, end: true }, pathname) !== null);

export function needsLogin(pathname: string): boolean {
  return matchesAny(LOGIN_ONLY, pathname);
}

export function isLoggedOutOnly(pathname: string): boolean {
  return matchesAny(LOGGED_OUT_ONLY, pathname);
}

/** An in-app path to come back to, or null for anything else (another site, a protocol-relative URL). */
export function safeReturnTo(raw: string | null | undefined): string | null {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, 'http://in.app');
    if (url.origin !== 'http://in.app' || isLoggedOutOnly(url.pathname)) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** Login, remembering where to come back to. */
export function loginPathFor(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?returnTo=${encodeURIComponent(withQuery(pathname, search))}`;
}

/** Where a login lands: the path it was sent from, else the dashboard. */
export function afterLoginPath(search: string): string {
  return safeReturnTo(new URLSearchParams(search).get('returnTo')) ?? DASHBOARD_PATH;
}
