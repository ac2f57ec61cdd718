// The tariff interpreter: the readable definition of rating, walking the tariff's JSON on every
// call. rateQuote runs the compiled form of the same steps (./compile); this one stays as the
// reference the compiled form is checked against (tests/unit/ratingCompiled.test.ts and
// bench/service/equivalence.ts compare their answers on generated quotes).
//
// Per offered package, in integer cents with a rounding at every step (see ./cents):
//   base -> package factors -> tariff factors -> selected optional covers -> chosen deductibles
//   -> minimum premium                                  = INITIAL_AMOUNT
//   -> discounts (percent of INITIAL_AMOUNT, summed, capped at maxDiscountPercent)
//   -> promotions (new policies, valid today; each a percent of the running premium)
//                                                       = AMOUNT
// Conditions (package, factor, discount, promotion) read the quote, and "$today", "$variant",
// "$newPolicy" and "$packageId" (the package being priced) from the context.

import { type ConditionContext, evaluateCondition } from '../conditions';
import { evaluateExpr, readNumber } from '../expr';
import type { Quote } from '../flow/types';
import { getPath } from '../paths';
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

interface PricedPackage {
  initial: number;
  final: number;
  applied: AppliedDiscount[];
}

function applyFactor(cents: number, factor: Factor, quote: Quote, cctx: ConditionContext): number {
  if (!evaluateCondition(factor.when, quote, cctx)) return cents;
  let running = cents;
  if (factor.multiply !== undefined) running = roundHalfAway(running * factor.multiply);
  if (factor.add !== undefined) running += toCents(evaluateExpr(factor.add, quote, cctx));
  if (factor.bands) {
    const raw = factor.bands.path.startsWith('$')
      ? getPath(cctx, factor.bands.path.slice(1))
      : getPath(quote, factor.bands.path);
    // A missing value selects no band: an unanswered question neither loads nor discounts.
    const value = readNumber(raw);
    const band = Number.isNaN(value)
      ? undefined
      : factor.bands.ranges.find(
          (r) => (r.from === undefined || r.from <= value) && (r.to === undefined || value <= r.to),
        );
    if (band?.multiply !== undefined) running = roundHalfAway(running * band.multiply);
    if (band?.add !== undefined) running += toCents(band.add);
  }
  return running;
}

function coverDef(covers: Map<string, TariffCover>, id: string, pkg: TariffPackage): TariffCover {
  const cover = covers.get(id);
  if (!cover) throw missingCover(pkg, id);
  return cover;
}

function inForce(cover: TariffCover, quote: Quote, cctx: ConditionContext): boolean {
  return evaluateCondition(cover.when, quote, cctx);
}

function coverPremium(cover: TariffCover, quote: Quote, cctx: ConditionContext): number {
  return cover.premium === undefined ? 0 : Math.max(0, toCents(evaluateExpr(cover.premium, quote, cctx)));
}

function initialPremium(
  tariff: Tariff,
  pkg: TariffPackage,
  quote: Quote,
  cctx: ConditionContext,
  covers: Map<string, TariffCover>,
  chosen: Set<string>,
): number {
  let cents = toCents(evaluateExpr(pkg.base, quote, cctx));
  for (const factor of pkg.factors ?? []) cents = applyFactor(cents, factor, quote, cctx);
  for (const factor of tariff.factors ?? []) cents = applyFactor(cents, factor, quote, cctx);
  for (const id of optionalCoverIds(pkg)) {
    const cover = coverDef(covers, id, pkg);
    if (chosen.has(`${pkg.PACKAGE_ID}${SEP}${id}`) && inForce(cover, quote, cctx))
      cents += coverPremium(cover, quote, cctx);
  }
  for (const [kind, path] of Object.entries(tariff.deductibleChoice ?? {})) {
    const choice = asString(getPath(quote, path));
    if (choice === '') continue;
    // A choice absent from this package's list leaves this package's premium unchanged.
    const deductible = deductiblesFor(tariff, kind, pkg.PACKAGE_ID).find((d) => d.DEDUCTIBLE_ID === choice);
    if (deductible?.PREMIUM_PERCENT) cents += percentOf(cents, deductible.PREMIUM_PERCENT);
  }
  return Math.max(cents, toCents(tariff.minimumPremium ?? 0), 0);
}

function pricePackage(
  tariff: Tariff,
  pkg: TariffPackage,
  quote: Quote,
  ctx: RatingContext,
  cctx: ConditionContext,
  covers: Map<string, TariffCover>,
  chosen: Set<string>,
): PricedPackage {
  const initial = initialPremium(tariff, pkg, quote, cctx, covers, chosen);
  const applied: AppliedDiscount[] = [];
  let running = initial;

  // Discounts share one cap: each takes what is left of it, in tariff order.
  let room = Math.min(tariff.maxDiscountPercent ?? 100, 100);
  for (const discount of tariff.discounts ?? []) {
    if (room <= 0) break;
    if (!(discount.percent > 0) || !evaluateCondition(discount.when, quote, cctx)) continue;
    const percent = Math.min(discount.percent, room);
    room -= percent;
    const amount = percentOf(initial, percent);
    running -= amount;
    applied.push({ ID: discount.id, PERCENT: percent, AMOUNT: toEuro(amount) });
  }

  if (ctx.newPolicy) {
    for (const promo of [...(tariff.promotions ?? []), ...(ctx.promotions ?? [])]) {
      if (!(promo.percent > 0) || !inWindow(ctx.today, promo.validFrom, promo.validTo)) continue;
      if (!evaluateCondition(promo.when, quote, cctx)) continue;
      const amount = percentOf(running, Math.min(promo.percent, 100));
      running -= amount;
      applied.push({ ID: promo.id, PERCENT: promo.percent, AMOUNT: toEuro(amount) });
    }
  }
  return { initial, final: Math.max(running, 0), applied };
}

/** Rates a quote by walking the tariff (the reference for rateQuote's compiled tariff). */
export function interpretTariff(tariff: Tariff, quote: Quote, ctx: RatingContext): RatingResult {
  const productId = ratedProductId(tariff, ctx.variant);
  const selectedId = asString(getPath(quote, 'CS_POLICY.PACKAGE_ID'));
  const covers = new Map((tariff.covers ?? []).map((c) => [c.COVER_ID, c]));
  const chosen = chosenCovers(quote);

  const packages: RatedPackage[] = [];
  const ratedCovers: RatedCover[] = [];
  let discountsOfSelected: AppliedDiscount[] | undefined;
  let discountsOfFirst: AppliedDiscount[] | undefined;

  for (const pkg of tariff.packages) {
    const cctx: ConditionContext = {
      today: ctx.today,
      variant: ctx.variant,
      newPolicy: ctx.newPolicy,
      packageId: pkg.PACKAGE_ID,
    };
    if (!evaluateCondition(pkg.when, quote, cctx)) continue;
    const priced = pricePackage(tariff, pkg, quote, ctx, cctx, covers, chosen);
    const selected = selectedId !== '' && pkg.PACKAGE_ID === selectedId;
    packages.push({
      PACKAGE_ID: pkg.PACKAGE_ID,
      PRODUCT_ID: productId,
      PACKAGE_DESC: pkg.label,
      AMOUNT: toEuro(priced.final),
      INITIAL_AMOUNT: toEuro(priced.initial),
      ZZSELECTED_IND: selected ? 'X' : '',
    });
    if (selected) discountsOfSelected = priced.applied;
    discountsOfFirst ??= priced.applied;

    for (const id of pkg.covers) {
      const cover = coverDef(covers, id, pkg);
      if (inForce(cover, quote, cctx)) ratedCovers.push(ratedCover(tariff, cover, pkg, ctx.variant, null));
    }
    for (const id of optionalCoverIds(pkg)) {
      const cover = coverDef(covers, id, pkg);
      if (!inForce(cover, quote, cctx)) continue;
      ratedCovers.push(
        ratedCover(tariff, cover, pkg, ctx.variant, {
          amount: toEuro(coverPremium(cover, quote, cctx)),
          selected: chosen.has(`${pkg.PACKAGE_ID}${SEP}${id}`),
        }),
      );
    }
  }

  return {
    CT_PACKAGES: packages,
    CT_COVERS: ratedCovers,
    CT_DISCOUNTS: discountsOfSelected ?? discountsOfFirst ?? [],
  };
}
