// Time of day typed as HH:MM (24-hour) and stored the same way.

import { formatSegments, type SegmentMask, segmentsComplete, segmentsOf } from './segments';

export const TIME_MASK: SegmentMask = { sizes: [2, 2], separator: ':' };

export function formatTimeTyping(raw: string): string {
  return formatSegments(raw, TIME_MASK);
}

export type MaskedCheck =
  | { kind: 'empty' }
  | { kind: 'incomplete' }
  | { kind: 'invalid' }
  | { kind: 'ok'; value: string };

export function checkTimeText(text: string): MaskedCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = segmentsOf(text, TIME_MASK);
  if (!segmentsComplete(parts, TIME_MASK)) return { kind: 'incomplete' };
  const [h, m] = parts.map(Number);
  if (h > 23 || m > 59) return { kind: 'invalid' };
  return { kind: 'ok', value: parts.join(':') };
}

/** A stored time shown in the input ('' for anything that is not HH:MM). */
export function timeToText(value: unknown): string {
  return typeof value === 'string' && checkTimeText(value).kind === 'ok' ? value : '';
}
