// Prices a quote the way every product call does: derived values, policy term, referral check,
// rating, package selection. The client never sends a price: amounts in the request are ignored
// and every amount in the answer comes from the tariff.

import { evaluateCheckPoints } from '../../engine/checkpoints';
import { conditionPaths, evaluateCondition } from '../../engine/conditions';
import { addDays, isValidYmd, policyEndDate } from '../../engine/dates';
import { readNumber } from '../../engine/expr';
import { applyDerived } from '../../engine/flow/derived';
import type { Field, Flow, Quote } from '../../engine/flow/types';
import { validateSubstep } from '../../engine/flow/validate';
import { toCents } from '../../engine/money';
import { getPath, setPath } from '../../engine/paths';
import { selectPackage } from '../../engine/quote';
import { rateQuote } from '../../engine/rating/rate';
import type { RatedPackage, RatingResult, Tariff } from '../../engine/rating/types';
import { ApiError, refuse } from '../platform/errors';
import type { Lang } from '../platform/i18n';
import { findVehicleByChassisTail, findVehicleByPlate, type RegisteredVehicle } from '../reference';
import { findVariant, type Product } from './catalog';
import { promotionsFor } from './promoCodes';
import type { OfferInput } from './store';

export interface PolicyTerm {
  START_DATE: string;
  END_DATE: string;
  PERIOD: number;
  DURATION_YEARS: number;
  DURATION_MONTHS: number;
  DURATION_DAYS: number;
}

export interface Priced {
  /** The quote as the service understands it: derived values, server term and amounts, selection. */
  quote: Quote;
  rating: RatingResult;
  /** The CS_POLICY fields the service decides (the answer's CS_POLICY). */
  policy: Record<string, unknown>;
  selected?: RatedPackage;
  variant?: string;
}

export interface PriceOptions {
  today: string;
  lang: Lang;
  /** The selected package must be among the rated ones (package recalculation, quotation). */
  requirePackage: boolean;
  /** Logs a tariff that fails on a quote (a product-file error, not the visitor's). */
  onRatingError?: (error: unknown) => void;
  /**
   * A renewal (issue 28 item 2): the new contract starts on this day, however far ahead (the day
   * after the old one ends), and is rated as a second year: no first-year promotion or promo code.
   */
  renewalStart?: string;
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

// Pricing copies the visitor's quote a few times and adds fields to the copies. Both are written
// for V8 (Node 20), where they made a fifth of pricing: a copy that gains fields is an object-rest
// copy (V8 adds a property to a spread copy several times slower), and fields are set one by one
// by name (a second spread, or a loop over keys, adds each by computed key, slower again).

/** A shallow copy of an object (an empty one for anything else) that fields will be added to. */
function copyToExtend(value: unknown): Record<string, unknown> {
  const { ...copy } = record(value);
  return copy;
}

/**
 * Sets the term's fields on a policy, by name, in the order `{ ...policy, ...term }` would (the
 * equivalence tests compare with that spread, so a field added to PolicyTerm must be added here).
 */
function setTerm(policy: Record<string, unknown>, term: PolicyTerm): void {
  policy.START_DATE = term.START_DATE;
  policy.END_DATE = term.END_DATE;
  policy.PERIOD = term.PERIOD;
  policy.DURATION_YEARS = term.DURATION_YEARS;
  policy.DURATION_MONTHS = term.DURATION_MONTHS;
  policy.DURATION_DAYS = term.DURATION_DAYS;
}

/** Sets the policy fields the service decides (the answer's CS_POLICY) on `policy`, by name. */
function setServicePolicy(
  policy: Record<string, unknown>,
  productId: string,
  term: PolicyTerm,
  selected: RatedPackage | undefined,
): Record<string, unknown> {
  policy.PRODUCT_ID = productId;
  setTerm(policy, term);
  policy.PACKAGE_ID = selected?.PACKAGE_ID ?? '';
  policy.PACKAGE_DESC = selected?.PACKAGE_DESC ?? '';
  policy.AMOUNT = selected?.AMOUNT ?? 0;
  policy.INITIAL_AMOUNT = selected?.INITIAL_AMOUNT ?? 0;
  policy.PREMIUM_AFTER_DISC_AMOUNT = selected?.AMOUNT ?? 0;
  return policy;
}

/** The quote without anything the client may not decide: amounts, rated lists (only cover choices stay). */
export function stripClientPrices(quote: Quote): Quote {
  // Copies without the fields rather than deleting them from copies: an object that lost a
  // property turns into a dictionary, and so does every later copy of it (each pricing step's).
  const { AMOUNT, INITIAL_AMOUNT, PREMIUM_AFTER_DISC_AMOUNT, ...policy } = record(quote.CS_POLICY);
  const covers = Array.isArray(quote.CT_COVERS) ? quote.CT_COVERS : [];
  const choices = covers
    .map(record)
    .filter((c) => c.ZZSELECTED_IND === 'X')
    .map((c) => ({ COVER_ID: text(c.COVER_ID), PACKAGE_ID: text(c.PACKAGE_ID), ZZSELECTED_IND: 'X' }));
  const { CT_PACKAGES, CT_DISCOUNTS, ...kept } = quote;
  kept.CS_POLICY = policy;
  kept.CT_COVERS = choices;
  return kept;
}

function tariffConfigNumber(tariff: Tariff | undefined, name: string): number | undefined {
  const n = readNumber(tariff?.config?.[name]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

function defaultNumber(product: Product, path: string, fallback: number): number {
  const n = readNumber(product.flow.defaults?.[path]);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/**
 * Start and end of the policy. The start is the quote's (today when empty), never in the past and
 * at most MAX_START_DAYS_AHEAD days ahead when the tariff sets it. The length is the flow's
 * defaults (one year unless the flow says otherwise); a tariff with MAX_DURATION_DAYS (travel)
 * takes CS_POLICY.DURATION_DAYS from the quote instead, within that bound.
 */
export function policyTerm(product: Product, quote: Quote, today: string, renewalStart?: string): PolicyTerm {
  const raw = renewalStart ?? getPath(quote, 'CS_POLICY.START_DATE');
  const start = raw === undefined || raw === null || raw === '' || raw === '0000-00-00' ? today : raw;
  if (!isValidYmd(start) || start < today) {
    throw refuse('errors.quote.startDate', {}, { field: 'CS_POLICY.START_DATE' });
  }
  const maxAhead = tariffConfigNumber(product.tariff, 'MAX_START_DAYS_AHEAD');
  if (renewalStart === undefined && maxAhead !== undefined && start > addDays(today, maxAhead)) {
    throw refuse('errors.travel.startTooFar', { days: maxAhead }, { field: 'CS_POLICY.START_DATE' });
  }
  const period = defaultNumber(product, 'CS_POLICY.PERIOD', 12);
  const maxDays = tariffConfigNumber(product.tariff, 'MAX_DURATION_DAYS');
  if (maxDays !== undefined) {
    const days = readNumber(getPath(quote, 'CS_POLICY.DURATION_DAYS'));
    if (!Number.isInteger(days) || days < 1 || days > maxDays) {
      throw refuse('errors.travel.duration', { days: maxDays }, { field: 'CS_POLICY.DURATION_DAYS' });
    }
    return {
      START_DATE: start,
      END_DATE: policyEndDate(start, { days }),
      PERIOD: period,
      DURATION_YEARS: 0,
      DURATION_MONTHS: 0,
      DURATION_DAYS: days,
    };
  }
  let years = defaultNumber(product, 'CS_POLICY.DURATION_YEARS', 1);
  const months = defaultNumber(product, 'CS_POLICY.DURATION_MONTHS', 0);
  const days = defaultNumber(product, 'CS_POLICY.DURATION_DAYS', 0);
  if (years === 0 && months === 0 && days === 0) years = 1;
  return {
    START_DATE: start,
    END_DATE: policyEndDate(start, { years, months, days }),
    PERIOD: period,
    DURATION_YEARS: years,
    DURATION_MONTHS: months,
    DURATION_DAYS: days,
  };
}

/**
 * The variant id a quote asks for (CS_USER_EXTRAS.VARIANT), checked against the flow, and the quote
 * checked against the variant's `eligibleIf`: a programme's price is never given on a flag the
 * client sends alone (a brand programme needs a vehicle of its maker). The condition reads the
 * register's facts (withRegisterFacts); for a vehicle the register does not know (`registered`
 * false) those facts are unknown, so a programme that asks about them is refused.
 */
export function quoteVariant(product: Product, quote: Quote, registered = true): string | undefined {
  const name = text(getPath(quote, 'CS_USER_EXTRAS.VARIANT'));
  if (name === '') return undefined;
  const variant = findVariant(product, name);
  if (!variant) throw refuse('errors.quote.unknownVariant', {}, { field: 'CS_USER_EXTRAS.VARIANT' });
  if (
    variant.eligibleIf &&
    !evaluateCondition(variant.eligibleIf, registered ? quote : withoutRegisterFacts(quote))
  )
    throw refuse(
      'errors.quote.variantNotEligible',
      {},
      { field: 'CS_USER_EXTRAS.VARIANT', code: 'NOT_ELIGIBLE' },
    );
  return variant.id;
}

/** The vehicle facts the register decides (CS_VEHICLE.<fact>): its record wins over the quote's. */
export const REGISTER_FACTS = ['MANUFACTURER', 'VEHICLE_USE', 'CHASSIS_NUMBER'] as const;

type RegisterFact = (typeof REGISTER_FACTS)[number];

function compactChassis(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase();
}

/**
 * The register's record of the quote's vehicle, or null when the register does not know it. A
 * quote with a plate names its vehicle by the plate (a plate not in the register is an unknown
 * vehicle, whatever chassis the quote adds); one without a plate (a new vehicle, searched by its
 * chassis) by its chassis number, else the searched last 7 characters, which must be part of the
 * register's chassis number (as the endorsement search checks a chassis).
 */
export function registeredVehicle(quote: Quote): RegisteredVehicle | null {
  const plate = text(getPath(quote, 'CS_VEHICLE.LICENSE_PLATE'));
  if (plate !== '') return findVehicleByPlate(plate);
  const chassis = compactChassis(
    text(getPath(quote, 'CS_VEHICLE.CHASSIS_NUMBER')) || text(getPath(quote, 'CS_VEHICLE.CHASSIS_SEARCH')),
  );
  if (chassis.length < 7) return null;
  const found = findVehicleByChassisTail(chassis.slice(-7));
  return found && compactChassis(found.CHASSIS_NUMBER).includes(chassis) ? found : null;
}

/**
 * What the service knows better than the client: a vehicle the register knows (registeredVehicle)
 * keeps the register's make, use and chassis number, whatever the quote says, so programmes, check
 * points and rating read the real ones.
 */
export function withRegisterFacts(quote: Quote, registered = registeredVehicle(quote)): Quote {
  if (!registered) return quote;
  const vehicle = copyToExtend(quote.CS_VEHICLE);
  for (const fact of REGISTER_FACTS) {
    const value = text(registered[fact]);
    if (value !== '') vehicle[fact] = value;
  }
  return { ...quote, CS_VEHICLE: vehicle };
}

/** The quote without the facts only the register may give (for a vehicle it does not know). */
function withoutRegisterFacts(quote: Quote): Quote {
  if (quote.CS_VEHICLE === undefined) return quote;
  const vehicle = { ...record(quote.CS_VEHICLE) };
  for (const fact of REGISTER_FACTS) delete vehicle[fact];
  return { ...quote, CS_VEHICLE: vehicle };
}

/**
 * The register facts the visitor answered otherwise than the register, or undefined when none: the
 * check points read these as well, so a visitor's own "taxi" still refers a car the register has
 * in private use (the register's use alone would let it through).
 */
function declaredOtherwise(
  input: Quote,
  registered: RegisteredVehicle | null,
): Partial<Record<RegisterFact, string>> | undefined {
  if (!registered) return undefined;
  let declared: Partial<Record<RegisterFact, string>> | undefined;
  for (const fact of REGISTER_FACTS) {
    const own = text(getPath(input, `CS_VEHICLE.${fact}`));
    const theirs = text(registered[fact]);
    if (own !== '' && theirs !== '' && own !== theirs) declared = { ...declared, [fact]: own };
  }
  return declared;
}

const PAYMENT_METHOD = 'CS_POLICY.PAYMENT_METHOD';
const paymentFields = new WeakMap<Flow, Field[]>();

/** The flow's fields shown because of the payment method (their visibleIf reads it): the IBAN. */
function paymentMethodFields(flow: Flow): Field[] {
  let fields = paymentFields.get(flow);
  if (!fields) {
    fields = flow.steps.flatMap((step) =>
      step.substeps.flatMap((sub) =>
        (sub.fields ?? []).filter((f) => conditionPaths(f.visibleIf).includes(PAYMENT_METHOD)),
      ),
    );
    paymentFields.set(flow, fields);
  }
  return fields;
}

/**
 * Whether the quote backs its payment method with what makes it real, as far as a quote can: every
 * field the method brings up in the flow (a direct debit's IBAN) is answered and passes that
 * field's own checks, the ones the browser runs (required, the `iban` rule: country, length,
 * mod-97). A method that brings up no field (a card, a card standing order) has nothing more to
 * show before the payment; a quote without a method is backed.
 */
export function paymentMethodBacked(product: Product, quote: Quote, today: string): boolean {
  if (text(getPath(quote, PAYMENT_METHOD)) === '') return true;
  const fields = paymentMethodFields(product.flow);
  if (fields.length === 0) return true;
  const errors = validateSubstep({ id: 'paymentMethod', kind: 'form', fields }, quote, {
    today,
    vars: { today },
  });
  return errors.length === 0;
}

/** A referral in the spec's shape: 422, the rule's message first, and CS_REFERRAL. */
export function referralCheck(product: Product, quote: Quote, lang: Lang): void {
  const hit = evaluateCheckPoints(product.localized[lang].ET_CHECK_POINTS, quote);
  if (hit) {
    throw new ApiError(422, [{ text: hit.ERROR_MESSAGE, code: 'REFERRAL' }], {
      CS_REFERRAL: {
        CHECK_NUMBER: hit.CHECK_NUMBER,
        ERROR_MESSAGE: hit.ERROR_MESSAGE,
        ERROR_TEXT_TYPE: hit.ERROR_TEXT_TYPE,
      },
    });
  }
}

/** Runs a product's pricing over a visitor's quote; throws ApiError (422) for a refusal. */
export function priceQuote(product: Product, input: Quote, options: PriceOptions): Priced {
  const tariff = product.tariff;
  if (!tariff) throw refuse('errors.quote.cannotRate');
  const registered = registeredVehicle(input);
  let quote = applyDerived(
    product.flow,
    stripClientPrices(withRegisterFacts(input, registered)),
    options.today,
  );
  const variant = quoteVariant(product, quote, registered !== null);
  const term = policyTerm(product, quote, options.today, options.renewalStart);
  const renewal = options.renewalStart !== undefined;
  // From here the quote's top level and its policy are copies made for this call: later steps set
  // their fields in place instead of copying the whole quote once more each.
  const policy = copyToExtend(quote.CS_POLICY);
  setTerm(policy, term);
  // The language the visitor bought in (the mails and documents follow it), from the request.
  policy.LANGUAGE = options.lang;
  quote = copyToExtend(quote);
  quote.CS_POLICY = policy;
  quote.CS_USER_EXTRAS = setPath(quote.CS_USER_EXTRAS, 'LANGUAGE', options.lang);
  referralCheck(product, quote, options.lang);
  const declared = declaredOtherwise(input, registered);
  if (declared) {
    referralCheck(
      product,
      { ...quote, CS_VEHICLE: { ...record(quote.CS_VEHICLE), ...declared } },
      options.lang,
    );
  }
  const promotions = renewal ? [] : promotionsFor(quote, product.meta.rulesKey, options.today);
  // A payment method the quote does not back (a direct debit without a valid IBAN) is rated as no
  // method, so its discount is not given; the quote keeps the visitor's choice.
  const rated = paymentMethodBacked(product, quote, options.today)
    ? quote
    : setPath(quote, PAYMENT_METHOD, '');

  let rating: RatingResult;
  try {
    rating = rateQuote(tariff, rated, { today: options.today, variant, newPolicy: !renewal, promotions });
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

  quote.CT_PACKAGES = rating.CT_PACKAGES;
  quote.CT_COVERS = rating.CT_COVERS;
  quote.CT_DISCOUNTS = rating.CT_DISCOUNTS;
  if (selected) {
    // selectPackage answers new copies, again this call's own.
    quote = selectPackage(quote, selected.PACKAGE_ID);
    selected = { ...selected, ZZSELECTED_IND: 'X' };
  } else {
    quote.CT_OFFERS = [];
  }
  const servicePolicy = setServicePolicy({}, productId, term, selected);
  quote.CS_POLICY = setServicePolicy(copyToExtend(quote.CS_POLICY), productId, term, selected);
  return { quote, rating, policy: servicePolicy, selected, variant };
}

/**
 * The offer a priced quote becomes with its selected package (POST /zcp/{product}/quotation, and
 * bench/service/equivalence.ts checking the batched writer against it).
 */
export function offerInputOf(
  product: Product,
  priced: Priced & { selected: RatedPackage },
  about: Pick<OfferInput, 'mailAddress' | 'language' | 'expiryDate' | 'now'>,
): OfferInput {
  return {
    flowId: product.id,
    productId: String(priced.policy.PRODUCT_ID),
    packageId: priced.selected.PACKAGE_ID,
    variant: priced.variant,
    quote: priced.quote,
    premiumCents: toCents(priced.selected.AMOUNT),
    ...(product.configVersions ? { configVersions: product.configVersions } : {}),
    ...about,
  };
}
