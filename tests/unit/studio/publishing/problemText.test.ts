// The checker's and the gates' findings reach the studio in its language (el, en): each known
// English wording of the checker and the scenario replay has a text in both, with its names kept.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWN_PROBLEM_KEYS, problemText, reasonText } from '../../../../src/server/publishing/problemText';

const ROOT = join(import.meta.dirname, '../../../..');
const mail = (lang: string) =>
  JSON.parse(readFileSync(join(ROOT, 'locales', lang, 'mail.json'), 'utf8')).errors.publishing as {
    problem: Record<string, string>;
    reason: Record<string, unknown>;
  };

describe("the checker's findings in the studio's language", () => {
  it('has a Greek and an English text for every known finding', () => {
    for (const lang of ['el', 'en']) {
      const texts = mail(lang).problem;
      for (const key of [...KNOWN_PROBLEM_KEYS, 'propertyName', 'other'])
        expect(typeof texts[key], `${lang} ${key}`).toBe('string');
    }
  });

  it("translates the engine's wording, keeping the names", () => {
    const cases: [string, string, string][] = [
      [
        'list of values "NO_SUCH_LIST" is unknown to the service',
        'Η υπηρεσία δεν γνωρίζει λίστα τιμών με το όνομα «NO_SUCH_LIST».',
        'The service knows no list of values named “NO_SUCH_LIST”.',
      ],
      [
        'locale key "hunter:fields.x.label" is missing in locales/el/hunter.json',
        'Λείπει το κείμενο «hunter:fields.x.label» από το locales/el/hunter.json.',
        'The text “hunter:fields.x.label” is missing from locales/el/hunter.json.',
      ],
      [
        'duplicate field id "age"',
        'Δύο ερωτήσεις έχουν το ίδιο αναγνωριστικό «age».',
        'Two questions have the same id “age”.',
      ],
      ['must be string', 'Η τιμή πρέπει να είναι κείμενο.', 'The value must be text.'],
      [
        'must NOT have additional properties "colour"',
        'Η ιδιότητα «colour» δεν προβλέπεται εδώ.',
        'The property “colour” does not belong here.',
      ],
      [
        'premium 120, expected 999',
        'Το ασφάλιστρο βγήκε 120, ενώ αναμενόταν 999.',
        'The premium came out at 120, while 999 was expected.',
      ],
    ];
    for (const [english, el, en] of cases) {
      expect(problemText('el', english)).toBe(el);
      expect(problemText('en', english)).toBe(en);
    }
  });

  it('introduces a finding it does not know yet in Greek, and leaves it as it is in English', () => {
    expect(problemText('el', 'something new')).toBe('Ο έλεγχος αναφέρει (στα αγγλικά): something new');
    expect(problemText('en', 'something new')).toBe('something new');
  });

  it('tells a gate reason by its key, its finding translated', () => {
    const reason = {
      detail: 'flows/hunter/flow.json#/steps/0: duplicate step id "a"',
      key: 'checker',
      params: { file: 'flows/hunter/flow.json', pointer: '/steps/0', message: 'duplicate step id "a"' },
    };
    expect(reasonText('el', reason)).toBe(
      'flows/hunter/flow.json#/steps/0: Δύο βήματα έχουν το ίδιο αναγνωριστικό «a».',
    );
    expect(
      reasonText('el', { detail: 'x', key: 'unreachable', params: { flow: 'hunter', state: 'a__b' } }),
    ).toBe('Ροή hunter: καμία διαδρομή δεν φτάνει στη σελίδα a__b.');
    expect(
      reasonText('en', {
        detail: 'x',
        key: 'scenario',
        params: { scenarioId: '3', scenarioName: 'Plus', problem: 'did not reach payment' },
      }),
    ).toBe('studio scenario 3 (Plus): The scenario did not reach payment.');
  });
});

describe('the wordings of the engine are all matched', () => {
  it('turns no checker wording of src/engine/flow into the English fallback', () => {
    // Every literal wording of the checker, its ${…} parts given sample values, reads in Greek.
    const samples = [
      'a claim wizard is a portal flow ("area": "portal")',
      'product "MOTOR" is not the rulesKey of any product flow (a, b)',
      'product "MOTOR" already has a claim wizard: flows/motor-claim',
      'renewal fact "CS_X.Y" is not a field of the flow',
      'the photoSlots widget goes with `photos` on an array field',
      'rule "between" takes 2 parameter(s), got 1',
      'rule "oneOf" takes 1 or more parameter(s), got 0',
      'rule "len" takes 1-2 parameter(s), got 3',
      '"checklist" needs a rule made of parts (a, b)',
      'contract facts belong to a portal wizard ("area": "portal")',
      'contract fact "PLATE" is read by no call or field of the flow (CS_CURRENT.PLATE)',
      'no photoSlots field has the path "CS_X.PHOTOS"',
      'CODE "X1" appears twice',
      'category "9" is not one of CATEGORIES',
      'flow "nowhere" is not a folder of flows/',
      '"AMOUNT" is not one of the kind\'s fields',
      'BIC "XXXX" is not in the bank list (CpBankList)',
      'not valid JSON: Unexpected token',
      'an array field needs items',
      "a public product needs withdrawalDays (the right of withdrawal, in days from the policy's issue)",
      '"CS_X.LIST" takes its values from the list "L" (spec §3): use "lov": "L", not static options',
      'default "9" of "CS_X.Y" is not a value of the list "L" (1, 2)',
      'must be equal to one of the allowed values (a, b)',
      'property name "x": must match pattern "^[a-z]+$"',
    ];
    for (const sample of samples) {
      const el = problemText('el', sample);
      expect(el, sample).not.toMatch(/^Ο έλεγχος αναφέρει/);
      expect(el, sample).not.toMatch(/ or more |\bgot\b|\bexpected\b/);
    }
  });
});
