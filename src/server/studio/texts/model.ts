// A texts item (one namespace: el.json and en.json) as rows the translator reads side by side:
// every string by its dotted i18next key, the two languages, and what is wrong with the pair —
// missing, empty, placeholders that differ, or one language changed since the other was last
// edited (read from the item's versions, oldest first, the draft last).

import type { TextMark, TextRow } from '../../../engine/textRows';

export type { TextMark, TextRow };

/** The two languages of every texts item, in the order the studio shows them. */
export const TEXT_LANGS = ['el', 'en'] as const;
export type TextLang = (typeof TEXT_LANGS)[number];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every string of a locale file by its dotted key (array items by index), in file order. */
export function flattenTexts(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (text === undefined) return out;
  let root: Json;
  try {
    root = JSON.parse(text) as Json;
  } catch {
    return out;
  }
  const walk = (node: Json, prefix: string) => {
    if (typeof node === 'string') out.set(prefix, node);
    else if (Array.isArray(node))
      node.forEach((child, i) => {
        walk(child, prefix ? `${prefix}.${i}` : String(i));
      });
    else if (node && typeof node === 'object')
      for (const [k, child] of Object.entries(node)) walk(child, prefix ? `${prefix}.${k}` : k);
  };
  walk(root, '');
  return out;
}

/**
 * The file with the given keys' strings set (a key missing from this language is added, its
 * objects made as needed). Answers the text unchanged when nothing changed, so an untouched file
 * stays byte-identical.
 */
export function setTexts(text: string | undefined, changes: Map<string, string>): string {
  const current = flattenTexts(text);
  const real = [...changes].filter(([key, value]) => current.get(key) !== value);
  if (real.length === 0 && text !== undefined) return text;
  let root: Json = {};
  try {
    root = text === undefined ? {} : (JSON.parse(text) as Json);
  } catch {
    root = {};
  }
  for (const [key, value] of real) {
    const parts = key.split('.');
    let node = root as Record<string, Json>;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (next === null || typeof next !== 'object') node[part] = {};
      node = node[part] as Record<string, Json>;
    }
    node[parts[parts.length - 1]] = value;
  }
  return `${JSON.stringify(root, null, 2)}\n`;
}

/** A placeholder as written in a text: `{{p0, number}}`, or a nesting `$t(key)` as is. */
export function writtenPlaceholder(p: string): string {
  return p.startsWith('$t(') ? p : `{{${p}}}`;
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}|\$t\(([^()]+)\)/g;

/** The i18next placeholders and nestings of a text, normalised ("p0, number"), sorted. */
export function placeholdersOf(text: string | null | undefined): string[] {
  if (!text) return [];
  const found: string[] = [];
  for (const m of text.matchAll(PLACEHOLDER))
    found.push(
      m[1] !== undefined
        ? m[1]
            .split(',')
            .map((s) => s.trim())
            .join(', ')
        : `$t(${m[2].trim()})`,
    );
  return found.sort();
}

/** Whether two texts carry the same placeholders (as many of each). */
export function samePlaceholders(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i]);
}

/** What `expected` has that `actual` lacks, and the reverse. */
export function placeholderDiff(expected: string[], actual: string[]): { lost: string[]; extra: string[] } {
  const rest = [...actual];
  const lost: string[] = [];
  for (const p of expected) {
    const at = rest.indexOf(p);
    if (at >= 0) rest.splice(at, 1);
    else lost.push(p);
  }
  return { lost, extra: rest };
}

/** One version of a texts item, oldest first: its files (el.json, en.json). */
export interface TextsVersion {
  files: Record<string, string>;
}

/**
 * For each key, the language left behind: walking the versions oldest first, a version that
 * changes a key's text in one language only leaves the other stale, until that one is edited in
 * turn (the translation catching up) or both change together. A text appearing for the first time
 * (a key added, a missing translation filled in) catches up, it never leaves the other behind.
 */
export function staleSides(versions: TextsVersion[]): Map<string, TextLang> {
  const stale = new Map<string, TextLang>();
  let previous: Record<TextLang, Map<string, string>> | undefined;
  for (const version of versions) {
    const now = {
      el: flattenTexts(version.files['el.json']),
      en: flattenTexts(version.files['en.json']),
    };
    if (previous) {
      const before = previous;
      for (const key of new Set([...now.el.keys(), ...now.en.keys()])) {
        const changed = (lang: TextLang) =>
          before[lang].has(key) && now[lang].has(key) && before[lang].get(key) !== now[lang].get(key);
        const appeared = (lang: TextLang) => !before[lang].has(key) && now[lang].has(key);
        const el = changed('el');
        const en = changed('en');
        if ((el && en) || appeared('el') || appeared('en')) stale.delete(key);
        else if (el) stale.get(key) === 'el' ? stale.delete(key) : stale.set(key, 'en');
        else if (en) stale.get(key) === 'en' ? stale.delete(key) : stale.set(key, 'el');
      }
    }
    previous = now;
  }
  return stale;
}

/** The rows of an item's current files, marked; `versions` (oldest first) ends with those files. */
export function textRows(files: Record<string, string>, versions: TextsVersion[] = []): TextRow[] {
  const el = flattenTexts(files['el.json']);
  const en = flattenTexts(files['en.json']);
  const keys = [...el.keys(), ...[...en.keys()].filter((k) => !el.has(k))];
  const stale = staleSides(versions);
  return keys.map((key) => {
    const elText = el.get(key) ?? null;
    const enText = en.get(key) ?? null;
    const marks: TextMark[] = [];
    if (elText === null) marks.push('missing_el');
    else if (elText.trim() === '') marks.push('empty_el');
    if (enText === null) marks.push('missing_en');
    else if (enText.trim() === '') marks.push('empty_en');
    const p = { EL: placeholdersOf(elText), EN: placeholdersOf(enText) };
    if (elText !== null && enText !== null && elText.trim() && enText.trim() && !samePlaceholders(p.EL, p.EN))
      marks.push('placeholders');
    const side = stale.get(key);
    if (side && elText !== null && enText !== null) marks.push(side === 'el' ? 'stale_el' : 'stale_en');
    return { KEY: key, EL: elText, EN: enText, PLACEHOLDERS: p, MARKS: marks };
  });
}
