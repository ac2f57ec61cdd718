// The scenario format's own rules: relative dates with several offsets, the promo code as the
// /promo page keeps it, and reopen's "after" and "token".

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  daysOf,
  promoBlockOf,
  readScenario,
  resolveAnswers,
} from '../../src/server/publishing/replay/scenario';

describe('the scenario format', () => {
  it('resolves dates with one offset or several, one after the other', () => {
    const answers = resolveAnswers(
      {
        a: 'today',
        b: 'today-40y',
        c: 'today-25y+5d',
        d: [{ BIRTH: 'today-1y-1m' }],
        e: 'tomorrow',
      },
      '2026-11-27',
    );
    expect(answers).toEqual({
      a: '2026-11-27',
      b: '1986-11-27',
      c: '2001-12-02',
      d: [{ BIRTH: '2025-10-27' }],
      e: 'tomorrow',
    });
  });

  it('takes a bare promo code as the promo code, trimmed and in capitals, and keeps a promo block', () => {
    expect(promoBlockOf(' welcome2026 ')).toEqual({ PROMO_CODE_CP: 'WELCOME2026' });
    expect(promoBlockOf({ PROMO_CODE_TIS: 'tis-club', AGENT_CODE: ' A12 ', DISTRICT: '' })).toEqual({
      PROMO_CODE_TIS: 'TIS-CLUB',
      AGENT_CODE: 'A12',
    });
  });

  it('reads reopen.after in days, weeks or months and refuses anything else', async () => {
    expect([daysOf(undefined), daysOf('10d'), daysOf('2w'), daysOf('1m')]).toEqual([0, 10, 14, 30]);
    expect(() => daysOf('10 days')).toThrow(/reopen.after/);
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const file = join(dir, 'x.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'x', flow: 'driver', steps: [], reopen: { token: 'other' }, expect: {} }),
    );
    await expect(readScenario(file)).rejects.toThrow(/reopen.token/);
  });
});
