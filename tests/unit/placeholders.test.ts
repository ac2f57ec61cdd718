// No template placeholder ever reaches a visitor: every string with {{…}} in every namespace, filled
// by the service's translator and by the browser's i18next, leaves no "{{" behind, and numbers come
// grouped in the language's style ("{{p0, number}}" was once shown as it is).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../src/i18n';
import { LOCALES_DIR, t as serverT } from '../../src/server/platform/i18n';

type Tree = { [key: string]: string | Tree };

function strings(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : strings(v, `${prefix}${k}.`),
  );
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*\w+\s*)?\}\}/g;

for (const lang of ['el', 'en'] as const) {
  const namespaces = readdirSync(join(LOCALES_DIR, lang)).filter((f) => f.endsWith('.json'));
  const templated = namespaces.flatMap((file) => {
    const ns = file.replace(/\.json$/, '');
    const tree = JSON.parse(readFileSync(join(LOCALES_DIR, lang, file), 'utf8')) as Tree;
    return strings(tree)
      .filter(([, text]) => text.includes('{{'))
      .map(([key, text]) => ({ key: `${ns}:${key}`, text }));
  });

  describe(`placeholders filled (${lang})`, () => {
    it('finds templated strings', () => expect(templated.length).toBeGreaterThan(20));

    it('the service fills every one', () => {
      for (const { key, text } of templated) {
        const params = Object.fromEntries([...text.matchAll(PLACEHOLDER)].map((m) => [m[1], 700000]));
        const out = serverT(lang, key, params);
        expect(out, key).not.toContain('{{');
        expect(out, key).not.toContain('}}');
      }
    });

    it('the browser fills every one', async () => {
      await initI18n(lang);
      await i18next.loadNamespaces([...new Set(templated.map((x) => x.key.split(':')[0]))]);
      for (const { key, text } of templated) {
        const params = Object.fromEntries([...text.matchAll(PLACEHOLDER)].map((m) => [m[1], 700000]));
        const out = i18next.t(key, { ...params, lng: lang });
        expect(out, key).not.toContain('{{');
      }
    });

    it('numbers are grouped alike on both sides', async () => {
      const key = 'validation:max_value_currency';
      await initI18n(lang);
      await i18next.loadNamespaces('validation');
      const grouped = lang === 'el' ? '700.000' : '700,000';
      expect(serverT(lang, key, { p0: 700000 })).toContain(grouped);
      expect(i18next.t(key, { p0: 700000, lng: lang })).toContain(grouped);
    });
  });
}
