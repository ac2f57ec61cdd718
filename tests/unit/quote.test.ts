import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/engine/flow/types';
import {
  applyPackageAmount,
  clearZeroDates,
  emptyQuote,
  premiumOf,
  QuoteError,
  recordOpened,
  selectPackage,
  toggleCover,
} from '../../src/engine/quote';

function offered(): Quote {
  return {
    CS_POLICY: {
      OFFER_NO: '4100023817',
      PRODUCT_ID: '',
      PACKAGE_ID: '',
      AMOUNT: 0,
      START_DATE: '2025-11-01',
    },
    CT_PACKAGES: [
      {
        PACKAGE_ID: 'TPO',
        PRODUCT_ID: '301',
        PACKAGE_DESC: 'motor:packages.TPO',
        AMOUNT: 230,
        INITIAL_AMOUNT: 230,
        ZZSELECTED_IND: '',
      },
      {
        PACKAGE_ID: 'TPF',
        PRODUCT_ID: '301',
        PACKAGE_DESC: 'motor:packages.TPF',
        AMOUNT: 310.5,
        INITIAL_AMOUNT: 345,
        ZZSELECTED_IND: '',
      },
      {
        PACKAGE_ID: 'COMP',
        PRODUCT_ID: '301',
        PACKAGE_DESC: 'motor:packages.COMP',
        AMOUNT: 575,
        INITIAL_AMOUNT: 575,
        ZZSELECTED_IND: 'X',
      },
    ],
    CT_OFFERS: [{ PACKAGE_ID: 'COMP', PRODUCT_ID: '301', AMOUNT: 575, ZZSELECTED_IND: 'X' }],
    CT_COVERS: [
      { PACKAGE_ID: 'COMP', COVER_ID: 'OWN', OPTIONAL: '', AMOUNT: 0, ZZSELECTED_IND: 'X' },
      { PACKAGE_ID: 'COMP', COVER_ID: 'ROAD', OPTIONAL: 'X', AMOUNT: 35, ZZSELECTED_IND: '' },
      { PACKAGE_ID: 'TPO', COVER_ID: 'ROAD', OPTIONAL: 'X', AMOUNT: 35, ZZSELECTED_IND: '' },
    ],
  };
}

const selectedIds = (q: Quote, path = 'CT_PACKAGES') =>
  (q[path] as { PACKAGE_ID: string; ZZSELECTED_IND: string }[])
    .filter((p) => p.ZZSELECTED_IND === 'X')
    .map((p) => p.PACKAGE_ID);

describe('selectPackage', () => {
  it('marks exactly the chosen package and copies it into the policy and the offers', () => {
    const before = offered();
    const snapshot = structuredClone(before);
    const after = selectPackage(before, 'TPF');
    expect(selectedIds(after)).toEqual(['TPF']);
    expect(after.CS_POLICY).toEqual({
      OFFER_NO: '4100023817',
      PRODUCT_ID: '301',
      PACKAGE_ID: 'TPF',
      PACKAGE_DESC: 'motor:packages.TPF',
      AMOUNT: 310.5,
      INITIAL_AMOUNT: 345,
      PREMIUM_AFTER_DISC_AMOUNT: 310.5,
      START_DATE: '2025-11-01',
    });
    expect(after.CT_OFFERS).toEqual([
      {
        PACKAGE_ID: 'TPF',
        PRODUCT_ID: '301',
        PACKAGE_DESC: 'motor:packages.TPF',
        AMOUNT: 310.5,
        INITIAL_AMOUNT: 345,
        ZZSELECTED_IND: 'X',
      },
    ]);
    expect(before).toEqual(snapshot);
    expect(after).not.toBe(before);
    expect(after.CT_COVERS).toBe(before.CT_COVERS);
  });

  it('throws a typed error for an id that is not offered, leaving the quote alone', () => {
    const before = offered();
    expect(() => selectPackage(before, 'GOLD')).toThrow(QuoteError);
    try {
      selectPackage(before, 'GOLD');
    } catch (error) {
      expect((error as QuoteError).code).toBe('unknownPackage');
      expect((error as QuoteError).id).toBe('GOLD');
    }
    expect(() => selectPackage({}, 'TPO')).toThrow(QuoteError);
    expect(() => selectPackage({ CT_PACKAGES: 'none' }, 'TPO')).toThrow(QuoteError);
  });

  it('keeps the policy product id when the entry has none, and works on other paths', () => {
    const quote: Quote = {
      POLICY: { PRODUCT_ID: '157' },
      PACKAGES: [
        { PACKAGE_ID: 'BASIC', AMOUNT: 180 },
        { PACKAGE_ID: 'PLUS', AMOUNT: 240 },
      ],
    };
    const after = selectPackage(quote, 'PLUS', { list: 'PACKAGES', offers: 'OFFER_LIST', policy: 'POLICY' });
    expect(after.POLICY).toEqual({
      PRODUCT_ID: '157',
      PACKAGE_ID: 'PLUS',
      AMOUNT: 240,
      PREMIUM_AFTER_DISC_AMOUNT: 240,
    });
    expect(after.OFFER_LIST).toEqual([{ PACKAGE_ID: 'PLUS', AMOUNT: 240, ZZSELECTED_IND: 'X' }]);
    expect(selectedIds(after, 'PACKAGES')).toEqual(['PLUS']);
  });

  it('matches numeric package ids given as strings', () => {
    const after = selectPackage({ CT_PACKAGES: [{ PACKAGE_ID: 1 }, { PACKAGE_ID: 2 }] }, '2');
    expect((after.CS_POLICY as { PACKAGE_ID: unknown }).PACKAGE_ID).toBe(2);
  });

  it('always leaves exactly one selected entry (property)', () => {
    const entry = fc.record({
      PACKAGE_ID: fc.constantFrom('TPO', 'TPF', 'COMP', 'GOLD', 'SILVER'),
      AMOUNT: fc.integer({ min: 0, max: 5000 }),
      ZZSELECTED_IND: fc.constantFrom('', 'X', ' '),
    });
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1, maxLength: 8 }), fc.nat(), (list, pick) => {
        const id = list[pick % list.length].PACKAGE_ID;
        const after = selectPackage({ CT_PACKAGES: list, CS_POLICY: { PACKAGE_ID: 'OLD' } }, id);
        const selected = (after.CT_PACKAGES as typeof list).filter((p) => p.ZZSELECTED_IND === 'X');
        expect(selected).toHaveLength(1);
        expect(selected[0].PACKAGE_ID).toBe(id);
        expect(after.CT_OFFERS).toEqual([selected[0]]);
        expect((after.CS_POLICY as { PACKAGE_ID: string }).PACKAGE_ID).toBe(id);
        // Selecting again changes nothing.
        expect(selectPackage(after, id)).toEqual(after);
      }),
    );
  });
});

describe('applyPackageAmount', () => {
  it('updates the selected package in the list, the offers and the policy', () => {
    const selected = selectPackage(offered(), 'COMP');
    const after = applyPackageAmount(selected, { PACKAGE_ID: 'COMP', AMOUNT: 610, INITIAL_AMOUNT: 640 });
    expect((after.CT_PACKAGES as { AMOUNT: number }[]).map((p) => p.AMOUNT)).toEqual([230, 310.5, 610]);
    expect((after.CT_OFFERS as { AMOUNT: number; INITIAL_AMOUNT: number }[])[0]).toMatchObject({
      AMOUNT: 610,
      INITIAL_AMOUNT: 640,
    });
    expect(after.CS_POLICY).toMatchObject({
      AMOUNT: 610,
      INITIAL_AMOUNT: 640,
      PREMIUM_AFTER_DISC_AMOUNT: 610,
    });
    expect(premiumOf(after)).toBe(610);
    expect((selected.CS_POLICY as { AMOUNT: number }).AMOUNT).toBe(575);
  });

  it('updates another package in the list only, leaving the policy and the offers alone', () => {
    const selected = selectPackage(offered(), 'COMP');
    const after = applyPackageAmount(selected, { PACKAGE_ID: 'TPO', AMOUNT: 199 });
    expect((after.CT_PACKAGES as { AMOUNT: number }[])[0].AMOUNT).toBe(199);
    expect(after.CT_OFFERS).toEqual(selected.CT_OFFERS);
    expect(after.CS_POLICY).toEqual(selected.CS_POLICY);
  });

  it('throws for a package that is not in the list', () => {
    expect(() => applyPackageAmount(offered(), { PACKAGE_ID: 'GOLD', AMOUNT: 1 })).toThrow(QuoteError);
  });
});

describe('toggleCover', () => {
  it('selects and clears an optional cover of one package only', () => {
    const before = offered();
    const on = toggleCover(before, 'ROAD', 'COMP', true);
    const covers = on.CT_COVERS as { PACKAGE_ID: string; COVER_ID: string; ZZSELECTED_IND: string }[];
    expect(covers.map((c) => c.ZZSELECTED_IND)).toEqual(['X', 'X', '']);
    expect((before.CT_COVERS as { ZZSELECTED_IND: string }[])[1].ZZSELECTED_IND).toBe('');
    const off = toggleCover(on, 'ROAD', 'COMP', false);
    expect((off.CT_COVERS as { ZZSELECTED_IND: string }[])[1].ZZSELECTED_IND).toBe('');
  });

  it('returns the same quote when nothing changes', () => {
    const before = offered();
    expect(toggleCover(before, 'ROAD', 'TPO', false)).toBe(before);
  });

  it('refuses included covers and covers the package does not offer', () => {
    const expectCode = (fn: () => unknown, code: string) => {
      try {
        fn();
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(QuoteError);
        expect((error as QuoteError).code).toBe(code);
      }
    };
    expectCode(() => toggleCover(offered(), 'OWN', 'COMP', false), 'coverNotOptional');
    expectCode(() => toggleCover(offered(), 'WIND', 'COMP', true), 'unknownCover');
    expectCode(() => toggleCover(offered(), 'ROAD', 'TPF', true), 'unknownCover');
    expectCode(() => toggleCover({}, 'ROAD', 'COMP', true), 'unknownCover');
  });
});

describe('recordOpened', () => {
  it('adds each id once, keeping the order of opening', () => {
    let quote: Quote = { CS_VEHICLE: { PLATE: 'KXA123' } };
    for (const id of ['cover.own', 'doc.ipid', 'cover.own', 'doc.terms', 'doc.ipid']) {
      quote = recordOpened(quote, 'CS_MOTOR_UI.OPENED_PANELS', id);
    }
    expect(quote).toEqual({
      CS_VEHICLE: { PLATE: 'KXA123' },
      CS_MOTOR_UI: { OPENED_PANELS: ['cover.own', 'doc.ipid', 'doc.terms'] },
    });
  });

  it('returns the same quote when the id is already recorded and never mutates the array', () => {
    const list = ['a'];
    const quote: Quote = { OPENED: list };
    expect(recordOpened(quote, 'OPENED', 'a')).toBe(quote);
    const after = recordOpened(quote, 'OPENED', 'b');
    expect(after.OPENED).toEqual(['a', 'b']);
    expect(list).toEqual(['a']);
  });

  it('replaces a non-array value (an empty string from the back end) with a list', () => {
    expect(recordOpened({ OPENED: '' }, 'OPENED', 'x').OPENED).toEqual(['x']);
  });
});

describe('emptyQuote', () => {
  it('builds nested objects from dotted-path defaults', () => {
    const defaults = {
      'CS_POLICY.PRODUCT_ID': '157',
      'CS_POLICY.PERIOD': 12,
      'CS_POLICY.DURATION_YEARS': 0,
      'CS_POLICY.START_DATE': '0000-00-00',
      'CS_PROPERTY.PROPERTY_VALUE_PER_SQM': 1500,
      'CS_PROPERTY.PROPERTY_VALUE_PERCENTAGE': 80,
      CT_GUNS: [],
    };
    expect(emptyQuote(defaults)).toEqual({
      CS_POLICY: { PRODUCT_ID: '157', PERIOD: 12, DURATION_YEARS: 0, START_DATE: '0000-00-00' },
      CS_PROPERTY: { PROPERTY_VALUE_PER_SQM: 1500, PROPERTY_VALUE_PERCENTAGE: 80 },
      CT_GUNS: [],
    });
  });

  it('copies default values, so filling a quote never changes the flow', () => {
    const defaults = { CT_CHILDREN: [{ FIRST_NAME: '' }] };
    const quote = emptyQuote(defaults);
    (quote.CT_CHILDREN as { FIRST_NAME: string }[])[0].FIRST_NAME = 'Andreas';
    expect(defaults.CT_CHILDREN[0].FIRST_NAME).toBe('');
    expect(emptyQuote({})).toEqual({});
  });
});

describe('clearZeroDates', () => {
  it('replaces every zero date with an empty string, deeply, without mutating', () => {
    const input = {
      CS_POLICY: { START_DATE: '0000-00-00', END_DATE: '2026-10-31', AMOUNT: 0 },
      CS_POLICY_HOLDER: { BIRTH_DATE: '0000-00-00', FIRST_NAME: 'Ελένη' },
      CT_CHILDREN: [{ BIRTH_DATE: '0000-00-00' }, { BIRTH_DATE: '2015-03-02' }],
      FLAGS: ['0000-00-00', null, true],
    };
    const snapshot = structuredClone(input);
    expect(clearZeroDates(input)).toEqual({
      CS_POLICY: { START_DATE: '', END_DATE: '2026-10-31', AMOUNT: 0 },
      CS_POLICY_HOLDER: { BIRTH_DATE: '', FIRST_NAME: 'Ελένη' },
      CT_CHILDREN: [{ BIRTH_DATE: '' }, { BIRTH_DATE: '2015-03-02' }],
      FLAGS: ['', null, true],
    });
    expect(input).toEqual(snapshot);
    expect(clearZeroDates('0000-00-00')).toBe('');
    expect(clearZeroDates(null)).toBeNull();
  });
});

describe('premiumOf', () => {
  it('reads the premium after discounts, falling back to the policy amount', () => {
    expect(premiumOf({ CS_POLICY: { PREMIUM_AFTER_DISC_AMOUNT: '488.75', AMOUNT: '575' } })).toBe(488.75);
    expect(premiumOf({ CS_POLICY: { PREMIUM_AFTER_DISC_AMOUNT: 0, AMOUNT: '575.00' } })).toBe(575);
    expect(premiumOf({ CS_POLICY: { PREMIUM_AFTER_DISC_AMOUNT: '', AMOUNT: 230 } })).toBe(230);
    expect(premiumOf({ CS_POLICY: { AMOUNT: 230 } })).toBe(230);
    expect(premiumOf({})).toBe(0);
    expect(premiumOf({ CS_POLICY: { AMOUNT: 'n/a' } })).toBe(0);
  });

  it('reads another path when the flow names one', () => {
    const quote = { CS_TRAVEL: { TOTAL_PREMIUM: '64.20' }, CS_POLICY: { AMOUNT: 70 } };
    expect(premiumOf(quote, 'CS_TRAVEL.TOTAL_PREMIUM')).toBe(64.2);
    expect(premiumOf(quote, 'CS_TRAVEL.MISSING')).toBe(70);
  });
});
