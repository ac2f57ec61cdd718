// Seeded quotes for a product that reach every corner of its tariff and pricing: the product's
// happy-path scenario answers, then the generator's variations (src/server/studio/impact/
// variations.ts, which the studio's impact panel uses too). Used to compare the compiled pricing
// with the interpreter it replaces (tests/unit/ratingCompiled.test.ts, pricingEquivalence.test.ts
// and bench/service/equivalence.ts).

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import promoCodes from '../../../flows/_catalogues/promoCodes.json' with { type: 'json' };
import type { Quote } from '../../../src/engine/flow/types';
import { setPath } from '../../../src/engine/paths';
import type { Product } from '../../../src/server/offers/catalog';
import { resolveAnswers } from '../../../src/server/publishing/replay/scenario';
import { type Variation, quoteVariations as variations } from '../../../src/server/studio/impact/variations';

export { seeded } from '../../../src/engine/seeded';
export type { Variation } from '../../../src/server/studio/impact/variations';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The product's happy-path scenario answers as one quote ({} without a scenario). */
export function scenarioQuote(product: Product, today: string): Quote {
  let quote: Quote = {};
  try {
    const file = join(ROOT, 'tests', 'scenarios', `${product.id}-happy-path.json`);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as {
      steps: { answers?: Record<string, unknown> }[];
    };
    for (const step of scenario.steps)
      for (const [path, value] of Object.entries(resolveAnswers(step.answers, today)))
        quote = setPath(quote, path, value);
  } catch {
    // No scenario: the variations alone make the quote.
  }
  return quote;
}

/** `count` seeded quotes for `product`, priced as of `today`, on its happy-path scenario. */
export function quoteVariations(product: Product, count: number, seed: number, today: string): Variation[] {
  return variations(
    product,
    count,
    seed,
    today,
    scenarioQuote(product, today),
    promoCodes.map((p) => p.CODE),
  );
}
