// The insured object's facts as the contract page and the policy schedule show them: the product's
// fields from the live business configuration (flows/_catalogues/contractObjectFields.json, a
// published change applies without a restart or a rebuild), by the engine's one rule, with list
// values as their text in the reader's language. The portal shows what the service answers here.

import objectFields from '../../../flows/_catalogues/contractObjectFields.json' with { type: 'json' };
import { type Fact, type ObjectField, objectFacts } from '../../engine/flow/objectFacts';
import { formatEuro } from '../../engine/money';
import { hasKey, type Lang, tCount } from '../platform/i18n';
import { liveCatalogue } from '../platform/liveConfig';
import { lovText } from '../reference';

/** The product's object fields, in order ([] for a product without any). */
export function objectFieldsOf(productCode: string): ObjectField[] {
  return (
    liveCatalogue('contractObjectFields', objectFields as unknown as Record<string, ObjectField[]>)[
      productCode
    ] ?? []
  );
}

/** The object's facts (label and shown value), empty fields left out. */
export function contractObjectFacts(
  object: Record<string, unknown>,
  productCode: string,
  lang: Lang,
): Fact[] {
  return objectFacts(objectFieldsOf(productCode), object, {
    // A count's text has plural forms (units.days_one, units.days_other) and no plain key.
    t: (key, values) =>
      hasKey(lang, `contracts:${key}`) || hasKey(lang, `contracts:${key}_other`)
        ? tCount(lang, `contracts:${key}`, values)
        : String(values?.defaultValue ?? key),
    lovText: (lov, value) => lovText(lov, value, lang),
    euro: (amount) => formatEuro(amount, lang),
  });
}
