// The referral (check-point) engine: ET_CHECK_POINTS rows from rules.json, evaluated against a quote.
// Spec quote-and-purchase §3 and §5. The client runs it for speed and the server runs it again.
//
// Rows sharing a CHECK_NUMBER form a group; a group combines its rows by the first non-empty
// COND_OPERATOR among them (none means AND). The first group that triggers, in order of first
// appearance, raises the referral with its first true row's message and type.
//
// Row semantics by ARITHMETIC_MODE:
//   0 (or missing)  the first field compared with FIELD_VALUE. An empty or zero field is false.
//                   Both sides numeric: compared as numbers; otherwise as trimmed strings
//                   (code-unit order, so Y-m-d dates order correctly).
//                   A `*` path ("CT_GUNS.*.COST") is true when any matched value is.
//   1               the fields are summed (non-numeric reads 0, a `*` path adds every match),
//                   then compared with FIELD_VALUE; a zero sum is false.
//   2               true when first / second > 1 / FIELD_VALUE. REL_OPERATOR is ignored. A zero or
//                   empty operand, or a zero or non-numeric FIELD_VALUE, is false.
// Empty means undefined, null, '', blank, '0000-00-00'; booleans, objects and arrays count as empty.
//
// Rows compile once into closures (paths split, operator and FIELD_VALUE resolved); evaluation
// allocates nothing and returns a frozen hit object shared by every call.

import { readNumber } from './expr';
import { splitPath } from './paths';

export type RelOperator = 'EQ' | 'NE' | 'GT' | 'GE' | 'LT' | 'LE';

export interface CheckPoint {
  CHECK_NUMBER: number | string;
  COND_OPERATOR?: 'AND' | 'OR' | '';
  T_FIELD_NAME: (string | { FIELD_NAME: string })[];
  ARITHMETIC_MODE?: 0 | 1 | 2 | '0' | '1' | '2';
  REL_OPERATOR: RelOperator;
  FIELD_VALUE: string | number;
  ERROR_MESSAGE: string;
  ERROR_TEXT_TYPE: string | number;
}

export interface CheckPointHit {
  CHECK_NUMBER: string;
  ERROR_MESSAGE: string;
  ERROR_TEXT_TYPE: string;
}

/** A row the engine cannot run (unknown operator or mode, missing fields): a rules.json error. */
export class CheckPointError extends Error {
  constructor(
    message: string,
    readonly checkNumber: string,
    readonly row: number,
  ) {
    super(`Check point ${checkNumber} (row ${row}): ${message}`);
    this.name = 'CheckPointError';
  }
}

type Row = (quote: unknown) => boolean;
type Holds = (sign: number) => boolean;
type ValueTest = (value: unknown) => boolean;
type NumberReader = (quote: unknown) => number;

interface Group {
  and: boolean;
  rows: Row[];
  hits: CheckPointHit[];
}

const ZERO_DATE = '0000-00-00';

const HOLDS: Record<RelOperator, Holds> = {
  EQ: (d) => d === 0,
  NE: (d) => d !== 0,
  GT: (d) => d > 0,
  GE: (d) => d >= 0,
  LT: (d) => d < 0,
  LE: (d) => d <= 0,
};

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function fieldName(entry: string | { FIELD_NAME: string }): string {
  return (typeof entry === 'string' ? entry : (entry?.FIELD_NAME ?? '')).trim();
}

function compileGetter(path: string): (root: unknown) => unknown {
  const parts = splitPath(path);
  const n = parts.length;
  return (root) => {
    let node = root;
    for (let i = 0; i < n; i++) {
      if (node === null || typeof node !== 'object') return undefined;
      node = (node as Record<string, unknown>)[parts[i]];
    }
    return node;
  };
}

/** True when any value matched by a `*` path passes `test`. */
function anyAt(node: unknown, parts: string[], i: number, test: ValueTest): boolean {
  if (i === parts.length) return test(node);
  if (node === null || typeof node !== 'object') return false;
  if (parts[i] === '*') {
    if (!Array.isArray(node)) return false;
    for (let k = 0; k < node.length; k++) if (anyAt(node[k], parts, i + 1, test)) return true;
    return false;
  }
  return anyAt((node as Record<string, unknown>)[parts[i]], parts, i + 1, test);
}

/** Sum of the numeric values matched by a `*` path. */
function sumAt(node: unknown, parts: string[], i: number): number {
  if (i === parts.length) {
    const n = readNumber(node);
    return Number.isNaN(n) ? 0 : n;
  }
  if (node === null || typeof node !== 'object') return 0;
  if (parts[i] === '*') {
    if (!Array.isArray(node)) return 0;
    let sum = 0;
    for (let k = 0; k < node.length; k++) sum += sumAt(node[k], parts, i + 1);
    return sum;
  }
  return sumAt((node as Record<string, unknown>)[parts[i]], parts, i + 1);
}

function compileNumberReader(path: string): NumberReader {
  const parts = splitPath(path);
  if (parts.includes('*')) return (quote) => sumAt(quote, parts, 0);
  const get = compileGetter(path);
  return (quote) => {
    const n = readNumber(get(quote));
    return Number.isNaN(n) ? 0 : n;
  };
}

// Sums are rounded to 6 decimals so that 0.1 + 0.2 equals a FIELD_VALUE of 0.3.
const clean = (x: number): number => Math.round(x * 1e6) / 1e6;

/** Mode 0: one value against FIELD_VALUE, with the empty-or-zero rule. */
function compileValueTest(holds: Holds, fieldValue: string | number): ValueTest {
  const fvString = String(fieldValue).trim();
  const fvNumber = readNumber(fieldValue);
  const fvIsNumber = !Number.isNaN(fvNumber);
  return (value) => {
    if (typeof value === 'number') {
      if (value === 0 || !Number.isFinite(value)) return false;
      return fvIsNumber ? holds(value - fvNumber) : holds(compareStrings(String(value), fvString));
    }
    if (typeof value !== 'string' || value === '' || value === ZERO_DATE) return false;
    const n = readNumber(value);
    if (!Number.isNaN(n)) {
      if (n === 0) return false;
      if (fvIsNumber) return holds(n - fvNumber);
    }
    const s = value.trim();
    if (s === '' || s === ZERO_DATE) return false;
    return holds(compareStrings(s, fvString));
  };
}

function compileRow(cp: CheckPoint, checkNumber: string, index: number): Row {
  const fail = (message: string) => new CheckPointError(message, checkNumber, index);
  const op = String(cp.REL_OPERATOR ?? '')
    .trim()
    .toUpperCase() as RelOperator;
  const rawMode = String(cp.ARITHMETIC_MODE ?? '').trim();
  const mode = rawMode === '' ? 0 : Number(rawMode);
  const paths = (Array.isArray(cp.T_FIELD_NAME) ? cp.T_FIELD_NAME : [])
    .map(fieldName)
    .filter((p) => p !== '');
  if (mode !== 0 && mode !== 1 && mode !== 2)
    throw fail(`unknown ARITHMETIC_MODE ${String(cp.ARITHMETIC_MODE)}`);
  if (mode !== 2 && !Object.hasOwn(HOLDS, op)) throw fail(`unknown REL_OPERATOR ${String(cp.REL_OPERATOR)}`);
  if (paths.length === 0) throw fail('T_FIELD_NAME names no field');

  if (mode === 0) {
    const test = compileValueTest(HOLDS[op], cp.FIELD_VALUE);
    const parts = splitPath(paths[0]);
    if (parts.includes('*')) return (quote) => anyAt(quote, parts, 0, test);
    const get = compileGetter(paths[0]);
    return (quote) => test(get(quote));
  }

  if (mode === 1) {
    const readers = paths.map(compileNumberReader);
    const holds = HOLDS[op];
    const fvNumber = readNumber(cp.FIELD_VALUE);
    const fvString = String(cp.FIELD_VALUE).trim();
    const fvIsNumber = !Number.isNaN(fvNumber);
    const count = readers.length;
    return (quote) => {
      let sum = 0;
      for (let i = 0; i < count; i++) sum += readers[i](quote);
      sum = clean(sum);
      if (sum === 0) return false;
      return fvIsNumber ? holds(sum - fvNumber) : holds(compareStrings(String(sum), fvString));
    };
  }

  if (paths.length < 2) throw fail('ARITHMETIC_MODE 2 needs two fields');
  const first = compileNumberReader(paths[0]);
  const second = compileNumberReader(paths[1]);
  const ratio = readNumber(cp.FIELD_VALUE);
  if (Number.isNaN(ratio) || ratio === 0) return () => false;
  const bound = 1 / ratio;
  return (quote) => {
    const b = second(quote);
    if (b === 0) return false;
    const a = first(quote);
    if (a === 0) return false;
    // a / b > 1 / v  <=>  a * v > b when b and v are positive: one rounding instead of two.
    return b > 0 && ratio > 0 ? a * ratio > b : a / b > bound;
  };
}

function groupKey(checkNumber: number | string): string {
  return String(checkNumber ?? '').trim();
}

function compileGroups(cps: readonly CheckPoint[]): Group[] {
  const byKey = new Map<string, { rows: { cp: CheckPoint; index: number }[]; operator: string }>();
  cps.forEach((cp, index) => {
    const key = groupKey(cp.CHECK_NUMBER);
    let group = byKey.get(key);
    if (!group) {
      group = { rows: [], operator: '' };
      byKey.set(key, group);
    }
    group.rows.push({ cp, index });
    const operator = String(cp.COND_OPERATOR ?? '')
      .trim()
      .toUpperCase();
    if (group.operator === '' && operator !== '') {
      if (operator !== 'AND' && operator !== 'OR') {
        throw new CheckPointError(`unknown COND_OPERATOR ${String(cp.COND_OPERATOR)}`, key, index);
      }
      group.operator = operator;
    }
  });
  return [...byKey].map(([key, group]) => ({
    and: group.operator !== 'OR',
    rows: group.rows.map(({ cp, index }) => compileRow(cp, key, index)),
    hits: group.rows.map(({ cp }) =>
      Object.freeze({
        CHECK_NUMBER: key,
        ERROR_MESSAGE: String(cp.ERROR_MESSAGE ?? ''),
        ERROR_TEXT_TYPE: String(cp.ERROR_TEXT_TYPE ?? ''),
      }),
    ),
  }));
}

/**
 * Compiles the rows once; the returned function answers the first triggered referral or null.
 * Throws CheckPointError for a row it cannot run, so a broken rules.json fails loudly, never silently passes.
 */
export function compileCheckPoints(cps: readonly CheckPoint[]): (quote: unknown) => CheckPointHit | null {
  const groups = compileGroups(cps);
  const groupCount = groups.length;
  return (quote) => {
    for (let g = 0; g < groupCount; g++) {
      const { and, rows, hits } = groups[g];
      const n = rows.length;
      if (and) {
        let i = 0;
        while (i < n && rows[i](quote)) i++;
        if (i === n) return hits[0];
      } else {
        for (let i = 0; i < n; i++) if (rows[i](quote)) return hits[i];
      }
    }
    return null;
  };
}

const compiled = new WeakMap<readonly CheckPoint[], (quote: unknown) => CheckPointHit | null>();

/** Evaluates with a per-array cache: the same ET_CHECK_POINTS array is compiled once. */
export function evaluateCheckPoints(cps: readonly CheckPoint[], quote: unknown): CheckPointHit | null {
  let run = compiled.get(cps);
  if (!run) {
    run = compileCheckPoints(cps);
    compiled.set(cps, run);
  }
  return run(quote);
}

/** Every quote path the rows read, once each, in order (flows:check verifies they are flow fields). */
export function checkPointFieldPaths(cps: readonly CheckPoint[]): string[] {
  const seen = new Set<string>();
  for (const cp of cps) {
    for (const entry of Array.isArray(cp.T_FIELD_NAME) ? cp.T_FIELD_NAME : []) {
      const path = fieldName(entry);
      if (path !== '') seen.add(path);
    }
  }
  return [...seen];
}
