// Values the engine computes from others before conditions, check points and rating read them.

import { evaluateCondition } from '../conditions';
import { ageOn, isValidYmd } from '../dates';
import { evaluateExpr } from '../expr';
import { getAll, getPath, setPath } from '../paths';
import type { Flow, Quote } from './types';

export function applyDerived(flow: Pick<Flow, 'derived'>, quote: Quote, today: string): Quote {
  let out = quote;
  for (const d of flow.derived ?? []) {
    let value: unknown = '';
    if (d.copyOf) {
      if (!evaluateCondition(d.when, out)) continue;
      value = getPath(out, d.copyOf) ?? '';
    } else if (d.ageOf) {
      const birth = getPath(out, d.ageOf);
      value = typeof birth === 'string' && isValidYmd(birth) ? ageOn(birth, today) : '';
    } else if (d.sumOf) {
      value = getAll(out, d.sumOf).reduce<number>((sum, v) => sum + (Number(v) || 0), 0);
    } else if (d.countOf) {
      const list = getPath(out, d.countOf);
      value = Array.isArray(list) ? list.length : 0;
    } else if (d.expr !== undefined) {
      value = evaluateExpr(d.expr, out);
    }
    if (getPath(out, d.path) !== value) out = setPath(out, d.path, value);
  }
  return out;
}
