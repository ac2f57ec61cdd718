// Arithmetic over quote values (the `Expr` of flow notices and tariffs):
//   120                                  a constant
//   { "path": "CS_VEHICLE.VEHICLE_VALUE" } a quote value ("$x" reads the run context; a `*` path sums its matches)
//   { "mul": [ ... ] } { "add": [ ... ] } { "div": [a, b] }
// Quote values arrive as strings ("70000.00") or numbers; anything else reads 0, so a half-filled
// quote prices and warns without throwing.

import type { ConditionContext } from './conditions';
import type { Expr } from './flow/types';
import { getAll, getPath, splitPath } from './paths';

const NUMERIC = /^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

/**
 * The number a wire value stands for, or NaN: finite numbers and decimal strings ("1500", " 12.50 ", "-3").
 * Hex, "Infinity", booleans and blank strings are not numbers here (Number() would accept some of them).
 */
export function readNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string' || !NUMERIC.test(value)) return Number.NaN;
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}

function readPath(path: string, quote: unknown, ctx: ConditionContext | undefined): number {
  const fromCtx = path.startsWith('$');
  const root = fromCtx ? (ctx ?? {}) : quote;
  const rel = fromCtx ? path.slice(1) : path;
  if (splitPath(rel).includes('*')) {
    let sum = 0;
    for (const value of getAll(root, rel)) {
      const n = readNumber(value);
      if (!Number.isNaN(n)) sum += n;
    }
    return sum;
  }
  const n = readNumber(getPath(root, rel));
  return Number.isNaN(n) ? 0 : n;
}

export function evaluateExpr(expr: Expr, quote: unknown, ctx?: ConditionContext): number {
  if (typeof expr === 'number') return Number.isFinite(expr) ? expr : 0;
  if (expr !== null && typeof expr === 'object') {
    if ('path' in expr) return readPath(expr.path, quote, ctx);
    if ('mul' in expr) {
      let product = 1;
      for (const e of expr.mul) product *= evaluateExpr(e, quote, ctx);
      return product;
    }
    if ('add' in expr) {
      let sum = 0;
      for (const e of expr.add) sum += evaluateExpr(e, quote, ctx);
      return sum;
    }
    if ('div' in expr) {
      const divisor = evaluateExpr(expr.div[1], quote, ctx);
      if (divisor === 0) return 0;
      const quotient = evaluateExpr(expr.div[0], quote, ctx) / divisor;
      return Number.isFinite(quotient) ? quotient : 0;
    }
  }
  throw new TypeError(`Not an expression: ${JSON.stringify(expr)}`);
}

/** Paths an expression reads, in order (for flows:check and dependency tracking). */
export function exprPaths(expr: Expr, out: string[] = []): string[] {
  if (typeof expr === 'number' || expr === null || typeof expr !== 'object') return out;
  if ('path' in expr) out.push(expr.path);
  else if ('mul' in expr) for (const e of expr.mul) exprPaths(e, out);
  else if ('add' in expr) for (const e of expr.add) exprPaths(e, out);
  else if ('div' in expr) for (const e of expr.div) exprPaths(e, out);
  return out;
}
