// Whole-euro amounts as typed. Visitors type "12500", "12.500" or "12,500" whatever the
// interface language, so both grouping styles are read; decimals are accepted only when they
// are zero ("12.500,00"), because "12,5" could be twelve and a half or a typo for 12,500, and a
// silently misread insured amount is worse than an error.

export type AmountCheck = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; value: number };

const GROUPED = /^(\d{1,3})((?:([.,])\d{3})(?:\3\d{3})*)$/;
const ZERO_DECIMALS = /[.,]0{1,2}$/;
const MAX_DIGITS = 12;

function wholePart(s: string): string | null {
  if (/^\d+$/.test(s)) return s;
  const grouped = GROUPED.exec(s);
  return grouped ? s.replace(/[.,]/g, '') : null;
}

export function checkAmountText(text: string): AmountCheck {
  const s = text.replace(/[€\s\u00a0\u202f]/gu, '');
  if (s === '') return { kind: 'empty' };
  let whole = wholePart(s);
  // "12.500,00" or "12500.0": zero decimals after a whole number.
  if (whole === null && ZERO_DECIMALS.test(s)) whole = wholePart(s.replace(ZERO_DECIMALS, ''));
  if (whole === null || whole.length > MAX_DIGITS) return { kind: 'invalid' };
  return { kind: 'ok', value: Number(whole) };
}

/** Characters that can be part of a typed amount; anything else is dropped as it is typed. */
export function filterAmountTyping(raw: string): string {
  return raw.replace(/[^\d.,\s€]/g, '');
}
