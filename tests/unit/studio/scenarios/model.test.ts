// The scenarios page's own logic: the versions a run may go against, in order, and a scenario's
// text read before it goes to the service.

import { describe, expect, it } from 'vitest';
import type { ItemAnswer, VersionSummary } from '../../../../src/studio/review/itemsApi';
import {
  readScenario,
  shownAnswer,
  suggestedName,
  versionChoices,
} from '../../../../src/studio/scenarios/model';

const v = (ID: number, STATUS: VersionSummary['STATUS'], NUMBER: number | null) =>
  ({ ID, STATUS, NUMBER }) as VersionSummary & { FILES: Record<string, string> };

describe('versionChoices', () => {
  it('puts the open change first, then live, then earlier versions newest first', () => {
    const item = {
      CHANGE: v(9, 'draft', null),
      LIVE: v(5, 'live', 3),
      HISTORY: [v(9, 'draft', null), v(5, 'live', 3), v(2, 'archived', 1), v(4, 'archived', 2)],
    } as ItemAnswer;
    expect(versionChoices(item)).toEqual([
      { id: 9, status: 'draft', number: null },
      { id: 5, status: 'live', number: 3 },
      { id: 4, status: 'archived', number: 2 },
      { id: 2, status: 'archived', number: 1 },
    ]);
  });

  it('starts with live when there is no open change', () => {
    const item = { CHANGE: null, LIVE: v(1, 'live', 1), HISTORY: [v(1, 'live', 1)] } as ItemAnswer;
    expect(versionChoices(item).map((c) => c.id)).toEqual([1]);
  });
});

describe('readScenario', () => {
  it('reads a JSON object', () => {
    expect(readScenario('{"steps": [], "expect": {}}')).toEqual({
      ok: true,
      scenario: { steps: [], expect: {} },
    });
  });
  it('says why it cannot', () => {
    expect(readScenario('  ')).toEqual({ ok: false, why: 'empty' });
    expect(readScenario('{"steps": [')).toEqual({ ok: false, why: 'notJson' });
    expect(readScenario('[1]')).toEqual({ ok: false, why: 'notObject' });
    expect(readScenario('null')).toEqual({ ok: false, why: 'notObject' });
  });
});

describe('suggestedName and shownAnswer', () => {
  it("names an upload after the scenario's own name, else the file", () => {
    expect(suggestedName('travel-family.json', { name: ' A family ' })).toBe('A family');
    expect(suggestedName('travel-family.json', {})).toBe('travel-family');
    expect(suggestedName('x.JSON', null)).toBe('x');
  });
  it('shows text as it is and the rest as JSON', () => {
    expect(shownAnswer('ADULT')).toBe('ADULT');
    expect(shownAnswer(true)).toBe('true');
    expect(shownAnswer(['A', 'B'])).toBe('["A","B"]');
  });
});
