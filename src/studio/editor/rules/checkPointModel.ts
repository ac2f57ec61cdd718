// The check-point editor's model: the ET_CHECK_POINTS rows of rules.json in their groups (rows
// sharing a CHECK_NUMBER), and "try it": which groups fire for sample answers, computed by the
// engine's own compileCheckPoints on the rows as localizeRules hands them to the site.

import { type CheckPoint, CheckPointError, compileCheckPoints } from '../../../engine/checkpoints';
import { type Lang, localizeRules, type RulesFile } from '../../../engine/flow/bundle';

export type RulesRow = RulesFile['ET_CHECK_POINTS'][number];

export interface CheckGroup {
  checkNumber: string;
  /** Indexes of the group's rows in ET_CHECK_POINTS, in order. */
  rows: number[];
  /** The group's operator: the first non-empty COND_OPERATOR of its rows (none: AND). */
  operator: 'AND' | 'OR';
}

export function groupsOf(rows: readonly RulesRow[]): CheckGroup[] {
  const groups: CheckGroup[] = [];
  rows.forEach((row, n) => {
    const key = String(row.CHECK_NUMBER ?? '').trim();
    let group = groups.find((g) => g.checkNumber === key);
    if (!group) {
      group = { checkNumber: key, rows: [], operator: 'AND' };
      groups.push(group);
    }
    if (group.rows.every((r) => !String(rows[r].COND_OPERATOR ?? '').trim())) {
      const op = String(row.COND_OPERATOR ?? '')
        .trim()
        .toUpperCase();
      if (op === 'OR' || op === 'AND') group.operator = op;
    }
    group.rows.push(n);
  });
  return groups;
}

/** A new group's number: one more than the highest numeric CHECK_NUMBER. */
export function nextCheckNumber(rows: readonly RulesRow[]): number {
  return rows.reduce((max, row) => Math.max(max, Number(row.CHECK_NUMBER) || 0), 0) + 1;
}

export function newCheckPoint(checkNumber: number | string, path = ''): RulesRow {
  return {
    CHECK_NUMBER: checkNumber,
    COND_OPERATOR: 'AND',
    T_FIELD_NAME: [path],
    ARITHMETIC_MODE: 0,
    REL_OPERATOR: 'EQ',
    FIELD_VALUE: '1',
    ERROR_MESSAGE: { el: '', en: '' },
    ERROR_TEXT_TYPE: 'E',
  };
}

export interface TryResult {
  /** The referral the visitor would see (the first group that fires), or null. */
  first: { checkNumber: string; message: string; type: string } | null;
  /** Every group that fires on its own. */
  firing: string[];
  /** A row the engine cannot run, in words (the engine's own message). */
  error: string | null;
}

/** Runs the rows on a sample quote with the engine's interpreter (as a browser does). */
export function tryCheckPoints(rules: RulesFile, quote: unknown, lang: Lang): TryResult {
  try {
    const rows = localizeRules(rules, lang).ET_CHECK_POINTS as unknown as CheckPoint[];
    const hit = compileCheckPoints(rows, { generate: false })(quote);
    const firing = groupsOf(rules.ET_CHECK_POINTS).filter((g) => {
      const only = g.rows.map((r) => rows[r]);
      return compileCheckPoints(only, { generate: false })(quote) !== null;
    });
    return {
      first: hit
        ? { checkNumber: hit.CHECK_NUMBER, message: hit.ERROR_MESSAGE, type: hit.ERROR_TEXT_TYPE }
        : null,
      firing: firing.map((g) => g.checkNumber),
      error: null,
    };
  } catch (error) {
    if (error instanceof CheckPointError || error instanceof Error)
      return { first: null, firing: [], error: error.message };
    throw error;
  }
}
