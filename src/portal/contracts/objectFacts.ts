// The insured object's facts on the contract detail, driven by objectFields.json (which CS_OBJECT
// fields each product shows and how), so a product's facts change in config, not in code.

import type { TFunction } from 'i18next';
import objectFields from '../../../flows/_catalogues/contractObjectFields.json';
import type { Option } from '../../ui/components/fields';
import { showEuro } from '../format';

export type FieldFormat = 'text' | 'lov' | 'choice' | 'euro' | 'number' | 'year' | 'days' | 'area';

export interface ObjectField {
  field: string;
  format?: FieldFormat;
  lov?: string;
  /** The object field a dependent list is filtered by (the models of a make). */
  dependsOn?: string;
}

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

export interface Fact {
  field: string;
  label: string;
  value: string;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === '0000-00-00';

/** The object's facts as label and shown value; empty fields are left out. */
export function objectFacts(
  productCode: string,
  object: Record<string, unknown>,
  lists: Record<string, Option[]>,
  t: TFunction,
  lang: string,
): Fact[] {
  const facts: Fact[] = [];
  for (const f of objectFieldsOf(productCode)) {
    const raw = object[f.field];
    if (isEmpty(raw) || typeof raw === 'object') continue;
    const text = String(raw);
    const choice = () => t(`values.${f.field}.${text}`, { defaultValue: text });
    let value: string;
    switch (f.format) {
      case 'lov':
        value = lists[f.lov ?? '']?.find((o) => o.value === text)?.label ?? choice();
        break;
      case 'choice':
        value = choice();
        break;
      case 'euro':
        value = showEuro(Number(raw), lang);
        break;
      case 'days':
        value = t('units.days', { count: Number(raw) });
        break;
      case 'area':
        value = t('units.area', { value: text });
        break;
      default:
        value = text;
    }
    facts.push({ field: f.field, label: t(`object.${f.field}`), value });
  }
  return facts;
}

/** An IBAN shown with only its country, check digits and last four characters. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  if (compact.length < 9) return '';
  const hidden = compact.length - 8;
  const middle = Array.from({ length: Math.ceil(hidden / 4) }, () => '••••').join(' ');
  return `${compact.slice(0, 4)} ${middle} ${compact.slice(-4)}`;
}
