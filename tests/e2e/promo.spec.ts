// A promo code entered from inside a flow reaches the price: the visitor follows "I have a promo
// code", enters it, comes back to the same step, sees the discounted server price and pays it.

import { expect, type Page } from '@playwright/test';
import { localeText as L, replayScenarioInPage } from '../../src/cli/replay/browser';
import { compareOutcome, type Scenario } from '../../src/server/publishing/replay/scenario';
import { test } from './fixtures';
import { bundle, expectAccessible, scenario, watchConsole } from './support';

async function enterCode(page: Page, lang: 'el' | 'en', code: string) {
  await page.getByRole('link', { name: L(lang, 'common:promoLink.add') }).click();
  await expect(page.getByRole('heading', { level: 1, name: L(lang, 'pages:promo.title') })).toBeVisible();
  await page.getByRole('textbox', { name: L(lang, 'pages:promo.code'), exact: true }).fill(code);
  await page.getByRole('button', { name: L(lang, 'pages:promo.apply') }).click();
}

for (const lang of ['el', 'en'] as const) {
  test(`a promo code entered on the plans step lowers the price paid (${lang})`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width: 390, height: 900 });
    const s = await scenario('driver-happy-path', { language: lang });
    const upToPlans: Scenario = { ...s, steps: s.steps.slice(0, 1), expect: {} };
    await replayScenarioInPage(page, await bundle('driver'), upToPlans);
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
    const card = page.locator('label[for="package-DRV_PLUS"]');
    await card.click();
    await expect(page.locator('.packages')).toHaveAttribute('aria-busy', 'false');
    const price = card.locator('.package-card__price strong');
    const before = Number(((await price.textContent()) ?? '').replace(/\D/g, ''));

    // A wrong code is refused on the promo page and the visitor stays there.
    await enterCode(page, lang, 'NOSUCHCODE');
    await expect(page.getByRole('main').getByRole('alert')).toHaveText(L(lang, 'mail:errors.promo.wrong'));

    const code = page.getByRole('textbox', { name: L(lang, 'pages:promo.code'), exact: true });
    await code.fill('ONLINE10');
    await page.getByRole('button', { name: L(lang, 'pages:promo.apply') }).click();
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'plans__packages');
    await expect(page.getByText(L(lang, 'common:promoLink.applied', { code: 'ONLINE10' }))).toBeVisible();
    await expect(card.locator('.package-card__before')).toBeVisible();
    await expect
      .poll(async () => Number(((await price.textContent()) ?? '').replace(/\D/g, '')))
      .toBe(Math.round(before * 0.9));
    await expectAccessible(page, `plans with a promo code (${lang})`);

    // The rest of the purchase, paid at the discounted price.
    const rest: Scenario = { ...s, steps: s.steps.slice(1), expect: { payment: 'SUCCESS' } };
    const result = await replayScenarioInPage(page, await bundle('driver'), rest);
    expect(compareOutcome(rest.expect, result)).toEqual([]);
    expect(result.premium).toBeCloseTo(before * 0.9, 2);
    expect(problems).toEqual([]);
  });
}
