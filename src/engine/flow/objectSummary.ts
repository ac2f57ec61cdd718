// The insured object of an offer or contract in a few words ("NNT240 Toyota RAV4", "Λεωφόρος
// Στροβόλου 112, Στρόβολος", "12 ημέρες"), from the product block's `objectSummary`, and the object
// itself with its `objectFallbacks`. Pure: the caller supplies the lists' texts and the locale
// strings (the service from its reference data and locale files, a browser from its own).

import { getPath } from '../paths';
import { qualify } from './expand';
import type { Flow, ObjectSummaryPart, ProductMeta } from './types';

/** What a summary needs from outside: the reader's language, the lists' texts, the locale strings. */
export interface SummaryReader {
  lang: string;
  /** The text of `value` in the service's list `name` in the reader's language, or null. */
  lovText(name: string, value: string): string | null;
  /** The locale key (namespace:key) filled with {{value}} and, for a number, {{count}} (plural forms). */
  t(key: string, values: { value: string; count?: number }): string;
}

/** How a product without `objectSummary` is described: the policyholder's name. */
export const HOLDER_NAME: readonly ObjectSummaryPart[] = [
  { path: 'CS_POLICY_HOLDER.FIRST_NAME' },
  { path: 'CS_POLICY_HOLDER.LAST_NAME' },
];

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A value as text: a string trimmed, a number as written; anything else has no text. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** The paths of a part, in the order they are tried. */
export function partPaths(part: ObjectSummaryPart): string[] {
  return typeof part.path === 'string' ? [part.path] : part.path;
}

function withCase(text: string, letterCase: ObjectSummaryPart['case'], lang: string): string {
  const locale = lang === 'el' ? 'el-GR' : 'en-GB';
  switch (letterCase) {
    case 'upper':
      return text.toLocaleUpperCase(locale);
    case 'lower':
      return text.toLocaleLowerCase(locale);
    case 'capitalize':
      return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1).toLocaleLowerCase(locale);
    default:
      return text;
  }
}

/** The service's name of a list the flow declares (`as` PROPERTY_CITY is the service's CITY). */
function serviceList(flow: Flow, name: string): string {
  return (flow.lovs ?? []).find((l) => (l.as ?? l.name) === name)?.name ?? name;
}

function partText(flow: Flow, part: ObjectSummaryPart, quote: unknown, reader: SummaryReader): string {
  const raw = partPaths(part)
    .map((path) => asText(getPath(quote, path)))
    .find((text) => text !== '');
  if (!raw) return '';
  const listed = part.lov ? (reader.lovText(serviceList(flow, part.lov), raw) ?? raw) : raw;
  const value = withCase(listed, part.case, reader.lang);
  if (!part.text) return value;
  const count = Number(raw);
  return reader.t(qualify(flow, part.text), Number.isFinite(count) ? { value, count } : { value });
}

/**
 * The insured object of `quote` in a few words: the product's `objectSummary` parts that have a
 * value, each after its separator (a space unless given), or the policyholder's name for a product
 * without one (or an unknown flow).
 */
export function objectSummary(flow: Flow | undefined, quote: unknown, reader: SummaryReader): string {
  const parts = flow?.product?.objectSummary ?? HOLDER_NAME;
  const owner: Flow = flow ?? { id: '', area: 'public', steps: [] };
  let out = '';
  for (const part of parts) {
    const text = partText(owner, part, quote, reader);
    if (!text) continue;
    out += out ? `${part.separator ?? ' '}${text}` : text;
  }
  return out;
}

/**
 * The insured object of a quote: the product object (`objectKey`, CS_VEHICLE …) with each
 * `objectFallbacks` field it lacks read from its quote path (a trip's DURATION_DAYS on CS_POLICY).
 */
export function insuredObject(product: ProductMeta | undefined, quote: unknown): Record<string, unknown> {
  const own = product ? getPath(quote, product.objectKey) : undefined;
  const object: Record<string, unknown> =
    own && typeof own === 'object' && !Array.isArray(own) ? { ...(own as Record<string, unknown>) } : {};
  for (const [field, path] of Object.entries(product?.objectFallbacks ?? {})) {
    const value = getPath(quote, path);
    if (isBlank(object[field]) && !isBlank(value)) object[field] = value;
  }
  return object;
}
