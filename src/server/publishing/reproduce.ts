// Any offer's premium reproduced from the versions it records (issue 29 item 6): its stored quote
// priced again by the product as those versions built it, on the day it was priced.

import { todayInNicosia } from '../../engine/dates';
import type { Quote } from '../../engine/flow/types';
import { toCents } from '../../engine/money';
import type { Db } from '../db';
import type { ConfigVersionRefs } from '../offers/catalog';
import { priceQuote } from '../offers/pricing';
import type { Lang } from '../platform/i18n';
import { productOfVersions } from './registry';

export interface RecordedOffer {
  quote: Quote;
  language: string;
  created_at: Date | string;
  updated_at?: Date | string;
  config_versions: ConfigVersionRefs | null;
}

/** The premium in cents the offer's own versions give its quote, or undefined without versions. */
export async function reproducePremium(db: Db, offer: RecordedOffer): Promise<number | undefined> {
  if (!offer.config_versions) return undefined;
  const product = await productOfVersions(db, offer.config_versions);
  if (!product) return undefined;
  // The day it was last priced (an offer changed in place was priced again then).
  const day = todayInNicosia(new Date(offer.updated_at ?? offer.created_at));
  const priced = priceQuote(product, structuredClone(offer.quote), {
    today: day,
    lang: (offer.language === 'en' ? 'en' : 'el') as Lang,
    requirePackage: true,
  });
  return priced.selected ? toCents(priced.selected.AMOUNT) : undefined;
}
