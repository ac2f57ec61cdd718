// The rating engine: a tariff (flows/<id>/tariff.json) and a quote in, the spec's CT_PACKAGES,
// CT_COVERS and the applied discounts out. Pure and deterministic: "today" comes from the context.
// What rating computes is defined by the interpreter (./interpret); rateQuote runs each tariff
// compiled once (./compile), which gives the same answers without walking the JSON on every call.

import type { Quote } from '../flow/types';
import { type CompiledTariff, compileTariff } from './compile';
import { interpretTariff } from './interpret';
import type { RatingContext, RatingResult, Tariff } from './types';

export { TariffError } from './common';
export { deductiblesFor } from './deductibles';
export { interpretTariff } from './interpret';

// Tariffs are read once and never changed in place, so one compilation per tariff object serves
// every call.
const compiled = new WeakMap<Tariff, CompiledTariff>();

function compiledTariff(tariff: Tariff): CompiledTariff {
  let rate = compiled.get(tariff);
  if (!rate) {
    try {
      rate = compileTariff(tariff);
    } catch {
      // A tariff of a shape the compiler does not take (NotCompiled, or one it fails to read) is
      // interpreted, so it fails (or rates) where and as the interpreter makes it.
      rate = (quote, ctx) => interpretTariff(tariff, quote, ctx);
    }
    compiled.set(tariff, rate);
  }
  return rate;
}

export function rateQuote(tariff: Tariff, quote: Quote, ctx: RatingContext): RatingResult {
  return compiledTariff(tariff)(quote, ctx);
}
