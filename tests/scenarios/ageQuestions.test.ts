// Issue 17 item 13: a yes/no age question states the range its rules enforce. When answering "No"
// refers the visitor (a check point EQ 2 on the question), the age derived from the birth date is
// checked against a range too (LT and GT on *_AGE): the question's text in both languages must name
// that range, so a visitor of 72 is not asked "between 18 and 75" and then refused over 70.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/workspace';

interface CheckPoint {
  CHECK_NUMBER: string;
  T_FIELD_NAME: string[];
  REL_OPERATOR: string;
  FIELD_VALUE: string;
}

const read = async (path: string) => JSON.parse(await readFile(join(ROOT, path), 'utf8'));

describe.each(['driver', 'hunter', 'travel'])('%s: the age question says what the rules enforce', (id) => {
  it('names the enforced range in Greek and English', async () => {
    const rules = (await read(`flows/${id}/rules.json`)) as { ET_CHECK_POINTS: CheckPoint[] };
    const flow = await read(`flows/${id}/flow.json`);
    const fields = flow.steps.flatMap((s: { substeps: { fields?: { id: string; path: string }[] }[] }) =>
      s.substeps.flatMap((u) => u.fields ?? []),
    ) as { id: string; path: string }[];
    const questions = fields.filter((f) => /AGE_BETWEEN_\d+_\d+$/.test(f.id));
    expect(questions.length).toBe(1);
    const question = questions[0];
    const refersOnNo = rules.ET_CHECK_POINTS.some(
      (cp) => cp.T_FIELD_NAME.includes(question.path) && cp.REL_OPERATOR === 'EQ' && cp.FIELD_VALUE === '2',
    );
    const ageRows = rules.ET_CHECK_POINTS.filter((cp) => cp.T_FIELD_NAME.some((p) => /_AGE$/.test(p)));
    const min = ageRows.find((cp) => cp.REL_OPERATOR === 'LT')?.FIELD_VALUE;
    const max = ageRows.find((cp) => cp.REL_OPERATOR === 'GT')?.FIELD_VALUE;
    expect(min).toBeDefined();
    expect(max).toBeDefined();
    for (const lang of ['el', 'en']) {
      const label = (await read(`locales/${lang}/${id}.json`)).fields[question.id].label as string;
      const stated = (label.match(/\d+/g) ?? []).map(Number);
      if (refersOnNo) {
        // "No" refers: the text is the range the age check enforces.
        expect(stated, `${lang}: ${label}`).toEqual([Number(min), Number(max)]);
      } else {
        // "No" does not refer (travel: 71-75 priced with a loading): the text stays within the range.
        expect(stated[0], `${lang}: ${label}`).toBe(Number(min));
        expect(stated[1], `${lang}: ${label}`).toBeLessThanOrEqual(Number(max));
      }
    }
  });
});
