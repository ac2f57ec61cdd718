// Cypriot registration plates: up to three Latin capitals then three digits (KXA123).
// Visitors type them in every way a keyboard allows: lower case, with spaces or dashes, with a
// short number ("ABC5"), or on a Greek layout where K, X, A and friends are Greek letters that
// look identical. We normalise all of that before checking, and store the normalised form.

const GREEK_TO_LATIN: Record<string, string> = {
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
};

const GREEK_LOOKALIKES = new RegExp(`[${Object.keys(GREEK_TO_LATIN).join('')}]`, 'gu');
// Whitespace of any kind and the dashes people type or paste (hyphen, non-breaking hyphen, en/em dash, minus).
const SEPARATORS = /[\s\-\u2010-\u2015\u2212]+/gu;
const GREEK_WITH_MARKS = /([\u0370-\u03ff])\p{M}+/gu;
const SHORT_NUMBER = /^(\p{L}*)(\d{1,2})$/u;

/**
 * Trims; removes spaces and dashes; upper-cases; drops Greek accents (ά → Α); maps the Greek
 * capitals that look like Latin ones to those; pads a 1- or 2-digit number to 3 digits
 * (ABC5 → ABC005, KX12 → KX012, 5 → 005). Idempotent. The result may still be invalid: the
 * field rule says why.
 */
export function normalizePlate(input: string): string {
  const compact = input.replace(SEPARATORS, '').toUpperCase();
  // Only Greek accents are dropped (a Greek keyboard adds them easily); a Latin Ç stays and is
  // reported as a letter plates do not use. Done after upper-casing, which can itself add marks.
  const plain = compact.normalize('NFD').replace(GREEK_WITH_MARKS, '$1').normalize('NFC');
  const latin = plain.replace(GREEK_LOOKALIKES, (ch) => GREEK_TO_LATIN[ch]);
  const short = SHORT_NUMBER.exec(latin);
  return short ? `${short[1]}${short[2].padStart(3, '0')}` : latin;
}

export type PlateProblem = 'format' | 'ends_000' | 'non_latin';

const VALID_PLATE = /^[A-Z]{1,3}\d{3}$/;

/** Checks an already normalised plate; null when valid. */
export function plateProblem(plate: string): PlateProblem | null {
  // Letters outside A–Z here are Greek (or other) letters with no Latin twin, such as Σ or Λ.
  if (/[^\P{L}A-Z]/u.test(plate)) return 'non_latin';
  if (/^[A-Z]{0,3}000$/.test(plate)) return 'ends_000';
  return VALID_PLATE.test(plate) ? null : 'format';
}

/** Plates the engine accepts after normalisation. */
export function isValidPlate(input: string): boolean {
  return plateProblem(normalizePlate(input)) === null;
}
