// A stored offer priced again today, as its detail shows it and the portal's offer list flags it:
// a start date that has passed moves to today, and DATA_CHANGED says the premium is no longer the
// one the offer was given with (spec: the customer is asked whether to go on at the new price).

import { toCents } from '../../engine/money';
import type { Lang } from '../platform/i18n';
import type { Product } from './catalog';
import { type Priced, priceQuote } from './pricing';
import type { StoredOffer } from './store';

export interface RepricedOffer {
  priced: Priced;
  /** The premium differs from the stored one. */
  premiumChanged: boolean;
  /** The start date had passed and was moved to today. */
  datesChanged: boolean;
}

export function repriceOffer(
  product: Product,
  offer: Pick<StoredOffer, 'quote' | 'premium_cents'> & { renewal_of?: string | null },
  options: { today: string; lang: Lang; onRatingError?: (error: unknown) => void },
): RepricedOffer {
  const policy = (offer.quote.CS_POLICY ?? {}) as Record<string, unknown>;
  const start = typeof policy.START_DATE === 'string' ? policy.START_DATE : '';
  // A renewal keeps its start, the day after the contract it renews ends, and is rated as a renewal.
  const renewal = Boolean(offer.renewal_of);
  const datesChanged = !renewal && start !== '' && start !== '0000-00-00' && start < options.today;
  const quote = datesChanged
    ? { ...offer.quote, CS_POLICY: { ...policy, START_DATE: options.today } }
    : offer.quote;
  const priced = priceQuote(product, quote, {
    today: options.today,
    lang: options.lang,
    requirePackage: true,
    onRatingError: options.onRatingError,
    ...(renewal ? { renewalStart: start } : {}),
  });
  const amount = priced.selected?.AMOUNT ?? 0;
  return { priced, premiumChanged: toCents(amount) !== Number(offer.premium_cents), datesChanged };
}
