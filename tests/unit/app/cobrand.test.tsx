// @vitest-environment jsdom
// Issue 17, item 11: the top bar of a co-branded variant (?ref=1, ?ref=2) names the brand
// ("in partnership with the Toyota dealer"), not "brand 1". The theme comes from the flow's
// variant (the generated product catalog), the brand's name from common:brand.<theme>, and that
// name is the maker the flow's variant is for. Also guards the Greek slips fixed earlier in the
// product texts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TopBar } from '../../../src/app/layout/TopBar';
import { applyThemeFromQuery, DEFAULT_THEME, setTheme, themeQuery } from '../../../src/app/state/theme';
import type { Flow } from '../../../src/engine/flow/types';
import { productCatalog } from '../../../src/generated/products';
import { i18next, initI18n } from '../../../src/i18n';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const readJson = <T,>(...path: string[]) => JSON.parse(readFileSync(join(ROOT, ...path), 'utf8')) as T;

type Tree = { [key: string]: string | Tree };
const common = (lang: 'el' | 'en') =>
  readJson<{ brand: Record<string, string> }>('locales', lang, 'common.json');

const variants = productCatalog.flatMap((p) => p.variants.map((v) => ({ product: p.key, ...v })));

/** Every text value a flow variant is configured with (its defaults and eligibility). */
function configuredValues(flowId: string, theme: string): string[] {
  const flow = readJson<Flow>('flows', flowId, 'flow.json');
  const variant = flow.variants?.find((v) => v.theme === theme);
  if (!variant) return [];
  const values: string[] = [];
  const walk = (x: unknown) => {
    if (typeof x === 'string') values.push(x.toUpperCase());
    else if (x && typeof x === 'object') for (const v of Object.values(x)) walk(v);
  };
  walk(variant.defaults);
  walk(variant.eligibleIf);
  return values;
}

beforeAll(async () => {
  localStorage.setItem('lang', 'en');
  await initI18n('en');
  await i18next.loadNamespaces(['common']);
});

afterEach(() => {
  cleanup();
  setTheme(DEFAULT_THEME);
});

describe('co-brand names', () => {
  it('the catalog has the co-branded variants', () => expect(variants.length).toBeGreaterThan(0));

  for (const lang of ['el', 'en'] as const) {
    it(`each variant's theme has its brand's name, the maker its flow is for (${lang})`, () => {
      const brand = common(lang).brand;
      expect(brand.cobrand).toContain('{{brand}}');
      for (const v of variants) {
        const name = brand[v.theme];
        expect(name, `common:brand.${v.theme}`).toBeTruthy();
        // Not a placeholder: "brand 1", "μάρκας 1".
        expect(name).not.toMatch(/\d|brand|μάρκα/i);
        expect(configuredValues(v.product, v.theme), `${v.product} variant ${v.theme}`).toContain(
          name.toUpperCase(),
        );
      }
    });
  }
});

describe('top bar of a co-branded visit', () => {
  const renderBar = () => {
    const router = createMemoryRouter([{ path: '*', element: <TopBar /> }], { initialEntries: ['/'] });
    render(<RouterProvider router={router} />);
  };
  const banner = () => screen.getByRole('banner').textContent ?? '';

  for (const lang of ['en', 'el'] as const) {
    it(`names Toyota for ?ref=1 and Nissan for ?ref=2 (${lang})`, async () => {
      await act(async () => {
        await i18next.changeLanguage(lang);
        // Only the active language's files load (src/i18n.ts): Greek was skipped as the fallback.
        await i18next.reloadResources(lang, ['common']);
      });
      const expected: Record<string, string> = {
        en: 'in partnership with the Toyota dealer',
        el: 'σε συνεργασία με τον αντιπρόσωπο Toyota',
      };
      for (const v of variants) {
        act(() => {
          applyThemeFromQuery(`?${themeQuery(v.theme)}`);
        });
        renderBar();
        const name = common(lang).brand[v.theme];
        expect(banner()).toContain(common(lang).brand.cobrand.replace('{{brand}}', name));
        expect(banner()).not.toMatch(/brand \d|μάρκας \d|\{\{/);
        cleanup();
      }
      act(() => {
        applyThemeFromQuery('?ref=1');
      });
      renderBar();
      expect(banner()).toContain(expected[lang]);
      cleanup();
      act(() => {
        applyThemeFromQuery('?ref=2');
      });
      renderBar();
      expect(banner()).toContain(expected[lang].replace('Toyota', 'Nissan'));
    });
  }

  it("the insurer's own theme has no co-brand line", async () => {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    renderBar();
    expect(banner()).not.toContain('in partnership');
  });
});

describe('Greek slips stay fixed', () => {
  type Texts = { ET_TEXTS: { TEXT_NAME: string; TEXT: { el: string; en: string } }[] };
  const text = (flow: string, name: string) =>
    readJson<Texts>('flows', flow, 'rules.json').ET_TEXTS.find((x) => x.TEXT_NAME === name)?.TEXT.el ?? '';

  it('motor COVERS: "1.000 €." not "1.000. €"', () => {
    const covers = text('motor', 'COVERS');
    expect(covers).toMatch(/ιατρικά έξοδα 1\.000\s€\./);
    expect(covers).not.toMatch(/1\.000\.\s€/);
  });

  it('no Greek product text or locale puts a full stop between an amount and €', () => {
    const strings: [string, string][] = [];
    const flows = productCatalog.map((p) => p.key);
    for (const flow of flows)
      for (const t of readJson<Texts>('flows', flow, 'rules.json').ET_TEXTS)
        strings.push([`${flow}/${t.TEXT_NAME}`, t.TEXT.el]);
    const walk = (tree: Tree, at: string) => {
      for (const [k, v] of Object.entries(tree))
        typeof v === 'string' ? strings.push([`${at}.${k}`, v]) : walk(v, `${at}.${k}`);
    };
    for (const ns of [...flows, 'common', 'ui', 'flow'])
      walk(readJson<Tree>('locales', 'el', `${ns}.json`), `el/${ns}`);
    for (const [where, s] of strings) expect(s, where).not.toMatch(/\d\.\s*€/);
  });

  it('property summary: help for the home, not road assistance ("οδική βοήθεια")', () => {
    const summary = text('property', 'PRODUCT_SUMMARY');
    expect(summary).toContain('άμεσης βοήθειας για το σπίτι');
    expect(summary).not.toMatch(/οδικ/i);
    const locale = JSON.stringify(readJson<Tree>('locales', 'el', 'property.json'));
    expect(locale).not.toMatch(/οδική βοήθεια/i);
  });
});
