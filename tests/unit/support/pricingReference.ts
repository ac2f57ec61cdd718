// The pricing as it was before it was made cheaper (main at d2498f4), kept as the reference the
// faster code is compared with: priceQuote copying the quote at every step with setPath and
// spreads, stripClientPrices deleting from its copies, the old setPath, and rating by the tariff
// interpreter (interpretTariff, which rateQuote's compiled tariffs replace). The helpers that did
// not change (policy term, variant, referral, promotions, payment backing) are the service's own.

import { applyDerived } from '../../../src/engine/flow/derived';
import type { Quote } from '../../../src/engine/flow/types';
import { getPath, splitPath } from '../../../src/engine/paths';
import { selectPackage } from '../../../src/engine/quote';
import { roundHalfAwayByText } from '../../../src/engine/rating/cents';
import { interpretTariff } from '../../../src/engine/rating/rate';
import type { RatingResult } from '../../../src/engine/rating/types';
import type { Product } from '../../../src/server/offers/catalog';
import {
  type Priced,
  type PriceOptions,
  paymentMethodBacked,
  policyTerm,
  quoteVariant,
  REGISTER_FACTS,
  referralCheck,
  registeredVehicle,
} from '../../../src/server/offers/pricing';
import { promotionsFor } from '../../../src/server/offers/promoCodes';
import { refuse } from '../../../src/server/platform/errors';
import type { RegisteredVehicle } from '../../../src/server/reference';

export { roundHalfAwayByText as referenceRoundHalfAway };

/** setPath as it was: a recursive copy, the index test made on every call. */
export function referenceSetPath<T>(root: T, path: string, value: unknown): T {
  const parts = splitPath(path);
  if (parts.length === 0) return value as T;
  const assign = (node: unknown, i: number): unknown => {
    const key = parts[i];
    const isIndex = /^\d+$/.test(key);
    const base: Record<string, unknown> | unknown[] =
      node !== null && typeof node === 'object'
        ? Array.isArray(node)
          ? [...node]
          : { ...(node as Record<string, unknown>) }
        : isIndex
          ? []
          : {};
    const child = i === parts.length - 1 ? value : assign((base as Record<string, unknown>)[key], i + 1);
    (base as Record<string, unknown>)[key] = child;
    return base;
  };
  return assign(root, 0) as T;
}

const MONEY_FIELDS = ['AMOUNT', 'INITIAL_AMOUNT', 'PREMIUM_AFTER_DISC_AMOUNT'];
const PAYMENT_METHOD = 'CS_POLICY.PAYMENT_METHOD';

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function referenceStripClientPrices(quote: Quote): Quote {
  const policy = { ...record(quote.CS_POLICY) };
  for (const field of MONEY_FIELDS) delete policy[field];
  const covers = Array.isArray(quote.CT_COVERS) ? quote.CT_COVERS : [];
  const choices = covers
    .map(record)
    .filter((c) => c.ZZSELECTED_IND === 'X')
    .map((c) => ({ COVER_ID: text(c.COVER_ID), PACKAGE_ID: text(c.PACKAGE_ID), ZZSELECTED_IND: 'X' }));
  const out: Quote = { ...quote, CS_POLICY: policy, CT_COVERS: choices };
  delete out.CT_PACKAGES;
  delete out.CT_DISCOUNTS;
  return out;
}

function withRegisterFacts(quote: Quote, registered: RegisteredVehicle | null): Quote {
  if (!registered) return quote;
  const facts: Record<string, string> = {};
  for (const fact of REGISTER_FACTS) {
    const value = text(registered[fact]);
    if (value !== '') facts[fact] = value;
  }
  return { ...quote, CS_VEHICLE: { ...record(quote.CS_VEHICLE), ...facts } };
}

function declaredOtherwise(
  input: Quote,
  registered: RegisteredVehicle | null,
): Record<string, string> | undefined {
  if (!registered) return undefined;
  let declared: Record<string, string> | undefined;
  for (const fact of REGISTER_FACTS) {
    const own = text(getPath(input, `CS_VEHICLE.${fact}`));
    const theirs = text(registered[fact]);
    if (own !== '' && theirs !== '' && own !== theirs) declared = { ...declared, [fact]: own };
  }
  return declared;
}

/** priceQuote as it was. */
export function referencePriceQuote(product: Product, input: Quote, options: PriceOptions): Priced {
  const tariff = product.tariff;
  if (!tariff) throw refuse('errors.quote.cannotRate');
  const registered = registeredVehicle(input);
  let quote = applyDerived(
    product.flow,
    referenceStripClientPrices(withRegisterFacts(input, registered)),
    options.today,
  );
  const variant = quoteVariant(product, quote, registered !== null);
  const term = policyTerm(product, quote, options.today);
  quote = referenceSetPath(quote, 'CS_POLICY', { ...record(quote.CS_POLICY), ...term });
  quote = referenceSetPath(
    referenceSetPath(quote, 'CS_POLICY.LANGUAGE', options.lang),
    'CS_USER_EXTRAS.LANGUAGE',
    options.lang,
  );
  referralCheck(product, quote, options.lang);
  const declared = declaredOtherwise(input, registered);
  if (declared) {
    referralCheck(
      product,
      { ...quote, CS_VEHICLE: { ...record(quote.CS_VEHICLE), ...declared } },
      options.lang,
    );
  }
  const promotions = promotionsFor(quote, product.meta.rulesKey, options.today);
  const rated = paymentMethodBacked(product, quote, options.today)
    ? quote
    : referenceSetPath(quote, PAYMENT_METHOD, '');

  let rating: RatingResult;
  try {
    rating = interpretTariff(tariff, rated, { today: options.today, variant, newPolicy: true, promotions });
  } catch (error) {
    options.onRatingError?.(error);
    throw refuse('errors.quote.cannotRate');
  }

  const packageId = text(getPath(quote, 'CS_POLICY.PACKAGE_ID'));
  let selected = packageId === '' ? undefined : rating.CT_PACKAGES.find((p) => p.PACKAGE_ID === packageId);
  if (options.requirePackage && !selected) {
    throw refuse('errors.quote.unknownPackage', {}, { field: 'CS_POLICY.PACKAGE_ID' });
  }
  const productId =
    (variant !== undefined ? tariff.variants?.[variant]?.productId : undefined) ?? tariff.productId;

  quote = {
    ...quote,
    CT_PACKAGES: rating.CT_PACKAGES,
    CT_COVERS: rating.CT_COVERS,
    CT_DISCOUNTS: rating.CT_DISCOUNTS,
  };
  if (selected) {
    quote = selectPackage(quote, selected.PACKAGE_ID);
    selected = { ...selected, ZZSELECTED_IND: 'X' };
  } else {
    quote = { ...quote, CT_OFFERS: [] };
  }
  const policy: Record<string, unknown> = {
    PRODUCT_ID: productId,
    ...term,
    PACKAGE_ID: selected?.PACKAGE_ID ?? '',
    PACKAGE_DESC: selected?.PACKAGE_DESC ?? '',
    AMOUNT: selected?.AMOUNT ?? 0,
    INITIAL_AMOUNT: selected?.INITIAL_AMOUNT ?? 0,
    PREMIUM_AFTER_DISC_AMOUNT: selected?.AMOUNT ?? 0,
  };
  quote = referenceSetPath(quote, 'CS_POLICY', { ...record(quote.CS_POLICY), ...policy });
  return { quote, rating, policy, selected, variant };
}
