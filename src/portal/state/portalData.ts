// The logged-in customer's contracts, offers and claims, read once per session for the dashboard
// and the lists, forgotten at logout (spec §4: logout resets contracts, offers and user data).

import { useEffect } from 'react';
import {
  type ClaimEntry,
  type ContractEntry,
  getClaims,
  getContracts,
  getOffers,
  type OfferEntry,
} from '../../api/portal';
import { createStore, type Store, useStore } from '../../ui/state/store';
import { currentSession, onSessionEnd, useSession } from './session';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

interface CachedRead<T> {
  store: Store<Loaded<T> | null>;
  load: () => void;
}

function cachedRead<T>(
  read: (session: NonNullable<ReturnType<typeof currentSession>>) => Promise<T>,
): CachedRead<T> {
  const store = createStore<Loaded<T> | null>(null);
  onSessionEnd(() => store.set(null));
  const load = () => {
    const session = currentSession();
    if (!session) return;
    store.set({ status: 'loading' });
    read(session).then(
      (data) => store.set({ status: 'ready', data }),
      () => store.set({ status: 'failed' }),
    );
  };
  return { store, load };
}

/**
 * A cached read for a screen: loaded on first use in a session, with a retry. `fresh` reads again
 * each time a screen opens (the claims: one just filed through a wizard must be listed).
 */
function useCachedRead<T>({ store, load }: CachedRead<T>, fresh = false): Loaded<T> & { retry: () => void } {
  const session = useSession();
  const state = useStore(store);
  useEffect(() => {
    if (session && (fresh || store.get() === null)) load();
  }, [session, store, load, fresh]);
  return { ...(state ?? { status: 'loading' }), retry: load };
}

const contracts = cachedRead<ContractEntry[]>((s) =>
  getContracts(s.CUSTOMER_NO).then((a) => a.CT_CONTRACTS ?? []),
);
const offers = cachedRead<OfferEntry[]>((s) => getOffers(s.CONTACT_ID));
const claims = cachedRead<ClaimEntry[]>((s) => getClaims(s.CUSTOMER_NO).then((a) => a.CLAIM_LIST ?? []));

export const useContracts = () => useCachedRead(contracts);
export const useOffers = () => useCachedRead(offers);
export const useClaims = () => useCachedRead(claims, true);
