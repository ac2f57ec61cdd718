// Money: integer cents inside the engine and the service, whole euro on screen.
// Screen formats are fixed per language (Greek "1.234 €", English "€1,234") whatever the
// browser's or server's ICU data says about grouping or spaces, so a quote reads the same in
// the form, the e-mail and the PDF, and tests can compare exact strings.

export type Lang = 'el' | 'en';

/** The one space used between amount and currency sign: U+202F NARROW NO-BREAK SPACE. */
export const CURRENCY_SPACE = '\u202f';

const SEPARATORS: Record<Lang, { group: string; decimal: string }> = {
  el: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

const PLAIN_DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

// Rounds a plain decimal string to cents, half away from zero, without binary floating point
// (1.005 → 101 cents, where Math.round(1.005 * 100) gives 100).
function decimalToCents(sign: string, whole: string, fraction: string): number {
  const digits = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign === '-' && cents !== 0 ? -cents : cents;
}

/**
 * Euro to integer cents. Accepts finite numbers and plain strings with a dot decimal
 * ("1234.5", "-12", "  7.05 "); thousand separators and comma decimals are refused
 * (use parseAmountInput for typed text). Throws RangeError on anything else.
 */
export function toCents(euro: number | string): number {
  if (typeof euro === 'number') {
    if (!Number.isFinite(euro)) throw new RangeError(`Not an amount: ${euro}`);
    const text = String(euro);
    const match = PLAIN_DECIMAL.exec(text);
    // Exponent notation (very large or tiny numbers) falls back to float rounding.
    if (!match) return Math.round(euro * 100) || 0;
    return decimalToCents(match[1], match[2], match[3] ?? '');
  }
  const match = PLAIN_DECIMAL.exec(euro.trim());
  if (!match) throw new RangeError(`Not an amount: "${euro}"`);
  return decimalToCents(match[1], match[2], match[3] ?? '');
}

/** Cents to euro as a number with at most two decimals (12345 → 123.45). */
export function centsToEuro(cents: number): number {
  if (!Number.isFinite(cents)) throw new RangeError(`Not an amount: ${cents}`);
  const whole = Math.round(cents);
  return Number((whole / 100).toFixed(2)) || 0;
}

function groupDigits(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

// Half away from zero, and never "-0".
function roundEuro(euro: number): number {
  return Math.sign(euro) * Math.round(Math.abs(euro)) || 0;
}

const currencyFormats = new Map<Lang, Intl.NumberFormat>();

function currencyFormat(lang: Lang): Intl.NumberFormat {
  let f = currencyFormats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang === 'el' ? 'el-GR' : 'en-IE', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    currencyFormats.set(lang, f);
  }
  return f;
}

/**
 * Whole euro for the screen: formatEuro(1234.4, 'el') === '1.234 €' (narrow no-break space),
 * formatEuro(1234, 'en') === '€1,234'. Intl decides where the sign and the minus go; the
 * digits, separators and spaces are normalised here.
 */
export function formatEuro(euro: number, lang: Lang): string {
  if (!Number.isFinite(euro)) return '';
  const value = roundEuro(euro);
  const digits = groupDigits(String(Math.abs(value)), SEPARATORS[lang].group);
  let out = '';
  let digitsWritten = false;
  for (const part of currencyFormat(lang).formatToParts(value)) {
    switch (part.type) {
      case 'integer':
      case 'group':
      case 'decimal':
      case 'fraction':
        if (!digitsWritten) out += digits;
        digitsWritten = true;
        break;
      case 'currency':
        out += '€';
        break;
      case 'minusSign':
        out += '-';
        break;
      case 'literal':
        out += /^\s+$/u.test(part.value) ? CURRENCY_SPACE : part.value;
        break;
      default:
        out += part.value;
    }
  }
  return out;
}

/**
 * Number as shown in an amount input: thousand separators, no currency. Whole numbers get no
 * decimals; others get two (12500.5 → "12.500,50" in Greek).
 */
export function formatAmountInput(n: number, lang: Lang): string {
  if (!Number.isFinite(n)) return '';
  const { group, decimal } = SEPARATORS[lang];
  const cents = toCents(n);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = groupDigits(String(Math.floor(abs / 100)), group);
  const fraction = abs % 100;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}${decimal}${String(fraction).padStart(2, '0')}`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const amountPatterns = new Map<Lang, RegExp>();

function amountPattern(lang: Lang): RegExp {
  let re = amountPatterns.get(lang);
  if (!re) {
    const g = escapeRegExp(SEPARATORS[lang].group);
    const d = escapeRegExp(SEPARATORS[lang].decimal);
    // Either plain digits or correctly placed groups of three; at most two decimals.
    re = new RegExp(`^([-−]?)(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d{1,2}))?$`);
    amountPatterns.set(lang, re);
  }
  return re;
}

/**
 * Reads an amount typed in `lang`: "12.500" is 12500 in Greek and "12,500" is 12500 in
 * English; "12.500,5" (el) and "12,500.5" (en) carry decimals. A euro sign and surrounding
 * spaces are ignored. Misplaced separators ("12.50" in Greek) give null rather than a guess,
 * because a silently misread insured amount is worse than an error.
 */
export function parseAmountInput(text: string, lang: Lang): number | null {
  const cleaned = text.replace(/€/g, '').replace(/[\s\u00a0\u202f]+/gu, '');
  const match = amountPattern(lang).exec(cleaned);
  if (!match) return null;
  const whole = match[2].split(SEPARATORS[lang].group).join('');
  const value = Number(`${whole}.${match[3] ?? '0'}`);
  return match[1] && value !== 0 ? -value : value;
}
