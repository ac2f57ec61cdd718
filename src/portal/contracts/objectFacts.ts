// The insured object's facts on the contract detail, driven by contractObjectFields.json (which CS_OBJECT
// fields each product shows and how), so a product's facts change in config, not in code.

import type { TFunction } from 'i18next';
import objectFields from '../../../flows/_catalogues/contractObjectFields.json';
import { type Fact, objectFacts as factsOf, type ObjectField } from '../../engine/flow/objectFacts';
import type { Option } from '../../ui/components/fields';
import { showEuro } from '../format';

export type { Fact, FieldFormat, ObjectField } from '../../engine/flow/objectFacts';

const FIELDS = objectFields as unknown as Record<string, ObjectField[]>;

/** The fields a product's object shows, in order ([] for a product without any). */
export function objectFieldsOf(productCode: string): ObjectField[] {
  return FIELDS[productCode] ?? [];
}

/** The whole lists of values the product's facts read their texts from (dependent ones apart). */
export function lovNamesOf(productCode: string): string[] {
  return [...new Set(objectFieldsOf(productCode).flatMap((f) => (f.lov && !f.dependsOn ? [f.lov] : [])))];
}

/** The product's dependent list, if a fact reads one: its name and the field that filters it. */
export function dependentLovOf(productCode: string): { lov: string; key: string } | null {
  const field = objectFieldsOf(productCode).find((f) => f.lov && f.dependsOn);
  return field?.lov && field.dependsOn ? { lov: field.lov, key: field.dependsOn } : null;
}

/** The object's facts as label and shown value (the engine's rule, the same as the PDF's). */
export function objectFacts(
  productCode: string,
  object: Record<string, unknown>,
  lists: Record<string, Option[]>,
  t: TFunction,
  lang: string,
): Fact[] {
  return factsOf(objectFieldsOf(productCode), object, {
    t: (key, values) => t(key, values ?? {}) as string,
    lovText: (lov, value) => lists[lov]?.find((o) => o.value === value)?.label,
    euro: (n) => showEuro(n, lang),
  });
}

/** An IBAN shown with only its country, check digits and last four characters. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length < 9) return '';
  const hidden = compact.length - 8;
  const middle = Array.from({ length: Math.ceil(hidden / 4) }, () => '••••').join(' ');
  return `${compact.slice(0, 4)} ${middle} ${compact.slice(-4)}`;
}
