import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckPoint, compileCheckPoints, type RelOperator } from '../../src/engine/checkpoints';
import { getPath, setPath } from '../../src/engine/paths';

const OPS: RelOperator[] = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'];
const PATHS = [
  'CS_VEHICLE.VEHICLE_VALUE',
  'CS_VEHICLE.MANUFACTURE_YEAR',
  'CS_DRIVER.AGE',
  'CS_POLICY.PACKAGE_ID',
  'TOP',
];

const op = fc.constantFrom(...OPS);
const path = fc.constantFrom(...PATHS);
const wireValue = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.integer({ min: -50, max: 50 }).map(String),
  fc.constantFrom('TPO', 'TPF', 'COMP', '', '0', '0000-00-00', null, undefined, 'abc'),
);
const fieldValue = fc.oneof(
  fc.integer({ min: -50, max: 50 }),
  fc.integer({ min: -50, max: 50 }).map(String),
  fc.constantFrom('TPO', 'COMP'),
);

const quoteArb = fc
  .array(fc.tuple(path, wireValue), { maxLength: PATHS.length })
  .map((pairs) => pairs.reduce<Record<string, unknown>>((q, [p, v]) => setPath(q, p, v), {}));

const base = { ERROR_MESSAGE: 'm', ERROR_TEXT_TYPE: '1' };

/** The spec read literally, for one mode-0 row. */
function referenceRow(cp: CheckPoint, quote: unknown): boolean {
  const value = getPath(quote, cp.T_FIELD_NAME[0] as string);
  const isNum = (v: unknown) =>
    (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+$/.test(v));
  if (value === undefined || value === null || value === '' || value === '0000-00-00') return false;
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  if (isNum(value) && Number(value) === 0) return false;
  const d =
    isNum(value) && isNum(cp.FIELD_VALUE)
      ? Number(value) - Number(cp.FIELD_VALUE)
      : String(value) < String(cp.FIELD_VALUE)
        ? -1
        : String(value) > String(cp.FIELD_VALUE)
          ? 1
          : 0;
  return { EQ: d === 0, NE: d !== 0, GT: d > 0, GE: d >= 0, LT: d < 0, LE: d <= 0 }[cp.REL_OPERATOR];
}

const singleRow = fc.record({
  T_FIELD_NAME: path.map((p) => [p]),
  REL_OPERATOR: op,
  FIELD_VALUE: fieldValue,
});

describe('check points (properties)', () => {
  it('a mode-0 row agrees with the literal reading of the spec', () => {
    fc.assert(
      fc.property(singleRow, quoteArb, (r, quote) => {
        const cp: CheckPoint = { CHECK_NUMBER: 1, ...base, ...r };
        expect(compileCheckPoints([cp])(quote) !== null).toBe(referenceRow(cp, quote));
      }),
    );
  });

  it('mode 1 equals comparing a manual sum', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -10_000, max: 10_000 }),
            fc.integer({ min: 0, max: 9999 }).map(String),
            fc.constantFrom('', 'x', null),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        op,
        fc.integer({ min: -20_000, max: 20_000 }),
        (values, rel, fv) => {
          const fields = values.map((_, i) => `CT_AMOUNTS.F${i}`);
          const quote = { CT_AMOUNTS: Object.fromEntries(values.map((v, i) => [`F${i}`, v])) };
          const cp: CheckPoint = {
            CHECK_NUMBER: 1,
            ...base,
            ARITHMETIC_MODE: 1,
            T_FIELD_NAME: fields,
            REL_OPERATOR: rel,
            FIELD_VALUE: fv,
          };
          let sum = 0;
          for (const v of values) if (v !== null && v !== '' && !Number.isNaN(Number(v))) sum += Number(v);
          const d = sum - fv;
          const expected =
            sum !== 0 && { EQ: d === 0, NE: d !== 0, GT: d > 0, GE: d >= 0, LT: d < 0, LE: d <= 0 }[rel];
          expect(compileCheckPoints([cp])(quote) !== null).toBe(expected);
        },
      ),
    );
  });

  it('mode 2 equals first / second > 1 / FIELD_VALUE for positive amounts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 100 }),
        (a, b, v) => {
          const cp: CheckPoint = {
            CHECK_NUMBER: 1,
            ...base,
            ARITHMETIC_MODE: 2,
            T_FIELD_NAME: ['A', 'B'],
            REL_OPERATOR: 'EQ',
            FIELD_VALUE: v,
          };
          // Exact in integers: a / b > 1 / v  <=>  a * v > b.
          expect(compileCheckPoints([cp])({ A: String(a), B: b }) !== null).toBe(a * v > b);
        },
      ),
    );
  });

  it('an AND group triggers iff every row alone triggers; an OR group iff any does', () => {
    fc.assert(
      fc.property(
        fc.array(singleRow, { minLength: 1, maxLength: 5 }),
        fc.constantFrom<'AND' | 'OR' | ''>('AND', 'OR', ''),
        quoteArb,
        (rows, cond, quote) => {
          const cps: CheckPoint[] = rows.map((r) => ({
            CHECK_NUMBER: 'G',
            COND_OPERATOR: cond,
            ...base,
            ...r,
          }));
          const alone = cps.map((cp) => compileCheckPoints([cp])(quote) !== null);
          const group = compileCheckPoints(cps)(quote) !== null;
          expect(group).toBe(cond === 'OR' ? alone.some(Boolean) : alone.every(Boolean));
        },
      ),
    );
  });

  it('reports the first triggered group, and within it the first true row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(1, 2, 3), fc.constantFrom<'OR' | ''>('OR', ''), singleRow), {
          minLength: 1,
          maxLength: 8,
        }),
        quoteArb,
        (spec, quote) => {
          const cps: CheckPoint[] = spec.map(([n, cond, r], i) => ({
            CHECK_NUMBER: n,
            COND_OPERATOR: cond,
            ...r,
            ERROR_MESSAGE: `row${i}`,
            ERROR_TEXT_TYPE: i,
          }));
          const order = [...new Set(cps.map((cp) => cp.CHECK_NUMBER))];
          let expected: string | null = null;
          for (const n of order) {
            const rows = cps.filter((cp) => cp.CHECK_NUMBER === n);
            const isOr = rows.find((cp) => cp.COND_OPERATOR)?.COND_OPERATOR === 'OR';
            const truth = rows.map((cp) => referenceRow(cp, quote));
            const fired = isOr ? truth.some(Boolean) : truth.every(Boolean);
            if (fired) {
              expected = rows[truth.indexOf(true)].ERROR_MESSAGE;
              break;
            }
          }
          expect(compileCheckPoints(cps)(quote)?.ERROR_MESSAGE ?? null).toBe(expected);
        },
      ),
    );
  });

  it('is independent of quote keys the rules do not read', () => {
    const unrelated = fc.dictionary(
      fc.string({ minLength: 1, maxLength: 8 }).map((k) => `ZZ_${k}`),
      fc.oneof(wireValue, fc.constant({ VEHICLE_VALUE: 999_999 })),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(1, 2), singleRow), { minLength: 1, maxLength: 6 }),
        quoteArb,
        unrelated,
        fc.constantFrom('CS_VEHICLE', 'CS_DRIVER', ''),
        (spec, quote, extra, where) => {
          const cps: CheckPoint[] = spec.map(([n, r]) => ({ CHECK_NUMBER: n, ...base, ...r }));
          const run = compileCheckPoints(cps);
          const before = run(quote);
          const inside = getPath(quote, where);
          const noisy =
            where === ''
              ? { ...extra, ...quote }
              : inside !== null && typeof inside === 'object'
                ? setPath(quote, where, { ...extra, ...inside })
                : quote;
          expect(run(noisy)).toBe(before);
        },
      ),
    );
  });
});
