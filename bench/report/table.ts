// Markdown tables and the goal cell of RESULTS.md's sections.

import { mark } from './format';
import type { Goal } from './types';

export const table = (head: string[], rows: string[][]): string =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

export function goalCell(goals: Goal[], id: string): string {
  const g = goals.find((x) => x.id === id);
  return g ? mark(g.met, g.margin) : '';
}
