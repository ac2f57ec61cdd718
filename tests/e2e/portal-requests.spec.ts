// Requests, help and terms in the customer portal (issue 15 items 3 to 5), in Chromium against the
// real service: a new request filed from a phone in Greek and then listed, the help page's FAQ
// search and categories in English at desktop width with the write-to-us block, and the terms of
// use from the user dropdown; axe on each screen. The rules (1024 characters, another customer's
// contract, the notification mail in both languages) are API tests: tests/api/portal-requests.test.ts.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, expectMailTo, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name });

async function logIn(page: Page, lang: Lang, width: 390 | 1280): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard$/);
  return errors;
}

async function openAccountMenu(page: Page, lang: Lang, width: number): Promise<void> {
  if (width < 992)
    await page.getByRole('button', { name: L(lang, 'common:nav.openMenu'), exact: true }).click();
  await page.locator('.account-menu__button').click();
}

test('a new request is filed from a phone and listed (el, 390 px)', async ({ page }) => {
  const errors = await logIn(page, 'el', 390);
  await openAccountMenu(page, 'el', 390);
  await page.getByRole('link', { name: L('el', 'portal:account.requests'), exact: true }).click();
  await expect(heading(page, L('el', 'requests:list.title'))).toBeVisible();
  await expectAccessible(page, 'my requests (el, 390)');

  await page.getByRole('link', { name: L('el', 'requests:list.new'), exact: true }).click();
  await expect(page).toHaveURL(/\/new-request$/);
  const contract = page.getByLabel(L('el', 'requests:fields.CONTRACT_NO.label'));
  await expect(contract.locator('option', { hasText: 'CY9000101' })).toHaveCount(1);
  await expectAccessible(page, 'new request form (el, 390)');

  // Continue with nothing filled names the missing fields and sends nothing.
  await page.getByRole('button', { name: L('el', 'flow:actions.finish'), exact: true }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page).toHaveURL(/\/new-request$/);

  const subject = `Πράσινη κάρτα για Τουρκία ${Date.now() % 100000}`;
  await contract.selectOption('CY9000101');
  await page.getByLabel(L('el', 'requests:fields.TYPE.label')).selectOption('DOCUMENT');
  await page.getByLabel(L('el', 'requests:fields.CATEGORY.label')).selectOption('CONTRACT');
  await page.getByLabel(L('el', 'requests:fields.SUBJECT.label')).fill(subject);
  await page
    .getByLabel(L('el', 'requests:fields.MESSAGE.label'))
    .fill(
      'Ταξιδεύω με το αυτοκίνητο στην Τουρκία στις 12 Δεκεμβρίου. Χρειάζομαι πράσινη κάρτα για 10 ημέρες.',
    );
  await page.getByRole('button', { name: L('el', 'flow:actions.finish'), exact: true }).click();

  await expect(heading(page, L('el', 'requests:done.title'))).toBeVisible();
  const done = await page.getByRole('status').filter({ hasText: /WO\d+/ }).textContent();
  const workorderId = done?.match(/WO\d+/)?.[0] ?? '';
  expect(workorderId).toMatch(/^WO\d+$/);
  await expectAccessible(page, 'request received (el, 390)');
  // The insurer's service desk is told (SERVICE_MAIL_TO's default in development).
  await expectMailTo(page, 'service@gic.com.cy', workorderId);

  await page.getByRole('link', { name: L('el', 'requests:done.list'), exact: true }).click();
  const card = page.locator(`[data-request="${workorderId}"]`);
  await expect(card).toContainText(subject);
  await expect(card).toContainText(L('el', 'requests:status.OPEN'));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});

test('help in the portal: FAQ search and categories, write to us, terms of use (en, 1280 px)', async ({
  page,
}) => {
  const errors = await logIn(page, 'en', 1280);
  await openAccountMenu(page, 'en', 1280);
  await page.getByRole('link', { name: L('en', 'portal:account.help'), exact: true }).click();
  await expect(heading(page, L('en', 'pages:help.title'))).toBeVisible();
  // Still the portal's layout: the logged-in user's dropdown is there.
  await expect(page.locator('.account-menu__button')).toBeVisible();

  await page.getByLabel(L('en', 'pages:help.search')).fill('green card');
  await expect(
    page.getByRole('status').filter({ hasText: L('en', 'pages:help.resultCount_one', { count: '1' }) }),
  ).toBeVisible();
  await expect(page.locator('.faq summary')).toHaveText(['What is a Green Card and when do I need it?']);
  await page.getByRole('button', { name: 'Home insurance', exact: true }).click();
  await expect(page.locator('.faq')).toHaveCount(0);
  await page.getByLabel(L('en', 'pages:help.search')).fill('');
  await expect(page.locator('.faq').first()).toBeVisible();
  await expect(page.locator('.faq summary').first()).toHaveText('How much should I insure my building for?');

  const writeToUs = page.getByRole('region', { name: L('en', 'requests:help.requestTitle') });
  await expect(writeToUs.getByRole('link', { name: L('en', 'requests:help.requestLink') })).toHaveAttribute(
    'href',
    '/new-request',
  );
  await expectAccessible(page, 'help in the portal (en, 1280)');

  await openAccountMenu(page, 'en', 1280);
  await page.getByRole('link', { name: L('en', 'portal:account.terms'), exact: true }).click();
  await expect(page).toHaveURL(/\/terms-of-use$/);
  await expect(heading(page, L('en', 'terms:title'))).toBeVisible();
  expect(errors).toEqual([]);
});
