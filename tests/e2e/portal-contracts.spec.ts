// The portal's contracts and offers (issue 14 items 1-3) in Chromium against the real service, as
// the demo customer 99000001: the contracts as cards on a phone in Greek (filter, sort, three to a
// page), a contract's detail and its policy schedule downloaded as a PDF that reads in Greek; and in
// English on a wide screen the contracts table, then a stored home offer whose premium changed,
// continued at the new price into the purchase flow, paid, and found among the contracts. axe on
// every screen.

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { localeText, replayScenarioInPage } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, bundle, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function logIn(page: Page, lang: Lang, width: 390 | 1280): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const problems = watchConsole(page);
  await page.goto('/login?returnTo=%2Fmy-contracts');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-contracts$/);
  return problems;
}

const numbers = (page: Page) =>
  page.locator('[data-contract]').evaluateAll((els) => els.map((e) => e.getAttribute('data-contract')));

test('contracts on a phone in Greek: filter, sort, three to a page, detail and the policy schedule PDF', async ({
  page,
}) => {
  const problems = await logIn(page, 'el', 390);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L('el', 'contracts:list.title'));
  // Cards, not a table, under 992 px; 3 of the 6 contracts on the first page, newest start first.
  await expect(page.locator('table')).toHaveCount(0);
  await expect(page.locator('article[data-contract]')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: '6' })).toHaveText(
    L('el', 'contracts:list.count_other', { count: '6' }),
  );
  expect((await numbers(page))[0]).toBe('CY9000103'); // travel, started 3 days ago
  await expect(page.locator('[data-contract="CY9000103"]')).toContainText(
    L('el', 'contracts:statuses.PENDING_PAYMENT_REVIEW'),
  );
  await expectAccessible(page, 'contracts (el, 390)');

  await page.getByLabel(L('el', 'contracts:list.sort')).selectOption('oldest');
  expect((await numbers(page))[0]).toBe('CY9000104'); // driver, started 200 days ago
  await page.getByLabel(L('el', 'contracts:pager.rows')).selectOption('10');
  await expect(page.locator('article[data-contract]')).toHaveCount(6);
  await page.getByLabel(L('el', 'contracts:list.filter')).selectOption('motor');
  expect(await numbers(page)).toEqual(['CY9000101']);
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scroll).toBeLessThanOrEqual(390);

  await page
    .getByRole('link', { name: L('el', 'contracts:list.openContract', { contractNo: 'CY9000101' }) })
    .click();
  await expect(page).toHaveURL(/\/my-contract\/CY9000101$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    L('el', 'contracts:detail.title', { contractNo: 'CY9000101' }),
  );
  await expect(page.getByText('NNT240', { exact: true })).toBeVisible();
  // The model by its name in the make's models (a dependent list), as the dashboard names it.
  await expect(page.getByText('RAV4', { exact: true })).toBeVisible();
  await expect(page.getByText('•••• •••• •••• 4021')).toBeVisible();
  // The card the provider keeps a binding of is a standing order on it, and says so.
  await expect(page.getByText(L('el', 'contracts:detail.methods.CARD_SO'), { exact: true })).toBeVisible();
  await expect(page.getByText('09/2028', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: L('el', 'contracts:detail.endorsements') })).toHaveAttribute(
    'href',
    '/my-contract/CY9000101/endorsements',
  );
  await expect(page.getByRole('link', { name: L('el', 'contracts:detail.paymentMethod') })).toHaveAttribute(
    'href',
    '/my-contract/CY9000101/payment-method-details',
  );
  await expectAccessible(page, 'contract detail (el, 390)');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: L('el', 'contracts:detail.download') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('policy-schedule-CY9000101-el.pdf');
  const pdf = await readFile(await file.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  expect(text).toContain('Πρόγραμμα Ασφάλισης');
  expect(text).toContain('Ανδρέας Γεωργίου');
  await expect(
    page.getByRole('status').filter({ hasText: L('el', 'contracts:detail.downloaded') }),
  ).toBeVisible();

  // The home contract is paid by direct debit: its account, bank and holder, no card at all.
  await page.goto('/my-contract/CY9000102');
  await expect(
    page.getByText(L('el', 'contracts:detail.methods.DIRECT_DEBIT'), { exact: true }),
  ).toBeVisible();
  const payment = page.locator('dl', { hasText: L('el', 'contracts:detail.iban') });
  await expect(payment).toContainText('CY17 •••• •••• •••• •••• •••• 7600');
  // The bank by its name, not its BIC.
  await expect(payment).toContainText('Τράπεζα Κύπρου');
  await expect(payment).not.toContainText('BCYPCY2N');
  await expect(payment).toContainText('Ανδρέας Γεωργίου');
  await expect(payment).not.toContainText(L('el', 'contracts:detail.card'));
  await expect(page.getByText(L('el', 'contracts:detail.methods.CARD_SO'))).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a stored offer with a changed premium is bought at the new price and becomes a contract (en, 1280 px)', async ({
  page,
}) => {
  const problems = await logIn(page, 'en', 1280);
  // The table on a wide screen.
  await expect(page.locator('table tbody tr')).toHaveCount(3);
  await expect(page.getByRole('columnheader', { name: L('en', 'contracts:columns.balance') })).toBeVisible();
  await expectAccessible(page, 'contracts table (en, 1280)');
  // The motor contract's card is a standing order on it, in English too.
  await page.goto('/my-contract/CY9000101');
  await expect(page.getByText(L('en', 'contracts:detail.methods.CARD_SO'), { exact: true })).toBeVisible();

  await page.goto('/my-offers');
  await expect(
    page.getByRole('heading', { level: 2, name: L('en', 'common:products.property.name') }),
  ).toBeVisible();
  await expect(page.locator('[data-offer="OF900113"]')).toHaveCount(0); // cyber: never listed
  await expectAccessible(page, 'offers (en, 1280)');
  await page
    .getByRole('button', { name: L('en', 'contracts:offers.openOffer', { offerNo: 'OF900112' }) })
    .click();
  const dialog = page.getByRole('alertdialog', { name: L('en', 'contracts:offers.changedTitle') });
  await expect(dialog).toContainText('€498');
  await expectAccessible(page, 'changed offer premium (en)');
  await dialog.getByRole('button', { name: L('en', 'contracts:offers.continueNew') }).click();

  // The purchase flow, on its payment step with the offer loaded, not asking about the price again.
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'payment__holder');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.locator('#root_FIRST_NAME')).toHaveValue(/Ανδρέας/);
  const result = await replayScenarioInPage(page, await bundle('property'), {
    name: 'the demo home offer, paid from the portal',
    flow: 'property',
    language: 'en',
    // The consents are given again at payment, after reading the documents.
    steps: [
      {
        substep: 'payment__holder',
        answers: {
          'CS_POLICY.CONS_VALID_DATA': true,
          'CS_POLICY.CONS_PRECONTR_INFO': true,
          'CS_POLICY.CONS_GDPR': true,
          'CS_POLICY.PAYMENT_METHOD': 'CARD',
        },
      },
    ],
    expect: { payment: 'SUCCESS' },
  });
  expect(result.payment).toBe('SUCCESS');

  // The new contract is the customer's: first among the home contracts, most recent first.
  await page.goto('/my-contracts');
  await page.getByLabel(L('en', 'contracts:list.filter')).selectOption('property');
  await expect(page.locator('table tbody tr')).toHaveCount(2);
  const [newest] = await numbers(page);
  expect(newest).not.toBe('CY9000102');
  await page.goto('/my-offers');
  await expect(page.locator('[data-offer="OF900112"]')).toHaveCount(0);
  expect(problems).toEqual([]);
});
