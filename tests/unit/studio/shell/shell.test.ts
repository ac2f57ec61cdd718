// The studio shell's small rules: where the sign-in page may send someone afterwards, the
// language it starts in, how a failed answer becomes a StudioError, the code as typed, and which
// paths are the studio's page.

import { describe, expect, it } from 'vitest';
import { isStudioPath } from '../../../../src/server/web/studioPage';
import { errorOfAnswer, NO_ANSWER } from '../../../../src/studio/api';
import { initialStudioLanguage } from '../../../../src/studio/i18n';
import { safeNext, signInPath } from '../../../../src/studio/layout/session';
import { normalizeCode } from '../../../../src/studio/signin/SignInPage';

describe('after sign-in', () => {
  it('goes back to a studio path only', () => {
    expect(safeNext('/studio/items/flow/motor#/steps/0')).toBe('/studio/items/flow/motor#/steps/0');
    expect(safeNext('/studio?x=1')).toBe('/studio?x=1');
    for (const bad of [
      null,
      '',
      'https://evil.example/studio',
      '//evil.example',
      '/studios',
      '/motor/offer/1',
      '/studio/signin',
    ])
      expect(safeNext(bad)).toBe('/studio');
  });

  it('the guard names where it came from, except the home page', () => {
    expect(signInPath(new URL('http://x/studio'))).toBe('/studio/signin');
    expect(signInPath(new URL('http://x/studio/audit?ACTOR=a#top'))).toBe(
      '/studio/signin?next=%2Fstudio%2Faudit%3FACTOR%3Da%23top',
    );
  });
});

describe('language', () => {
  it('the stored choice, else the browser, else Greek', () => {
    expect(initialStudioLanguage('en', ['el-GR'])).toBe('en');
    expect(initialStudioLanguage(null, ['de-DE', 'en-GB'])).toBe('en');
    expect(initialStudioLanguage('fr', ['fr-FR'])).toBe('el');
  });
});

describe('errors', () => {
  const t = (key: string) => `[${key}]`;
  it("keeps the service's code and words", () => {
    const e = errorOfAnswer(
      401,
      {
        CODE: 'WRONG_LOGIN',
        LOCKED: false,
        MESSAGES: [{ MSGTEXT: 'Λάθος email ή κωδικός.', CODE: 'WRONG_LOGIN' }],
      },
      t,
    );
    expect([e.status, e.code, e.message, e.body.LOCKED]).toEqual([
      401,
      'WRONG_LOGIN',
      'Λάθος email ή κωδικός.',
      false,
    ]);
  });

  it('a code only in the message, and a field', () => {
    const e = errorOfAnswer(422, { MESSAGES: [{ MSGTEXT: 'x', CODE: 'INVALID_DATA', FIELD: 'TO' }] }, t);
    expect([e.code, e.field]).toEqual(['INVALID_DATA', 'TO']);
  });

  it("the studio's own words when the answer has none", () => {
    expect(errorOfAnswer(502, '<html>', t).message).toBe('[studio:errors.generic]');
    expect(errorOfAnswer(NO_ANSWER, null, t).message).toBe('[studio:errors.noAnswer]');
  });
});

describe('the code as typed', () => {
  it('drops the spaces and dashes an app shows', () => {
    expect(normalizeCode(' 123 456 ')).toBe('123456');
    expect(normalizeCode('123-456')).toBe('123456');
  });
});

describe("the studio's page", () => {
  it('is /studio and its routes, not files or look-alikes', () => {
    for (const path of ['/studio', '/studio/', '/studio/signin', '/studio/items/flow/motor/edit'])
      expect(isStudioPath(path)).toBe(true);
    for (const path of ['/studios', '/studio.html', '/studio/x.js', '/motor/studio', '/'])
      expect(isStudioPath(path)).toBe(false);
  });
});
