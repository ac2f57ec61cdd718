// Our check points translated into json-rules-engine's format, so both engines run the same rules:
//   a CHECK_NUMBER group      -> one rule, conditions { all } (AND) or { any } (OR); earlier groups
//                                get higher priority and the first success stops the run, which is
//                                the "first triggered group" of our engine (and spares the peer work)
//   ARITHMETIC_MODE 0 row     -> a fact per quote path (a dynamic fact reading the `quote` fact,
//                                cached by the almanac), with a custom operator per REL_OPERATOR that
//                                applies the spec's rules (empty or zero is false, numbers compare as
//                                numbers, anything else as trimmed strings)
//   ARITHMETIC_MODE 1 / 2 row -> a custom fact (the sum; the two operands of the ratio) and an operator
// Facts by path measured about twice as fast here as the `path` (JSONPath) property of conditions,
// so the peer runs in its faster form. The operators are a plain reading of the spec, and the
// benchmark checks that both engines name the same referral for every quote.

import { Engine, type RuleProperties } from 'json-rules-engine';
import type { CheckPoint, RelOperator } from '../../src/engine/checkpoints';
import { readNumber } from '../../src/engine/expr';
import { getAll, getPath } from '../../src/engine/paths';

const OPERATORS: RelOperator[] = ['EQ', 'NE', 'GT', 'GE', 'LT', 'LE'];

function holds(op: RelOperator, d: number): boolean {
  return op === 'EQ'
    ? d === 0
    : op === 'NE'
      ? d !== 0
      : op === 'GT'
        ? d > 0
        : op === 'GE'
          ? d >= 0
          : op === 'LT'
            ? d < 0
            : d <= 0;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One mode-0 value against FIELD_VALUE, as the spec reads. */
export function rowTest(op: RelOperator, value: unknown, fieldValue: unknown): boolean {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value === 0) return false;
  } else if (typeof value !== 'string') {
    return false;
  }
  const text = String(value).trim();
  if (text === '' || text === '0000-00-00') return false;
  const n = readNumber(value);
  if (n === 0) return false;
  const fv = readNumber(fieldValue);
  if (!Number.isNaN(n) && !Number.isNaN(fv)) return holds(op, n - fv);
  return holds(
    op,
    compare(typeof value === 'number' ? String(value) : text, String(fieldValue ?? '').trim()),
  );
}

function sumOf(quote: unknown, paths: string[]): number {
  let sum = 0;
  for (const path of paths) {
    for (const value of getAll(quote, path)) {
      const n = readNumber(value);
      if (!Number.isNaN(n)) sum += n;
    }
  }
  return Math.round(sum * 1e6) / 1e6;
}

const fieldNames = (cp: CheckPoint) =>
  cp.T_FIELD_NAME.map((f) => (typeof f === 'string' ? f : f.FIELD_NAME).trim()).filter(Boolean);

export interface JreReferral {
  CHECK_NUMBER: string;
  ERROR_MESSAGE: string;
  ERROR_TEXT_TYPE: string;
}

/** A json-rules-engine Engine answering the same first referral as evaluateCheckPoints. */
export function jreEngine(cps: readonly CheckPoint[]): { run: (quote: unknown) => Promise<string | null> } {
  const engine = new Engine([], { allowUndefinedFacts: true });
  for (const op of OPERATORS) {
    engine.addOperator<unknown, unknown>(`cp${op}`, (value, fv) => rowTest(op, value, fv));
    engine.addOperator<unknown, unknown>(
      `cpAny${op}`,
      (values, fv) => Array.isArray(values) && values.some((v) => rowTest(op, v, fv)),
    );
    engine.addOperator<number, unknown>(`cpSum${op}`, (sum, fv) => {
      if (sum === 0) return false;
      const n = readNumber(fv);
      return Number.isNaN(n) ? holds(op, compare(String(sum), String(fv).trim())) : holds(op, sum - n);
    });
  }
  engine.addOperator<[number, number], unknown>('cpRatio', ([a, b], fv) => {
    const v = readNumber(fv);
    if (a === 0 || b === 0 || Number.isNaN(v) || v === 0) return false;
    return b > 0 && v > 0 ? a * v > b : a / b > 1 / v;
  });

  const groups = new Map<string, CheckPoint[]>();
  for (const cp of cps) {
    const key = String(cp.CHECK_NUMBER).trim();
    groups.set(key, [...(groups.get(key) ?? []), cp]);
  }
  let factCount = 0;
  const pathFacts = new Set<string>();
  let priority = groups.size + 1;
  for (const [key, rows] of groups) {
    const conditions = rows.map((cp) => {
      const paths = fieldNames(cp);
      const mode = Number(cp.ARITHMETIC_MODE ?? 0);
      if (mode === 1) {
        const fact = `sum${factCount++}`;
        engine.addFact(fact, async (_params, almanac) => sumOf(await almanac.factValue('quote'), paths));
        return { fact, operator: `cpSum${cp.REL_OPERATOR}`, value: cp.FIELD_VALUE };
      }
      if (mode === 2) {
        const fact = `ratio${factCount++}`;
        engine.addFact(fact, async (_params, almanac) => {
          const quote = await almanac.factValue('quote');
          return [sumOf(quote, [paths[0]]), sumOf(quote, [paths[1]])];
        });
        return { fact, operator: 'cpRatio', value: cp.FIELD_VALUE };
      }
      const path = paths[0];
      const wild = path.includes('*');
      if (!pathFacts.has(path)) {
        pathFacts.add(path);
        engine.addFact(path, async (_params, almanac) => {
          const quote = await almanac.factValue('quote');
          return wild ? getAll(quote, path) : getPath(quote, path);
        });
      }
      return { fact: path, operator: `${wild ? 'cpAny' : 'cp'}${cp.REL_OPERATOR}`, value: cp.FIELD_VALUE };
    });
    const or = rows.some((r) => String(r.COND_OPERATOR ?? '').toUpperCase() === 'OR');
    const rule: RuleProperties = {
      name: key,
      priority: priority--,
      conditions: or ? { any: conditions } : { all: conditions },
      event: { type: 'referral', params: { CHECK_NUMBER: key } },
      onSuccess: () => {
        engine.stop();
      },
    };
    engine.addRule(rule);
  }
  return {
    run: async (quote) => {
      const { events } = await engine.run({ quote });
      const first = events[0]?.params as { CHECK_NUMBER: string } | undefined;
      return first?.CHECK_NUMBER ?? null;
    },
  };
}
