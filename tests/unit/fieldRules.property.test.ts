import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  diffDays,
  displayToYmd,
  isValidYmd,
  policyEndDate,
  ymdToDisplay,
} from '../../src/engine/dates';
import { formatAmountInput, formatEuro, parseAmountInput, toCents } from '../../src/engine/money';
import { fieldRules, formatIbanGroups, normalizeIban } from '../../src/engine/rules/fieldRules';
import { normalizePlate } from '../../src/engine/rules/plate';

const plateRule = fieldRules.cypriot_license_plate;

const LATIN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GREEK_TWINS = 'ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ';
const DIGITS = '0123456789';
const pick = (chars: string) => fc.constantFrom(...chars.split(''));

const validPlate = fc
  .tuple(
    fc.array(pick(LATIN), { minLength: 1, maxLength: 3 }),
    fc.array(pick(DIGITS), { minLength: 3, maxLength: 3 }),
  )
  .filter(([, digits]) => digits.join('') !== '000')
  .map(([letters, digits]) => letters.join('') + digits.join(''));

// What a visitor might type for a valid plate: lower case, Greek twins, spaces and dashes, a short number.
const typedPlate = fc
  .tuple(
    fc.array(pick(LATIN + GREEK_TWINS + GREEK_TWINS.toLowerCase() + LATIN.toLowerCase()), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.integer({ min: 1, max: 999 }),
    fc.constantFrom('', ' ', '-', ' - ', '  '),
    fc.boolean(),
  )
  .map(
    ([letters, n, sep, pad]) => `${letters.join('')}${sep}${pad ? String(n).padStart(3, '0') : String(n)}`,
  );

const ymd = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2199-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('plate normalisation (property)', () => {
  it('is idempotent on any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const once = normalizePlate(s);
        expect(normalizePlate(once)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent on plate-like text', () => {
    fc.assert(
      fc.property(typedPlate, (s) => {
        const once = normalizePlate(s);
        expect(normalizePlate(once)).toBe(once);
      }),
    );
  });

  it('keeps a valid plate unchanged and valid', () => {
    fc.assert(
      fc.property(validPlate, (plate) => {
        expect(normalizePlate(plate)).toBe(plate);
        expect(plateRule(plate)).toBe(true);
      }),
    );
  });

  it('accepts what a visitor types for a valid plate, and the normalised form too', () => {
    fc.assert(
      fc.property(typedPlate, (typed) => {
        expect(plateRule(typed)).toBe(true);
        expect(plateRule(normalizePlate(typed))).toBe(true);
        expect(normalizePlate(typed)).toMatch(/^[A-Z]{1,3}\d{3}$/);
      }),
    );
  });

  it('never accepts a number ending in 000', () => {
    fc.assert(
      fc.property(fc.array(pick(LATIN), { minLength: 0, maxLength: 3 }), (letters) => {
        expect(plateRule(`${letters.join('')}000`)).toBe('validation:plate_ends_000');
      }),
    );
  });
});

describe('money (property)', () => {
  const amount = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

  it('formatEuro and parseAmountInput round-trip integers in Greek and English', () => {
    fc.assert(
      fc.property(amount, fc.constantFrom('el' as const, 'en' as const), (n, lang) => {
        expect(parseAmountInput(formatEuro(n, lang), lang)).toBe(n);
      }),
    );
  });

  it('formatAmountInput and parseAmountInput round-trip amounts with cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_00 }),
        fc.constantFrom('el' as const, 'en' as const),
        (cents, lang) => {
          const euro = cents / 100;
          const parsed = parseAmountInput(formatAmountInput(euro, lang), lang);
          expect(parsed).not.toBeNull();
          expect(toCents(parsed as number)).toBe(cents);
        },
      ),
    );
  });
});

describe('dates (property)', () => {
  it('displayToYmd(ymdToDisplay(d)) === d', () => {
    fc.assert(
      fc.property(ymd, (d) => {
        expect(isValidYmd(d)).toBe(true);
        expect(displayToYmd(ymdToDisplay(d))).toBe(d);
      }),
    );
  });

  it('addDays(n) then addDays(−n) is the identity, and diffDays measures it', () => {
    fc.assert(
      fc.property(ymd, fc.integer({ min: -40_000, max: 40_000 }), (d, n) => {
        const moved = addDays(d, n);
        expect(isValidYmd(moved)).toBe(true);
        expect(addDays(moved, -n)).toBe(d);
        expect(diffDays(d, moved)).toBe(n);
      }),
    );
  });

  it('addDays agrees with the JavaScript UTC calendar', () => {
    fc.assert(
      fc.property(ymd, fc.integer({ min: -5000, max: 5000 }), (d, n) => {
        const expected = new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
        expect(addDays(d, n)).toBe(expected);
      }),
    );
  });

  it('addMonths lands in the right month and never past its end', () => {
    fc.assert(
      fc.property(ymd, fc.integer({ min: -240, max: 240 }), (d, n) => {
        const moved = addMonths(d, n);
        expect(isValidYmd(moved)).toBe(true);
        const monthsApart =
          (Number(moved.slice(0, 4)) - Number(d.slice(0, 4))) * 12 +
          Number(moved.slice(5, 7)) -
          Number(d.slice(5, 7));
        expect(monthsApart).toBe(n);
        expect(Number(moved.slice(8))).toBeLessThanOrEqual(Number(d.slice(8)));
      }),
    );
  });

  it('a one-year policy lasts 365 or 366 days and the next one starts the day after', () => {
    fc.assert(
      fc.property(ymd, (start) => {
        const end = policyEndDate(start);
        expect([364, 365]).toContain(diffDays(start, end));
        expect(diffDays(end, addDays(end, 1))).toBe(1);
      }),
    );
  });
});

describe('IBAN (property)', () => {
  it('grouping then normalising gives the IBAN back', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('')),
          maxLength: 34,
        }),
        (s) => {
          expect(normalizeIban(formatIbanGroups(s))).toBe(s);
          expect(formatIbanGroups(s)).toMatch(/^(?:[A-Z0-9]{4} )*[A-Z0-9]{0,4}$/);
        },
      ),
    );
  });

  it('changing one digit of a valid IBAN makes it invalid', () => {
    const iban = 'CY17002001280000001200527600';
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: iban.length - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (i, delta) => {
          const digit = (Number(iban[i]) + delta) % 10;
          const changed = iban.slice(0, i) + String(digit) + iban.slice(i + 1);
          expect(fieldRules.iban(changed)).toBe('validation:iban');
        },
      ),
    );
  });
});
