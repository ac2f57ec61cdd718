// The portal's session as the service describes it (GET /zcp/um/session and the login answers).
// The credentials are HttpOnly cookies; this store only holds what the screens show and need
// (customer number, contact id, user id, the inactivity timeout). A 401 anywhere clears it
// through the app's logout (api/session's hint), and logout or a failed validation clears the
// customer's data too (spec §4).

import { refreshSession } from '../../api/client';
import type { PortalSession } from '../../api/portal';
import * as portal from '../../api/portal';
import { isLoggedIn, setLoggedIn, subscribeSession } from '../../api/session';
import { createStore, useStore } from '../../ui/state/store';

const store = createStore<PortalSession | null>(null);
const resetters = new Set<() => void>();

// The app's 401 handling (and another tab's logout seen on a call) flips the hint: follow it.
subscribeSession(() => {
  if (!isLoggedIn()) clearSession();
});

export function useSession(): PortalSession | null {
  return useStore(store);
}

export function currentSession(): PortalSession | null {
  return store.get();
}

/** Data that belongs to the logged-in customer registers how to forget it (contracts, user …). */
export function onSessionEnd(reset: () => void): void {
  resetters.add(reset);
}

function isSession(x: unknown): x is PortalSession {
  return typeof x === 'object' && x !== null && (x as PortalSession).LOGGED_IN === true;
}

/** A session answer from the service (login, 2FA, passkey, refresh). */
export function startSession(session: PortalSession): void {
  store.set(session);
  setLoggedIn(true);
}

/** Forgets the session and everything of the customer's on this side. */
export function clearSession(): void {
  const had = store.get() !== null;
  store.set(null);
  setLoggedIn(false);
  if (had || resetters.size) for (const reset of resetters) reset();
}

/**
 * The navigation guard's check: GET /zcp/um/session (the client refreshes an expired access token
 * on its own). Resolves to the session, or null after clearing it.
 */
export async function validateSession(): Promise<PortalSession | null> {
  try {
    const session = await portal.getSession();
    if (isSession(session)) {
      store.set(session);
      setLoggedIn(true);
      return session;
    }
  } catch {
    // 401 of any kind: the session is over.
  }
  clearSession();
  return null;
}

/** The spec's silent login: a refresh with the refresh cookie, if the browser still has one. */
export async function silentLogin(): Promise<PortalSession | null> {
  const answer = await refreshSession();
  if (isSession(answer)) {
    startSession(answer);
    return answer;
  }
  return null;
}

/** Logout: the service revokes the session everywhere; this side forgets it whatever the answer. */
export async function logoutNow(): Promise<void> {
  const userId = store.get()?.USER_ID;
  try {
    await portal.logout(userId);
  } catch {
    // Already logged out on the server, or unreachable: forget it here all the same.
  }
  clearSession();
}
