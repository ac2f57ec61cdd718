// Cypriot phone numbers: 8 digits, landlines starting with 2 and mobiles with 9. Shown as
// "99 123456", stored as digits only. A +357 or 00357 country code is accepted and dropped.

import type { MaskedCheck } from './timeInput';

const LOCAL_LENGTH = 8;
const COUNTRY = '357';

interface PhoneParts {
  /** Digits after any country code, at most 8 for a Cypriot number. */
  digits: string;
  /** A country code is being typed ("+3") or a foreign one was given ("+44..."). */
  prefix?: { text: string; foreign: boolean };
}

function phoneParts(raw: string): PhoneParts {
  const compact = raw.replace(/[^\d+]/g, '');
  const intl = /^(\+|00)/.exec(compact);
  if (!intl) return { digits: compact.replace(/\D/g, '').slice(0, LOCAL_LENGTH) };
  const rest = compact.slice(intl[1].length).replace(/\D/g, '');
  if (rest.startsWith(COUNTRY)) return { digits: rest.slice(COUNTRY.length, COUNTRY.length + LOCAL_LENGTH) };
  const pending = COUNTRY.startsWith(rest);
  return { digits: '', prefix: { text: `${intl[1]}${rest}`, foreign: !pending } };
}

function group(digits: string): string {
  return digits.length > 2 ? `${digits.slice(0, 2)} ${digits.slice(2)}` : digits;
}

/** Typed text in display form: "99123456" → "99 123456", "+357 99 12" → "99 12". */
export function formatPhoneTyping(raw: string): string {
  const parts = phoneParts(raw);
  return parts.prefix ? parts.prefix.text : group(parts.digits);
}

/** A stored phone as shown in the input. */
export function phoneToText(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  return formatPhoneTyping(String(value));
}

export type PhoneCheck = MaskedCheck | { kind: 'foreign' };

export function checkPhoneText(text: string): PhoneCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = phoneParts(text);
  if (parts.prefix) return parts.prefix.foreign ? { kind: 'foreign' } : { kind: 'incomplete' };
  if (parts.digits.length < LOCAL_LENGTH) return { kind: 'incomplete' };
  if (!/^[29]/.test(parts.digits)) return { kind: 'invalid' };
  return { kind: 'ok', value: parts.digits };
}
