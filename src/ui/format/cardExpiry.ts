// Card expiry typed as MM/YY and stored the same way. A card is valid to the end of its month.

import { formatSegments, type SegmentMask, segmentsComplete, segmentsOf } from './segments';
import type { MaskedCheck } from './timeInput';

export const EXPIRY_MASK: SegmentMask = { sizes: [2, 2], separator: '/' };

export function formatExpiryTyping(raw: string): string {
  return formatSegments(raw, EXPIRY_MASK);
}

export type ExpiryCheck = MaskedCheck | { kind: 'expired' };

/** `todayYmd` is today's date in Cyprus (Y-m-d). */
export function checkExpiryText(text: string, todayYmd: string): ExpiryCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = segmentsOf(text, EXPIRY_MASK);
  if (!segmentsComplete(parts, EXPIRY_MASK)) return { kind: 'incomplete' };
  const month = Number(parts[0]);
  if (month < 1 || month > 12) return { kind: 'invalid' };
  const year = 2000 + Number(parts[1]);
  const thisYear = Number(todayYmd.slice(0, 4));
  const thisMonth = Number(todayYmd.slice(5, 7));
  if (year < thisYear || (year === thisYear && month < thisMonth)) return { kind: 'expired' };
  return { kind: 'ok', value: parts.join('/') };
}

export function expiryToText(value: unknown): string {
  return typeof value === 'string' && /^(0[1-9]|1[0-2])\/\d{2}$/.test(value) ? value : '';
}
