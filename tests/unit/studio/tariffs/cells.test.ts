// The tariff as grids (issue 26 item 6): every number the rating reads is a cell that knows its
// place in the file, an edit through a cell changes that value alone (the file otherwise byte for
// byte as written), and a cell refuses what the tariff schema would.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Json, parseJson, printJson } from '../../../../src/studio/editor/model/jsonText';
import { getAt, setAt } from '../../../../src/studio/editor/model/pointer';
import { formula, readCell, tariffGrids } from '../../../../src/studio/tariffs/cells';

const read = (id: string) => readFileSync(`flows/${id}/tariff.json`, 'utf8');

describe('tariff grids', () => {
  it("shows travel's package bases as their constants, with the formula read aloud", () => {
    const { value } = parseJson(read('travel'));
    const constants = tariffGrids(value).find((g) => g.id === 'constants');
    const basic = constants?.rows.filter((r) => r.label.startsWith('TRV_BASIC · base'));
    expect(basic?.map((r) => r.cells.value?.value)).toEqual([6, 0.9]);
    expect(basic?.[0].note).toBe('6 + (DURATION_DAYS × 0.9)');
    expect(basic?.[0].cells.value?.pointer).toBe('/packages/0/base/add/0');
  });

  it("gives every grid of motor's tariff, each cell pointing at the number it shows", () => {
    const { value } = parseJson(read('motor'));
    const grids = tariffGrids(value);
    expect(grids.map((g) => g.id)).toEqual(
      expect.arrayContaining([
        'constants',
        'factors',
        'discounts',
        'promotions',
        'deductibles',
        'limits',
        'general',
      ]),
    );
    let cells = 0;
    for (const grid of grids)
      for (const row of grid.rows)
        for (const cell of Object.values(row.cells)) {
          if (!cell) continue;
          cells++;
          expect(getAt(value, cell.pointer), cell.pointer).toEqual(cell.value ?? undefined);
        }
    expect(cells).toBeGreaterThan(40);
    const ncb = grids.find((g) => g.id === 'discounts')?.rows.find((r) => r.label === 'NO_CLAIMS_BONUS');
    expect(ncb?.cells.percent).toMatchObject({ value: 20, min: 0, max: 100 });
  });

  it('reads the bands of a rating table as rows of from, to, multiply and add', () => {
    const tariff = {
      packages: [{ PACKAGE_ID: 'A', base: 100, covers: [] }],
      factors: [
        {
          id: 'AGE',
          bands: {
            path: 'CS_DRIVERS.AGE',
            ranges: [
              { to: 25, multiply: 1.4 },
              { from: 25, to: 70, multiply: 1 },
            ],
          },
        },
      ],
    };
    const bands = tariffGrids(tariff as Json).find((g) => g.id === 'bands');
    expect(
      bands?.rows.map((r) => [
        r.label,
        r.note,
        r.cells.from?.value,
        r.cells.to?.value,
        r.cells.multiply?.value,
      ]),
    ).toEqual([
      ['AGE · 1', 'AGE', undefined, 25, 1.4],
      ['AGE · 2', 'AGE', 25, 70, 1],
    ]);
  });

  it('an edit through a cell changes that number and no other line of the file', () => {
    const text = read('motor');
    const { value, layout } = parseJson(text);
    const cell = tariffGrids(value)
      .find((g) => g.id === 'discounts')
      ?.rows.find((r) => r.label === 'NO_CLAIMS_BONUS')?.cells.percent;
    if (!cell) throw new Error('NO_CLAIMS_BONUS');
    expect(printJson(value, layout)).toBe(text);
    const after = printJson(setAt(value, cell.pointer, 15), layout);
    const before = text.split('\n');
    const changed = after.split('\n').filter((line, i) => line !== before[i]);
    expect(changed).toEqual([expect.stringContaining('"percent": 15')]);
  });

  it('refuses what is not a number, out of bounds, or not a date', () => {
    const percent = { pointer: '/discounts/0/percent', value: 5, type: 'number' as const, min: 0, max: 100 };
    expect(readCell(percent, '12,5')).toEqual({ ok: true, value: 12.5 });
    expect(readCell(percent, 'abc')).toEqual({ ok: false, reason: 'number' });
    expect(readCell(percent, '')).toEqual({ ok: false, reason: 'number' });
    expect(readCell(percent, '120')).toEqual({ ok: false, reason: 'range' });
    const date = { pointer: '/promotions/0/validTo', value: null, type: 'date' as const };
    expect(readCell(date, '2026-12-31')).toEqual({ ok: true, value: '2026-12-31' });
    expect(readCell(date, '31/12/2026')).toEqual({ ok: false, reason: 'date' });
    expect(readCell(date, '')).toEqual({ ok: true, value: null });
  });

  it('writes formulas for reading', () => {
    expect(formula({ mul: [{ path: 'CS_VEHICLE.VALUE' }, 0.021] })).toBe('VALUE × 0.021');
    expect(formula({ max: [50, { mul: [{ path: 'CS_X.A' }, 2] }] })).toBe('max(50, (A × 2))');
  });
});
