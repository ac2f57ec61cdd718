// A tariff compiled once into closures: the steps of the interpreter (./interpret, the reference),
// with the tariff's conditions, expressions and paths compiled (./compiledTerms), its covers
// looked up, its deductible lists sorted and its constant amounts converted to cents beforehand.
// Each call then only reads the quote and does the arithmetic, in the interpreter's order, with
// the same rounding at the same steps.

import { type ConditionContext, evaluateCondition } from '../conditions';
import { readNumber } from '../expr';
import type { Quote } from '../flow/types';
import { percentOf, roundHalfAway, toCents, toEuro } from './cents';
import {
  type AppliedDiscount,
  asString,
  chosenCovers,
  inWindow,
  missingCover,
  optionalCoverIds,
  ratedCover,
  ratedProductId,
  SEP,
} from './common';
import {
  type CompiledCondition,
  compileCondition,
  compileExpr,
  compileGetter,
  compileReader,
  constantOf,
  type Getter,
} from './compiledTerms';
import { deductiblesFor } from './deductibles';
import type {
  Factor,
  RatedCover,
  RatedPackage,
  RatingContext,
  RatingResult,
  Tariff,
  TariffCover,
  TariffPackage,
} from './types';

export type CompiledTariff = (quote: Quote, ctx: RatingContext) => RatingResult;

type CentsStep = (cents: number, quote: Quote, cctx: ConditionContext) => number;

interface Band {
  from?: number;
  to?: number;
  multiply?: number;
  /** The band's `add` in cents. */
  addCents?: number;
}

/** An expression turned into cents (toCents of its value), folded when it is a constant. */
function centsOf(expr: Tariff['packages'][number]['base']): (quote: Quote, cctx: ConditionContext) => number {
  const constant = constantOf(expr);
  if (constant !== undefined) {
    const cents = toCents(constant);
    return () => cents;
  }
  const value = compileExpr(expr);
  return (quote, cctx) => toCents(value(quote, cctx));
}

/** Thrown for a tariff of a shape the compiler does not take: rateQuote interprets that tariff. */
export class NotCompiled extends Error {}

function compileFactor(factor: Factor): CentsStep {
  const bands = factor.bands;
  if (
    bands &&
    (typeof bands.path !== 'string' ||
      !Array.isArray(bands.ranges) ||
      bands.ranges.some((r) => r === null || typeof r !== 'object'))
  )
    throw new NotCompiled(`factor ${factor.id}: bands`);
  const when = compileCondition(factor.when);
  const multiply = factor.multiply;
  const add = factor.add === undefined ? undefined : centsOf(factor.add);
  const bandValue = bands ? compileReader(bands.path) : undefined;
  const ranges: Band[] = (bands ? bands.ranges : []).map((r) => ({
    from: r.from,
    to: r.to,
    multiply: r.multiply,
    addCents: r.add === undefined ? undefined : toCents(r.add),
  }));
  return (cents, quote, cctx) => {
    if (!when(quote, cctx)) return cents;
    let running = cents;
    if (multiply !== undefined) running = roundHalfAway(running * multiply);
    if (add !== undefined) running += add(quote, cctx);
    if (bandValue) {
      // A missing value selects no band: an unanswered question neither loads nor discounts.
      const value = readNumber(bandValue(quote, cctx));
      if (Number.isNaN(value)) return running;
      const band = ranges.find(
        (r) => (r.from === undefined || r.from <= value) && (r.to === undefined || value <= r.to),
      );
      if (band?.multiply !== undefined) running = roundHalfAway(running * band.multiply);
      if (band?.addCents !== undefined) running += band.addCents;
    }
    return running;
  };
}

interface CompiledCover {
  def: TariffCover;
  inForce: CompiledCondition;
  /** The cover's premium in cents (never negative); 0 for a cover without one. */
  premium: (quote: Quote, cctx: ConditionContext) => number;
}

function compileCover(cover: TariffCover): CompiledCover {
  const premium = cover.premium === undefined ? undefined : centsOf(cover.premium);
  return {
    def: cover,
    inForce: compileCondition(cover.when),
    premium: premium ? (quote, cctx) => Math.max(0, premium(quote, cctx)) : () => 0,
  };
}

/** A package's cover: compiled, or the error its absence from the tariff raises when reached. */
type CoverRef = { id: string; cover: CompiledCover } | { id: string; cover: undefined; error: () => Error };

interface DeductibleChoice {
  choice: Getter;
  /** PREMIUM_PERCENT by DEDUCTIBLE_ID: the first of the sorted list with that id, as find() picks. */
  percentById: Map<string, number | undefined>;
}

interface CompiledPackage {
  pkg: TariffPackage;
  when: CompiledCondition;
  base: (quote: Quote, cctx: ConditionContext) => number;
  factors: CentsStep[];
  included: CoverRef[];
  optional: (CoverRef & { key: string })[];
  deductibles: DeductibleChoice[];
}

function coverRef(covers: Map<string, CompiledCover>, pkg: TariffPackage, id: string): CoverRef {
  const cover = covers.get(id);
  return cover ? { id, cover } : { id, cover: undefined, error: () => missingCover(pkg, id) };
}

function reach(ref: CoverRef): CompiledCover {
  if (ref.cover === undefined) throw ref.error();
  return ref.cover;
}

function compilePackage(
  tariff: Tariff,
  pkg: TariffPackage,
  covers: Map<string, CompiledCover>,
  tariffFactors: CentsStep[],
): CompiledPackage {
  return {
    pkg,
    when: compileCondition(pkg.when),
    base: centsOf(pkg.base),
    factors: [...(pkg.factors ?? []).map(compileFactor), ...tariffFactors],
    included: pkg.covers.map((id) => coverRef(covers, pkg, id)),
    optional: optionalCoverIds(pkg).map((id) => ({
      ...coverRef(covers, pkg, id),
      key: `${pkg.PACKAGE_ID}${SEP}${id}`,
    })),
    deductibles: Object.entries(tariff.deductibleChoice ?? {}).map(([kind, path]) => {
      const percentById = new Map<string, number | undefined>();
      for (const d of deductiblesFor(tariff, kind, pkg.PACKAGE_ID))
        if (!percentById.has(d.DEDUCTIBLE_ID)) percentById.set(d.DEDUCTIBLE_ID, d.PREMIUM_PERCENT);
      return { choice: compileGetter(path), percentById };
    }),
  };
}

export function compileTariff(tariff: Tariff): CompiledTariff {
  const covers = new Map<string, CompiledCover>();
  for (const c of tariff.covers ?? []) covers.set(c.COVER_ID, compileCover(c));
  const tariffFactors = (tariff.factors ?? []).map(compileFactor);
  const packages = tariff.packages.map((pkg) => compilePackage(tariff, pkg, covers, tariffFactors));
  const minimumCents = toCents(tariff.minimumPremium ?? 0);
  const maxDiscount = Math.min(tariff.maxDiscountPercent ?? 100, 100);
  const discounts = (tariff.discounts ?? []).map((d) => ({ discount: d, when: compileCondition(d.when) }));
  const promotions = (tariff.promotions ?? []).map((p) => ({ promo: p, when: compileCondition(p.when) }));
  const selectedPackage = compileGetter('CS_POLICY.PACKAGE_ID');

  function initialPremium(p: CompiledPackage, quote: Quote, cctx: ConditionContext, chosen: Set<string>) {
    let cents = p.base(quote, cctx);
    for (const factor of p.factors) cents = factor(cents, quote, cctx);
    for (const ref of p.optional) {
      const cover = reach(ref);
      if (chosen.has(ref.key) && cover.inForce(quote, cctx)) cents += cover.premium(quote, cctx);
    }
    for (const d of p.deductibles) {
      const choice = asString(d.choice(quote));
      if (choice === '') continue;
      // A choice absent from this package's list leaves this package's premium unchanged.
      const percent = d.percentById.get(choice);
      if (percent) cents += percentOf(cents, percent);
    }
    return Math.max(cents, minimumCents, 0);
  }

  function priceDiscounts(initial: number, quote: Quote, cctx: ConditionContext, ctx: RatingContext) {
    const applied: AppliedDiscount[] = [];
    let running = initial;
    // Discounts share one cap: each takes what is left of it, in tariff order.
    let room = maxDiscount;
    for (const { discount, when } of discounts) {
      if (room <= 0) break;
      if (!(discount.percent > 0) || !when(quote, cctx)) continue;
      const percent = Math.min(discount.percent, room);
      room -= percent;
      const amount = percentOf(initial, percent);
      running -= amount;
      applied.push({ ID: discount.id, PERCENT: percent, AMOUNT: toEuro(amount) });
    }
    if (ctx.newPolicy) {
      // The tariff's promotions, then those from outside it (a promo code, interpreted: each call
      // brings its own).
      const extra = ctx.promotions ?? [];
      for (let i = 0; i < promotions.length + extra.length; i++) {
        const promo = i < promotions.length ? promotions[i].promo : extra[i - promotions.length];
        if (!(promo.percent > 0) || !inWindow(ctx.today, promo.validFrom, promo.validTo)) continue;
        const holds =
          i < promotions.length
            ? promotions[i].when(quote, cctx)
            : evaluateCondition(promo.when, quote, cctx);
        if (!holds) continue;
        const amount = percentOf(running, Math.min(promo.percent, 100));
        running -= amount;
        applied.push({ ID: promo.id, PERCENT: promo.percent, AMOUNT: toEuro(amount) });
      }
    }
    return { final: Math.max(running, 0), applied };
  }

  return (quote, ctx) => {
    const productId = ratedProductId(tariff, ctx.variant);
    const selectedId = asString(selectedPackage(quote));
    const chosen = chosenCovers(quote);
    const rated: RatedPackage[] = [];
    const ratedCovers: RatedCover[] = [];
    let discountsOfSelected: AppliedDiscount[] | undefined;
    let discountsOfFirst: AppliedDiscount[] | undefined;

    for (const p of packages) {
      const { pkg } = p;
      const cctx: ConditionContext = {
        today: ctx.today,
        variant: ctx.variant,
        newPolicy: ctx.newPolicy,
        packageId: pkg.PACKAGE_ID,
      };
      if (!p.when(quote, cctx)) continue;
      const initial = initialPremium(p, quote, cctx, chosen);
      const priced = priceDiscounts(initial, quote, cctx, ctx);
      const selected = selectedId !== '' && pkg.PACKAGE_ID === selectedId;
      rated.push({
        PACKAGE_ID: pkg.PACKAGE_ID,
        PRODUCT_ID: productId,
        PACKAGE_DESC: pkg.label,
        AMOUNT: toEuro(priced.final),
        INITIAL_AMOUNT: toEuro(initial),
        ZZSELECTED_IND: selected ? 'X' : '',
      });
      if (selected) discountsOfSelected = priced.applied;
      discountsOfFirst ??= priced.applied;

      for (const ref of p.included) {
        const cover = reach(ref);
        if (cover.inForce(quote, cctx))
          ratedCovers.push(ratedCover(tariff, cover.def, pkg, ctx.variant, null));
      }
      for (const ref of p.optional) {
        const cover = reach(ref);
        if (!cover.inForce(quote, cctx)) continue;
        ratedCovers.push(
          ratedCover(tariff, cover.def, pkg, ctx.variant, {
            amount: toEuro(cover.premium(quote, cctx)),
            selected: chosen.has(ref.key),
          }),
        );
      }
    }

    return {
      CT_PACKAGES: rated,
      CT_COVERS: ratedCovers,
      CT_DISCOUNTS: discountsOfSelected ?? discountsOfFirst ?? [],
    };
  };
}
