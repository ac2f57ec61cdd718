// The generated check-point function (Node) must answer exactly as the interpreter (browsers) on
// any rule set and any quote: every mode and operator, `*` paths, and the awkward wire values
// (blank, zero, the zero date, dates, exponents, hex, signs, booleans, objects).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckPoint, compileCheckPoints, type RelOperator } from '../../src/engine/checkpoints';
import { readNumber } from '../../src/engine/expr';

const OPS: RelOperator[] = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'];
const PATHS = ['V.VALUE', 'V.YEAR', 'P.PACKAGE_ID', 'P.START_DATE', 'TOP', 'D.DEEP.X', 'L.*.COST', '*.COST'];

const awkward = fc.constantFrom(
  '',
  ' ',
  '0',
  '00',
  '-0',
  '0.0',
  '.5',
  '1',
  '2',
  ' 12 ',
  '12.50',
  '+5',
  '-3',
  '1e3',
  '1E-2',
  '1e-400',
  '123e-4567',
  '0x10',
  '0b1',
  'Infinity',
  'TPO',
  'COMP',
  'abc',
  '2026-03-15',
  '1989-12-31',
  '0000-00-00',
  '٣',
  '\u00a05',
);
const wire = fc.oneof(
  awkward,
  fc.integer({ min: -100, max: 100 }),
  fc.integer({ min: -100, max: 100 }).map(String),
  fc.double({ noNaN: false }),
  fc.constantFrom(null, undefined, true, false, {}, [], [1]),
);
const item = fc.record({ COST: wire }, { requiredKeys: [] });
const quote = fc.record(
  {
    V: fc.record({ VALUE: wire, YEAR: wire }, { requiredKeys: [] }),
    P: fc.oneof(fc.record({ PACKAGE_ID: wire, START_DATE: wire }, { requiredKeys: [] }), wire),
    TOP: wire,
    D: fc.record({ DEEP: fc.oneof(fc.record({ X: wire }), wire) }, { requiredKeys: [] }),
    L: fc.oneof(fc.array(fc.oneof(item, wire), { maxLength: 4 }), wire),
  },
  { requiredKeys: [] },
);
const fieldValue = fc.oneof(
  awkward,
  fc.integer({ min: -100, max: 100 }),
  fc.integer({ min: -100, max: 100 }).map(String),
  fc.constantFrom(0.5, 4, -2, 1e-3),
);

const row = fc.record({
  CHECK_NUMBER: fc.constantFrom(1, 2, 3, 4),
  COND_OPERATOR: fc.constantFrom<CheckPoint['COND_OPERATOR']>('AND', 'OR', '', undefined),
  T_FIELD_NAME: fc.array(fc.constantFrom(...PATHS), { minLength: 2, maxLength: 3 }),
  ARITHMETIC_MODE: fc.constantFrom<CheckPoint['ARITHMETIC_MODE']>(0, 1, 2, '1', undefined),
  REL_OPERATOR: fc.constantFrom(...OPS),
  FIELD_VALUE: fieldValue,
  ERROR_MESSAGE: fc.constant(''),
  ERROR_TEXT_TYPE: fc.constantFrom(1, 2),
});

describe('generated check points', () => {
  it('answers as the interpreter on any rule set and quote', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 8 }),
        fc.array(quote, { maxLength: 6 }),
        (rows, quotes) => {
          // A message per row, so the answer also says which row of the group fired.
          const cps = rows.map((r, i) => ({ ...r, ERROR_MESSAGE: `row${i}` }));
          const generated = compileCheckPoints(cps, { generate: true });
          const interpreted = compileCheckPoints(cps, { generate: false });
          // Only a generated function has this name: the test must not compare the interpreter with itself.
          expect(generated.name).toBe('checkPoints');
          for (const q of [...quotes, null, 'x', 7]) expect(generated(q)).toEqual(interpreted(q));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps strings and keys in the rules from being read as code', () => {
    const cps: CheckPoint[] = [
      {
        CHECK_NUMBER: 1,
        T_FIELD_NAME: ['A"]; throw new Error("x"); //.B\\'],
        REL_OPERATOR: 'EQ',
        FIELD_VALUE: '"; throw new Error("y"); //\u2028',
        ERROR_MESSAGE: 'm',
        ERROR_TEXT_TYPE: 1,
      },
    ];
    const run = compileCheckPoints(cps, { generate: true });
    expect(run.name).toBe('checkPoints');
    const q = { 'A"]; throw new Error("x"); //': { 'B\\': '"; throw new Error("y"); //\u2028' } };
    expect(run(q)?.CHECK_NUMBER).toBe('1');
    expect(run({})).toBeNull();
  });

  it('reads a number in a string as readNumber does, dates and exponents included', () => {
    const numbers = ['123e-4', '12e-3', '1E-4', '9e+2', '-12.5', '.25', ' 7 ', '+3'];
    const notNumbers = ['2026-03-15', '1234-5', '12-3', '0x1f', '1e', '--1', '1.2.3'];
    for (const generate of [true, false]) {
      for (const value of numbers) {
        const cp = {
          CHECK_NUMBER: 1,
          T_FIELD_NAME: ['A'],
          REL_OPERATOR: 'EQ' as const,
          FIELD_VALUE: readNumber(value),
          ERROR_MESSAGE: 'm',
          ERROR_TEXT_TYPE: 1,
        };
        expect(compileCheckPoints([cp], { generate })({ A: value }), value).not.toBeNull();
      }
      for (const value of notNumbers) {
        expect(Number.isNaN(readNumber(value))).toBe(true);
        // Compared as text: equal to itself, and never to the number a careless parse would give.
        const row = (fv: string | number) => ({
          CHECK_NUMBER: 1,
          T_FIELD_NAME: ['A'],
          REL_OPERATOR: 'EQ' as const,
          FIELD_VALUE: fv,
          ERROR_MESSAGE: 'm',
          ERROR_TEXT_TYPE: 1,
        });
        expect(compileCheckPoints([row(value)], { generate })({ A: value }), value).not.toBeNull();
        expect(
          compileCheckPoints([row(Number.parseFloat(value))], { generate })({ A: value }),
          value,
        ).toBeNull();
      }
    }
  });
});
