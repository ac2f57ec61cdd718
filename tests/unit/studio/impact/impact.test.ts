// The impact panel's computation (issue 26 item 6): seeded quotes priced under the live and the
// draft tariff by the service's own pricing. A change of one cell changes exactly the premiums
// that use it, the answer is the same for the same seed, and the time budget bounds it.

import { describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../../../src/engine/flow/files';
import { toCents } from '../../../../src/engine/money';
import type { Tariff } from '../../../../src/engine/rating/types';
import { Catalog, type Product } from '../../../../src/server/offers/catalog';
import { priceBoth, summarise, tariffImpact } from '../../../../src/server/studio/impact/impact';
import { scenarioQuote } from '../../support/quoteVariations';

const catalog = new Catalog(await loadFlowBundles());
const product = (id: string): Product & { tariff: Tariff } => {
  const p = catalog.byFlowId(id);
  if (!p?.tariff) throw new Error(id);
  return p as Product & { tariff: Tariff };
};
const OPTIONS = { today: '2026-03-01', count: 1500, seed: 26, budgetMs: 60_000 };

describe('the impact of a tariff change', () => {
  it('changes nothing for the live tariff itself', async () => {
    const travel = product('travel');
    const answer = await tariffImpact(travel, structuredClone(travel.tariff), OPTIONS);
    expect(answer.QUOTES).toBe(1500);
    expect(answer.PREMIUMS).toBeGreaterThan(1500);
    expect(answer).toMatchObject({
      CHANGED: 0,
      ONLY_LIVE: 0,
      ONLY_DRAFT: 0,
      DELTA: null,
      MOVERS: [],
      TIMED_OUT: false,
    });
  });

  it("a package's base changes exactly that package's premiums, and none of the others", async () => {
    // Without the minimum premium, which would hold the cheapest ones at the floor.
    const live = product('travel');
    const travel = { ...live, tariff: { ...structuredClone(live.tariff), minimumPremium: undefined } };
    const draft = structuredClone(travel.tariff);
    const basic = draft.packages.find((p) => p.PACKAGE_ID === 'TRV_BASIC');
    if (!basic || typeof basic.base !== 'object' || !('add' in basic.base))
      throw new Error('travel TRV_BASIC');
    expect(basic.base.add[0]).toBe(6);
    basic.base.add[0] = 7;
    const { pairs } = await priceBoth(travel, { ...travel, tariff: draft }, OPTIONS);
    const usingIt = pairs.filter((p) =>
      p.live?.rating.CT_PACKAGES.some((k) => k.PACKAGE_ID === 'TRV_BASIC'),
    ).length;
    expect(usingIt).toBeGreaterThan(300);
    const answer = summarise(pairs);
    expect(answer.CHANGED).toBe(usingIt);
    expect(answer.UP).toBe(usingIt);
    expect(new Set(answer.MOVERS.map((m) => m.PACKAGE_ID))).toEqual(new Set(['TRV_BASIC']));
    expect(answer.DELTA?.MIN).toBeGreaterThan(0);
    // The movers carry the quote they were priced from.
    expect(answer.MOVERS[0].ANSWERS).toEqual(pairs[answer.MOVERS[0].QUOTE].quote);
  });

  it('a discount changes exactly the premiums it was given to, and the answer is the same for the same seed', async () => {
    const motor = product('motor');
    const draft = structuredClone(motor.tariff);
    const ncb = draft.discounts?.find((d) => d.id === 'NO_CLAIMS_BONUS');
    if (!ncb) throw new Error('motor NO_CLAIMS_BONUS');
    ncb.percent = 15;
    const options = { ...OPTIONS, base: scenarioQuote(motor, OPTIONS.today) };
    const { pairs } = await priceBoth(motor, { ...motor, tariff: draft }, options);
    let given = 0;
    for (const pair of pairs) {
      const selected = pair.live?.selected;
      if (!selected) continue;
      const before = toCents(selected.AMOUNT);
      const after = pair.draft?.rating.CT_PACKAGES.find((p) => p.PACKAGE_ID === selected.PACKAGE_ID);
      const discounted = pair.live?.rating.CT_DISCOUNTS.some(
        (d) => d.ID === 'NO_CLAIMS_BONUS' && d.AMOUNT > 0,
      );
      if (discounted) given++;
      expect({ quote: pair.index, changed: toCents(after?.AMOUNT ?? 0) !== before }).toEqual({
        quote: pair.index,
        changed: Boolean(discounted),
      });
    }
    expect(given).toBeGreaterThan(20);
    const once = await tariffImpact(motor, draft, options);
    const again = await tariffImpact(motor, draft, options);
    expect({ ...again, MS: 0 }).toEqual({ ...once, MS: 0 });
    expect(once.CHANGED).toBeGreaterThanOrEqual(given);
    expect(once.DOWN).toBe(0);
    expect(once.DELTA?.MIN).toBeGreaterThan(0);
    expect(once.MOVERS.length).toBe(10);
    expect(Math.abs(once.MOVERS[0].DELTA)).toBe(once.DELTA?.MAX);
  });

  it('stops at the time budget with the quotes priced so far', async () => {
    const travel = product('travel');
    let now = 0;
    const answer = await tariffImpact(travel, travel.tariff, {
      ...OPTIONS,
      budgetMs: 1000,
      clock: () => {
        now += 200;
        return now;
      },
    });
    expect(answer.TIMED_OUT).toBe(true);
    expect(answer.QUOTES).toBeGreaterThan(0);
    expect(answer.QUOTES).toBeLessThan(1500);
    expect(answer.ASKED).toBe(1500);
  });
});
