// Cypriot phone numbers: 8 digits, landlines starting with 2 and mobiles with 9. Shown as
// "99 123456", stored as digits only. A +357 or 00357 country code may be typed: it stays on
// screen while typing ("+357 99 123456") and is dropped from the stored value.

import type { MaskedCheck } from './timeInput';

const LOCAL_LENGTH = 8;
const COUNTRY = '357';

type PhoneParts =
  | { state: 'local'; digits: string }
  | { state: 'cyprus'; prefix: string; digits: string }
  /** A country code still being typed ("+3"). */
  | { state: 'pending'; prefix: string }
  /** Another country's number ("+44…"). */
  | { state: 'foreign'; prefix: string };

function phoneParts(raw: string): PhoneParts {
  const compact = raw.replace(/[^\d+]/g, '');
  const intl = /^(\+|00)/.exec(compact);
  if (!intl) return { state: 'local', digits: compact.replace(/\D/g, '').slice(0, LOCAL_LENGTH) };
  const rest = compact.slice(intl[1].length).replace(/\D/g, '');
  if (rest.startsWith(COUNTRY)) {
    const digits = rest.slice(COUNTRY.length, COUNTRY.length + LOCAL_LENGTH);
    return { state: 'cyprus', prefix: `${intl[1]}${COUNTRY}`, digits };
  }
  const prefix = `${intl[1]}${rest}`;
  return COUNTRY.startsWith(rest) ? { state: 'pending', prefix } : { state: 'foreign', prefix };
}

function group(digits: string): string {
  return digits.length > 2 ? `${digits.slice(0, 2)} ${digits.slice(2)}` : digits;
}

/** Typed text in display form: "99123456" → "99 123456", "+35799123456" → "+357 99 123456". */
export function formatPhoneTyping(raw: string): string {
  const parts = phoneParts(raw);
  switch (parts.state) {
    case 'local':
      return group(parts.digits);
    case 'cyprus':
      return parts.digits ? `${parts.prefix} ${group(parts.digits)}` : parts.prefix;
    default:
      return parts.prefix;
  }
}

/** A stored phone as shown in the input, without any country code. */
export function phoneToText(value: unknown): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  const parts = phoneParts(String(value));
  return parts.state === 'local' || parts.state === 'cyprus' ? group(parts.digits) : '';
}

export type PhoneCheck = MaskedCheck | { kind: 'foreign' };

export function checkPhoneText(text: string): PhoneCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = phoneParts(text);
  if (parts.state === 'pending') return { kind: 'incomplete' };
  if (parts.state === 'foreign') return { kind: 'foreign' };
  if (parts.digits.length < LOCAL_LENGTH) return { kind: 'incomplete' };
  if (!/^[29]/.test(parts.digits)) return { kind: 'invalid' };
  return { kind: 'ok', value: parts.digits };
}
