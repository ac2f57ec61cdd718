// The cheaper pricing answers as the pricing it replaced (tests/unit/support/pricingReference.ts:
// copies at every step, the tariff interpreter): the same priced quote, rating, policy, selection
// and variant, to the key order, or the same refusal, on generated quotes of every product; and
// the rating calls' closed answer schema writes the same bytes as the open one they had.

import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { Catalog } from '../../src/server/offers/catalog';
import { type PriceOptions, priceQuote } from '../../src/server/offers/pricing';
import { ratedAnswer } from '../../src/server/offers/productRoutes';
import { loadApiSchemas } from '../../src/server/platform/apiSchemas';
import { ApiError } from '../../src/server/platform/errors';
import { referencePriceQuote } from './support/pricingReference';
import { quoteVariations } from './support/quoteVariations';

const QUOTES_PER_PRODUCT = 1500;

function outcome(f: () => unknown): string {
  try {
    return `ok ${JSON.stringify(f())}`;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return `refused ${error.statusCode} ${JSON.stringify(error.messages)} ${JSON.stringify(error.extra)}`;
  }
}

const schemaOf = (id: string) => {
  const schema = loadApiSchemas().find((s) => s.$id === id);
  if (!schema) throw new Error(`no schema ${id}`);
  return schema as unknown as Parameters<typeof fastJson>[0];
};

const products = new Catalog(await loadFlowBundles()).products.filter((p) => p.tariff);

describe('pricing compared with the pricing it replaced', () => {
  const closed = fastJson(schemaOf('ratingAnswer'));
  const open = fastJson(schemaOf('ratedQuote'));

  it.each(products.map((p) => [p.id, p] as const))('%s: same answers on generated quotes', (_id, product) => {
    let priced = 0;
    // A day in a promotion window of the tariffs (October 2025) and one outside them all.
    const days = [
      [31, '2026-03-01'],
      [1031, '2025-10-20'],
    ] as const;
    for (const [seed, today] of days) {
      const variations = quoteVariations(product, QUOTES_PER_PRODUCT, seed, today);
      for (const [i, { quote, lang }] of variations.entries()) {
        const options: PriceOptions = { today, lang, requirePackage: i % 3 === 0 };
        const input = structuredClone(quote);
        const now = outcome(() => priceQuote(product, input, options));
        expect(now).toBe(outcome(() => referencePriceQuote(product, structuredClone(quote), options)));
        // Pricing never changes the visitor's quote.
        expect(input).toEqual(quote);
        if (!now.startsWith('ok')) continue;
        priced++;
        const answer = ratedAnswer(priceQuote(product, structuredClone(quote), options));
        expect(closed(answer)).toBe(open(answer));
      }
    }
    // Enough of them are priced (not refused) for the comparison to mean something.
    expect(priced).toBeGreaterThan(QUOTES_PER_PRODUCT * 0.6);
  });
});
