// The rating calls (calculation and package recalculation) through the service answer byte for
// byte what they answered before pricing was made cheaper: generated quotes of every product are
// posted, and each answer is compared with the previous pricing's (tests/unit/support/
// pricingReference.ts) written by the open answer schema the routes had (ratedQuote); a refusal
// must be the same refusal (a quote the request schema refuses is left out).

import fastJson from 'fast-json-stringify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { Catalog } from '../../src/server/offers/catalog';
import { ratedAnswer } from '../../src/server/offers/productRoutes';
import { loadApiSchemas } from '../../src/server/platform/apiSchemas';
import { ApiError } from '../../src/server/platform/errors';
import { referencePriceQuote } from '../unit/support/pricingReference';
import { quoteVariations } from '../unit/support/quoteVariations';
import { startService, type TestService } from './support/app';

const QUOTES_PER_PRODUCT = 150;
const TODAY = '2026-03-10';

let s: TestService;
beforeAll(async () => {
  s = await startService();
  s.clock.set(`${TODAY}T09:00:00.000Z`);
});
afterAll(async () => {
  await s?.close();
});

const products = new Catalog(await loadFlowBundles()).products.filter((p) => p.tariff);
const openSchema = loadApiSchemas().find((schema) => schema.$id === 'ratedQuote');
const writeBefore = fastJson(openSchema as unknown as Parameters<typeof fastJson>[0]);

describe('rating answers through the service', () => {
  it.each(products.map((p) => [p.id, p] as const))('%s: the same bytes as before', async (_id, product) => {
    const { segment, calc, packages } = product.meta.api;
    let answered = 0;
    for (const [i, { quote, lang }] of quoteVariations(product, QUOTES_PER_PRODUCT, 77, TODAY).entries()) {
      const call = i % 2 === 1 && packages ? packages : calc;
      const res = await s.call({ method: 'POST', url: `/zcp/${segment}/${call}`, payload: quote, lang });
      // A generated quote the request schema refuses never reaches pricing.
      if (res.statusCode === 400) continue;
      let expected: { status: number; body?: string };
      try {
        const priced = referencePriceQuote(product, structuredClone(quote), {
          today: TODAY,
          lang,
          requirePackage: call === packages,
        });
        expected = { status: 200, body: writeBefore(ratedAnswer(priced)) };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        expected = { status: error.statusCode };
      }
      expect(res.statusCode).toBe(expected.status);
      if (expected.body === undefined) continue;
      answered++;
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body).toBe(expected.body);
    }
    expect(answered).toBeGreaterThan(QUOTES_PER_PRODUCT / 2);
  });
});
