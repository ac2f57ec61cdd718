// The faster rating gives the interpreter's answers: rounding without the decimal string, setPath
// without recursion, conditions and expressions compiled to closures, and each product's tariff
// compiled once, each compared with the code it replaces on generated inputs (to the key order
// of every object, and to the error when one is thrown).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Condition, evaluateCondition } from '../../src/engine/conditions';
import { evaluateExpr } from '../../src/engine/expr';
import { loadFlowBundles } from '../../src/engine/flow/files';
import type { Expr } from '../../src/engine/flow/types';
import { setPath } from '../../src/engine/paths';
import { percentOf, roundHalfAway, roundHalfAwayByText, toCents } from '../../src/engine/rating/cents';
import { compileTariff } from '../../src/engine/rating/compile';
import { compileCondition, compileExpr } from '../../src/engine/rating/compiledTerms';
import { interpretTariff, rateQuote } from '../../src/engine/rating/rate';
import type { Promotion, RatingContext, Tariff } from '../../src/engine/rating/types';
import { Catalog } from '../../src/server/offers/catalog';
import { referenceSetPath } from './support/pricingReference';
import { quoteVariations, seeded } from './support/quoteVariations';

/** What a call gives: its value as JSON (key order included), or the error it throws. */
function outcome(f: () => unknown): string {
  try {
    return `ok ${JSON.stringify(f())}`;
  } catch (error) {
    return `error ${(error as Error).name}: ${(error as Error).message}`;
  }
}

describe('roundHalfAway without the decimal string', () => {
  const same = (x: number): void => {
    expect(Object.is(roundHalfAway(x), roundHalfAwayByText(x))).toBe(true);
  };

  it('rounds every double as trimming to 12 significant digits does', () => {
    fc.assert(
      fc.property(fc.double(), (x) => same(x)),
      { numRuns: 20_000 },
    );
  });

  it('agrees on and beside halves, where trimming decides', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 40 }),
        fc.integer({ min: -4000, max: 4000 }),
        fc.boolean(),
        (n, ulps, negative) => {
          const half = n + 0.5;
          const x = half + ulps * Number.EPSILON * Math.max(half, 1);
          same(negative ? -x : x);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('agrees on the products rating makes (cents times factors and percents)', () => {
    const factors = [1.1, 0.7, 1.05, 0.97, 0.95, 1.35, 1.6, 1.2, 1.25, 1.5, 0.0065, 0.024, 0.0012];
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(...factors), (cents, factor) => {
        same(cents * factor);
        same((cents * factor * 100) / 100);
        expect(percentOf(cents, factor * 10)).toBe(roundHalfAwayByText((cents * factor * 10) / 100));
        expect(toCents(cents / 100)).toBe(roundHalfAwayByText((cents / 100) * 100));
      }),
      { numRuns: 10_000 },
    );
  });

  it('keeps the edge cases', () => {
    for (const x of [
      0,
      -0,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      0.5,
      -0.5,
      10.499999999999998,
      1.005 * 100,
      15 * 0.7,
      99_999_999_999.5,
      1e11,
      1e11 + 0.5,
      123_456_789_012_345.67,
      1e21,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      -1e-300,
    ])
      same(x);
    expect(Object.is(roundHalfAway(-0), 0)).toBe(true);
    expect(Object.is(roundHalfAway(-0.4), 0)).toBe(true);
  });
});

describe('setPath without recursion', () => {
  const key = fc.constantFrom('A', 'B', 'C', '0', '1', '2', '10', 'LANGUAGE', '');
  const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.constant(null), fc.boolean());
  const tree = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('node'), { maxLength: 4 }),
      fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    ),
  })).node;
  const path = fc.array(key, { minLength: 0, maxLength: 4 }).map((parts) => parts.join('.'));

  /** The shape of a value, arrays told from objects, own keys in order. */
  const shape = (v: unknown): unknown =>
    Array.isArray(v)
      ? ['array', Object.keys(v), v.map(shape), Object.keys(v).filter((k) => !/^\d+$/.test(k))]
      : v !== null && typeof v === 'object'
        ? ['object', Object.entries(v).map(([k, x]) => [k, shape(x)])]
        : v;

  it('copies along the path, shares the rest and leaves the input unchanged, as it did', () => {
    fc.assert(
      fc.property(tree, path, leaf, (root, p, value) => {
        const before = structuredClone(root);
        const next = setPath(root, p, value);
        const reference = referenceSetPath(structuredClone(root), p, value);
        expect(shape(next)).toEqual(shape(reference));
        expect(root).toEqual(before);
        // What the path does not go through is shared, not copied.
        if (p !== '' && root !== null && typeof root === 'object' && !Array.isArray(root)) {
          const first = p.split('.')[0];
          for (const [k, v] of Object.entries(root))
            if (k !== first) expect((next as Record<string, unknown>)[k]).toBe(v);
        }
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('conditions and expressions compiled to closures', () => {
  const paths = ['A', 'B', 'A.X', 'L', 'L.*.N', '$variant', '$today', '$packageId', ''];
  const value = fc.oneof(
    fc.constantFrom('', '0', '1', '2', 'x', ' 12.50 ', '1e3', '0000-00-00', '2026-03-01', 'brand1', 'PKG'),
    fc.integer({ min: -3, max: 3 }),
    fc.double({ noNaN: false }),
    fc.constantFrom(null, true, false, [], {}, [1], { X: 1 }),
  );
  const bound = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('1', '2026-01-01', 'b', 1.5));
  const fieldTest = fc
    .record(
      {
        path: fc.constantFrom(...paths),
        eq: value,
        ne: value,
        in: fc.array(value, { maxLength: 4 }),
        gt: bound,
        ge: bound,
        lt: bound,
        le: bound,
        empty: fc.boolean(),
      },
      { requiredKeys: ['path'] },
    )
    .map((t) => t as Condition);
  const condition: fc.Arbitrary<Condition> = fc.letrec((tie) => ({
    cond: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fieldTest,
      fc.record({ all: fc.array(tie('cond') as fc.Arbitrary<Condition>, { maxLength: 3 }) }),
      fc.record({ any: fc.array(tie('cond') as fc.Arbitrary<Condition>, { maxLength: 3 }) }),
      fc.record({ not: tie('cond') as fc.Arbitrary<Condition> }),
    ),
  })).cond;
  const expr: fc.Arbitrary<Expr> = fc.letrec((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.oneof(fc.double(), fc.integer({ min: -5, max: 5 })),
      fc.record({ path: fc.constantFrom(...paths) }),
      fc.record({ mul: fc.array(tie('expr') as fc.Arbitrary<Expr>, { maxLength: 3 }) }),
      fc.record({ add: fc.array(tie('expr') as fc.Arbitrary<Expr>, { maxLength: 3 }) }),
      fc.tuple(tie('expr') as fc.Arbitrary<Expr>, tie('expr') as fc.Arbitrary<Expr>).map((div) => ({ div })),
    ),
  })).expr;
  const quote = fc.record({
    A: value,
    B: value,
    L: fc.array(fc.record({ N: value }), { maxLength: 3 }),
  });
  const context = fc.record({ variant: value, today: value, packageId: value });

  it('a condition holds exactly when the interpreter says it does', () => {
    fc.assert(
      fc.property(condition, quote, context, (cond, q, ctx) => {
        expect(outcome(() => compileCondition(cond)(q, ctx))).toBe(
          outcome(() => evaluateCondition(cond, q, ctx)),
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it('an expression gives the interpreter`s number', () => {
    fc.assert(
      fc.property(expr, quote, context, (e, q, ctx) => {
        expect(outcome(() => compileExpr(e)(q, ctx))).toBe(outcome(() => evaluateExpr(e, q, ctx)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('a malformed one fails as the interpreter fails it, when it is evaluated', () => {
    const broken = [
      { all: 'x' },
      { any: 3 },
      { path: 5, eq: 1 },
      { path: 'A', in: 'abc' },
      7,
      'text',
      { not: { path: 3 } },
    ] as unknown as Condition[];
    for (const cond of broken)
      expect(outcome(() => compileCondition(cond)({ A: '1' }, {}))).toBe(
        outcome(() => evaluateCondition(cond, { A: '1' }, {})),
      );
    const badExprs = [
      'x',
      null,
      { path: 3 },
      { mul: 'ab' },
      { add: 5 },
      { div: 1 },
      { nothing: 1 },
      { mul: [1, 'x'] },
    ] as unknown as Expr[];
    for (const e of badExprs)
      expect(outcome(() => compileExpr(e)({ A: '1' }, {}))).toBe(
        outcome(() => evaluateExpr(e, { A: '1' }, {})),
      );
  });
});

describe('each product tariff compiled once', () => {
  const bundlesLoaded = loadFlowBundles();

  it('rates generated quotes as the interpreter does, on every product and context', async () => {
    const products = new Catalog(await bundlesLoaded).products.filter((p) => p.tariff);
    expect(products.map((p) => p.id).sort()).toEqual([
      'cyber',
      'driver',
      'hunter',
      'motor',
      'property',
      'travel',
    ]);
    const r = seeded(20261128);
    let compared = 0;
    for (const product of products) {
      const tariff = product.tariff as Tariff;
      const compiled = compileTariff(tariff);
      const variants = [undefined, ...Object.keys(tariff.variants ?? {}), 'unknown'];
      const windows = (tariff.promotions ?? []).flatMap((p) => [p.validFrom, p.validTo]).filter(Boolean);
      const extra: Promotion[][] = [
        [],
        [{ id: 'PROMO_X', percent: 10 }],
        [
          {
            id: 'PROMO_Y',
            percent: 150,
            when: { path: '$packageId', in: tariff.packages.map((p) => p.PACKAGE_ID).slice(0, 1) },
          },
        ],
      ];
      for (const { quote } of quoteVariations(product, 1500, 7 + compared, '2026-03-01')) {
        const ctx: RatingContext = {
          today: r() < 0.5 ? '2026-03-01' : (windows[Math.floor(r() * windows.length)] ?? '2025-10-20'),
          variant: variants[Math.floor(r() * variants.length)],
          newPolicy: r() < 0.8,
          promotions: extra[Math.floor(r() * extra.length)],
        };
        expect(outcome(() => compiled(quote, ctx))).toBe(outcome(() => interpretTariff(tariff, quote, ctx)));
        compared++;
      }
    }
    expect(compared).toBe(products.length * 1500);
  });

  it('rateQuote runs the compiled tariff, and the interpreter for a tariff it cannot compile', () => {
    const tariff: Tariff = {
      productId: '1',
      packages: [
        {
          PACKAGE_ID: 'A',
          label: 'a',
          base: 100,
          covers: ['X'],
          factors: [{ id: 'f', bands: { path: 'V' } as never }],
        },
      ],
      covers: [{ COVER_ID: 'X', label: 'x' }],
    };
    const ctx = { today: '2026-03-01', newPolicy: true };
    // No ranges: the interpreter fails on a value it would look up, and passes one it would not.
    expect(outcome(() => rateQuote(tariff, { V: 5 }, ctx))).toBe(
      outcome(() => interpretTariff(tariff, { V: 5 }, ctx)),
    );
    expect(outcome(() => rateQuote(tariff, {}, ctx))).toBe(outcome(() => interpretTariff(tariff, {}, ctx)));
    expect(outcome(() => rateQuote(tariff, { V: 5 }, ctx))).toMatch(/^error TypeError/);
  });

  it('names a cover the tariff lacks only when its package is offered, with the same error', () => {
    const tariff: Tariff = {
      productId: '1',
      packages: [
        {
          PACKAGE_ID: 'A',
          label: 'a',
          base: 100,
          covers: ['X'],
          optionalCovers: ['GONE'],
          when: { path: 'OFFER', eq: '1' },
        },
      ],
      covers: [{ COVER_ID: 'X', label: 'x' }],
    };
    const ctx = { today: '2026-03-01', newPolicy: true };
    for (const quote of [{}, { OFFER: '1' }])
      expect(outcome(() => rateQuote(tariff, quote, ctx))).toBe(
        outcome(() => interpretTariff(tariff, quote, ctx)),
      );
    expect(outcome(() => rateQuote(tariff, { OFFER: '1' }, ctx))).toBe(
      'error TariffError: Package A names cover GONE, which the tariff does not define',
    );
  });
});
