import { describe, expect, it } from 'vitest';
import {
  type CheckPoint,
  CheckPointError,
  checkPointFieldPaths,
  compileCheckPoints,
  evaluateCheckPoints,
  type RelOperator,
} from '../../src/engine/checkpoints';

function row(partial: Partial<CheckPoint> & Pick<CheckPoint, 'T_FIELD_NAME'>): CheckPoint {
  return {
    CHECK_NUMBER: 1,
    REL_OPERATOR: 'GT',
    FIELD_VALUE: 0,
    ERROR_MESSAGE: 'Referral',
    ERROR_TEXT_TYPE: 1,
    ...partial,
  };
}

/** Whether a single row triggers. */
function fires(cp: Partial<CheckPoint> & Pick<CheckPoint, 'T_FIELD_NAME'>, quote: unknown): boolean {
  return evaluateCheckPoints([row(cp)], quote) !== null;
}

const vehicle = (value: unknown) => ({ CS_VEHICLE: { VEHICLE_VALUE: value } });

describe('mode 0: one field against FIELD_VALUE', () => {
  const cases: [RelOperator, number, boolean, boolean, boolean][] = [
    // operator, FIELD_VALUE, below (69999), equal (70000), above (70001)
    ['EQ', 70000, false, true, false],
    ['NE', 70000, true, false, true],
    ['GT', 70000, false, false, true],
    ['GE', 70000, false, true, true],
    ['LT', 70000, true, false, false],
    ['LE', 70000, true, true, false],
  ];
  for (const [op, fv, below, equal, above] of cases) {
    it(`${op} compares numbers`, () => {
      const cp = { T_FIELD_NAME: ['CS_VEHICLE.VEHICLE_VALUE'], REL_OPERATOR: op, FIELD_VALUE: fv };
      expect(fires(cp, vehicle(69999))).toBe(below);
      expect(fires(cp, vehicle(70000))).toBe(equal);
      expect(fires(cp, vehicle(70001))).toBe(above);
    });
  }

  it('compares numeric strings as numbers, not lexically', () => {
    const cp = {
      T_FIELD_NAME: ['CS_VEHICLE.VEHICLE_VALUE'],
      REL_OPERATOR: 'GT' as const,
      FIELD_VALUE: '70000',
    };
    expect(fires(cp, vehicle('9000'))).toBe(false); // "9000" > "70000" as strings
    expect(fires(cp, vehicle('70000.50'))).toBe(true);
    expect(fires(cp, vehicle(' 80000 '))).toBe(true);
    expect(fires({ ...cp, REL_OPERATOR: 'EQ' }, vehicle('070000.00'))).toBe(true);
  });

  it('compares codes as strings (EQ/NE on package ids)', () => {
    const eq = { T_FIELD_NAME: ['CS_POLICY.PACKAGE_ID'], REL_OPERATOR: 'EQ' as const, FIELD_VALUE: 'TPO' };
    expect(fires(eq, { CS_POLICY: { PACKAGE_ID: 'TPO' } })).toBe(true);
    expect(fires(eq, { CS_POLICY: { PACKAGE_ID: 'TPF' } })).toBe(false);
    expect(fires(eq, { CS_POLICY: { PACKAGE_ID: 'tpo' } })).toBe(false);
    const ne = { ...eq, REL_OPERATOR: 'NE' as const };
    expect(fires(ne, { CS_POLICY: { PACKAGE_ID: 'COMP' } })).toBe(true);
    expect(fires(ne, { CS_POLICY: { PACKAGE_ID: 'TPO' } })).toBe(false);
  });

  it('compares a number with a non-numeric FIELD_VALUE as strings', () => {
    const cp = { T_FIELD_NAME: ['A'], REL_OPERATOR: 'EQ' as const, FIELD_VALUE: 'X' };
    expect(fires(cp, { A: 5 })).toBe(false);
    expect(fires({ ...cp, REL_OPERATOR: 'NE' }, { A: 5 })).toBe(true);
  });

  it('orders Y-m-d dates as strings', () => {
    const cp = {
      T_FIELD_NAME: ['CS_POLICY.START_DATE'],
      REL_OPERATOR: 'GT' as const,
      FIELD_VALUE: '2025-12-31',
    };
    expect(fires(cp, { CS_POLICY: { START_DATE: '2026-01-01' } })).toBe(true);
    expect(fires(cp, { CS_POLICY: { START_DATE: '2025-06-30' } })).toBe(false);
  });

  it('gives false for an empty or zero field, whatever the operator', () => {
    for (const op of ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'] as const) {
      for (const empty of ['0', 0, '', null, undefined, '0000-00-00', '0.00', '   ', false, {}, []]) {
        const cp = { T_FIELD_NAME: ['CS_VEHICLE.VEHICLE_VALUE'], REL_OPERATOR: op, FIELD_VALUE: 'ZZZ' };
        expect(fires(cp, vehicle(empty)), `${op} ${JSON.stringify(empty)}`).toBe(false);
        expect(fires({ ...cp, FIELD_VALUE: 100 }, vehicle(empty)), `${op} ${JSON.stringify(empty)}`).toBe(
          false,
        );
      }
    }
  });

  it('reads missing intermediate objects as empty without throwing', () => {
    const cp = { T_FIELD_NAME: ['CS_DRIVER.DETAILS.AGE'], REL_OPERATOR: 'LT' as const, FIELD_VALUE: 25 };
    expect(fires(cp, {})).toBe(false);
    expect(fires(cp, { CS_DRIVER: null })).toBe(false);
    expect(fires(cp, { CS_DRIVER: 'x' })).toBe(false);
    expect(fires(cp, null)).toBe(false);
    expect(fires(cp, undefined)).toBe(false);
    expect(fires(cp, { CS_DRIVER: { DETAILS: { AGE: 22 } } })).toBe(true);
  });

  it('accepts T_FIELD_NAME entries as { FIELD_NAME } objects', () => {
    const cp = { T_FIELD_NAME: [{ FIELD_NAME: 'CS_VEHICLE.VEHICLE_VALUE' }], FIELD_VALUE: 70000 };
    expect(fires(cp, vehicle(80000))).toBe(true);
  });

  it('uses only the first field in mode 0', () => {
    const cp = { T_FIELD_NAME: ['A', 'B'], FIELD_VALUE: 10 };
    expect(fires(cp, { A: 5, B: 50 })).toBe(false);
    expect(fires(cp, { A: 50, B: 5 })).toBe(true);
  });

  it('is true when any value of a * path holds (each gun at most 5,000)', () => {
    const cp = { T_FIELD_NAME: ['CS_HUNTER.GUNS.*.COST'], FIELD_VALUE: 5000 };
    expect(fires(cp, { CS_HUNTER: { GUNS: [{ COST: '1200' }, { COST: '5000' }] } })).toBe(false);
    expect(fires(cp, { CS_HUNTER: { GUNS: [{ COST: '1200' }, { COST: '5400' }] } })).toBe(true);
    expect(fires(cp, { CS_HUNTER: { GUNS: [] } })).toBe(false);
    expect(fires(cp, { CS_HUNTER: { GUNS: 'none' } })).toBe(false);
  });

  it('accepts ARITHMETIC_MODE as a string and operators in any case', () => {
    const cp = row({ T_FIELD_NAME: ['A'], ARITHMETIC_MODE: '0', FIELD_VALUE: 1 });
    expect(evaluateCheckPoints([{ ...cp, REL_OPERATOR: 'ge' as RelOperator }], { A: 1 })).not.toBeNull();
  });
});

describe('mode 1: sum of fields', () => {
  const total = {
    ARITHMETIC_MODE: 1 as const,
    T_FIELD_NAME: [
      'CS_PROPERTY.PROPERTY_VALUE',
      'CS_PROPERTY.VALUE_OF_CONTENTS',
      'CS_PROPERTY.VALUE_OF_VALUABLES',
    ],
    REL_OPERATOR: 'GT' as const,
    FIELD_VALUE: 700000,
  };
  const property = (a: unknown, b: unknown, c: unknown) => ({
    CS_PROPERTY: { PROPERTY_VALUE: a, VALUE_OF_CONTENTS: b, VALUE_OF_VALUABLES: c },
  });

  it('sums the fields before comparing', () => {
    expect(fires(total, property('650000', '40000', '10000'))).toBe(false); // exactly 700,000
    expect(fires(total, property('650000', '40000', '10001'))).toBe(true);
    expect(fires(total, property(690000, 9000, 1001))).toBe(true);
  });

  it('counts non-numeric and missing fields as 0', () => {
    expect(fires(total, property('710000', 'abc', undefined))).toBe(true);
    expect(fires(total, { CS_PROPERTY: { PROPERTY_VALUE: 700001 } })).toBe(true);
  });

  it('gives false for a zero sum, even for LT', () => {
    expect(fires({ ...total, REL_OPERATOR: 'LT' }, property('', '0', null))).toBe(false);
    expect(fires({ ...total, REL_OPERATOR: 'LT' }, property('100', '-100', null))).toBe(false);
    expect(fires({ ...total, REL_OPERATOR: 'LT' }, property('100', '0', null))).toBe(true);
  });

  it('sums without floating-point noise', () => {
    expect(fires({ ...total, REL_OPERATOR: 'EQ', FIELD_VALUE: 0.3 }, property(0.1, 0.2, 0))).toBe(true);
  });

  it('adds every match of a * path (gun total)', () => {
    const cp = {
      ARITHMETIC_MODE: 1 as const,
      T_FIELD_NAME: ['CT_GUNS.*.COST'],
      REL_OPERATOR: 'GT' as const,
      FIELD_VALUE: 9000,
    };
    expect(fires(cp, { CT_GUNS: [{ COST: 4000 }, { COST: '4000' }, { COST: 1000 }] })).toBe(false);
    expect(fires(cp, { CT_GUNS: [{ COST: 4000 }, { COST: '4000' }, { COST: 1001 }] })).toBe(true);
  });
});

describe('mode 2: ratio of two fields', () => {
  // Valuables may be at most half of the contents: refer when valuables / contents > 1/2.
  const half = {
    ARITHMETIC_MODE: 2 as const,
    T_FIELD_NAME: ['CS_PROPERTY.VALUE_OF_VALUABLES', 'CS_PROPERTY.VALUE_OF_CONTENTS'],
    REL_OPERATOR: 'EQ' as const,
    FIELD_VALUE: 2,
  };
  const values = (valuables: unknown, contents: unknown) => ({
    CS_PROPERTY: { VALUE_OF_VALUABLES: valuables, VALUE_OF_CONTENTS: contents },
  });

  it('is true when first / second exceeds 1 / FIELD_VALUE', () => {
    expect(fires(half, values(5001, 10000))).toBe(true);
    expect(fires(half, values('5000', '10000'))).toBe(false); // exactly one half
    expect(fires(half, values(4999, 10000))).toBe(false);
  });

  it('ignores REL_OPERATOR', () => {
    for (const op of ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'] as const) {
      expect(fires({ ...half, REL_OPERATOR: op }, values(6000, 10000))).toBe(true);
      expect(fires({ ...half, REL_OPERATOR: op }, values(4000, 10000))).toBe(false);
    }
  });

  it('gives false when the second field is empty or zero', () => {
    for (const empty of ['', '0', 0, null, undefined, 'abc']) {
      expect(fires(half, values(6000, empty))).toBe(false);
    }
  });

  it('gives false for a zero or non-numeric FIELD_VALUE', () => {
    expect(fires({ ...half, FIELD_VALUE: 0 }, values(6000, 10000))).toBe(false);
    expect(fires({ ...half, FIELD_VALUE: 'x' }, values(6000, 10000))).toBe(false);
  });

  it('needs two fields', () => {
    expect(() => compileCheckPoints([row({ ...half, T_FIELD_NAME: ['A'] })])).toThrow(CheckPointError);
  });
});

describe('groups', () => {
  const young = { T_FIELD_NAME: ['CS_DRIVER.AGE'], REL_OPERATOR: 'LT' as const, FIELD_VALUE: 25 };
  const claims = { T_FIELD_NAME: ['CS_DRIVER.NO_OF_CLAIMS'], REL_OPERATOR: 'GE' as const, FIELD_VALUE: 2 };
  const driver = (age: number, nClaims: number) => ({ CS_DRIVER: { AGE: age, NO_OF_CLAIMS: nClaims } });

  it('combines rows with AND when no operator is given', () => {
    const run = compileCheckPoints([
      row({ ...young, ERROR_MESSAGE: 'young' }),
      row({ ...claims, ERROR_MESSAGE: 'claims' }),
    ]);
    expect(run(driver(22, 3))).toEqual({ CHECK_NUMBER: '1', ERROR_MESSAGE: 'young', ERROR_TEXT_TYPE: '1' });
    expect(run(driver(22, 1))).toBeNull();
    expect(run(driver(30, 3))).toBeNull();
  });

  it('combines rows with AND when the operator is AND', () => {
    const run = compileCheckPoints([
      row({ ...young, COND_OPERATOR: 'AND' }),
      row({ ...claims, COND_OPERATOR: 'AND' }),
    ]);
    expect(run(driver(22, 3))).not.toBeNull();
    expect(run(driver(22, 1))).toBeNull();
  });

  it('combines rows with OR and reports the first true row', () => {
    const run = compileCheckPoints([
      row({ ...young, COND_OPERATOR: 'OR', ERROR_MESSAGE: 'young', ERROR_TEXT_TYPE: '2' }),
      row({ ...claims, COND_OPERATOR: 'OR', ERROR_MESSAGE: 'claims', ERROR_TEXT_TYPE: 5 }),
    ]);
    expect(run(driver(22, 3))?.ERROR_MESSAGE).toBe('young');
    expect(run(driver(30, 3))).toEqual({ CHECK_NUMBER: '1', ERROR_MESSAGE: 'claims', ERROR_TEXT_TYPE: '5' });
    expect(run(driver(30, 1))).toBeNull();
  });

  it("takes the group's first non-empty COND_OPERATOR", () => {
    const run = compileCheckPoints([
      row({ ...young, COND_OPERATOR: '' }),
      row({ ...claims, COND_OPERATOR: 'OR' }),
    ]);
    expect(run(driver(30, 3))).not.toBeNull();
  });

  it('returns the first triggered group in order of first appearance', () => {
    const cps: CheckPoint[] = [
      row({ CHECK_NUMBER: 20, ...claims, ERROR_MESSAGE: 'claims-a' }),
      row({ CHECK_NUMBER: 10, ...young, ERROR_MESSAGE: 'young' }),
      row({
        CHECK_NUMBER: '20',
        T_FIELD_NAME: ['CS_DRIVER.FOREIGN'],
        REL_OPERATOR: 'EQ',
        FIELD_VALUE: 'X',
        ERROR_MESSAGE: 'claims-b',
      }),
    ];
    // Group 20 (claims AND foreign) appears first, so it wins over group 10 when both trigger.
    expect(evaluateCheckPoints(cps, { CS_DRIVER: { AGE: 22, NO_OF_CLAIMS: 3, FOREIGN: 'X' } })).toEqual({
      CHECK_NUMBER: '20',
      ERROR_MESSAGE: 'claims-a',
      ERROR_TEXT_TYPE: '1',
    });
    expect(evaluateCheckPoints(cps, { CS_DRIVER: { AGE: 22, NO_OF_CLAIMS: 3 } })?.CHECK_NUMBER).toBe('10');
    expect(
      evaluateCheckPoints(cps, { CS_DRIVER: { AGE: 40, NO_OF_CLAIMS: 3, FOREIGN: 'X' } })?.CHECK_NUMBER,
    ).toBe('20');
    expect(evaluateCheckPoints(cps, { CS_DRIVER: { AGE: 40, NO_OF_CLAIMS: 3 } })).toBeNull();
  });

  it('answers null for no rules', () => {
    expect(evaluateCheckPoints([], { A: 1 })).toBeNull();
  });

  it('implements the vehicle-value referral unless third-party only', () => {
    const cps: CheckPoint[] = [
      row({
        CHECK_NUMBER: 1,
        T_FIELD_NAME: ['CS_VEHICLE.VEHICLE_VALUE'],
        REL_OPERATOR: 'GT',
        FIELD_VALUE: '70000',
        ERROR_MESSAGE: 'value',
      }),
      row({
        CHECK_NUMBER: 1,
        T_FIELD_NAME: ['CS_POLICY.PACKAGE_ID'],
        REL_OPERATOR: 'NE',
        FIELD_VALUE: 'TPO',
      }),
    ];
    const q = (value: string, pkg: string) => ({
      CS_VEHICLE: { VEHICLE_VALUE: value },
      CS_POLICY: { PACKAGE_ID: pkg },
    });
    expect(evaluateCheckPoints(cps, q('85000', 'COMP'))?.ERROR_MESSAGE).toBe('value');
    expect(evaluateCheckPoints(cps, q('85000', 'TPO'))).toBeNull();
    expect(evaluateCheckPoints(cps, q('65000', 'COMP'))).toBeNull();
  });
});

describe('compilation', () => {
  it('rejects unknown operators, modes and rows without fields', () => {
    expect(() =>
      compileCheckPoints([row({ T_FIELD_NAME: ['A'], REL_OPERATOR: 'XX' as RelOperator })]),
    ).toThrow(/unknown REL_OPERATOR XX/);
    expect(() => compileCheckPoints([row({ T_FIELD_NAME: ['A'], ARITHMETIC_MODE: 3 as 1 })])).toThrow(
      /unknown ARITHMETIC_MODE 3/,
    );
    expect(() => compileCheckPoints([row({ T_FIELD_NAME: [' '] })])).toThrow(CheckPointError);
    expect(() => compileCheckPoints([row({ T_FIELD_NAME: ['A'], COND_OPERATOR: 'XOR' as 'OR' })])).toThrow(
      /COND_OPERATOR/,
    );
  });

  it('names the check number and row in errors', () => {
    try {
      compileCheckPoints([row({ T_FIELD_NAME: ['A'] }), row({ CHECK_NUMBER: 7, T_FIELD_NAME: [] })]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(CheckPointError);
      expect((error as CheckPointError).checkNumber).toBe('7');
      expect((error as CheckPointError).row).toBe(1);
    }
  });

  it('returns the same frozen hit on every call (no allocation per evaluation)', () => {
    const cps = [row({ T_FIELD_NAME: ['A'], FIELD_VALUE: 1 })];
    const first = evaluateCheckPoints(cps, { A: 2 });
    expect(evaluateCheckPoints(cps, { A: 3 })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('compiles once per array and sees rows changed only in a new array', () => {
    const cps = [row({ T_FIELD_NAME: ['A'], FIELD_VALUE: 10 })];
    expect(evaluateCheckPoints(cps, { A: 5 })).toBeNull();
    cps[0] = { ...cps[0], FIELD_VALUE: 1 };
    expect(evaluateCheckPoints(cps, { A: 5 })).toBeNull(); // cached compilation of the same array
    expect(evaluateCheckPoints([...cps], { A: 5 })).not.toBeNull();
  });

  it('lists every field path once, in order', () => {
    expect(
      checkPointFieldPaths([
        row({ T_FIELD_NAME: ['CS_VEHICLE.VEHICLE_VALUE', { FIELD_NAME: 'CS_POLICY.PACKAGE_ID' }] }),
        row({ T_FIELD_NAME: [' CS_VEHICLE.VEHICLE_VALUE ', 'CT_GUNS.*.COST', ''] }),
      ]),
    ).toEqual(['CS_VEHICLE.VEHICLE_VALUE', 'CS_POLICY.PACKAGE_ID', 'CT_GUNS.*.COST']);
  });
});
