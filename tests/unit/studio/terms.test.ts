// One term per thing in the studio's texts: a field is a "question" (Ερώτηση) and a substep a
// "page" (Σελίδα) everywhere, as the outline calls them, never "field" (Πεδίο) or "substep"
// (υποβήμα). The one exception is the catalogue named after the contract object's fields.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const ALLOWED = new Set(['itemNames.catalogue.contractObjectFields']);

function texts(lang: 'el' | 'en'): Record<string, string> {
  const files = [
    ...readdirSync(join(ROOT, 'src/studio/locales', lang)).map((n) => join('src/studio/locales', lang, n)),
    join('locales', lang, 'studio.json'),
  ];
  const out: Record<string, string> = {};
  const walk = (file: string, at: string, value: unknown) => {
    if (typeof value === 'string') out[`${file}#${at}`] = value;
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) walk(file, at ? `${at}.${k}` : k, v);
  };
  for (const file of files) walk(file, '', JSON.parse(readFileSync(join(ROOT, file), 'utf8')));
  return out;
}

const key = (entry: string) => entry.split('#')[1];

describe('the studio names a question and a page the same way everywhere', () => {
  it('in Greek: Ερώτηση, Σελίδα; never Πεδίο, υποβήμα', () => {
    const el = texts('el');
    const wrong = Object.entries(el).filter(([k, v]) => !ALLOWED.has(key(k)) && /πεδί|υποβήμ/i.test(v));
    expect(wrong).toEqual([]);
    expect(el['src/studio/locales/el/editor.json#condition.field']).toBe(
      el['src/studio/locales/el/editor.json#kinds.field'],
    );
  });

  it('in English: question, page; never field, substep', () => {
    const en = texts('en');
    const wrong = Object.entries(en).filter(
      ([k, v]) => !ALLOWED.has(key(k)) && /\bfields?\b|substep/i.test(v.replace(/\{\{\w+\}\}/g, '')),
    );
    expect(wrong).toEqual([]);
    expect(en['src/studio/locales/en/editor.json#condition.field']).toBe(
      en['src/studio/locales/en/editor.json#kinds.field'],
    );
  });
});
