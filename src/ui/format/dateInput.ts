// The date input: typed as DD/MM/YYYY, stored as Y-m-d. Only a complete, real date within the
// field's bounds becomes a value; anything else stays as text in the input and is reported.

import { displayToYmd, isValidYmd, resolveDateExpr, todayInNicosia, ymdToDisplay } from '../../engine/dates';
import { formatSegments, type SegmentMask, segmentsComplete, segmentsOf } from './segments';

export const DATE_MASK: SegmentMask = { sizes: [2, 2, 4], separator: '/' };

// Typed years outside this window are typos (0205 for 2025), not dates anyone insures.
const FIRST_YEAR = 1900;
const LAST_YEAR = 2100;
const ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;

/** Typed or pasted text in display form; a pasted Y-m-d date is turned around. */
export function formatDateTyping(raw: string): string {
  const iso = ISO_DATE.exec(raw);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  return formatSegments(raw, DATE_MASK);
}

export interface DateBounds {
  min?: string;
  max?: string;
}

/** A bound from ui:options: a Y-m-d date, or an unresolved "today…" expression. */
export function resolveBound(bound: unknown, today?: string): string | undefined {
  if (typeof bound !== 'string' || bound === '') return undefined;
  // A bound already resolved to a date needs no today: working it out builds a Nicosia time-zone
  // formatter, a cost on the first render of a step with date fields.
  const resolved = resolveDateExpr(bound, '');
  if (resolved) return resolved;
  return resolveDateExpr(bound, today ?? todayInNicosia()) ?? undefined;
}

export type DateCheck =
  | { kind: 'empty' }
  | { kind: 'incomplete' }
  | { kind: 'invalid' }
  | { kind: 'beforeMin'; min: string }
  | { kind: 'afterMax'; max: string }
  | { kind: 'ok'; ymd: string };

/** What the text in a date input amounts to. */
export function checkDateText(text: string, bounds: DateBounds): DateCheck {
  if (text.trim() === '') return { kind: 'empty' };
  const parts = segmentsOf(text, DATE_MASK);
  if (!segmentsComplete(parts, DATE_MASK)) return { kind: 'incomplete' };
  const ymd = displayToYmd(parts.join('/'));
  if (!ymd) return { kind: 'invalid' };
  return checkYmd(ymd, bounds);
}

function checkYmd(ymd: string, bounds: DateBounds): DateCheck {
  const year = Number(ymd.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return { kind: 'invalid' };
  // Y-m-d strings compare as dates.
  if (bounds.min && ymd < bounds.min) return { kind: 'beforeMin', min: bounds.min };
  if (bounds.max && ymd > bounds.max) return { kind: 'afterMax', max: bounds.max };
  return { kind: 'ok', ymd };
}

export interface PreloadedDate {
  /** What the input shows. */
  text: string;
  /** True when the stored value must be cleared: not a real date, a zero date, or out of bounds. */
  clear: boolean;
}

/**
 * A value found in the quote when the input mounts. The spec clears an invalid preloaded
 * value; a zero date or '' is empty and is cleared too, so that "required" sees it as missing.
 */
export function preloadedDate(value: unknown, bounds: DateBounds): PreloadedDate {
  if (value === undefined) return { text: '', clear: false };
  if (!isValidYmd(value)) return { text: '', clear: true };
  const check = checkYmd(value, bounds);
  return check.kind === 'ok' ? { text: ymdToDisplay(value), clear: false } : { text: '', clear: true };
}
