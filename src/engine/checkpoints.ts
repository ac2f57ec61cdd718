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
    // A minus sign after the first character must follow an exponent: "2026-03-15" is not a
    // number, and saying so here is much cheaper than converting it.
    if (value.charCodeAt(4) === 45 && (value.charCodeAt(3) | 32) !== 101) return Number.NaN;
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

// Where a runtime may compile code (Node: the server and the CLI), the compiled rows also become
// one generated JavaScript function: constant property names give V8 monomorphic property reads,
// operators and FIELD_VALUEs become literals. On the benchmark's rule set that is over ten times
// faster than the interpreter above (bench/README.md). Browsers keep the interpreter: the site runs
// under a CSP without 'unsafe-eval' (STACK.md), where `new Function` would throw and report a
// violation, and a browser evaluates one quote per substep anyway. The generated code embeds only
// numbers (finite, printed by String) and JSON-quoted strings; rows, hits and paths arrive as
// arguments, and the rare cases call the interpreter's own functions. The property tests
// (tests/unit/checkpoints.generated.test.ts) hold both paths to the same answers.

const CAN_GENERATE = typeof document === 'undefined';

const JS_OPERATORS = ['===', '!==', '>', '>=', '<', '<='];

/** A number literal: finite by construction (readNumber), parenthesised for a leading minus. */
const num = (n: number): string => `(${String(n)})`;

function walk(node: unknown, rest: string[]): unknown {
  for (let i = 0; i < rest.length; i++) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[rest[i]];
  }
  return node;
}

interface Generated {
  body: string;
  /** Values the generated function receives by index: rows, hits, path arrays. */
  constants: unknown[];
}

function generateSource(groups: Group[], rootKeys: string[]): Generated {
  const constants: unknown[] = [];
  const constant = (value: unknown): string => `K[${constants.push(value) - 1}]`;
  const lines: string[] = ['const isObject = q !== null && typeof q === "object";', 'let v, n, a, b, t;'];
  rootKeys.forEach((key, r) => {
    lines.push(`const r${r} = isObject ? q[${JSON.stringify(key)}] : undefined;`);
    lines.push(`const o${r} = r${r} !== null && typeof r${r} === "object";`);
  });
  const start = (operand: Operand) => (operand.root < 0 ? 'q' : `r${operand.root}`);
  const read = (operand: Operand): string => {
    if (operand.key !== '')
      return `(o${operand.root} ? r${operand.root}[${JSON.stringify(operand.key)}] : undefined)`;
    if (operand.rest.length === 0) return start(operand);
    return `walk(${start(operand)}, ${constant(operand.rest)})`;
  };
  // numberAt, with its common case (a finite number) inline.
  const numberOf = (x: string) => `(typeof (v = ${x}) === "number" ? (v - v === 0 ? v : 0) : numberAt(v))`;
  // Adds an operand to the sum in `a`; a list of objects ("CT_DRIVERS.*.NO_OF_CLAIMS") is looped inline.
  const addTo = (operand: Operand): string[] => {
    if (!operand.wild) return [`a += ${numberOf(read(operand))};`];
    const rest = operand.rest;
    if (operand.root >= 0 && rest.length === 2 && rest[0] === '*' && rest[1] !== '*') {
      const list = start(operand);
      return [
        `if (Array.isArray(${list})) for (let i = 0; i < ${list}.length; i++) {`,
        `  b = ${list}[i];`,
        `  if (b !== null && typeof b === "object") a += ${numberOf(`b[${JSON.stringify(rest[1])}]`)};`,
        '}',
      ];
    }
    return [`a += sumAt(${start(operand)}, ${constant(rest)}, 0);`];
  };
  // compareStrings(x, y) <op> 0 is x <op> y for strings: code-unit order either way.
  const compare = (row: Row, x: string): string =>
    row.fvIsNumber
      ? `${x} - ${num(row.fvNumber)} ${JS_OPERATORS[row.op]} 0`
      : `String(${x}) ${JS_OPERATORS[row.op]} ${JSON.stringify(row.fvString)}`;

  const rowLines = (row: Row): string[] => {
    const ref = constant(row);
    switch (row.kind) {
      case VALUE: {
        // valueHolds, inline. A one-character string (a yes/no or a small code) is read without a call.
        const fv = JSON.stringify(row.fvString);
        const op = JS_OPERATORS[row.op];
        const onString = row.fvIsNumber
          ? [
              '  n = v.length === 1 ? ((n = v.charCodeAt(0) - 48) >= 0 && n <= 9 ? n : NaN) : fastNumber(v);',
              `  t = n === n ? n !== 0 && n - ${num(row.fvNumber)} ${op} 0 : valueHolds(${ref}, v);`,
            ]
          : [
              `  if (v === ${fv}) t = ${row.fvString !== '' && row.fvString !== ZERO_DATE && holds(row.op, 0)};`,
              // fastNumber is NaN for a string starting with ":" to "~" (letters): no call needed.
              '  else if (((n = v.charCodeAt(0)) < 58 || n > 127) && fastNumber(v) === 0) t = false;',
              `  else { v = v.trim(); t = v !== "" && v !== "${ZERO_DATE}" && v ${op} ${fv}; }`,
            ];
        return [
          `v = ${read(row.operands[0])};`,
          `if (typeof v === "number") t = v !== 0 && v - v === 0 && ${compare(row, 'v')};`,
          'else if (typeof v === "string") {',
          ...onString,
          '} else t = false;',
        ];
      }
      case ANY: {
        const operand = row.operands[0];
        return [`t = anyAt(${ref}, ${start(operand)}, ${constant(operand.rest)}, 0);`];
      }
      case SUM:
        return [
          'a = 0;',
          ...row.operands.flatMap(addTo),
          'a = Math.round(a * 1e6) / 1e6;',
          `t = a !== 0 && ${compare(row, 'a')};`,
        ];
      case RATIO: {
        const v = row.fvNumber;
        const inverse = num(1 / v);
        const test = v > 0 ? `(b > 0 ? a * ${num(v)} > b : a / b > ${inverse})` : `a / b > ${inverse}`;
        const [first, second] = row.operands;
        const operandNumber = (operand: Operand) =>
          operand.wild ? `sumAt(${start(operand)}, ${constant(operand.rest)}, 0)` : numberOf(read(operand));
        return [
          `b = ${operandNumber(second)};`,
          'if (b === 0) t = false;',
          `else { a = ${operandNumber(first)}; t = a !== 0 && ${test}; }`,
        ];
      }
      default:
        return ['t = false;'];
    }
  };

  groups.forEach((group, g) => {
    if (group.and) {
      lines.push(`g${g}: {`);
      for (const row of group.rows) lines.push(...rowLines(row), `if (!t) break g${g};`);
      lines.push(`return ${constant(group.hits[0])};`, '}');
    } else {
      group.rows.forEach((row, i) => {
        lines.push(...rowLines(row), `if (t) return ${constant(group.hits[i])};`);
      });
    }
  });
  lines.push('return null;');
  return { body: lines.join('\n'), constants };
}

const HELPERS = { walk, fastNumber, valueHolds, anyAt, sumAt, numberAt, compareStrings };

function generate(groups: Group[], rootKeys: string[]): ((quote: unknown) => CheckPointHit | null) | null {
  const { body, constants } = generateSource(groups, rootKeys);
  const names = Object.keys(HELPERS);
  try {
    const factory = new Function(
      'K',
      ...names,
      `"use strict";\nreturn function checkPoints(q) {\n${body}\n};`,
    ) as (...args: unknown[]) => (quote: unknown) => CheckPointHit | null;
    return factory(constants, ...Object.values(HELPERS));
  } catch {
    // A runtime that forbids code generation (node --disallow-code-generation-from-strings).
    return null;
  }
}

export interface CompileOptions {
  /** Generate a JavaScript function where the runtime allows it (default: outside browsers). */
  generate?: boolean;
}

/**
 * Compiles the rows once; the returned function answers the first triggered referral or null.
 * Throws CheckPointError for a row it cannot run, so a broken rules.json fails loudly, never silently passes.
 */
export function compileCheckPoints(
  cps: readonly CheckPoint[],
  options: CompileOptions = {},
): (quote: unknown) => CheckPointHit | null {
  const rootKeys: string[] = [];
  const rootOf = (key: string): number => {
    const i = rootKeys.indexOf(key);
    return i >= 0 ? i : rootKeys.push(key) - 1;
  };
  const groups = compileGroups(cps, rootOf);
  if (options.generate ?? CAN_GENERATE) {
    const generated = generate(groups, rootKeys);
    if (generated) return generated;
  }
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
