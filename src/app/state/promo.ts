// The promo or reference code the visitor entered on /promo, validated by the service. The flows
// copy it into the quote's promo block. Kept in sessionStorage so it survives the language
// switch's reload but not the end of the visit.

import { createStore, readJson, sessionStore, useStore } from '../../ui/state/store';

export type PromoCodeKind = 'PROMO_CODE_CP' | 'PROMO_CODE_TIS';

/** The quote's promo code block (spec §3), without the PLAN list the service fills. */
export interface PromoBlock {
  PROMO_CODE_CP?: string;
  PROMO_CODE_TIS?: string;
  AGENT_CODE?: string;
  DISTRICT?: string;
}

const KEY = 'zcp.promo';

function isPromoBlock(x: unknown): x is PromoBlock {
  if (typeof x !== 'object' || x === null) return false;
  return Object.values(x).every((v) => typeof v === 'string');
}

const store = createStore<PromoBlock | null>(readJson(sessionStore.read(KEY), isPromoBlock));

export function getPromo(): PromoBlock | null {
  return store.get();
}

export function setPromo(block: PromoBlock): void {
  const clean: PromoBlock = {};
  for (const [k, v] of Object.entries(block) as [keyof PromoBlock, string | undefined][]) {
    if (v?.trim()) clean[k] = v.trim();
  }
  store.set(clean);
  sessionStore.write(KEY, JSON.stringify(clean));
}

export function clearPromo(): void {
  store.set(null);
  sessionStore.write(KEY, null);
}

export function usePromo(): PromoBlock | null {
  return useStore(store);
}
