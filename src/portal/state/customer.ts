// The logged-in customer's CS_USER, loaded after login (spec §4: if that fails the customer is
// logged out) and replaced by every profile update's answer.

import { useEffect } from 'react';
import { isZcpError } from '../../api/errors';
import { type CsUser, getCustomer } from '../../api/portal';
import { createStore, useStore } from '../../ui/state/store';
import { clearSession, currentSession, onSessionEnd, useSession } from './session';

type CustomerState =
  | { status: 'idle' | 'loading' | 'failed'; user: null }
  | { status: 'ready'; user: CsUser };

const store = createStore<CustomerState>({ status: 'idle', user: null });
let loading: Promise<CsUser | null> | null = null;

onSessionEnd(() => {
  store.set({ status: 'idle', user: null });
  loading = null;
});

/** Loads CS_USER once per session; a 401/403 while loading ends the session (spec §4). */
export function loadCustomer(force = false): Promise<CsUser | null> {
  const session = currentSession();
  if (!session) return Promise.resolve(null);
  const state = store.get();
  if (!force && state.status === 'ready') return Promise.resolve(state.user);
  if (!force && loading) return loading;
  store.set({ status: 'loading', user: null });
  loading = getCustomer(session.CUSTOMER_NO)
    .then((answer) => {
      store.set({ status: 'ready', user: answer.CS_USER });
      return answer.CS_USER;
    })
    .catch((error: unknown) => {
      store.set({ status: 'failed', user: null });
      if (isZcpError(error) && (error.status === 401 || error.status === 403)) clearSession();
      return null;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** A profile update answered the new CS_USER. */
export function setCustomer(user: CsUser): void {
  store.set({ status: 'ready', user });
}

export function useCustomer(): CustomerState & { retry: () => void } {
  const session = useSession();
  const state = useStore(store);
  useEffect(() => {
    if (session && store.get().status === 'idle') void loadCustomer();
  }, [session]);
  return { ...state, retry: () => void loadCustomer(true) };
}
