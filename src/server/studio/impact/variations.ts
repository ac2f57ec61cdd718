// Seeded quotes for a product that reach every corner of its tariff and pricing: a base quote (the
// product's happy-path scenario answers in the tests), then, at random, every path the tariff, the check points and the
// flow's fields read set to values that sit on and beside the tariff's own constants (condition
// values, bounds, band edges, deductible ids), or to empty, missing, odd-typed and fractional
// values; random cover choices, package, variant, start date, payment method and promo codes.
// Used to compare the compiled pricing with the interpreter it replaces (tests/unit/
// ratingCompiled.test.ts, pricingEquivalence.test.ts and bench/service/equivalence.ts, through
// tests/unit/support/quoteVariations.ts) and by the studio's impact panel (./impact.ts).

import type { Condition } from '../../../engine/conditions';
import { exprPaths } from '../../../engine/expr';
import type { Expr, Quote } from '../../../engine/flow/types';
import { getPath, setPath } from '../../../engine/paths';
import type { Tariff } from '../../../engine/rating/types';
import { seeded } from '../../../engine/seeded';
import type { Product } from '../../offers/catalog';
import { allVehicles } from '../../reference';

type Candidates = Map<string, unknown[]>;

function add(out: Candidates, path: string, ...values: unknown[]): void {
  if (path.startsWith('$') || path.includes('*')) return;
  const list = out.get(path) ?? [];
  list.push(...values);
  out.set(path, list);
}

/** Values on and around a number: the same as a string, a step either side, a fraction beside. */
function around(n: number): unknown[] {
  return [n, String(n), n - 1, n + 1, n - 0.01, n + 0.01, `${n + 0.5}`];
}

function fromCondition(cond: Condition | undefined, out: Candidates): void {
  if (!cond || typeof cond !== 'object') return;
  if ('all' in cond) for (const c of cond.all) fromCondition(c, out);
  else if ('any' in cond) for (const c of cond.any) fromCondition(c, out);
  else if ('not' in cond) fromCondition(cond.not, out);
  else {
    const values: unknown[] = [];
    if ('eq' in cond) values.push(cond.eq);
    if ('ne' in cond) values.push(cond.ne);
    if (cond.in) values.push(...cond.in);
    for (const bound of [cond.gt, cond.ge, cond.lt, cond.le])
      if (bound !== undefined) values.push(...(typeof bound === 'number' ? around(bound) : [bound]));
    add(out, cond.path, ...values);
  }
}

function fromExpr(expr: Expr | undefined, out: Candidates): void {
  if (expr === undefined) return;
  for (const path of exprPaths(expr)) add(out, path, 0, 1, 999.99, 12600, 45_000.5, '70000.00', 'abc');
}

/** Every quote path the tariff reads, with values that matter to it. */
function tariffCandidates(tariff: Tariff, out: Candidates): void {
  const factors = [...(tariff.factors ?? []), ...tariff.packages.flatMap((p) => p.factors ?? [])];
  for (const pkg of tariff.packages) {
    fromCondition(pkg.when, out);
    fromExpr(pkg.base, out);
  }
  for (const f of factors) {
    fromCondition(f.when, out);
    fromExpr(f.add, out);
    if (f.bands)
      for (const r of f.bands.ranges)
        for (const edge of [r.from, r.to]) if (edge !== undefined) add(out, f.bands.path, ...around(edge));
  }
  for (const c of tariff.covers ?? []) {
    fromCondition(c.when, out);
    fromExpr(c.premium, out);
  }
  for (const d of tariff.discounts ?? []) fromCondition(d.when, out);
  for (const p of tariff.promotions ?? []) fromCondition(p.when, out);
  for (const [kind, path] of Object.entries(tariff.deductibleChoice ?? {})) {
    const ids = Object.values(tariff.deductibles?.[kind] ?? {}).flatMap((list) =>
      list.map((d) => d.DEDUCTIBLE_ID),
    );
    add(out, path, ...ids, 'NOT_A_DEDUCTIBLE');
  }
}

/** The flow's fields: their options, and numbers for numeric ones. */
function flowCandidates(product: Product, out: Candidates): void {
  for (const step of product.flow.steps)
    for (const sub of step.substeps)
      for (const field of sub.fields ?? []) {
        if (field.options) add(out, field.path, ...field.options.map((o) => o.value));
        if (field.type === 'number' || field.type === 'integer') add(out, field.path, 0, 1, 2, 7, 25, 1500);
        for (const c of [field.visibleIf, typeof field.required === 'object' ? field.required : undefined])
          fromCondition(c, out);
      }
}

/** The check points' fields with the values that refer a quote: used sparingly, or few are priced. */
function referralCandidates(product: Product, out: Candidates): void {
  for (const cp of product.localized.en.ET_CHECK_POINTS)
    for (const entry of cp.T_FIELD_NAME) {
      const path = typeof entry === 'string' ? entry : entry.FIELD_NAME;
      add(out, path, cp.FIELD_VALUE, ...(typeof cp.FIELD_VALUE === 'number' ? around(cp.FIELD_VALUE) : []));
    }
}

const ODD: unknown[] = ['', null, '0000-00-00', ' 12.50 ', '1e3', true, [], {}, 0.005, 1.005, -3];

function addDaysYmd(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface Variation {
  quote: Quote;
  lang: 'el' | 'en';
}

/**
 * `count` seeded quotes for `product`, priced as of `today`, each `base` with answers changed;
 * `promoCodes` are the codes a quote may carry (the promo-code catalogue's).
 */
export function quoteVariations(
  product: Product,
  count: number,
  seed: number,
  today: string,
  base: Quote = {},
  promoCodes: readonly string[] = [],
): Variation[] {
  const r = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const tariff = product.tariff;
  const candidates: Candidates = new Map();
  if (tariff) tariffCandidates(tariff, candidates);
  flowCandidates(product, candidates);
  const paths = [...candidates.keys()];
  const referrals: Candidates = new Map();
  referralCandidates(product, referrals);
  const maxDays = Number(tariff?.config?.MAX_DURATION_DAYS ?? 0);
  const plates = allVehicles()
    .map((v) => v.LICENSE_PLATE)
    .filter(Boolean);
  const packageIds = tariff?.packages.map((p) => p.PACKAGE_ID) ?? [];
  const coverPairs = (tariff?.packages ?? []).flatMap((p) =>
    [...p.covers, ...(p.optionalCovers ?? [])].map((c) => [p.PACKAGE_ID, c] as const),
  );
  const variants = (product.flow.variants ?? []).map((v) => v.id);
  const payment = candidates.get('CS_POLICY.PAYMENT_METHOD') ?? ['CARD', 'SEPA_DD', 'CARD_SO'];
  const codes = [...promoCodes];

  const out: Variation[] = [];
  for (let i = 0; i < count; i++) {
    let quote = structuredClone(base);
    const set = (path: string, value: unknown) => {
      quote = value === undefined ? quote : setPath(quote, path, value);
    };
    // Most quotes change a few answers, some change many.
    const share = r() < 0.7 ? r() * 0.15 : r() * 0.6;
    for (const path of paths) {
      if (r() > share) continue;
      const roll = r();
      const current = getPath(quote, path);
      if (roll < 0.7) set(path, pick(candidates.get(path) ?? ODD));
      else if (roll < 0.8) set(path, pick(ODD));
      else if (roll < 0.9) set(path, Math.round(r() * 1e6) / (r() < 0.5 ? 100 : 1));
      else if (typeof current === 'number') set(path, String(current));
    }
    if (r() < 0.1) {
      const [path, values] = pick([...referrals]);
      set(path, pick(values));
    }
    if (maxDays > 0 && r() < 0.9)
      set('CS_POLICY.DURATION_DAYS', pick([1, 7, 30, maxDays, `${1 + Math.floor(r() * maxDays)}`]));
    set('CS_POLICY.PACKAGE_ID', r() < 0.6 ? pick(packageIds) : pick(['', 'NOT_A_PACKAGE', undefined]));
    if (r() < 0.8)
      set(
        'CT_COVERS',
        coverPairs
          .filter(() => r() < 0.3)
          .map(([PACKAGE_ID, COVER_ID]) => ({ PACKAGE_ID, COVER_ID, ZZSELECTED_IND: r() < 0.8 ? 'X' : '' })),
      );
    if (r() < 0.3) set('CT_PACKAGES', [{ PACKAGE_ID: pick(packageIds), AMOUNT: 1 }]);
    if (r() < 0.3) set('CS_POLICY.AMOUNT', 1);
    if (variants.length > 0 && r() < 0.3) set('CS_USER_EXTRAS.VARIANT', pick([...variants, '', 'nope']));
    if (r() < 0.5)
      set('CS_POLICY.START_DATE', pick([today, addDaysYmd(today, 1 + Math.floor(r() * 90)), '']));
    else if (r() < 0.05) set('CS_POLICY.START_DATE', addDaysYmd(today, -1));
    if (r() < 0.3) set('CS_POLICY.PAYMENT_METHOD', pick(payment));
    if (r() < 0.1) set('CS_PROMO.PROMO_CODE_CP', pick([...codes, 'NOPE']));
    if (r() < 0.3 && plates.length > 0) set('CS_VEHICLE.LICENSE_PLATE', pick([...plates, 'ZZZ999']));
    if (r() < 0.2) set('CS_POLICY.INSTALLMENT_NUMBER', pick(['1', '2', 1, '']));
    out.push({ quote, lang: r() < 0.5 ? 'el' : 'en' });
  }
  return out;
}
