// A generated quote's answers as the impact panel lists them: one line per answer, nested groups
// (CS_TRAVEL.DESTINATION …) by their dotted path, lists of objects by index, lists of plain values
// joined. What the actuary reads to see which quote moved, not JSON to scroll through.

export interface AnswerLine {
  path: string;
  value: string;
}

export function answerLines(answers: unknown, prefix = ''): AnswerLine[] {
  if (answers === null || answers === undefined) return prefix ? [{ path: prefix, value: '—' }] : [];
  if (Array.isArray(answers)) {
    if (answers.every((a) => a === null || typeof a !== 'object'))
      return [{ path: prefix, value: answers.length ? answers.map(plain).join(', ') : '—' }];
    return answers.flatMap((a, i) => answerLines(a, prefix ? `${prefix}.${i + 1}` : String(i + 1)));
  }
  if (typeof answers === 'object') {
    const entries = Object.entries(answers as Record<string, unknown>);
    if (entries.length === 0) return prefix ? [{ path: prefix, value: '—' }] : [];
    return entries.flatMap(([k, v]) => answerLines(v, prefix ? `${prefix}.${k}` : k));
  }
  return [{ path: prefix, value: plain(answers) }];
}

function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}
