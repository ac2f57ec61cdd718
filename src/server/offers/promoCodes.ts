// Promo and reference codes (spec §3 promo block, §9 promotions): the insurer's list in
// flows/_catalogues/promoCodes.json (its live version: a published code is taken at once). A promo code (PROMO_CODE_CP) may carry a first-year discount
// for new policies, for every product or the ones it names; a reference code (PROMO_CODE_TIS) only
// tells the insurer where the visitor came from. The /promo page checks a code with promoCodeOn;
// pricing applies it with promotionsFor, so the price shown and the price charged are the server's.

import promoCodes from '../../../flows/_catalogues/promoCodes.json' with { type: 'json' };
import type { Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import type { Promotion } from '../../engine/rating/types';
import { refuse } from '../platform/errors';
import { liveCatalogue } from '../platform/liveConfig';

export type PromoKind = 'PROMO_CODE_CP' | 'PROMO_CODE_TIS';

export interface PromoCode {
  CODE: string;
  KIND: PromoKind;
  /** Inclusive Y-m-d bounds, Europe/Nicosia. */
  VALID_FROM?: string;
  VALID_TO?: string;
  /** First-year discount for a new policy, percent of the premium after the tariff's discounts. */
  PERCENT?: number;
  /** The products (rulesKey) it applies to; every product when absent. */
  PRODUCTS?: string[];
}

const KINDS: readonly PromoKind[] = ['PROMO_CODE_CP', 'PROMO_CODE_TIS'];

/** The code in force on `day` (of the given kind, when given), or undefined. */
export function promoCodeOn(code: string, day: string, kind?: PromoKind): PromoCode | undefined {
  const wanted = code.trim().toUpperCase();
  return liveCatalogue('promoCodes', promoCodes as PromoCode[]).find(
    (p) =>
      p.CODE === wanted &&
      (kind === undefined || p.KIND === kind) &&
      (!p.VALID_FROM || p.VALID_FROM <= day) &&
      (!p.VALID_TO || day <= p.VALID_TO),
  );
}

/**
 * The promotions a quote's promo block earns for a product on `day`. A code that is not in force,
 * of the wrong kind or not for this product is refused with the spec's "The promo code is wrong."
 */
export function promotionsFor(quote: Quote, product: string, day: string): Promotion[] {
  const out: Promotion[] = [];
  for (const kind of KINDS) {
    const raw = getPath(quote, `CS_PROMO.${kind}`);
    if (raw === undefined || raw === null || raw === '') continue;
    const code = typeof raw === 'string' ? promoCodeOn(raw, day, kind) : undefined;
    if (!code || (code.PRODUCTS && !code.PRODUCTS.includes(product)))
      throw refuse('errors.promo.wrong', {}, { field: `CS_PROMO.${kind}`, code: 'WRONG_CODE' });
    if (code.PERCENT && code.PERCENT > 0) out.push({ id: `PROMO_${code.CODE}`, percent: code.PERCENT });
  }
  return out;
}
