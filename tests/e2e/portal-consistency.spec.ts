// What a customer trips over (issue 24 items 2-8), each as the customer met it, in Chromium against
// the real service: Greek at 390 px unless said. Amounts and names agree between the dashboard, the
// lists, the contract page and the schedule; every card opens its detail; a quick choice in the
// claim wizard stays; one term and one format everywhere; and no rendered text of the portal or the
// public flows carries an internal code (an upper-case identifier with an underscore) or an amount
// with decimals.

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { localeText } from '../../src/cli/replay/browser';
import { formatEuro } from '../../src/engine/money';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const L = (key: string, values: Record<string, string> = {}, lang: Lang = 'el') =>
  localeText(lang, key, values);

/** An upper-case identifier with an underscore (DAMAGE_1, PENDING_PAYMENT_REVIEW): never for a customer. */
const INTERNAL_CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/;
/** An amount with decimals, in either language's style: "214,5 €", "€214.50". */
const DECIMAL_AMOUNT = /\d[.,]\d{1,2}(?!\d)\s?€|€\s?\d[\d,.]*[.,]\d{1,2}(?!\d)/;

async function logIn(page: Page, lang: Lang = 'el', width = 390): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const problems = watchConsole(page);
  await page.goto('/login');
  // The language is set in storage only, so a page prerendered in the browser's language is drawn
  // afresh: type into the app's form, not the prerendered one it replaces.
  await page.locator('html[data-rendered]').waitFor({ state: 'attached' });
  await page.getByLabel(L('portal:login.username', {}, lang)).fill('99000001');
  await page.getByLabel(L('portal:login.password', {}, lang), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L('portal:login.submit', {}, lang), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard$/);
  return problems;
}

type Entry = { CONTRACT_NO: string; STATUS: string; ZZPREMIUM_AFTER_DISC_AMOUNT: number };

async function contracts(page: Page): Promise<Entry[]> {
  const res = await page.request.get('/zcp/contract/search/900001');
  expect(res.status()).toBe(200);
  return (await res.json()).CT_CONTRACTS as Entry[];
}

/** The text a customer reads on the page now: no internal code, no amount with decimals. */
async function expectCustomerText(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  expect(text.match(INTERNAL_CODE)?.[0] ?? null, `internal code on ${where}`).toBeNull();
  expect(text.match(DECIMAL_AMOUNT)?.[0] ?? null, `amount with decimals on ${where}`).toBeNull();
}

test('every dashboard card opens its detail, by keyboard, named by what it opens; counts match their labels (items 4, 6)', async ({
  page,
}) => {
  const problems = await logIn(page);
  const list = await contracts(page);
  const contractsSection = page.getByRole('region', { name: L('portal:dashboard.contracts') });
  // "N σε ισχύ" counts the contracts in force only, not one pending a payment review.
  const inForce = list.filter((c) => c.STATUS === 'ACTIVE').length;
  expect(list.some((c) => c.STATUS === 'PENDING_PAYMENT_REVIEW')).toBe(true);
  await expect(contractsSection.locator('.dashboard__count')).toHaveText(
    L('portal:dashboard.contractsCount_other', { count: String(inForce) }),
  );
  // One name per status: the dashboard's card says what the list says.
  const pending = contractsSection.locator('[data-contract="CY9000103"]');
  await expect(pending).toContainText(L('contracts:statuses.PENDING_PAYMENT_REVIEW'));

  const cards = contractsSection.locator('article[data-contract]');
  const shown = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-contract') ?? ''));
  expect(shown.length).toBeGreaterThan(0);
  for (const contractNo of shown) {
    const link = contractsSection.getByRole('link', {
      name: L('contracts:list.openContract', { contractNo }),
    });
    await expect(link).toHaveAttribute('href', `/my-contract/${contractNo}`);
  }
  const offersSection = page.getByRole('region', { name: L('portal:dashboard.offers') });
  const offerNos = await offersSection
    .locator('article[data-offer]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-offer') ?? ''));
  expect(offerNos.length).toBeGreaterThan(0);
  for (const offerNo of offerNos)
    await expect(
      offersSection.getByRole('link', { name: L('contracts:offers.openOffer', { offerNo }) }),
    ).toHaveAttribute('href', `/my-offers?offer=${offerNo}`);
  await expectAccessible(page, 'dashboard with its card links (el, 390)');
  await expectCustomerText(page, 'the dashboard');

  // By keyboard: the first contract's link is reached with Tab and opened with Enter.
  const first = contractsSection.getByRole('link', {
    name: L('contracts:list.openContract', { contractNo: shown[0] }),
  });
  await first.focus();
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/my-contract/${shown[0]}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    L('contracts:detail.title', { contractNo: shown[0] }),
  );

  // An offer's link opens it where /my-offers opens it.
  await page.goto('/my-dashboard');
  await page.getByRole('link', { name: L('contracts:offers.openOffer', { offerNo: offerNos[0] }) }).click();
  await expect(page).toHaveURL(new RegExp(`/my-offers\\?offer=${offerNos[0]}$`));
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toBeVisible();
  expect(problems).toEqual([]);
});

test('a saved endorsement moves every amount: before discount never below after, in whole euro (item 2)', async ({
  page,
}) => {
  const problems = await logIn(page);
  // The endorsements page is protected: reached from the contract page's link, as a customer does.
  await page.goto('/my-contract/CY9000102');
  await page.getByRole('link', { name: L('contracts:detail.endorsements') }).click();
  await page
    .getByRole('region', { name: L('endorsements:types.BUILDING.title'), exact: true })
    .getByRole('link', { name: L('endorsements:list.open') })
    .click();
  const building = page.locator('#root_PROPERTY_VALUE');
  await expect(building).toHaveValue(/138[.,]?000/);
  // +15 %, the most the building may rise online.
  await building.fill('158700');
  await building.blur();
  await page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
  const notice = page.locator('[data-notice="newPremium"]');
  await expect(notice).toBeVisible();
  // "today 214,5 €" was the slip: whole euro by the one formatter.
  expect((await notice.innerText()).match(DECIMAL_AMOUNT)).toBeNull();
  await page.getByRole('button', { name: L('flow:actions.finish'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: L('endorsements:done.title') })).toBeVisible();
  await expectCustomerText(page, 'the endorsement saved');

  const detail = (await (await page.request.get('/zcp/contract/detail/CY9000102/157')).json()).CS_CONTRACT;
  expect(detail.ZZPREMIUM_BEFORE_DISC_AMOUNT).toBeGreaterThanOrEqual(detail.ZZPREMIUM_AFTER_DISC_AMOUNT);
  await page.goto('/my-contract/CY9000102');
  const facts = page.locator('.contract-detail__section').first();
  const euro = (n: number) => formatEuro(n, 'el');
  await expect(facts).toContainText(
    `${L('contracts:detail.premiumBefore')}${euro(detail.ZZPREMIUM_BEFORE_DISC_AMOUNT)}`,
  );
  await expect(facts).toContainText(
    `${L('contracts:detail.premiumAfter')}${euro(detail.ZZPREMIUM_AFTER_DISC_AMOUNT)}`,
  );
  // "κτιρίου", as on the change screens and in the schedule.
  await expect(page.getByText(L('contracts:object.PROPERTY_VALUE'), { exact: true })).toBeVisible();
  expect(L('contracts:object.PROPERTY_VALUE')).toBe('Αξία κτιρίου');
  await expectCustomerText(page, 'the home contract');

  // The schedule says the same, with the sums and facts the page shows.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: L('contracts:detail.download') }).click();
  const parser = new PDFParse({ data: new Uint8Array(await readFile(await (await download).path())) });
  const text = (await parser.getText()).text.replace(/[\u202f\u00a0\s]+/g, ' ');
  await parser.destroy();
  for (const amount of [detail.ZZPREMIUM_BEFORE_DISC_AMOUNT, detail.ZZPREMIUM_AFTER_DISC_AMOUNT])
    expect(text).toContain(euro(amount).replace(/\u202f/g, ' '));
  for (const label of ['VALUE_OF_CONTENTS', 'VALUE_OF_VALUABLES', 'PROPERTY_VALUE'])
    expect(text).toContain(L(`contracts:object.${label}`));
  expect(text).toContain('Στρόβολος');
  expect(text).toContain(L('common:products.property.name'));
  expect(text.match(INTERNAL_CODE)).toBeNull();
  expect(problems).toEqual([]);
});

test('a cause chosen the moment the incident step appears stays chosen (item 5)', async ({ page }) => {
  const problems = await logIn(page);
  await page.goto('/my-claims');
  await page.getByRole('link', { name: L('claims:list.newMotor'), exact: true }).click();
  await page.locator('#root_CONTRACT_NO').selectOption('CY9000101');
  await page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
  // At once, as a quick thumb does, before the step has settled.
  const cause = page.locator('#root_CAUSE_NO');
  await cause.locator('option[value="COLLISION"]').waitFor({ state: 'attached' });
  await cause.selectOption('COLLISION');
  await expect(page).toHaveURL(/\/motor-claim\/2$/);
  // Whatever arrives afterwards (the address following the step, the lists) leaves it as chosen.
  await page.waitForTimeout(1500);
  await expect(cause).toHaveValue('COLLISION');
  await expect(page.locator('#root_CAUSE_DETAILS_NO')).toBeEnabled();
  expect(problems).toEqual([]);
});

test('one term for a claim; one h1 on the payment-method page; its card expiry in Greek (items 7, 8)', async ({
  page,
}) => {
  const problems = await logIn(page);
  await page.goto('/my-claims');
  const title = L('portal:claims.title');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  // The menu names the page by the same term.
  await expect(page.getByRole('link', { name: L('portal:menu.claims'), exact: true }).first()).toBeVisible();
  expect(L('portal:menu.claims')).toBe('Ζημιές');
  expect(L('claims:list.title')).toBe(title);
  await expectCustomerText(page, 'the claims');
  await page.goto('/my-claims/CL2026000101');
  await expect(page.getByRole('link', { name: L('claims:detail.back') })).toBeVisible();
  expect(L('claims:detail.back')).toContain('ζημιές');
  await expectCustomerText(page, 'a claim');

  await page.goto('/my-contract/CY9000101/payment-method-details');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L('paymethod:title'));
  await expect(page.locator('.flow__title')).toBeVisible();
  const expiry = page.getByLabel(L('paymethod:expiry.label'));
  await expect(expiry).toHaveAttribute('placeholder', L('ui:cardExpiry.placeholder'));
  await expect(expiry).toHaveAttribute('placeholder', 'ΜΜ/ΕΕ');
  await expectAccessible(page, 'payment-method page (el, 390)');
  await expectCustomerText(page, 'the payment-method page');
  expect(problems).toEqual([]);
});

test('the card-provider page opens in the language the customer uses, not the browser’s (item 8)', async ({
  browser,
}) => {
  // A customer using the portal in Greek on an English browser.
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Asia/Nicosia' });
  const page = await context.newPage();
  const problems = await logIn(page, 'el');
  await page.goto('/my-contract/CY9000101/payment-method-details');
  await page.locator('input[name="root_PAYMENT_METHOD"][value="CARD"]').check();
  await page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
  await page.waitForURL(/\/sandbox\//, { timeout: 60_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'el');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(L('payment:sandbox.title'));
  expect(problems).toEqual([]);
  await context.close();
});

test('no internal code and no amount with decimals in the portal and the public flows (el and en)', async ({
  page,
}) => {
  await logIn(page);
  const portal = [
    '/my-dashboard',
    '/my-contracts',
    '/my-offers',
    '/my-claims',
    '/my-claims/CL2026000101',
    '/my-contract/CY9000101',
    '/my-contract/CY9000102',
    '/my-contract/CY9000103',
    '/my-contract/CY9000104',
    '/my-requests',
    '/my-profile',
  ];
  for (const lang of ['el', 'en'] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const path of [...portal, '/driver/offer/1', '/travel/offer/1', '/help-page', '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectCustomerText(page, `${path} (${lang})`);
    }
  }
});
