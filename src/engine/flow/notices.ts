// Substep notices: warnings that do not block (the low building value of property). The renderer
// shows the active ones; the scenario replays record them. Derived values are applied first, so a
// notice may compare with a value computed from others.

import { type Condition, type ConditionContext, evaluateCondition, isEmptyValue } from '../conditions';
import { evaluateExpr, readNumber } from '../expr';
import { getPath } from '../paths';
import { applyDerived } from './derived';
import type { ComputedTest, Flow, Notice, Quote, Substep } from './types';

export interface ActiveNotice {
  notice: Notice;
  /** Interpolation values read from the quote by the notice's `values`. */
  values: Record<string, unknown>;
}

/** `{ path, lt: {…} }` compares with an expression; a plain number or text bound is a condition. */
function isComputedTest(when: Notice['when']): when is ComputedTest {
  const w = when as Record<string, unknown>;
  const isExpr = (x: unknown) => x !== null && typeof x === 'object';
  return typeof w.path === 'string' && (isExpr(w.lt) || isExpr(w.gt));
}

/** An unanswered value warns about nothing; both bounds must hold when both are given. */
function computedHolds(test: ComputedTest, quote: Quote, vars: ConditionContext | undefined): boolean {
  const raw = getPath(quote, test.path);
  if (isEmptyValue(raw)) return false;
  const value = readNumber(raw);
  if (Number.isNaN(value)) return false;
  if (test.lt !== undefined && !(value < evaluateExpr(test.lt, quote, vars))) return false;
  if (test.gt !== undefined && !(value > evaluateExpr(test.gt, quote, vars))) return false;
  return true;
}

export function noticeHolds(notice: Notice, quote: Quote, vars?: ConditionContext): boolean {
  return isComputedTest(notice.when)
    ? computedHolds(notice.when, quote, vars)
    : evaluateCondition(notice.when as Condition, quote, vars);
}

/** The substep's notices that hold for the quote, in file order. */
export function activeNotices(
  flow: Pick<Flow, 'derived'>,
  substep: Substep,
  quote: Quote,
  today: string,
  vars?: ConditionContext,
): ActiveNotice[] {
  if (!substep.notices?.length) return [];
  const derived = applyDerived(flow, quote, today);
  return substep.notices
    .filter((n) => noticeHolds(n, derived, vars))
    .map((notice) => ({
      notice,
      values: Object.fromEntries(
        Object.entries(notice.values ?? {}).map(([name, path]) => [name, getPath(derived, path)]),
      ),
    }));
}
