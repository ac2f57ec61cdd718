// Conditions, expressions and paths of a tariff compiled once into closures, with the semantics of
// the interpreters they replace in rating (evaluateCondition in ../conditions, evaluateExpr in
// ../expr, getPath in ../paths): paths are split, constants read and operators chosen at compile
// time instead of on every call. A shape the compiler does not know is handed to the interpreter,
// so a malformed tariff fails (or passes) exactly as it did.

import { type Condition, type ConditionContext, evaluateCondition, isEmptyValue } from '../conditions';
import { evaluateExpr, readNumber } from '../expr';
import type { Expr } from '../flow/types';
import { getAll, splitPath } from '../paths';

export type Getter = (root: unknown) => unknown;
export type CompiledCondition = (quote: unknown, ctx: ConditionContext) => boolean;
export type CompiledExpr = (quote: unknown, ctx: ConditionContext) => number;

type Node = Record<string, unknown>;

/** getPath(root, path) for a fixed path. */
export function compileGetter(path: string): Getter {
  const parts = splitPath(path);
  if (parts.length === 0) return (root) => root;
  if (parts.length === 1) {
    const [a] = parts;
    return (root) => (root !== null && typeof root === 'object' ? (root as Node)[a] : undefined);
  }
  if (parts.length === 2) {
    const [a, b] = parts;
    return (root) => {
      if (root === null || typeof root !== 'object') return undefined;
      const node = (root as Node)[a];
      return node !== null && typeof node === 'object' ? (node as Node)[b] : undefined;
    };
  }
  return (root) => {
    let node: unknown = root;
    for (const key of parts) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Node)[key];
    }
    return node;
  };
}

/** A value read from the quote, or from the context for a "$" path (as the interpreters read). */
export function compileReader(path: string): (quote: unknown, ctx: ConditionContext) => unknown {
  if (path.startsWith('$')) {
    const get = compileGetter(path.slice(1));
    return (_quote, ctx) => get(ctx ?? {});
  }
  const get = compileGetter(path);
  return (quote) => get(quote);
}

/** Loose equality with a fixed right side: the wire's "1" equals 1 (same() in ../conditions). */
function sameAs(constant: unknown): (value: unknown) => boolean {
  if (typeof constant !== 'number' && typeof constant !== 'string') return (value) => value === constant;
  const text = String(constant);
  return (value) =>
    value === constant ||
    ((typeof value === 'number' || typeof value === 'string') && String(value) === text);
}

/** Membership in a fixed list under the same loose equality. */
function memberOf(list: unknown[]): (value: unknown) => boolean {
  const texts = new Set<string>();
  const others: unknown[] = [];
  for (const v of list) {
    if (typeof v === 'number' || typeof v === 'string') texts.add(String(v));
    else others.push(v);
  }
  return (value) =>
    ((typeof value === 'number' || typeof value === 'string') && texts.has(String(value))) ||
    others.some((v) => v === value);
}

/** compare() of ../conditions against a fixed bound, then the operator's test of the difference. */
function boundTest(bound: number | string, ok: (d: number) => boolean): (value: unknown) => boolean {
  const y = Number(bound);
  const yFinite = Number.isFinite(y);
  const text = String(bound);
  return (value) => {
    if (isEmptyValue(value)) return false;
    const x = Number(value);
    if (yFinite && Number.isFinite(x)) return ok(x - y);
    const s = String(value);
    return ok(s < text ? -1 : s > text ? 1 : 0);
  };
}

const ORDERED: [keyof FieldBounds, (d: number) => boolean][] = [
  ['gt', (d) => d > 0],
  ['ge', (d) => d >= 0],
  ['lt', (d) => d < 0],
  ['le', (d) => d <= 0],
];

interface FieldBounds {
  gt?: number | string;
  ge?: number | string;
  lt?: number | string;
  le?: number | string;
}

function interpreted(cond: Condition): CompiledCondition {
  return (quote, ctx) => evaluateCondition(cond, quote, ctx);
}

const always: CompiledCondition = () => true;

export function compileCondition(cond: Condition | undefined): CompiledCondition {
  if (!cond) return always;
  if (typeof cond !== 'object') return interpreted(cond);
  if ('all' in cond) {
    if (!Array.isArray(cond.all)) return interpreted(cond);
    const parts = cond.all.map(compileCondition);
    return (quote, ctx) => {
      for (const part of parts) if (!part(quote, ctx)) return false;
      return true;
    };
  }
  if ('any' in cond) {
    if (!Array.isArray(cond.any)) return interpreted(cond);
    const parts = cond.any.map(compileCondition);
    return (quote, ctx) => {
      for (const part of parts) if (part(quote, ctx)) return true;
      return false;
    };
  }
  if ('not' in cond) {
    const inner = compileCondition(cond.not);
    return (quote, ctx) => !inner(quote, ctx);
  }
  if (typeof cond.path !== 'string' || (cond.in && !Array.isArray(cond.in))) return interpreted(cond);

  // The field test's checks in the interpreter's order; the value passes when every one holds.
  const read = compileReader(cond.path);
  const tests: ((value: unknown) => boolean)[] = [];
  if (cond.empty !== undefined) {
    const empty = cond.empty;
    tests.push((value) => isEmptyValue(value) === empty);
  }
  if ('eq' in cond) tests.push(sameAs(cond.eq));
  if ('ne' in cond) {
    const same = sameAs(cond.ne);
    tests.push((value) => !same(value));
  }
  if (cond.in) tests.push(memberOf(cond.in));
  for (const [key, ok] of ORDERED) {
    const bound = cond[key];
    if (bound !== undefined) tests.push(boundTest(bound, ok));
  }
  if (tests.length === 1) {
    const [test] = tests;
    return (quote, ctx) => test(read(quote, ctx));
  }
  return (quote, ctx) => {
    const value = read(quote, ctx);
    for (const test of tests) if (!test(value)) return false;
    return true;
  };
}

/** The number a constant expression always gives, or undefined when it reads the quote. */
export function constantOf(expr: Expr): number | undefined {
  return typeof expr === 'number' ? (Number.isFinite(expr) ? expr : 0) : undefined;
}

function numberAt(path: string): CompiledExpr {
  const fromCtx = path.startsWith('$');
  const rel = fromCtx ? path.slice(1) : path;
  if (splitPath(rel).includes('*')) {
    // A `*` path sums its numeric matches.
    return (quote, ctx) => {
      let sum = 0;
      for (const value of getAll(fromCtx ? (ctx ?? {}) : quote, rel)) {
        const n = readNumber(value);
        if (!Number.isNaN(n)) sum += n;
      }
      return sum;
    };
  }
  const get = compileGetter(rel);
  return (quote, ctx) => {
    const n = readNumber(get(fromCtx ? (ctx ?? {}) : quote));
    return Number.isNaN(n) ? 0 : n;
  };
}

export function compileExpr(expr: Expr): CompiledExpr {
  const constant = constantOf(expr);
  if (constant !== undefined) return () => constant;
  // The interpreter's order of checks; an operand of an unexpected type goes to the interpreter.
  if (expr !== null && typeof expr === 'object') {
    if ('path' in expr) return typeof expr.path === 'string' ? numberAt(expr.path) : interpretedExpr(expr);
    if ('mul' in expr) {
      if (!Array.isArray(expr.mul)) return interpretedExpr(expr);
      const factors = expr.mul.map(compileExpr);
      return (quote, ctx) => {
        let product = 1;
        for (const f of factors) product *= f(quote, ctx);
        return product;
      };
    }
    if ('add' in expr) {
      if (!Array.isArray(expr.add)) return interpretedExpr(expr);
      const terms = expr.add.map(compileExpr);
      return (quote, ctx) => {
        let sum = 0;
        for (const t of terms) sum += t(quote, ctx);
        return sum;
      };
    }
    if ('div' in expr) {
      if (!Array.isArray(expr.div)) return interpretedExpr(expr);
      const divisor = compileExpr(expr.div[1]);
      const dividend = compileExpr(expr.div[0]);
      return (quote, ctx) => {
        const d = divisor(quote, ctx);
        if (d === 0) return 0;
        const quotient = dividend(quote, ctx) / d;
        return Number.isFinite(quotient) ? quotient : 0;
      };
    }
  }
  // Not an expression: the interpreter throws, as it did, when the tariff reaches it.
  return interpretedExpr(expr);
}

function interpretedExpr(expr: Expr): CompiledExpr {
  return (quote, ctx) => evaluateExpr(expr, quote, ctx);
}
