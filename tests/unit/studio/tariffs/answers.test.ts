import { describe, expect, it } from 'vitest';
import { answerLines } from '../../../../src/studio/tariffs/answers';

describe("the impact panel's quote answers", () => {
  it('lists nested groups by their dotted path, in order', () => {
    expect(
      answerLines({
        CS_POLICY: { START_DATE: '2027-01-10', PROMO: '' },
        CS_TRAVEL: { DESTINATION: 'EUROPE', DAYS: 12, WINTER_SPORTS: false },
      }),
    ).toEqual([
      { path: 'CS_POLICY.START_DATE', value: '2027-01-10' },
      { path: 'CS_POLICY.PROMO', value: '—' },
      { path: 'CS_TRAVEL.DESTINATION', value: 'EUROPE' },
      { path: 'CS_TRAVEL.DAYS', value: '12' },
      { path: 'CS_TRAVEL.WINTER_SPORTS', value: 'false' },
    ]);
  });

  it('numbers the items of a list of groups from 1 and joins a list of plain values', () => {
    expect(
      answerLines({
        TRAVELLERS: [{ AGE: 41 }, { AGE: 9 }],
        COVERS: ['ASSISTANCE', 'BAGGAGE'],
        NONE: [],
        EMPTY: {},
        MISSING: null,
      }),
    ).toEqual([
      { path: 'TRAVELLERS.1.AGE', value: '41' },
      { path: 'TRAVELLERS.2.AGE', value: '9' },
      { path: 'COVERS', value: 'ASSISTANCE, BAGGAGE' },
      { path: 'NONE', value: '—' },
      { path: 'EMPTY', value: '—' },
      { path: 'MISSING', value: '—' },
    ]);
  });

  it('answers nothing for no answers', () => {
    expect(answerLines(null)).toEqual([]);
    expect(answerLines({})).toEqual([]);
  });
});
