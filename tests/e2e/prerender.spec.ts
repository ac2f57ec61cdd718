// The prerendered first pages (src/prerender, issue "Fast on a phone"): readable with scripts off in
// the visitor's language, hydrated without a mismatch, an answer typed early kept; and the budget
// of item 3: the JavaScript a phone downloads before the first step's fields answer, and the layout
// shift while the page comes live (bytes and shifts are stable enough to test; timings are not).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, inCi } from './support';

const ROOT = join(import.meta.dirname, '..', '..');
const PRODUCTS = ['motor', 'property', 'travel', 'driver', 'hunter', 'cyber'] as const;
const LANGUAGES = ['el', 'en'] as const;
/** Budgets of the product routes' first paint: measured, then allowed 5 % more (issue item 3). */
const BUDGET = JSON.parse(readFileSync(join(import.meta.dirname, 'firstPaintBudget.json'), 'utf8')) as {
  scriptKbGz: Record<string, number>;
  maxCls: number;
};

test.describe('prerendered first steps', () => {
  for (const lang of LANGUAGES) {
    test(`every product's step 1 shows its fields and labels in ${lang} with scripts off`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 390, height: 844 },
      });
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      const page = await context.newPage();
      for (const product of PRODUCTS) {
        const response = await page.goto(`/${product}/offer/1`);
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1')).not.toBeEmpty();
        // Fields with their labels, drawn by the app's own renderer.
        const fields = page.locator('.rjsf input, .rjsf select, .rjsf textarea');
        expect(await fields.count(), product).toBeGreaterThan(0);
        expect(await page.locator('.rjsf .field__label').count(), product).toBeGreaterThan(0);
        await expect(page.locator('button[type=submit]')).toHaveText(localeText(lang, 'flow:actions.next'));
      }
      const notFound = await page.goto('/no-such-page');
      expect(notFound?.status()).toBe(404);
      await expect(page.locator('h1')).toHaveText(localeText(lang, 'common:notFound.title'));
      await context.close();
    });
  }

  for (const [product, lang, width] of inCi(
    [
      ['driver', 'el', 390],
      ['motor', 'en', 1280],
      ['property', 'el', 390],
    ] as const,
    ([product]) => product !== 'property',
  )) {
    test(`${product} step 1 (${lang}, ${width} px) hydrates without a mismatch and keeps what is typed`, async ({
      page,
      context,
      baseURL,
    }) => {
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('console', (m) => {
        if (/hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i.test(m.text()))
          problems.push(m.text());
      });
      await acceptNecessaryCookies(page);
      await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
      await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/${product}/offer/1`);
      await expect(page.locator('html')).toHaveAttribute('data-rendered', 'hydrated');
      const input = page.locator('.rjsf input[type=text], .rjsf input:not([type])').first();
      await input.click();
      await input.pressSequentially('12', { delay: 30 });
      await page.waitForTimeout(400);
      await expect(input).toHaveValue(/12/);
      expect(problems).toEqual([]);
    });
  }

  test('an answer typed before the page is live is kept', async ({ page }) => {
    await acceptNecessaryCookies(page);
    // The scripts arrive late, as on a slow phone line; the visitor types meanwhile.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await page.goto('/driver/offer/1', { waitUntil: 'commit' });
    await page.locator('#root_BIRTH_DATE').fill('05/03/1980');
    await expect(page.locator('html')).toHaveAttribute('data-rendered', 'hydrated', { timeout: 60_000 });
    await expect(page.locator('html')).toHaveAttribute('data-form-ready', /./);
    await expect(page.locator('#root_BIRTH_DATE')).toHaveValue('05/03/1980');
    await page.getByRole('button', { name: 'Συνέχεια' }).click();
    // The app has the date: no error under it, while the unanswered questions have theirs.
    await expect(page.locator('[role=radiogroup][aria-invalid=true], .field--error').first()).toBeVisible();
    await expect(page.locator('#root_BIRTH_DATE')).not.toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('first-paint budget of the product routes (phone width)', () => {
  test('scripts before the first field answers, and layout shift, within budget', async ({ browser }) => {
    const measured: Record<string, { kb: number; cls: number }> = {};
    for (const product of PRODUCTS) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) w.__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const scripts = new Set<string>();
      let ready = false;
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (!ready && request.resourceType() === 'script' && path.startsWith('/assets/')) scripts.add(path);
      });
      await page.goto(`/${product}/offer/1`);
      await expect(page.locator('html')).toHaveAttribute('data-form-ready', /./);
      ready = true;
      // Lists, the cookie banner and late styles have had their chance to move things.
      await page.waitForTimeout(1500);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      const bytes = [...scripts].reduce(
        (sum, path) => sum + gzipSync(readFileSync(join(ROOT, 'dist', path)), { level: 9 }).length,
        0,
      );
      measured[product] = { kb: Math.round((bytes / 1024) * 10) / 10, cls: Math.round(cls * 1000) / 1000 };
      await context.close();
    }
    console.log(`first paint (KB gz of scripts, CLS): ${JSON.stringify(measured)}`);
    for (const product of PRODUCTS) {
      const budget = BUDGET.scriptKbGz[product];
      expect(budget, `a budget for ${product} in tests/e2e/firstPaintBudget.json`).toBeGreaterThan(0);
      expect(
        measured[product].kb,
        `${product}: scripts before the first field answers (KB gz)`,
      ).toBeLessThanOrEqual(budget * 1.05);
      expect(measured[product].cls, `${product}: layout shift while the page comes live`).toBeLessThanOrEqual(
        BUDGET.maxCls,
      );
    }
  });
});
