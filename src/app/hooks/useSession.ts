import { useSyncExternalStore } from 'react';
import { isLoggedIn, subscribeSession } from '../../api/session';

/** Re-renders when the customer logs in or out (the portal's login, logout and 401 handling). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isLoggedIn, () => false);
}
