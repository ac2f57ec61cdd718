// Routes and table settings of the contracts and offers screens (spec §2).

import type { OfferEntry } from '../../api/portal';
import { productKey } from '../format';

export const CONTRACT_PATH = '/my-contract/:contractId';

export const contractPath = (contractNo: string) => `/my-contract/${encodeURIComponent(contractNo)}`;
/** Registered by the endorsements and payment-method screens (issue 14 items 4 and 5). */
export const endorsementsPath = (contractNo: string) => `${contractPath(contractNo)}/endorsements`;
export const paymentMethodPath = (contractNo: string) => `${contractPath(contractNo)}/payment-method-details`;

/** Data tables: 3 rows a page by default, with 5, 10, 25, 50 or 100 to choose (spec §2, §9). */
export const DEFAULT_PAGE_SIZE = 3;
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 5, 10, 25, 50, 100];

export type Offer = OfferEntry & { LINK?: string };

/** The purchase flow's address of an offer: the service's link, else the flow's offer route. */
export function offerFlowLink(offer: Offer, confirmedPrice?: number): string {
  const base =
    offer.LINK?.startsWith('/') && !offer.LINK.startsWith('//')
      ? offer.LINK
      : `/${productKey(offer.PRODUCT_CODE)}/offer/1?${new URLSearchParams({ offer: offer.OFFER_NO, product: offer.PRODUCT_ID })}`;
  if (confirmedPrice === undefined) return base;
  return `${base}${base.includes('?') ? '&' : '?'}price=${encodeURIComponent(String(confirmedPrice))}`;
}
