import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SPACE,
  centsToEuro,
  formatAmountInput,
  formatEuro,
  parseAmountInput,
  toCents,
} from '../../src/engine/money';

const NNBSP = '\u202f';

describe('toCents', () => {
  it('converts numbers without binary rounding errors', () => {
    expect(toCents(0)).toBe(0);
    expect(toCents(1234.5)).toBe(123450);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-12.345)).toBe(-1235);
    expect(toCents(-0.004)).toBe(0);
    expect(toCents(700000)).toBe(70000000);
    expect(Object.is(toCents(-0), 0)).toBe(true);
  });

  it('converts plain strings with a dot decimal', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents(' 15000 ')).toBe(1500000);
    expect(toCents('7.')).toBe(700);
    expect(toCents('-2.5')).toBe(-250);
    expect(toCents('0.125')).toBe(13);
  });

  it('refuses separators, commas and non-numbers', () => {
    expect(() => toCents('1.234,50')).toThrow(RangeError);
    expect(() => toCents('1,234')).toThrow(RangeError);
    expect(() => toCents('')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents('.5')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('centsToEuro', () => {
  it('gives euro with two decimals', () => {
    expect(centsToEuro(12345)).toBe(123.45);
    expect(centsToEuro(100)).toBe(1);
    expect(centsToEuro(1)).toBe(0.01);
    expect(centsToEuro(-250)).toBe(-2.5);
    expect(centsToEuro(0.6)).toBe(0.01);
    expect(() => centsToEuro(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatEuro', () => {
  it('writes Greek style with a narrow no-break space', () => {
    expect(formatEuro(1234, 'el')).toBe(`1.234${NNBSP}€`);
    expect(formatEuro(700000, 'el')).toBe(`700.000${NNBSP}€`);
    expect(formatEuro(1234567, 'el')).toBe(`1.234.567${NNBSP}€`);
    expect(formatEuro(999, 'el')).toBe(`999${NNBSP}€`);
    expect(formatEuro(0, 'el')).toBe(`0${NNBSP}€`);
    expect(CURRENCY_SPACE).toBe(NNBSP);
  });

  it('writes English style', () => {
    expect(formatEuro(1234, 'en')).toBe('€1,234');
    expect(formatEuro(70000, 'en')).toBe('€70,000');
    expect(formatEuro(15, 'en')).toBe('€15');
    expect(formatEuro(0, 'en')).toBe('€0');
  });

  it('drops decimals, rounding half away from zero', () => {
    expect(formatEuro(1234.49, 'el')).toBe(`1.234${NNBSP}€`);
    expect(formatEuro(1234.5, 'en')).toBe('€1,235');
    expect(formatEuro(-1234.5, 'en')).toBe('-€1,235');
    expect(formatEuro(-1234, 'el')).toBe(`-1.234${NNBSP}€`);
    expect(formatEuro(-0.4, 'en')).toBe('€0');
  });

  it('contains no ordinary or non-breaking spaces', () => {
    for (const n of [0, 5, 1234, 1234567890]) {
      expect(formatEuro(n, 'el')).not.toMatch(/[ \u00a0]/);
      expect(formatEuro(n, 'en')).not.toMatch(/[ \u00a0\u202f]/);
    }
  });

  it('gives an empty string for non-numbers', () => {
    expect(formatEuro(Number.NaN, 'el')).toBe('');
  });
});

describe('formatAmountInput', () => {
  it('groups thousands without currency', () => {
    expect(formatAmountInput(12500, 'el')).toBe('12.500');
    expect(formatAmountInput(12500, 'en')).toBe('12,500');
    expect(formatAmountInput(999, 'el')).toBe('999');
    expect(formatAmountInput(1000000, 'en')).toBe('1,000,000');
    expect(formatAmountInput(0, 'el')).toBe('0');
  });

  it('shows two decimals only when there are any', () => {
    expect(formatAmountInput(12500.5, 'el')).toBe('12.500,50');
    expect(formatAmountInput(12500.5, 'en')).toBe('12,500.50');
    expect(formatAmountInput(-1234.05, 'en')).toBe('-1,234.05');
    expect(formatAmountInput(Number.NaN, 'en')).toBe('');
  });
});

describe('parseAmountInput', () => {
  it('reads the language’s thousand separator', () => {
    expect(parseAmountInput('12.500', 'el')).toBe(12500);
    expect(parseAmountInput('12,500', 'en')).toBe(12500);
    expect(parseAmountInput('1.234.567', 'el')).toBe(1234567);
    expect(parseAmountInput('12500', 'el')).toBe(12500);
    expect(parseAmountInput('12500', 'en')).toBe(12500);
  });

  it('reads the language’s decimal separator', () => {
    expect(parseAmountInput('12.500,5', 'el')).toBe(12500.5);
    expect(parseAmountInput('12,500.75', 'en')).toBe(12500.75);
    expect(parseAmountInput('12,5', 'el')).toBe(12.5);
    expect(parseAmountInput('1.5', 'en')).toBe(1.5);
    // The same text means different amounts in the two languages.
    expect(parseAmountInput('1.500', 'el')).toBe(1500);
    expect(parseAmountInput('1.500', 'en')).toBeNull();
  });

  it('ignores the euro sign and spaces', () => {
    expect(parseAmountInput(`1.234${NNBSP}€`, 'el')).toBe(1234);
    expect(parseAmountInput('€1,234', 'en')).toBe(1234);
    expect(parseAmountInput('  2.000 ', 'el')).toBe(2000);
    expect(parseAmountInput('-€1,235', 'en')).toBe(-1235);
  });

  it('refuses misplaced separators and garbage rather than guessing', () => {
    expect(parseAmountInput('12.50', 'el')).toBeNull();
    expect(parseAmountInput('1500.50', 'el')).toBeNull();
    expect(parseAmountInput('12,50', 'en')).toBeNull();
    expect(parseAmountInput('1.234,567', 'el')).toBeNull();
    expect(parseAmountInput('12.500,', 'el')).toBeNull();
    expect(parseAmountInput('', 'el')).toBeNull();
    expect(parseAmountInput('€', 'en')).toBeNull();
    expect(parseAmountInput('abc', 'en')).toBeNull();
    expect(parseAmountInput('1e5', 'en')).toBeNull();
    expect(parseAmountInput('12,500', 'el')).toBeNull();
  });
});
