// Server-side translation: the same locales/<lang>/<namespace>.json files the web app loads, so a
// field-rule key ("validation:email") reads the same on screen and in a 422 answer.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatEuro } from '../../engine/money';
import { liveTexts } from './liveConfig';

export type Lang = 'el' | 'en';
export const LANGS: readonly Lang[] = ['el', 'en'];

export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'locales');

type Tree = { [key: string]: string | Tree };
type Catalog = Record<string, Tree>;

const catalogs = new Map<Lang, Catalog>();

function loadCatalog(lang: Lang): Catalog {
  // The live text versions when a registry serves them (a published message without a restart).
  const live = liveTexts(lang);
  if (live) return live as Catalog;
  let catalog = catalogs.get(lang);
  if (catalog) return catalog;
  catalog = {};
  const dir = join(LOCALES_DIR, lang);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    files = [];
  }
  for (const file of files) {
    try {
      catalog[file.slice(0, -5)] = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Tree;
    } catch {
      // A locale file being edited by hand must not take the service down; its keys read as keys.
    }
  }
  catalogs.set(lang, catalog);
  return catalog;
}

/** Forgets loaded catalogs (tests that write locale files). */
export function resetCatalogs(): void {
  catalogs.clear();
}

function lookup(lang: Lang, key: string): string | undefined {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? key.slice(0, colon) : 'mail';
  const path = colon > 0 ? key.slice(colon + 1) : key;
  let node: string | Tree | undefined = loadCatalog(lang)[ns];
  for (const part of path.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** True when `key` has a string in `lang`. */
export function hasKey(lang: Lang, key: string): boolean {
  return lookup(lang, key) !== undefined;
}

/**
 * The string for `key` ("ns:a.b", or "a.b" in the mail namespace) with {{name}} filled from
 * `params`; falls back to the other language, then to the key itself.
 */
export function t(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const template = lookup(lang, key) ?? lookup(lang === 'el' ? 'en' : 'el', key) ?? key;
  // {{name}}, {{name, number}} or {{name, euro}} (whole euro, the one money formatter), as i18next
  // reads them in the browser, so one string serves both.
  return template.replace(/\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
    const value = params[name];
    if (value === undefined || value === null) return '';
    if (format === 'number' && typeof value === 'number') return numberFormat(lang).format(value);
    if (format === 'euro') return euroText(value, lang);
    return String(value);
  });
}

/** An amount as whole euro (formatEuro); a value that is not a number is shown as it is. */
function euroText(value: unknown, lang: Lang): string {
  const n = typeof value === 'number' ? value : Number(value);
  return typeof value !== 'boolean' && value !== '' && Number.isFinite(n)
    ? formatEuro(n, lang)
    : String(value);
}

/**
 * A string with a count in its plural form as i18next picks it in the browser (units.days_one
 * "1 ημέρα", days_other "12 ημέρες"); without a count, or without plural forms, the key itself.
 */
export function tCount(lang: Lang, key: string, values: Record<string, unknown> = {}): string {
  if (typeof values.count === 'number') {
    const form = `${key}_${new Intl.PluralRules(lang).select(values.count)}`;
    if (hasKey(lang, form)) return t(lang, form, values);
    if (hasKey(lang, `${key}_other`)) return t(lang, `${key}_other`, values);
  }
  return t(lang, key, values);
}

const numberFormats = new Map<Lang, Intl.NumberFormat>();
/** Grouped numbers in the language's own style (700.000 in Greek, 700,000 in English). */
function numberFormat(lang: Lang): Intl.NumberFormat {
  let format = numberFormats.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang === 'el' ? 'el-GR' : 'en-GB', { maximumFractionDigits: 2 });
    numberFormats.set(lang, format);
  }
  return format;
}

/** The language of a request: English when Accept-Language prefers it, Greek otherwise (spec default). */
export function langFromHeader(header: string | string[] | undefined): Lang {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return 'el';
  let best: { lang: Lang; q: number } | undefined;
  for (const part of raw.slice(0, 200).split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const primary = tag.split('-')[0];
    if (primary !== 'el' && primary !== 'en') continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'el';
}
