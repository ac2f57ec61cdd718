// Every premium reproduced from its version (issue 29 item 6): more than 10,000 seeded quotes of
// every product (tests/unit/support/quoteVariations.ts, on the benchmark's generator) are priced
// and stored as offers by the live version, a tariff change of every product is then published,
// and each stored offer priced again by the versions it records gives its premium to the cent,
// while today's live version prices them otherwise.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quote } from '../../src/engine/flow/types';
import { toCents } from '../../src/engine/money';
import type { ConfigVersionRefs } from '../../src/server/offers/catalog';
import { offerInputOf, priceQuote } from '../../src/server/offers/pricing';
import { insertOffers, nextOfferNos, type OfferInput } from '../../src/server/offers/store';
import { ApiError } from '../../src/server/platform/errors';
import { readRepositoryItems } from '../../src/server/publishing/items';
import {
  approve,
  newDraftFromLive,
  publish,
  saveDraft,
  submitForReview,
} from '../../src/server/publishing/lifecycle';
import { ConfigRegistry } from '../../src/server/publishing/registry';
import { reproducePremium } from '../../src/server/publishing/reproduce';
import { quoteVariations } from '../unit/support/quoteVariations';
import { openTestDb, type TestDb } from './support/db';
import { EDITOR, lifeCycle, PUBLISHER, raisedTariff } from './support/publishing';

const TODAY = '2026-03-01';
const NOW = new Date('2026-03-01T08:00:00.000Z');
const PER_PRODUCT = 4300;

describe('re-rating an offer with its own version', () => {
  let testDb: TestDb;
  let registry: ConfigRegistry;
  beforeAll(async () => {
    testDb = await openTestDb();
    registry = await ConfigRegistry.start(testDb.db, {
      pollMs: 0,
      seed: { items: await readRepositoryItems(), followDisk: false },
      now: () => NOW,
    });
  });
  afterAll(async () => {
    await registry.close();
    await testDb.close();
  });

  it('reproduces every stored premium to the cent after a tariff change was published', {
    timeout: 120_000,
  }, async () => {
    const db = testDb.db;
    const products = registry.current().catalog.products.filter((p) => p.tariff);
    expect(products.length).toBeGreaterThanOrEqual(6);
    const inputs: OfferInput[] = [];
    for (const [n, product] of products.entries()) {
      for (const [i, { quote, lang }] of quoteVariations(product, PER_PRODUCT, 29 + n, TODAY).entries()) {
        try {
          const priced = priceQuote(product, quote, { today: TODAY, lang, requirePackage: true });
          if (!priced.selected) continue;
          inputs.push(
            offerInputOf(
              product,
              { ...priced, selected: priced.selected },
              {
                mailAddress: `client${i % 40}@example.com.cy`,
                language: lang,
                expiryDate: '2026-03-31',
                now: NOW,
              },
            ),
          );
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
    }
    expect(inputs.length).toBeGreaterThanOrEqual(10_000);
    expect(inputs.filter((input) => !(Number(input.configVersions?.flow) > 0))).toEqual([]);
    for (let at = 0; at < inputs.length; at += 1000) {
      const batch = inputs.slice(at, at + 1000);
      const numbers = await nextOfferNos(db, batch.length);
      await insertOffers(
        db,
        batch.map((input, i) => ({ offerNo: numbers[i], input })),
      );
    }

    // Every product's tariff up 10 %, through the life cycle; the registry serves the new versions.
    const deps = lifeCycle(db);
    for (const product of products) {
      const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: product.id });
      await saveDraft(deps, EDITOR, draft.id, {
        files: { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json']) },
        revision: draft.revision,
      });
      await submitForReview(deps, EDITOR, draft.id, `${product.id} +10 %`);
      await approve(deps, PUBLISHER, draft.id);
      await publish(deps, PUBLISHER, draft.id);
    }
    await registry.refresh();
    const live = registry.current().catalog;

    const rows = await db.query<{
      quote: Quote;
      language: string;
      created_at: Date;
      updated_at: Date;
      premium_cents: number;
      flow_id: string;
      config_versions: ConfigVersionRefs;
    }>('SELECT quote, language, created_at, updated_at, premium_cents, flow_id, config_versions FROM offers');
    expect(rows.length).toBe(inputs.length);
    let reproduced = 0;
    let pricedOtherwiseToday = 0;
    const mismatches: string[] = [];
    for (const row of rows) {
      const product = live.byFlowId(row.flow_id);
      if (product?.configVersions?.flow === row.config_versions.flow)
        mismatches.push(`${row.flow_id}: not republished`);
      const again = await reproducePremium(db, row);
      if (again !== Number(row.premium_cents))
        mismatches.push(`${row.flow_id}: ${row.premium_cents} stored, ${again} reproduced`);
      reproduced++;
      if (product && reproduced % 10 === 0) {
        try {
          const today = priceQuote(product, structuredClone(row.quote), {
            today: TODAY,
            lang: row.language as 'el',
            requirePackage: true,
          });
          if (today.selected && toCents(today.selected.AMOUNT) !== Number(row.premium_cents))
            pricedOtherwiseToday++;
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(reproduced).toBeGreaterThanOrEqual(10_000);
    // The change is real: most offers would cost otherwise under today's live tariff.
    expect(pricedOtherwiseToday).toBeGreaterThan(reproduced / 20);
  });
});
