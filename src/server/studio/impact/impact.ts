// What a tariff change does to premiums: a few thousand seeded quotes of the product (the
// generator the benchmark and the pricing tests use, ./variations) are priced by the service's own
// pricing (priceQuote: derived values, term, referral check, the engine's rating) under the live
// tariff and under the draft's, and every premium of every rated package is compared. Bounded in
// time: past the deadline the quotes priced so far are the answer, marked so.

import type { Quote } from '../../../engine/flow/types';
import { toCents } from '../../../engine/money';
import type { Tariff } from '../../../engine/rating/types';
import type { Product } from '../../offers/catalog';
import { type Priced, priceQuote } from '../../offers/pricing';
import { ApiError } from '../../platform/errors';
import { quoteVariations } from './variations';

export interface ImpactOptions {
  today: string;
  /** How many quotes to generate. */
  count: number;
  seed: number;
  /** The answers every generated quote starts from. */
  base?: Quote;
  promoCodes?: readonly string[];
  /** Stop pricing after this many milliseconds (the quotes priced so far are the answer). */
  budgetMs: number;
  /** The clock (tests make it jump). */
  clock?: () => number;
}

/** One generated quote priced both ways (undefined where pricing refused it). */
export interface PricedPair {
  index: number;
  quote: Quote;
  live: Priced | undefined;
  draft: Priced | undefined;
}

export interface Mover {
  QUOTE: number;
  PACKAGE_ID: string;
  LIVE: number;
  DRAFT: number;
  /** Euro, draft minus live, two decimals. */
  DELTA: number;
  /** Percent of the live premium, one decimal. */
  PERCENT: number;
  /** The quote's answers as generated (what the visitor would have sent). */
  ANSWERS: Quote;
}

export interface Spread {
  MIN: number;
  MEDIAN: number;
  MAX: number;
}

export interface ImpactAnswer {
  /** Quotes generated and priced (fewer than asked when the time ran out). */
  QUOTES: number;
  ASKED: number;
  TIMED_OUT: boolean;
  /** Premiums (a quote's rated package) priced under both tariffs. */
  PREMIUMS: number;
  CHANGED: number;
  UP: number;
  DOWN: number;
  /** Premiums offered by one tariff only (a package's condition, a refusal). */
  ONLY_LIVE: number;
  ONLY_DRAFT: number;
  /** Of the changed premiums, euro and percent; null when none changed. */
  DELTA: Spread | null;
  PERCENT: Spread | null;
  MOVERS: Mover[];
  MS: number;
}

function priced(product: Product, quote: Quote, today: string, lang: 'el' | 'en'): Priced | undefined {
  try {
    return priceQuote(product, quote, { today, lang, requirePackage: false });
  } catch (error) {
    if (error instanceof ApiError) return undefined;
    throw error;
  }
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The generated quotes priced under both products, in order, until done or out of time. */
export async function priceBoth(
  live: Product,
  draft: Product,
  options: ImpactOptions,
): Promise<{ pairs: PricedPair[]; timedOut: boolean }> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const variations = quoteVariations(
    live,
    options.count,
    options.seed,
    options.today,
    options.base,
    options.promoCodes,
  );
  const pairs: PricedPair[] = [];
  for (const [index, { quote, lang }] of variations.entries()) {
    if (index % 100 === 0 && index > 0) {
      if (clock() - started > options.budgetMs) return { pairs, timedOut: true };
      // Other calls are answered between batches.
      await pause();
    }
    pairs.push({
      index,
      quote,
      live: priced(live, quote, options.today, lang),
      draft: priced(draft, quote, options.today, lang),
    });
  }
  return { pairs, timedOut: false };
}

function spread(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { MIN: sorted[0], MEDIAN: Math.round(median * 100) / 100, MAX: sorted[sorted.length - 1] };
}

/** Every rated package's premium of a pricing, in cents, by PACKAGE_ID. */
function premiums(p: Priced | undefined): Map<string, number> {
  return new Map((p?.rating.CT_PACKAGES ?? []).map((pkg) => [pkg.PACKAGE_ID, toCents(pkg.AMOUNT)]));
}

/** The comparison of priced pairs: counts, spreads and the largest movers. */
export function summarise(
  pairs: PricedPair[],
  moverCount = 10,
): Omit<ImpactAnswer, 'ASKED' | 'TIMED_OUT' | 'MS'> {
  let premiumsBoth = 0;
  let onlyLive = 0;
  let onlyDraft = 0;
  const moved: Omit<Mover, 'ANSWERS'>[] = [];
  for (const pair of pairs) {
    const live = premiums(pair.live);
    const draft = premiums(pair.draft);
    for (const [id, cents] of live) {
      const after = draft.get(id);
      if (after === undefined) {
        onlyLive++;
        continue;
      }
      premiumsBoth++;
      if (after === cents) continue;
      moved.push({
        QUOTE: pair.index,
        PACKAGE_ID: id,
        LIVE: cents / 100,
        DRAFT: after / 100,
        DELTA: (after - cents) / 100,
        PERCENT: cents === 0 ? 100 : Math.round(((after - cents) / cents) * 1000) / 10,
      });
    }
    for (const id of draft.keys()) if (!live.has(id)) onlyDraft++;
  }
  const byQuote = new Map(pairs.map((p) => [p.index, p.quote]));
  const movers = [...moved]
    .sort((a, b) => Math.abs(b.DELTA) - Math.abs(a.DELTA) || a.QUOTE - b.QUOTE)
    .slice(0, moverCount)
    .map((m) => ({ ...m, ANSWERS: byQuote.get(m.QUOTE) ?? {} }));
  return {
    QUOTES: pairs.length,
    PREMIUMS: premiumsBoth,
    CHANGED: moved.length,
    UP: moved.filter((m) => m.DELTA > 0).length,
    DOWN: moved.filter((m) => m.DELTA < 0).length,
    ONLY_LIVE: onlyLive,
    ONLY_DRAFT: onlyDraft,
    DELTA: spread(moved.map((m) => m.DELTA)),
    PERCENT: spread(moved.map((m) => m.PERCENT)),
    MOVERS: movers,
  };
}

/** The impact of pricing `product` by `draftTariff` instead of its live tariff. */
export async function tariffImpact(
  product: Product,
  draftTariff: Tariff,
  options: ImpactOptions,
): Promise<ImpactAnswer> {
  const clock = options.clock ?? Date.now;
  const started = clock();
  const { pairs, timedOut } = await priceBoth(product, { ...product, tariff: draftTariff }, options);
  return {
    ...summarise(pairs),
    ASKED: options.count,
    TIMED_OUT: timedOut,
    MS: Math.round(clock() - started),
  };
}
