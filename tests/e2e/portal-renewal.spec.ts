// Renewal (issue 28 item 2) in Chromium against the real service. The demo customer 99000019's
// driver policy CY9000951 ends in 20 days: the renewal pass (the desk's POST /dev/renewals/run)
// prepares its offer. In Greek on a phone the customer opens the contract, sees the renewal's
// premium and period, presses "Renew", confirms the facts the product asks again and pays with the
// sandbox's approving card; the contract then reads "Renewed". In English on a wide screen the
// contracts list shows it continued by the new contract, which starts the day after. axe on each.

import { expect, type Page } from '@playwright/test';
import { localeText, replayScenarioInPage } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, bundle, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);
const CONTRACT = 'CY9000951';

async function logIn(page: Page, lang: Lang, width: 390 | 1280, returnTo: string) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  await page.goto(`/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000019');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`));
}

test.describe.configure({ mode: 'serial' });

test('Greek at 390 px: the renewal is offered, its facts confirmed and paid', async ({ page }) => {
  const problems = watchConsole(page);
  const run = await page.request.post('/dev/renewals/run', { data: {} });
  expect(run.ok()).toBe(true);
  await logIn(page, 'el', 390, `/my-contract/${CONTRACT}`);
  const section = page.locator('.contract-detail__renewal');
  await expect(section.locator('[data-renewal="OFFERED"]')).toBeVisible();
  await expect(section).toContainText(/\d+\s?€/u);
  await expectAccessible(page, 'renewal offered (el, 390)');
  await page.screenshot({ path: 'test-results/renewal-el-390-offered.png', fullPage: true });

  await section
    .getByRole('link', { name: L('el', 'contracts:renewal.renewContract', { contractNo: CONTRACT }) })
    .click();
  const facts = page.locator('.renewal-facts');
  await expect(
    facts.getByRole('heading', { name: L('el', 'flow:renewal.title', { contractNo: CONTRACT }) }),
  ).toBeVisible();
  await expect(facts.locator('[data-fact="CS_DRIVER.HEALTHY_DRIVER"] dd')).toHaveText(
    L('el', 'ui:yesno.yes'),
  );
  await expectAccessible(page, 'renewal facts to confirm (el, 390)');
  await page.screenshot({ path: 'test-results/renewal-el-390-facts.png', fullPage: true });
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await facts.getByRole('button', { name: L('el', 'flow:renewal.confirm') }).click();

  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'payment__holder');
  const result = await replayScenarioInPage(page, await bundle('driver'), {
    name: 'the demo driver policy renewed from the portal',
    flow: 'driver',
    language: 'el',
    steps: [
      {
        substep: 'payment__holder',
        answers: { 'CS_USER_EXTRAS.TERMS_ACCEPTED': true, 'CS_POLICY_HOLDER.CONS_PRIVACY': true },
      },
    ],
    expect: { payment: 'SUCCESS' },
  });
  expect(result.payment).toBe('SUCCESS');

  await page.goto(`/my-contract/${CONTRACT}`);
  await expect(page.locator('.contract-detail__renewal [data-renewal="RENEWED"]')).toBeVisible();
  await expectAccessible(page, 'renewed (el, 390)');
  await page.screenshot({ path: 'test-results/renewal-el-390-renewed.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('English at 1280 px: the contracts list shows the renewal and the new contract starts the day after', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await logIn(page, 'en', 1280, '/my-contracts');
  const row = page.locator('tbody tr', { hasText: CONTRACT });
  const renewed = row.locator('[data-renewal="RENEWED"]');
  await expect(renewed).toContainText('Renewed: CY');
  await expectAccessible(page, 'renewed contract in the list (en, 1280)');
  await page.screenshot({ path: 'test-results/renewal-en-1280-list.png', fullPage: true });
  const expiry = (await row.locator('[data-column="EXPIRY_DATE"]').innerText()).trim();
  await renewed.click();
  await expect(page).toHaveURL(/\/my-contract\/CY\d+$/);
  const [d, m, y] = expiry.split('/').map(Number);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const day = `${String(next.getUTCDate()).padStart(2, '0')}/${String(next.getUTCMonth() + 1).padStart(2, '0')}/${next.getUTCFullYear()}`;
  await expect(page.locator('.contract-detail')).toContainText(day);
  expect(problems).toEqual([]);
});
