import { useSyncExternalStore } from 'react';
import { isLoggedIn } from '../../api/session';

// The token lives in sessionStorage; other tabs do not share it, and this tab changes it only
// through the portal's login and logout, which navigate (and so re-render) right after.
const subscribe = () => () => {};

export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}
