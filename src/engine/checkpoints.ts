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
// Rows compile once into flat records (paths split, operator and FIELD_VALUE resolved); evaluation
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

// Compiled form. Every row has the same shape and one function interprets them all, so the hot
// loop stays monomorphic; a closure per row measured twice as slow. The first segment of each
// path is read once per evaluation into `roots` (most rows share CS_VEHICLE, CS_DRIVER ...):
// property reads with varying keys are what costs here.

const VALUE = 0; // mode 0, plain path
const ANY = 1; // mode 0, `*` path
const SUM = 2; // mode 1
const RATIO = 3; // mode 2
const NEVER = 4; // mode 2 with a zero or non-numeric FIELD_VALUE

const OPERATORS: Record<RelOperator, number> = { EQ: 0, NE: 1, GT: 2, GE: 3, LT: 4, LE: 5 };

interface Operand {
  /** Index into the roots read at the start of an evaluation; -1 walks `rest` from the quote itself. */
  root: number;
  rest: string[];
  wild: boolean;
  /** The one segment after the root, for the common two-segment path; '' otherwise. */
  key: string;
}

interface Row {
  kind: number;
  op: number;
  fvNumber: number;
  fvIsNumber: boolean;
  fvString: string;
  operands: Operand[];
}

interface Group {
  and: boolean;
  rows: Row[];
  hits: CheckPointHit[];
}

const ZERO_DATE = '0000-00-00';

function holds(op: number, d: number): boolean {
  switch (op) {
    case 0:
      return d === 0;
    case 1:
      return d !== 0;
    case 2:
      return d > 0;
    case 3:
      return d >= 0;
    case 4:
      return d < 0;
    default:
      return d <= 0;
  }
}

const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** readNumber's answer, without a regular expression for the common shapes ("25000", "-3", "12.50", "TPO"). */
function fastNumber(value: string): number {
  const c = value.charCodeAt(0);
  if ((c >= 48 && c <= 57) || c === 45 || c === 46) {
    const n = +value;
    if (n - n !== 0) return Number.NaN;
    // Unary plus also reads "0x10", "0b1" and "0o7": a letter after a leading 0 needs the full check.
    return c === 48 && value.length > 1 && value.charCodeAt(1) >= 65 ? readNumber(value) : n;
  }
  // Leading blanks, a plus sign or non-ASCII blanks are rare: the full check decides.
  return c === 43 || c <= 32 || c >= 128 ? readNumber(value) : Number.NaN;
}

/** Mode 0: one value against FIELD_VALUE, with the empty-or-zero rule. */
function valueHolds(row: Row, value: unknown): boolean {
  if (typeof value === 'number') {
    if (value === 0 || value - value !== 0) return false;
    return row.fvIsNumber
      ? holds(row.op, value - row.fvNumber)
      : holds(row.op, compareStrings(String(value), row.fvString));
  }
  if (typeof value !== 'string' || value === '' || value === ZERO_DATE) return false;
  if (row.fvIsNumber && value === row.fvString) return row.fvNumber !== 0 && holds(row.op, 0);
  const n = fastNumber(value);
  if (!Number.isNaN(n)) {
    if (n === 0) return false;
    if (row.fvIsNumber) return holds(row.op, n - row.fvNumber);
  }
  const s = value.trim();
  if (s === '' || s === ZERO_DATE) return false;
  return holds(row.op, compareStrings(s, row.fvString));
}

function start(operand: Operand, roots: unknown[], quote: unknown): unknown {
  return operand.root < 0 ? quote : roots[operand.root];
}

function read(operand: Operand, roots: unknown[], quote: unknown): unknown {
  let node = start(operand, roots, quote);
  if (operand.key !== '') {
    return node !== null && typeof node === 'object'
      ? (node as Record<string, unknown>)[operand.key]
      : undefined;
  }
  const rest = operand.rest;
  for (let i = 0; i < rest.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[rest[i]];
  }
  return node;
}

/** True when any value matched by a `*` path passes the row's test. */
function anyAt(row: Row, node: unknown, parts: string[], i: number): boolean {
  if (i === parts.length) return valueHolds(row, node);
  if (node === null || typeof node !== 'object') return false;
  if (parts[i] === '*') {
    if (!Array.isArray(node)) return false;
    for (let k = 0; k < node.length; k++) if (anyAt(row, node[k], parts, i + 1)) return true;
    return false;
  }
  return anyAt(row, (node as Record<string, unknown>)[parts[i]], parts, i + 1);
}

function numberAt(node: unknown): number {
  if (typeof node === 'number') return node - node === 0 ? node : 0;
  if (typeof node !== 'string') return 0;
  const n = fastNumber(node);
  return Number.isNaN(n) ? 0 : n;
}

/** Sum of the numeric values matched by a `*` path. */
function sumAt(node: unknown, parts: string[], i: number): number {
  if (i === parts.length) return numberAt(node);
  if (node === null || typeof node !== 'object') return 0;
  if (parts[i] === '*') {
    if (!Array.isArray(node)) return 0;
    let sum = 0;
    for (let k = 0; k < node.length; k++) sum += sumAt(node[k], parts, i + 1);
    return sum;
  }
  return sumAt((node as Record<string, unknown>)[parts[i]], parts, i + 1);
}

function operandNumber(operand: Operand, roots: unknown[], quote: unknown): number {
  return operand.wild
    ? sumAt(start(operand, roots, quote), operand.rest, 0)
    : numberAt(read(operand, roots, quote));
}

// Sums are rounded to 6 decimals so that 0.1 + 0.2 equals a FIELD_VALUE of 0.3.
const clean = (x: number): number => Math.round(x * 1e6) / 1e6;

function rowHolds(row: Row, roots: unknown[], quote: unknown): boolean {
  switch (row.kind) {
    case VALUE:
      return valueHolds(row, read(row.operands[0], roots, quote));
    case ANY: {
      const operand = row.operands[0];
      return anyAt(row, start(operand, roots, quote), operand.rest, 0);
    }
    case SUM: {
      let sum = 0;
      for (let i = 0; i < row.operands.length; i++) sum += operandNumber(row.operands[i], roots, quote);
      sum = clean(sum);
      if (sum === 0) return false;
      return row.fvIsNumber
        ? holds(row.op, sum - row.fvNumber)
        : holds(row.op, compareStrings(String(sum), row.fvString));
    }
    case RATIO: {
      const b = operandNumber(row.operands[1], roots, quote);
      if (b === 0) return false;
      const a = operandNumber(row.operands[0], roots, quote);
      if (a === 0) return false;
      const v = row.fvNumber;
      // a / b > 1 / v  <=>  a * v > b when b and v are positive: one rounding instead of two.
      return b > 0 && v > 0 ? a * v > b : a / b > 1 / v;
    }
    default:
      return false;
  }
}

function fieldName(entry: string | { FIELD_NAME: string }): string {
  return (typeof entry === 'string' ? entry : (entry?.FIELD_NAME ?? '')).trim();
}

function compileRow(
  cp: CheckPoint,
  checkNumber: string,
  index: number,
  rootOf: (key: string) => number,
): Row {
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
  if (mode !== 2 && !Object.hasOwn(OPERATORS, op))
    throw fail(`unknown REL_OPERATOR ${String(cp.REL_OPERATOR)}`);
  if (paths.length === 0) throw fail('T_FIELD_NAME names no field');
  if (mode === 2 && paths.length < 2) throw fail('ARITHMETIC_MODE 2 needs two fields');

  const operands = paths.map((path): Operand => {
    const parts = splitPath(path);
    const wild = parts.includes('*');
    const root = parts[0] === '*' ? -1 : rootOf(parts[0]);
    const rest = root < 0 ? parts : parts.slice(1);
    return { root, rest, wild, key: !wild && rest.length === 1 ? rest[0] : '' };
  });
  const fvNumber = readNumber(cp.FIELD_VALUE);
  const fvIsNumber = !Number.isNaN(fvNumber);
  const kind =
    mode === 0
      ? operands[0].wild
        ? ANY
        : VALUE
      : mode === 1
        ? SUM
        : fvIsNumber && fvNumber !== 0
          ? RATIO
          : NEVER;
  return {
    kind,
    op: mode === 2 ? 0 : OPERATORS[op],
    fvNumber,
    fvIsNumber,
    fvString: String(cp.FIELD_VALUE ?? '').trim(),
    operands: mode === 0 ? operands.slice(0, 1) : operands.slice(0, mode === 2 ? 2 : operands.length),
  };
}

function groupKey(checkNumber: number | string): string {
  return String(checkNumber ?? '').trim();
}

function compileGroups(cps: readonly CheckPoint[], rootOf: (key: string) => number): Group[] {
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
    rows: group.rows.map(({ cp, index }) => compileRow(cp, key, index, rootOf)),
    hits: group.rows.map(({ cp }) =>
      Object.freeze({
        CHECK_NUMBER: key,
        ERROR_MESSAGE: String(cp.ERROR_MESSAGE ?? ''),
        ERROR_TEXT_TYPE: String(cp.ERROR_TEXT_TYPE ?? ''),
      }),
    ),
  }));
}

function firstHit(groups: Group[], roots: unknown[], quote: unknown): CheckPointHit | null {
  for (let g = 0; g < groups.length; g++) {
    const { and, rows, hits } = groups[g];
    const n = rows.length;
    if (and) {
      let i = 0;
      while (i < n && rowHolds(rows[i], roots, quote)) i++;
      if (i === n) return hits[0];
    } else {
      for (let i = 0; i < n; i++) if (rowHolds(rows[i], roots, quote)) return hits[i];
    }
  }
  return null;
}

/**
 * Compiles the rows once; the returned function answers the first triggered referral or null.
 * Throws CheckPointError for a row it cannot run, so a broken rules.json fails loudly, never silently passes.
 */
export function compileCheckPoints(cps: readonly CheckPoint[]): (quote: unknown) => CheckPointHit | null {
  const rootKeys: string[] = [];
  const rootOf = (key: string): number => {
    const i = rootKeys.indexOf(key);
    return i >= 0 ? i : rootKeys.push(key) - 1;
  };
  const groups = compileGroups(cps, rootOf);
  // Reused by every call (evaluation is synchronous); cleared after each so no quote is retained.
  const roots: unknown[] = rootKeys.map(() => undefined);
  const rootCount = rootKeys.length;
  return (quote) => {
    const isObject = quote !== null && typeof quote === 'object';
    for (let r = 0; r < rootCount; r++)
      roots[r] = isObject ? (quote as Record<string, unknown>)[rootKeys[r]] : undefined;
    const hit = firstHit(groups, roots, quote);
    for (let r = 0; r < rootCount; r++) roots[r] = undefined;
    return hit;
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
