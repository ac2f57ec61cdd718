// Walk-through of issue 17 (item 3): a hunter who insures guns pays for them (3.5 % of the guns'
// value) but no plan listed the gun cover. Each plan now lists "Theft and damage of guns" with its
// 5,000 euro limit per gun when the guns are insured, and never when they are not.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/cli/workspace';
import { rateQuote } from '../../src/engine/rating/rate';
import type { Tariff } from '../../src/engine/rating/types';

const tariff = (async () =>
  JSON.parse(await readFile(join(ROOT, 'flows/hunter/tariff.json'), 'utf8')) as Tariff)();

const hunter = (gunInsurance: '1' | '2') => ({
  CS_POLICY: { START_DATE: '2026-12-01' },
  CS_HUNTER: { GUN_INSURANCE: gunInsurance, GUN_TOTAL_COST: gunInsurance === '1' ? 3250 : 0, HUNTER_AGE: 45 },
});

const gunCovers = async (gunInsurance: '1' | '2') =>
  rateQuote(await tariff, hunter(gunInsurance), { today: '2026-11-25', newPolicy: true }).CT_COVERS.filter(
    (c) => c.COVER_ID === 'GUNS',
  );

describe('hunter plans and the gun cover', () => {
  it('every plan lists the gun cover, 5,000 euro per gun, when the guns are insured', async () => {
    const covers = await gunCovers('1');
    expect(covers.map((c) => c.PACKAGE_ID).sort()).toEqual(['HNT_LIABILITY', 'HNT_PLUS', 'HNT_PREMIUM']);
    for (const c of covers) expect(c.LIMITS).toEqual({ perGun: 5000 });
  });

  it('no plan lists it when the guns are not insured', async () => {
    expect(await gunCovers('2')).toEqual([]);
  });
});
