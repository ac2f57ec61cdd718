// The portal's part of the navigation guard (spec §2), installed into the app's guards:
// - on every navigation, a session the browser believes in is validated with the service;
//   without one, a silent login (refresh cookie) is tried on the page's first navigation and
//   whenever a route needs a login, when the browser holds a refresh cookie (its readable hint);
// - a route needing a login without a valid session goes to Login, which comes back after;
// - Login, register and reset while logged in go to the default route (the dashboard);
// - register and reset cannot be the first navigation (they go to Login, query kept);
// - endorsements go back to the contract's page; a claim wizard's step above 1 goes to its step 1,
//   as the purchase flows' offer steps do (the answers kept for the visit bring the customer back
//   to where they were).

import { generatePath } from 'react-router';
import { hasRefreshCookie, isLoggedIn } from '../api/session';
import { addProtectedRoutes, type NavigationHook, setNavigationHook } from '../shell/guards';
import { parseStep, withQuery } from '../shell/routeTable';
import {
  afterLoginPath,
  ENDORSEMENTS_PATH,
  isLoggedOutOnly,
  LOGIN_PATH,
  loginPathFor,
  MOTOR_CLAIM_PATH,
  needsLogin,
  PROPERTY_CLAIM_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
} from './routePaths';
import { currentSession, silentLogin, validateSession } from './state/session';

// A silent login that found no session is not tried again in this page load: the browser has no
// refresh cookie, and asking on every navigation would only cost a round trip each time.
let silentLoginFailed = false;

export const portalNavigationHook: NavigationHook = async (target, { first }) => {
  const loginNeeded = needsLogin(target.pathname);
  let session = null;
  if (currentSession() || isLoggedIn()) session = await validateSession();
  else if ((first || loginNeeded) && !silentLoginFailed && hasRefreshCookie()) {
    session = await silentLogin();
    silentLoginFailed = session === null;
  }

  if (loginNeeded && !session) return loginPathFor(target.pathname, target.search);
  if (session && isLoggedOutOnly(target.pathname)) return afterLoginPath(target.search);
  return null;
};

let installed = false;

/** A stepped wizard's step 1 (same params, query kept) when the address names a later step. */
const toFirstStep =
  (pattern: string) =>
  (params: Record<string, string | undefined>, search: string): string | null => {
    if (parseStep(params.step) === 1) return null;
    const path = generatePath(pattern, { ...params, step: '1' });
    return withQuery(path, search);
  };

/** Lets the next navigation try a silent login again (tests; a login makes it moot). */
export function resetSilentLogin(): void {
  silentLoginFailed = false;
}

/** Installs the portal's guard once (main.tsx; tests install it themselves). */
export function installPortalGuard(): () => void {
  if (!installed) {
    installed = true;
    const toLogin = (_params: Record<string, string | undefined>, search: string) =>
      withQuery(LOGIN_PATH, search);
    addProtectedRoutes([
      { pattern: REGISTER_PATH, defaultRoute: toLogin },
      { pattern: RESET_PASSWORD_PATH, defaultRoute: toLogin },
      // Endorsements open from the contract's page (spec §2): a first navigation goes back there.
      {
        pattern: ENDORSEMENTS_PATH,
        defaultRoute: (params, search) =>
          withQuery(`/my-contract/${encodeURIComponent(params.contractId ?? '')}`, search),
      },
      { pattern: MOTOR_CLAIM_PATH, defaultRoute: toFirstStep(MOTOR_CLAIM_PATH) },
      { pattern: PROPERTY_CLAIM_PATH, defaultRoute: toFirstStep(PROPERTY_CLAIM_PATH) },
    ]);
  }
  return setNavigationHook(portalNavigationHook);
}
