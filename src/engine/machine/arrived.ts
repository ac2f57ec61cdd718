// Data that arrives while the person is already answering (an onEnter lookup's answer, a list, a
// recalculated quote) is laid under what they chose, never over it: a three-way merge of the quote
// the work started from, the quote it answered and the quote as the person has edited it since.

import type { Quote } from '../flow/types';
import { getPath, setPath } from '../paths';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** Leaf paths (objects walked, lists and values whole) where `a` and `b` differ. */
export function changedPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (same(a, b)) return [];
  // A part that is not there yet is walked as an empty object, so its new leaves are named alone.
  if (a === undefined && isObject(b)) return changedPaths({}, b, prefix);
  if (b === undefined && isObject(a)) return changedPaths(a, {}, prefix);
  if (!isObject(a) || !isObject(b)) return [prefix];
  const out: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    out.push(...changedPaths(a[key], b[key], prefix ? `${prefix}.${key}` : key));
  return out;
}

/**
 * `arrived` (what a lookup answered, started from `from`) laid under `current` (the quote as the
 * person has edited it meanwhile): every path the person changed since `from` keeps their value.
 */
export function layArrivedUnder(from: Quote, arrived: Quote, current: Quote): Quote {
  if (current === from) return arrived;
  const chosen = changedPaths(from, current);
  if (chosen.length === 0) return arrived;
  let out = arrived;
  for (const path of chosen) out = setPath(out, path, getPath(current, path));
  return out;
}
