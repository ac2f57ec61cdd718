// Every document in one place (issue 28 item 5) in Chromium against the real service: 99000001
// (Ανδρέας Γεωργίου) opens "Documents" from the portal's menu, in Greek on a phone, sees his
// schedules, claim acknowledgements and decisions newest first, filters by his home policy and
// downloads a document; in English on a desktop, the paid claim's decision downloads as a PDF
// with the payment. Axe on each screen. Ownership and every kind: tests/api/portal-documents.test.ts.

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import {
  acceptNecessaryCookies,
  expectAccessible,
  expectNoSideScroll,
  setLanguage,
  watchConsole,
} from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function openDocuments(page: Page, lang: Lang, width: 390 | 1280) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  await page.goto('/login?returnTo=%2Fmy-documents');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-documents$/);
  await expect(
    page.getByRole('heading', { level: 1, name: L(lang, 'portal:documents.title') }),
  ).toBeVisible();
  await expect(page.locator('.documents-list__item').first()).toBeVisible();
}

async function downloadText(page: Page, item: ReturnType<Page['locator']>): Promise<string> {
  const download = page.waitForEvent('download');
  await item.getByRole('button').click();
  const file = await download;
  const parser = new PDFParse({ data: new Uint8Array(await readFile(await file.path())) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

test('Greek at 390 px: the documents, newest first, filtered by a policy, one downloaded', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await openDocuments(page, 'el', 390);
  // On a phone the page is in the top bar's menu, with the portal's other pages.
  await page.goto('/my-dashboard');
  await page.getByRole('button', { name: L('el', 'common:nav.openMenu'), exact: true }).click();
  await page
    .getByRole('link', { name: L('el', 'portal:menu.documents'), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/my-documents$/);
  const items = page.locator('.documents-list__item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(5);
  await expect(items.filter({ hasText: 'CL2026000102' }).first()).toBeVisible();
  await expectAccessible(page, 'documents (el, 390)');
  await expectNoSideScroll(page, 390, 'documents');
  await page.screenshot({ path: 'test-results/documents-el-390.png', fullPage: true });

  await page.getByLabel(L('el', 'portal:documents.filter')).selectOption('CY9000102');
  await expect(items.first()).toContainText('CY9000102');
  const filtered = await items.count();
  expect(filtered).toBeLessThan(all);
  for (let i = 0; i < filtered; i++) await expect(items.nth(i)).toContainText('CY9000102');

  const schedule = items
    .filter({ hasText: L('el', 'portal:documents.kinds.SCHEDULE', { version: '1' }) })
    .first();
  const text = await downloadText(page, schedule);
  expect(text).toContain('Πρόγραμμα Ασφάλισης');
  expect(text).toContain('CY9000102');
  await expect(
    page.getByRole('status').filter({ hasText: L('el', 'portal:documents.downloaded') }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/documents-el-390-filtered.png', fullPage: true });
  expect(problems).toEqual([]);
});

test('English at 1280 px: from the menu, the paid claim’s decision with its payment', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDocuments(page, 'en', 1280);
  await page.goto('/my-dashboard');
  await page
    .getByRole('link', { name: L('en', 'portal:menu.documents'), exact: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/my-documents$/);
  const paid = page
    .locator('.documents-list__item')
    .filter({ hasText: 'Decision on claim CL2026000102: Paid' });
  await expect(paid).toHaveCount(1);
  await expectAccessible(page, 'documents (en, 1280)');
  await page.screenshot({ path: 'test-results/documents-en-1280.png', fullPage: true });
  const text = await downloadText(page, paid);
  expect(text).toContain('Decision on your claim');
  expect(text).toContain('PAY-2026-00412');
  expect(problems).toEqual([]);
});
