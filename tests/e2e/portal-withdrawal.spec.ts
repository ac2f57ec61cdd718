// The right of withdrawal (issue 28 item 1) in Chromium against the real service: in Greek on a
// phone, the demo customer 99000008 withdraws from CY9000801 (issued two days ago, paid by card
// through the sandbox) with her password and sees the refund and the status "Υπαναχώρηση"; in
// English on a wide screen, 99000001's cyber policy CY9000106 is past its 14 days and the page
// says so and gives the call centre. axe on every screen.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function openContract(page: Page, lang: Lang, width: 390 | 1280, mobile: string, contractNo: string) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const problems = watchConsole(page);
  await page.goto(`/login?returnTo=${encodeURIComponent(`/my-contract/${contractNo}`)}`);
  await page.getByLabel(L(lang, 'portal:login.username')).fill(mobile);
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/my-contract/${contractNo}$`));
  await expect(
    page.getByRole('heading', { name: L(lang, 'contracts:withdrawal.title'), exact: true }),
  ).toBeVisible();
  return problems;
}

test('Greek at 390 px: withdraw within the period, see the refund and the new status', async ({ page }) => {
  const problems = await openContract(page, 'el', 390, '99000008', 'CY9000801');
  const section = page.locator('section.contract-withdrawal');
  await expect(section).toContainText(L('el', 'contracts:withdrawal.refund'));
  const refund = (await section.locator('dd strong').innerText()).trim();
  expect(refund).toMatch(/^\d+\s?€$/u); // whole euro
  await expectAccessible(page, 'withdrawal offered (el, 390)');
  await page.screenshot({ path: 'test-results/withdrawal-el-390-offer.png', fullPage: true });

  await section.getByRole('button', { name: L('el', 'contracts:withdrawal.start') }).click();
  await section.getByLabel(L('el', 'contracts:withdrawal.password')).fill(PASSWORD);
  await expectAccessible(page, 'withdrawal confirmation (el, 390)');
  await section.getByRole('button', { name: L('el', 'contracts:withdrawal.confirm', { refund }) }).click();

  await expect(page.locator('section.contract-withdrawal [role="status"]')).toContainText(refund);
  await expect(page.getByText(L('el', 'contracts:statuses.WITHDRAWN')).first()).toBeVisible();
  await expect(page.locator('section.contract-withdrawal')).toContainText(
    L('el', 'contracts:withdrawal.way.CARD'),
  );
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'withdrawn (el, 390)');
  await page.screenshot({ path: 'test-results/withdrawal-el-390-done.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('English at 1280 px: past the period, the page says why and offers the call centre', async ({
  page,
}) => {
  const problems = await openContract(page, 'en', 1280, '99000001', 'CY9000106');
  const section = page.locator('section.contract-withdrawal');
  await expect(section).toContainText('withdrawal period ended');
  await expect(
    section.getByRole('link', { name: L('en', 'contracts:withdrawal.call', { phone: '8000 8787' }) }),
  ).toHaveAttribute('href', 'tel:80008787');
  await expect(section.getByRole('button', { name: L('en', 'contracts:withdrawal.start') })).toHaveCount(0);
  await expectAccessible(page, 'withdrawal past the period (en, 1280)');
  await page.screenshot({ path: 'test-results/withdrawal-en-1280-past.png', fullPage: true });
  expect(problems).toEqual([]);
});
