// The logged-in customer's contracts, offers and claims, read once per session for the dashboard
// and the lists, forgotten at logout (spec §4: logout resets contracts, offers and user data).

import { useEffect, useState } from 'react';
import {
  type ClaimEntry,
  type ContractEntry,
  getClaims,
  getContracts,
  getOffers,
  type OfferEntry,
} from '../../api/portal';
import { createStore, useStore } from '../../ui/state/store';
import { currentSession, onSessionEnd, useSession } from './session';

export type Loaded<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

function cachedRead<T>(read: (session: NonNullable<ReturnType<typeof currentSession>>) => Promise<T>) {
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
  return function useRead(): Loaded<T> & { retry: () => void } {
    const session = useSession();
    const state = useStore(store);
    const [, setTick] = useState(0);
    useEffect(() => {
      if (session && store.get() === null) {
        load();
        setTick((n) => n + 1);
      }
    }, [session]);
    return { ...(state ?? { status: 'loading' }), retry: load };
  };
}

export const useContracts = cachedRead<ContractEntry[]>((s) =>
  getContracts(s.CUSTOMER_NO).then((a) => a.CT_CONTRACTS ?? []),
);
export const useOffers = cachedRead<OfferEntry[]>((s) => getOffers(s.CONTACT_ID));
export const useClaims = cachedRead<ClaimEntry[]>((s) =>
  getClaims(s.CUSTOMER_NO).then((a) => a.CLAIM_LIST ?? []),
);
