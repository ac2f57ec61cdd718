// The condition builder's model: a condition of the engine's language (src/engine/conditions.ts,
// docs/flows.md) as rows of "field, operator, value" in AND/OR groups, and back. What toCondition
// writes is what evaluateCondition reads; a condition the builder cannot show row by row (a test
// with two bounds, { path, ge, le }) becomes a group of single tests that holds exactly when it did.

import type { Condition, FieldTest } from '../../../engine/conditions';

export type Operator = 'eq' | 'ne' | 'in' | 'gt' | 'ge' | 'lt' | 'le' | 'empty' | 'filled';
export const OPERATORS: Operator[] = ['eq', 'ne', 'in', 'gt', 'ge', 'lt', 'le', 'empty', 'filled'];

/** How a field's values are written: "1" stays a string for a string field, 5 a number for a number. */
export type ValueType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';

export interface RuleRow {
  type: 'rule';
  path: string;
  operator: Operator;
  /** As typed; `in` takes values separated by commas. */
  value: string;
}

export interface GroupRow {
  type: 'group';
  join: 'all' | 'any';
  /** "None of these" / "not all of these": the engine's `not`. */
  negate: boolean;
  items: (RuleRow | GroupRow)[];
}

export const emptyGroup = (): GroupRow => ({ type: 'group', join: 'all', negate: false, items: [] });
export const newRule = (path = ''): RuleRow => ({ type: 'rule', path, operator: 'eq', value: '' });

const ORDERED = ['gt', 'ge', 'lt', 'le'] as const;

function show(value: unknown): string {
  if (Array.isArray(value)) return value.map(show).join(', ');
  return value === undefined || value === null ? '' : String(value);
}

function rulesOf(test: FieldTest): RuleRow[] {
  const rows: RuleRow[] = [];
  const row = (operator: Operator, value: unknown) =>
    rows.push({ type: 'rule', path: test.path, operator, value: show(value) });
  if (test.empty !== undefined) row(test.empty ? 'empty' : 'filled', '');
  if ('eq' in test) row('eq', test.eq);
  if ('ne' in test) row('ne', test.ne);
  if (test.in) row('in', test.in);
  for (const op of ORDERED) if (test[op] !== undefined) row(op, test[op]);
  return rows;
}

/** The builder rows of a condition; always a group at the top. */
export function fromCondition(cond: Condition | undefined): GroupRow {
  if (!cond) return emptyGroup();
  if ('all' in cond || 'any' in cond) {
    const join = 'all' in cond ? 'all' : 'any';
    const list = 'all' in cond ? cond.all : cond.any;
    return { type: 'group', join, negate: false, items: list.flatMap(itemsOf(join)) };
  }
  if ('not' in cond) return { ...fromCondition(cond.not), negate: true };
  const rows = rulesOf(cond);
  return { type: 'group', join: 'all', negate: false, items: rows };
}

/** A child condition as rows of a group joined by `join`: a test with two bounds stays an AND. */
const itemsOf =
  (join: 'all' | 'any') =>
  (cond: Condition): (RuleRow | GroupRow)[] => {
    if ('path' in cond) {
      const rows = rulesOf(cond);
      return rows.length === 1 || join === 'all'
        ? rows
        : [{ type: 'group', join: 'all', negate: false, items: rows }];
    }
    const group = fromCondition(cond);
    return [group];
  };

function typed(text: string, type: ValueType | undefined): unknown {
  const t = text.trim();
  if (type === 'boolean') return t === 'true' || t === '1' || t === 'ναι' || t === 'yes';
  // A path that is no field of the flow (a call's answer): true and false are the booleans.
  if (type === undefined && (t === 'true' || t === 'false')) return t === 'true';
  if ((type === 'number' || type === 'integer') && t !== '' && Number.isFinite(Number(t))) return Number(t);
  return t;
}

function ordered(text: string): number | string {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

function ruleCondition(row: RuleRow, typeOf: (path: string) => ValueType | undefined): FieldTest {
  const type = typeOf(row.path);
  switch (row.operator) {
    case 'empty':
      return { path: row.path, empty: true };
    case 'filled':
      return { path: row.path, empty: false };
    case 'in':
      return {
        path: row.path,
        in: row.value
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== '')
          .map((v) => typed(v, type)),
      };
    case 'eq':
    case 'ne':
      return { path: row.path, [row.operator]: typed(row.value, type) };
    default:
      return { path: row.path, [row.operator]: ordered(row.value) };
  }
}

/**
 * The condition the rows mean, in the engine's format; undefined for an empty group (no condition:
 * always true, as the engine reads a missing one). A group of one row is written as that row.
 */
export function toCondition(
  group: GroupRow,
  typeOf: (path: string) => ValueType | undefined = () => undefined,
): Condition | undefined {
  const items = group.items
    .map((item) => (item.type === 'rule' ? ruleCondition(item, typeOf) : toCondition(item, typeOf)))
    .filter((c): c is Condition => c !== undefined);
  if (items.length === 0) return group.negate ? { not: { all: [] } } : undefined;
  const inner: Condition =
    items.length === 1 ? items[0] : group.join === 'all' ? { all: items } : { any: items };
  return group.negate ? { not: inner } : inner;
}

/** The paths the rows read (for the "try it" panel's inputs). */
export function rowPaths(group: GroupRow, out: string[] = []): string[] {
  for (const item of group.items) {
    if (item.type === 'group') rowPaths(item, out);
    else if (item.path && !out.includes(item.path)) out.push(item.path);
  }
  return out;
}
