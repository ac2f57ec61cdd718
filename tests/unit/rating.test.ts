import { describe, expect, it } from 'vitest';
import { evaluateExpr, exprPaths, readNumber } from '../../src/engine/expr';
import { percentOf, roundHalfAway, toCents } from '../../src/engine/rating/cents';
import { deductiblesFor, rateQuote, TariffError } from '../../src/engine/rating/rate';
import type { RatingContext, Tariff } from '../../src/engine/rating/types';

// A small motor tariff in the shape of flows/motor/tariff.json.
const motor: Tariff = {
  productId: '301',
  packages: [
    {
      PACKAGE_ID: 'TPO',
      label: 'motor:packages.TPO',
      base: 180,
      factors: [{ id: 'tpoFee', add: 20 }],
      covers: ['TPL'],
      optionalCovers: ['ROAD'],
    },
    {
      PACKAGE_ID: 'COMP',
      label: 'motor:packages.COMP',
      base: { mul: [{ path: 'CS_VEHICLE.VEHICLE_VALUE' }, 0.025] },
      covers: ['TPL', 'OWN', 'COURTESY', 'NEWFOROLD'],
      optionalCovers: ['ROAD', 'WIND'],
      when: { path: 'CS_VEHICLE.VEHICLE_VALUE', le: 70000 },
    },
  ],
  covers: [
    { COVER_ID: 'TPL', label: 'motor:covers.TPL' },
    { COVER_ID: 'OWN', label: 'motor:covers.OWN' },
    {
      COVER_ID: 'COURTESY',
      label: 'motor:covers.COURTESY',
      limits: { '*': { PER_DAY: 15, DAYS: 10 }, brand1: { PER_DAY: 25, DAYS: 10 } },
    },
    { COVER_ID: 'NEWFOROLD', label: 'motor:covers.NEWFOROLD', limits: { '*': { MONTHS: 12 } } },
    { COVER_ID: 'ROAD', label: 'motor:covers.ROAD', premium: 35 },
    {
      COVER_ID: 'WIND',
      label: 'motor:covers.WIND',
      premium: { mul: [{ path: 'CS_VEHICLE.VEHICLE_VALUE' }, 0.002] },
    },
  ],
  factors: [
    { id: 'youngDriver', when: { path: 'CS_DRIVER.DRIVERS_UNDER_25', eq: '1' }, multiply: 1.3 },
    {
      id: 'engine',
      bands: {
        path: 'CS_VEHICLE.ENGINE_CAPACITY',
        ranges: [
          { to: 1400 },
          { from: 1401, to: 2000, multiply: 1.15 },
          { from: 2001, multiply: 1.4, add: 50 },
        ],
      },
    },
    {
      id: 'claims',
      when: { path: 'CS_DRIVER.NO_OF_CLAIMS', gt: 0 },
      add: { mul: [{ path: 'CS_DRIVER.NO_OF_CLAIMS' }, 40] },
    },
  ],
  discounts: [
    {
      id: 'directDebit',
      percent: 5,
      when: {
        all: [
          { path: 'CS_POLICY.PAYMENT_METHOD', in: ['CARD_SO', 'DD'] },
          { path: 'CS_POLICY.INSTALLMENTS', eq: '1' },
        ],
      },
    },
    {
      id: 'loyalty',
      percent: 10,
      when: {
        all: [
          { path: '$packageId', eq: 'COMP' },
          { path: 'CS_POLICY_HOLDER.EXISTING_CUSTOMER', eq: '1' },
        ],
      },
    },
  ],
  promotions: [{ id: 'motorFirstYear', percent: 15, validFrom: '2025-10-07', validTo: '2025-11-03' }],
  minimumPremium: 150,
  deductibles: {
    excess: {
      '*': [
        { DEDUCTIBLE_ID: 'E1000', DEDUCTIBLE_AMOUNT: 1000, PREMIUM_PERCENT: -10 },
        { DEDUCTIBLE_ID: 'E250', DEDUCTIBLE_AMOUNT: 250, PREMIUM_PERCENT: 5 },
        { DEDUCTIBLE_ID: 'E500', DEDUCTIBLE_AMOUNT: 500 },
      ],
      TPO: [],
    },
    windscreen: {
      COMP: [
        { DEDUCTIBLE_ID: 'W100', DEDUCTIBLE_AMOUNT: 100 },
        { DEDUCTIBLE_ID: 'W0', DEDUCTIBLE_AMOUNT: 0, PREMIUM_PERCENT: 3 },
      ],
    },
  },
  deductibleChoice: {
    excess: 'CS_VEHICLE.EXCESS_DEDUCTIBLE',
    windscreen: 'CS_VEHICLE.WINDSCREEN_DEDUCTIBLE',
  },
  variants: {
    brand1: { productId: '311', coverLimits: { NEWFOROLD: { MONTHS: 36 } } },
    brand2: { productId: '312' },
  },
};

// Home: alarm 5%, one-instalment card standing order or direct debit 5%, no past damage 10%, at most 15%.
const home: Tariff = {
  productId: '157',
  packages: [
    {
      PACKAGE_ID: 'HOME',
      label: 'property:packages.HOME',
      base: {
        add: [
          { mul: [{ path: 'CS_PROPERTY.PROPERTY_VALUE' }, 0.001] },
          { mul: [{ path: 'CS_PROPERTY.VALUE_OF_CONTENTS' }, 0.003] },
        ],
      },
      covers: ['FIRE'],
    },
  ],
  covers: [{ COVER_ID: 'FIRE', label: 'property:covers.FIRE' }],
  discounts: [
    { id: 'alarm', percent: 5, when: { path: 'CS_PROPERTY.ALARM', eq: '1' } },
    { id: 'directDebit', percent: 5, when: { path: 'CS_POLICY.PAYMENT_METHOD', in: ['CARD_SO', 'DD'] } },
    { id: 'noClaims', percent: 10, when: { path: 'CS_PROPERTY.PAST_DAMAGE', eq: '0' } },
  ],
  maxDiscountPercent: 15,
  promotions: [{ id: 'propertyAutumn', percent: 20, validFrom: '2025-10-07', validTo: '2025-11-03' }],
};

const renewal: RatingContext = { today: '2025-09-01', newPolicy: false };

function car(overrides: Record<string, Record<string, unknown>> = {}) {
  return {
    CS_POLICY: { PACKAGE_ID: '', ...overrides.CS_POLICY },
    CS_VEHICLE: { VEHICLE_VALUE: '20000', ENGINE_CAPACITY: '1600', ...overrides.CS_VEHICLE },
    CS_DRIVER: { DRIVERS_UNDER_25: '0', NO_OF_CLAIMS: '0', ...overrides.CS_DRIVER },
    CS_POLICY_HOLDER: { ...overrides.CS_POLICY_HOLDER },
    ...(overrides.extra ?? {}),
  };
}

function house(overrides: Record<string, unknown> = {}, policy: Record<string, unknown> = {}) {
  return {
    CS_POLICY: { PACKAGE_ID: 'HOME', ...policy },
    CS_PROPERTY: {
      PROPERTY_VALUE: '250000',
      VALUE_OF_CONTENTS: '50000',
      ALARM: '0',
      PAST_DAMAGE: '1',
      ...overrides,
    },
  };
}

const amounts = (result: ReturnType<typeof rateQuote>) =>
  Object.fromEntries(result.CT_PACKAGES.map((p) => [p.PACKAGE_ID, p.AMOUNT]));

describe('rateQuote: premium build-up', () => {
  it('prices base, package factors then tariff factors, in that order', () => {
    const result = rateQuote(motor, car(), renewal);
    // TPO: (180 + 20) * 1.15 = 230, not 180 * 1.15 + 20 = 227. COMP: 20000 * 2.5% * 1.15 = 575.
    expect(amounts(result)).toEqual({ TPO: 230, COMP: 575 });
    expect(result.CT_PACKAGES[1]).toEqual({
      PACKAGE_ID: 'COMP',
      PRODUCT_ID: '301',
      PACKAGE_DESC: 'motor:packages.COMP',
      AMOUNT: 575,
      INITIAL_AMOUNT: 575,
      ZZSELECTED_IND: '',
    });
  });

  it('applies the first band holding the value, with open bounds at both ends', () => {
    const comp = (engine: unknown) =>
      amounts(rateQuote(motor, car({ CS_VEHICLE: { ENGINE_CAPACITY: engine } }), renewal)).COMP;
    expect(comp('1300')).toBe(500);
    expect(comp('1400')).toBe(500);
    expect(comp('1401')).toBe(575);
    expect(comp('2000')).toBe(575);
    expect(comp('2001')).toBe(750); // 500 * 1.4 + 50
    expect(comp(6000)).toBe(750);
  });

  it('applies no band when the value is missing or not a number', () => {
    const comp = (engine: unknown) =>
      amounts(rateQuote(motor, car({ CS_VEHICLE: { ENGINE_CAPACITY: engine } }), renewal)).COMP;
    expect(comp(undefined)).toBe(500);
    expect(comp('')).toBe(500);
    expect(comp('abc')).toBe(500);
  });

  it('multiplies and adds expressions when their conditions hold', () => {
    const q = car({
      CS_VEHICLE: { ENGINE_CAPACITY: '2500' },
      CS_DRIVER: { DRIVERS_UNDER_25: '1', NO_OF_CLAIMS: '2' },
    });
    // 500 * 1.3 = 650; * 1.4 + 50 = 960; + 2 * 40 = 1040.
    expect(amounts(rateQuote(motor, q, renewal)).COMP).toBe(1040);
  });

  it('offers a package only when its condition holds', () => {
    const result = rateQuote(motor, car({ CS_VEHICLE: { VEHICLE_VALUE: '85000' } }), renewal);
    expect(result.CT_PACKAGES.map((p) => p.PACKAGE_ID)).toEqual(['TPO']);
    expect(result.CT_COVERS.every((c) => c.PACKAGE_ID === 'TPO')).toBe(true);
  });

  it('rounds to a cent at every step, half away from zero', () => {
    // 10001 * 2.5% = 250.025 -> 250.03; * 1.3 = 325.039 -> 325.04; * 1.15 = 373.796 -> 373.80.
    // Rounding only at the end would give 373.79.
    const q = car({ CS_VEHICLE: { VEHICLE_VALUE: '10001' }, CS_DRIVER: { DRIVERS_UNDER_25: '1' } });
    const comp = rateQuote(motor, q, renewal).CT_PACKAGES[1];
    expect(comp.AMOUNT).toBe(373.8);
    expect(comp.INITIAL_AMOUNT).toBe(373.8);
  });

  it('answers euro with at most two decimals', () => {
    for (const value of ['10007', '12345', '33333', '49999']) {
      const q = car({
        CS_VEHICLE: { VEHICLE_VALUE: value },
        CS_POLICY: { PAYMENT_METHOD: 'DD', INSTALLMENTS: '1' },
      });
      for (const p of rateQuote(motor, q, { today: '2025-10-10', newPolicy: true }).CT_PACKAGES) {
        for (const amount of [p.AMOUNT, p.INITIAL_AMOUNT])
          expect(Math.round(amount * 100) / 100).toBe(amount);
      }
    }
  });

  it('raises a premium below the minimum to the minimum', () => {
    const cheap: Tariff = { ...motor, minimumPremium: 250 };
    expect(amounts(rateQuote(cheap, car(), renewal)).TPO).toBe(250);
    expect(amounts(rateQuote(motor, car(), renewal)).TPO).toBe(230);
  });

  it('applies discounts after the minimum, so they may take the premium below it', () => {
    const floor: Tariff = { ...home, minimumPremium: 450 };
    const pkg = rateQuote(floor, house({ ALARM: '1' }, { PAYMENT_METHOD: 'DD' }), renewal).CT_PACKAGES[0];
    expect(pkg.INITIAL_AMOUNT).toBe(450);
    expect(pkg.AMOUNT).toBe(405);
  });
});

describe('rateQuote: optional covers', () => {
  const chosen = (...entries: [string, string, string][]) => ({
    extra: {
      CT_COVERS: entries.map(([PACKAGE_ID, COVER_ID, ZZSELECTED_IND]) => ({
        PACKAGE_ID,
        COVER_ID,
        OPTIONAL: 'X',
        ZZSELECTED_IND,
      })),
    },
  });

  it('adds the premium of optional covers selected for that package only', () => {
    const result = rateQuote(motor, car(chosen(['COMP', 'ROAD', 'X'], ['COMP', 'WIND', 'X'])), renewal);
    // 575 + 35 + 20000 * 0.2% = 650; TPO unchanged.
    expect(amounts(result)).toEqual({ TPO: 230, COMP: 650 });
    const tpo = rateQuote(motor, car(chosen(['TPO', 'ROAD', 'X'])), renewal);
    expect(amounts(tpo)).toEqual({ TPO: 265, COMP: 575 });
  });

  it('ignores unselected, included and unknown covers in the incoming list', () => {
    const q = car(
      chosen(['COMP', 'ROAD', ''], ['COMP', 'OWN', 'X'], ['COMP', 'GHOST', 'X'], ['TPO', 'WIND', 'X']),
    );
    expect(amounts(rateQuote(motor, q, renewal))).toEqual({ TPO: 230, COMP: 575 });
  });

  it('lists every cover per package: included free and selected, optional with its premium and choice', () => {
    const result = rateQuote(motor, car(chosen(['COMP', 'WIND', 'X'])), renewal);
    const comp = result.CT_COVERS.filter((c) => c.PACKAGE_ID === 'COMP');
    expect(comp.map((c) => [c.COVER_ID, c.OPTIONAL, c.AMOUNT, c.ZZSELECTED_IND])).toEqual([
      ['TPL', '', 0, 'X'],
      ['OWN', '', 0, 'X'],
      ['COURTESY', '', 0, 'X'],
      ['NEWFOROLD', '', 0, 'X'],
      ['ROAD', 'X', 35, ''],
      ['WIND', 'X', 40, 'X'],
    ]);
    expect(comp[1].COVER_DESC).toBe('motor:covers.OWN');
    expect(result.CT_COVERS.filter((c) => c.PACKAGE_ID === 'TPO').map((c) => c.COVER_ID)).toEqual([
      'TPL',
      'ROAD',
    ]);
  });

  it('fails loudly on a cover the tariff does not define', () => {
    const broken: Tariff = { ...motor, packages: [{ ...motor.packages[0], covers: ['TPL', 'MISSING'] }] };
    expect(() => rateQuote(broken, car(), renewal)).toThrow(TariffError);
  });
});

describe('rateQuote: deductibles', () => {
  it('changes the premium by the chosen deductible, after optional covers', () => {
    const q = car({
      CS_VEHICLE: { EXCESS_DEDUCTIBLE: 'E1000' },
      extra: { CT_COVERS: [{ PACKAGE_ID: 'COMP', COVER_ID: 'ROAD', OPTIONAL: 'X', ZZSELECTED_IND: 'X' }] },
    });
    // (575 + 35) * 0.9 = 549; TPO's own excess list is empty, so its premium is unchanged.
    expect(amounts(rateQuote(motor, q, renewal))).toEqual({ TPO: 230, COMP: 549 });
  });

  it('compounds deductibles of several kinds', () => {
    const q = car({ CS_VEHICLE: { EXCESS_DEDUCTIBLE: 'E250', WINDSCREEN_DEDUCTIBLE: 'W0' } });
    // 575 * 1.05 = 603.75; * 1.03 = 621.8625 -> 621.86.
    expect(amounts(rateQuote(motor, q, renewal)).COMP).toBe(621.86);
  });

  it('leaves the premium alone for no choice, a zero-percent choice or an unknown id', () => {
    for (const choice of ['', 'E500', 'E9999', undefined]) {
      expect(
        amounts(rateQuote(motor, car({ CS_VEHICLE: { EXCESS_DEDUCTIBLE: choice } }), renewal)).COMP,
      ).toBe(575);
    }
  });

  it('lists deductibles ascending by amount, falling back to the "*" list', () => {
    expect(deductiblesFor(motor, 'excess', 'COMP').map((d) => d.DEDUCTIBLE_ID)).toEqual([
      'E250',
      'E500',
      'E1000',
    ]);
    expect(deductiblesFor(motor, 'excess', 'TPO')).toEqual([]);
    expect(deductiblesFor(motor, 'windscreen', 'COMP').map((d) => d.DEDUCTIBLE_AMOUNT)).toEqual([0, 100]);
    expect(deductiblesFor(motor, 'windscreen', 'TPO')).toEqual([]);
    expect(deductiblesFor(motor, 'lossofuse', 'COMP')).toEqual([]);
    // The tariff's own list keeps its order.
    expect(motor.deductibles?.excess['*'][0].DEDUCTIBLE_ID).toBe('E1000');
  });
});

describe('rateQuote: discounts', () => {
  it('sums applicable discounts as percents of the initial premium', () => {
    const result = rateQuote(home, house({ ALARM: '1' }, { PAYMENT_METHOD: 'CARD_SO' }), renewal);
    expect(result.CT_PACKAGES[0]).toMatchObject({ INITIAL_AMOUNT: 400, AMOUNT: 360 });
    expect(result.CT_DISCOUNTS).toEqual([
      { ID: 'alarm', PERCENT: 5, AMOUNT: 20 },
      { ID: 'directDebit', PERCENT: 5, AMOUNT: 20 },
    ]);
  });

  it('caps the home discount at 15%, trimming the last discount', () => {
    const result = rateQuote(
      home,
      house({ ALARM: '1', PAST_DAMAGE: '0' }, { PAYMENT_METHOD: 'DD' }),
      renewal,
    );
    expect(result.CT_PACKAGES[0].AMOUNT).toBe(340);
    expect(result.CT_DISCOUNTS).toEqual([
      { ID: 'alarm', PERCENT: 5, AMOUNT: 20 },
      { ID: 'directDebit', PERCENT: 5, AMOUNT: 20 },
      { ID: 'noClaims', PERCENT: 5, AMOUNT: 20 },
    ]);
  });

  it('gives no discount when no condition holds', () => {
    const result = rateQuote(home, house(), renewal);
    expect(result.CT_PACKAGES[0].AMOUNT).toBe(400);
    expect(result.CT_DISCOUNTS).toEqual([]);
  });

  it('lets a discount depend on the package being priced ($packageId)', () => {
    const q = car({
      CS_POLICY: { PAYMENT_METHOD: 'DD', INSTALLMENTS: '1' },
      CS_POLICY_HOLDER: { EXISTING_CUSTOMER: '1' },
    });
    // TPO: 230 - 5% = 218.50. COMP: 575 - 5% (28.75) - 10% (57.50) = 488.75.
    expect(amounts(rateQuote(motor, q, renewal))).toEqual({ TPO: 218.5, COMP: 488.75 });
  });

  it('needs one instalment for the direct-debit discount', () => {
    const q = car({ CS_POLICY: { PAYMENT_METHOD: 'DD', INSTALLMENTS: '4' } });
    expect(amounts(rateQuote(motor, q, renewal))).toEqual({ TPO: 230, COMP: 575 });
  });
});

describe('rateQuote: promotions', () => {
  const newPolicy = (today: string): RatingContext => ({ today, newPolicy: true });
  const q = house({ ALARM: '1', PAST_DAMAGE: '0' }, { PAYMENT_METHOD: 'DD' });

  it('applies inside the window, on both edges, after the capped discounts', () => {
    for (const today of ['2025-10-07', '2025-10-20', '2025-11-03']) {
      const result = rateQuote(home, q, newPolicy(today));
      // 400 - 15% = 340; - 20% = 272.
      expect(result.CT_PACKAGES[0].AMOUNT, today).toBe(272);
      expect(result.CT_DISCOUNTS.at(-1)).toEqual({ ID: 'propertyAutumn', PERCENT: 20, AMOUNT: 68 });
    }
  });

  it('does not apply outside the window', () => {
    for (const today of ['2025-10-06', '2025-11-04', '2024-10-20']) {
      expect(rateQuote(home, q, newPolicy(today)).CT_PACKAGES[0].AMOUNT, today).toBe(340);
    }
  });

  it('applies to new policies only', () => {
    expect(rateQuote(home, q, { today: '2025-10-20', newPolicy: false }).CT_PACKAGES[0].AMOUNT).toBe(340);
  });

  it('applies on the discounted premium, not the initial one', () => {
    const dd = car({ CS_POLICY: { PAYMENT_METHOD: 'DD', INSTALLMENTS: '1' } });
    // 575 - 28.75 = 546.25; 15% of it is 81.9375 -> 81.94; 464.31.
    expect(amounts(rateQuote(motor, dd, newPolicy('2025-10-10'))).COMP).toBe(464.31);
  });

  it('honours open bounds and its own condition', () => {
    const open: Tariff = {
      ...home,
      promotions: [{ id: 'web', percent: 10, when: { path: 'CS_POLICY.CHANNEL', eq: 'WEB' } }],
    };
    expect(
      rateQuote(open, house({}, { CHANNEL: 'WEB' }), newPolicy('2031-01-01')).CT_PACKAGES[0].AMOUNT,
    ).toBe(360);
    expect(
      rateQuote(open, house({}, { CHANNEL: 'AGENT' }), newPolicy('2031-01-01')).CT_PACKAGES[0].AMOUNT,
    ).toBe(400);
  });
});

describe('rateQuote: selection, product ids and limits', () => {
  it('marks the package of CS_POLICY.PACKAGE_ID as selected and reports its discounts', () => {
    const q = car({
      CS_POLICY: { PACKAGE_ID: 'COMP', PAYMENT_METHOD: 'DD', INSTALLMENTS: '1' },
      CS_POLICY_HOLDER: { EXISTING_CUSTOMER: '1' },
    });
    const result = rateQuote(motor, q, renewal);
    expect(result.CT_PACKAGES.map((p) => p.ZZSELECTED_IND)).toEqual(['', 'X']);
    expect(result.CT_DISCOUNTS.map((d) => d.ID)).toEqual(['directDebit', 'loyalty']);
  });

  it('selects nothing without a package id and reports the first package discounts', () => {
    const q = car({
      CS_POLICY: { PAYMENT_METHOD: 'DD', INSTALLMENTS: '1' },
      CS_POLICY_HOLDER: { EXISTING_CUSTOMER: '1' },
    });
    const result = rateQuote(motor, q, renewal);
    expect(result.CT_PACKAGES.map((p) => p.ZZSELECTED_IND)).toEqual(['', '']);
    expect(result.CT_DISCOUNTS).toEqual([{ ID: 'directDebit', PERCENT: 5, AMOUNT: 11.5 }]);
  });

  it('uses the variant product id and cover limits, else the defaults', () => {
    const limits = (variant?: string) => {
      const result = rateQuote(motor, car(), { ...renewal, variant });
      const comp = (id: string) => result.CT_COVERS.find((c) => c.PACKAGE_ID === 'COMP' && c.COVER_ID === id);
      return {
        product: result.CT_PACKAGES[0].PRODUCT_ID,
        courtesy: comp('COURTESY')?.LIMITS,
        newForOld: comp('NEWFOROLD')?.LIMITS,
        own: comp('OWN')?.LIMITS,
      };
    };
    expect(limits()).toEqual({
      product: '301',
      courtesy: { PER_DAY: 15, DAYS: 10 },
      newForOld: { MONTHS: 12 },
      own: undefined,
    });
    expect(limits('brand1')).toEqual({
      product: '311',
      courtesy: { PER_DAY: 25, DAYS: 10 },
      newForOld: { MONTHS: 36 },
      own: undefined,
    });
    expect(limits('brand2')).toEqual({
      product: '312',
      courtesy: { PER_DAY: 15, DAYS: 10 },
      newForOld: { MONTHS: 12 },
      own: undefined,
    });
    expect(limits('unknown').product).toBe('301');
  });

  it('does not hand out the tariff objects (callers may edit the answer)', () => {
    const result = rateQuote(motor, car(), renewal);
    const courtesy = result.CT_COVERS.find((c) => c.COVER_ID === 'COURTESY');
    if (courtesy?.LIMITS) courtesy.LIMITS.PER_DAY = 999;
    expect(motor.covers?.[2].limits?.['*'].PER_DAY).toBe(15);
  });

  it('answers empty lists when no package is offered', () => {
    const none: Tariff = { ...motor, packages: [motor.packages[1]] };
    expect(rateQuote(none, car({ CS_VEHICLE: { VEHICLE_VALUE: '90000' } }), renewal)).toEqual({
      CT_PACKAGES: [],
      CT_COVERS: [],
      CT_DISCOUNTS: [],
    });
  });
});

describe('cents', () => {
  it('rounds half away from zero despite binary noise', () => {
    expect(toCents(1.005)).toBe(101);
    expect(toCents(308.625)).toBe(30863);
    expect(toCents(-1.005)).toBe(-101);
    expect(roundHalfAway(10.5)).toBe(11);
    expect(roundHalfAway(15 * 0.7)).toBe(11);
    expect(roundHalfAway(-0.4)).toBe(0);
    expect(Object.is(roundHalfAway(-0.4), -0)).toBe(false);
    expect(roundHalfAway(Number.NaN)).toBe(0);
    expect(percentOf(12345, 5)).toBe(617);
    expect(percentOf(12350, 5)).toBe(618);
  });
});

describe('evaluateExpr', () => {
  const quote = {
    CS_VEHICLE: { VEHICLE_VALUE: '20000', SEATS: 5, NAME: 'Corolla' },
    CT_GUNS: [{ COST: '1200' }, { COST: 800.5 }, { COST: 'n/a' }],
  };

  it('evaluates constants, paths and arithmetic', () => {
    expect(evaluateExpr(42, quote)).toBe(42);
    expect(evaluateExpr({ path: 'CS_VEHICLE.VEHICLE_VALUE' }, quote)).toBe(20000);
    expect(
      evaluateExpr({ mul: [{ path: 'CS_VEHICLE.VEHICLE_VALUE' }, 0.8, { path: 'CS_VEHICLE.SEATS' }] }, quote),
    ).toBe(80000);
    expect(evaluateExpr({ add: [1, { div: [{ path: 'CS_VEHICLE.VEHICLE_VALUE' }, 4] }] }, quote)).toBe(5001);
  });

  it('reads missing and non-numeric values as 0 and division by zero as 0', () => {
    expect(evaluateExpr({ path: 'CS_VEHICLE.NAME' }, quote)).toBe(0);
    expect(evaluateExpr({ path: 'CS_NOTHING.DEEP.VALUE' }, quote)).toBe(0);
    expect(evaluateExpr({ add: [{ path: 'CS_VEHICLE' }, 3] }, quote)).toBe(3);
    expect(evaluateExpr({ div: [10, { path: 'CS_VEHICLE.MISSING' }] }, quote)).toBe(0);
    expect(evaluateExpr({ div: [10, 0] }, quote)).toBe(0);
    expect(evaluateExpr({ mul: [] }, quote)).toBe(1);
    expect(evaluateExpr({ add: [] }, quote)).toBe(0);
  });

  it('sums a * path and reads $ paths from the context', () => {
    expect(evaluateExpr({ path: 'CT_GUNS.*.COST' }, quote)).toBe(2000.5);
    expect(evaluateExpr({ mul: [{ path: '$rate' }, 100] }, quote, { rate: '0.25' })).toBe(25);
    expect(evaluateExpr({ path: '$rate' }, quote)).toBe(0);
  });

  it('rejects something that is not an expression', () => {
    expect(() => evaluateExpr({ sub: [1, 2] } as never, quote)).toThrow(TypeError);
  });

  it('lists the paths it reads', () => {
    expect(
      exprPaths({ add: [{ mul: [{ path: 'A.B' }, 2] }, { div: [{ path: 'C' }, { path: '$rate' }] }, 5] }),
    ).toEqual(['A.B', 'C', '$rate']);
    expect(exprPaths(7)).toEqual([]);
  });

  it('reads decimal strings but not hex, blanks, booleans or infinities', () => {
    expect(readNumber(' 12.50 ')).toBe(12.5);
    expect(readNumber('-3')).toBe(-3);
    expect(readNumber('1e3')).toBe(1000);
    for (const bad of ['0x10', '', '  ', 'Infinity', '1e400', true, null, Number.POSITIVE_INFINITY, '12,5']) {
      expect(readNumber(bad), String(bad)).toBeNaN();
    }
  });
});
