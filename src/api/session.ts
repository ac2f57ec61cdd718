// Whether this browser believes it is logged in. The credentials themselves are HttpOnly cookies
// the service sets (docs/portal-api.md §1): no script can read a token. What the client keeps is a
// hint (localStorage `zcp.session`, "1" while logged in) so a new tab or a reload knows to try a
// silent login, and listeners for the screens that change with it (menus, bottom bar).

import { HOST_PREFIX, REFRESH_HINT_COOKIE } from '../engine/cookies';

export const SESSION_HINT_KEY = 'zcp.session';

/** Whether this browser holds a refresh cookie, as far as its readable companion tells. */
export function hasRefreshCookie(cookies = typeof document === 'undefined' ? '' : document.cookie): boolean {
  const set = [`${REFRESH_HINT_COOKIE}=1`, `${HOST_PREFIX}${REFRESH_HINT_COOKIE}=1`];
  return cookies.split(';').some((c) => set.includes(c.trim()));
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes, sandboxed frames).
    return null;
  }
}

let loggedIn = storage()?.getItem(SESSION_HINT_KEY) === '1';
const listeners = new Set<() => void>();

/** Logged in, as far as the client can tell. The portal validates it on navigation. */
export function isLoggedIn(): boolean {
  return loggedIn;
}

/** Records a login (true) or a logout (false) and tells the listeners. */
export function setLoggedIn(next: boolean): void {
  const s = storage();
  if (s) {
    if (next) s.setItem(SESSION_HINT_KEY, '1');
    else s.removeItem(SESSION_HINT_KEY);
  }
  if (next === loggedIn) return;
  loggedIn = next;
  for (const listener of [...listeners]) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
