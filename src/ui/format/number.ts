// Plain numbers (ages, years, counts): no grouping; a decimal comma or point for non-integers.

export type NumberCheck = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; value: number };

export function checkNumberText(text: string, integer: boolean): NumberCheck {
  const s = text.replace(/\s/g, '');
  if (s === '') return { kind: 'empty' };
  const pattern = integer ? /^-?\d+$/ : /^-?\d+(?:[.,]\d+)?$/;
  if (!pattern.test(s)) return { kind: 'invalid' };
  const value = Number(s.replace(',', '.'));
  return Number.isFinite(value) ? { kind: 'ok', value } : { kind: 'invalid' };
}

export function filterNumberTyping(raw: string, integer: boolean): string {
  return raw.replace(integer ? /[^\d-]/g : /[^\d.,-]/g, '');
}

export function numberToText(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && checkNumberText(value, false).kind === 'ok') return value;
  return '';
}
