// The condition language of flow and tariff files: visibility, required-by-flag, effects and
// rating factors all use it, so the product team learns one small thing.
//
//   { "path": "CS_HUNTER.GUN_INSURANCE", "eq": "1" }
//   { "path": "CS_VEHICLE.VEHICLE_VALUE", "gt": 70000 }
//   { "path": "CS_POLICY.PACKAGE_ID", "in": ["TPO", "TPF"] }
//   { "path": "CS_PROPERTY.MORTGAGE", "empty": false }
//   { "all": [ ... ] }  { "any": [ ... ] }  { "not": { ... } }
//
// A path starting with "$" reads the run context instead of the quote ("$variant", "$today").

import { getPath } from './paths';

export type Condition = { all: Condition[] } | { any: Condition[] } | { not: Condition } | FieldTest;

export interface FieldTest {
  path: string;
  eq?: unknown;
  ne?: unknown;
  in?: unknown[];
  gt?: number | string;
  ge?: number | string;
  lt?: number | string;
  le?: number | string;
  empty?: boolean;
}

export type ConditionContext = Record<string, unknown>;

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === '0000-00-00' ||
    (Array.isArray(value) && value.length === 0)
  );
}

function read(path: string, quote: unknown, ctx: ConditionContext | undefined): unknown {
  if (path.startsWith('$')) return getPath(ctx ?? {}, path.slice(1));
  return getPath(quote, path);
}

// Loose equality on the wire values: the back end sends "1" where a form may hold 1.
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    return String(a) === String(b);
  }
  return false;
}

function compare(a: unknown, b: number | string): number | null {
  if (isEmptyValue(a)) return null;
  const x = Number(a);
  const y = Number(b);
  if (Number.isFinite(x) && Number.isFinite(y)) return x - y;
  // Y-m-d dates and other strings compare lexically.
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

export function evaluateCondition(
  cond: Condition | undefined,
  quote: unknown,
  ctx?: ConditionContext,
): boolean {
  if (!cond) return true;
  if ('all' in cond) return cond.all.every((c) => evaluateCondition(c, quote, ctx));
  if ('any' in cond) return cond.any.some((c) => evaluateCondition(c, quote, ctx));
  if ('not' in cond) return !evaluateCondition(cond.not, quote, ctx);
  const value = read(cond.path, quote, ctx);
  if (cond.empty !== undefined && isEmptyValue(value) !== cond.empty) return false;
  if ('eq' in cond && !same(value, cond.eq)) return false;
  if ('ne' in cond && same(value, cond.ne)) return false;
  if (cond.in && !cond.in.some((v) => same(value, v))) return false;
  const ordered: [number | string | undefined, (d: number) => boolean][] = [
    [cond.gt, (d) => d > 0],
    [cond.ge, (d) => d >= 0],
    [cond.lt, (d) => d < 0],
    [cond.le, (d) => d <= 0],
  ];
  for (const [bound, ok] of ordered) {
    if (bound === undefined) continue;
    const d = compare(value, bound);
    if (d === null || !ok(d)) return false;
  }
  return true;
}

/** Paths a condition reads (for flows:check and for re-evaluating only what changed). */
export function conditionPaths(cond: Condition | undefined, out: string[] = []): string[] {
  if (!cond) return out;
  if ('all' in cond) for (const c of cond.all) conditionPaths(c, out);
  else if ('any' in cond) for (const c of cond.any) conditionPaths(c, out);
  else if ('not' in cond) conditionPaths(cond.not, out);
  else out.push(cond.path);
  return out;
}
