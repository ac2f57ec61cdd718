// Endorsements in Chromium (issue 14 item 4): the demo customer raises his home's contents by
// 10 % and sees the new premium before saving (Greek, 390 px); lowers his car's value (English,
// 1280 px); and asks for a call-back on a home above the online caps. Axe on every screen.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { formatEuro } from '../../src/engine/money';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);

async function logIn(page: Page, lang: Lang, width: 390 | 1280, mobile: string): Promise<string[]> {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const problems = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(L(lang, 'portal:login.username')).fill(mobile);
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);
  return problems;
}

/** The endorsements page is protected: it is reached from within the app, as the contract page links it. */
async function openEndorsements(page: Page, contractNo: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState({}, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/my-contract/${contractNo}/endorsements`);
  await expect(page.locator('.endorsement-list')).toBeVisible();
}

function card(page: Page, lang: Lang, type: string) {
  return page.getByRole('region', { name: L(lang, `endorsements:types.${type}.title`), exact: true });
}

async function contractDetail(page: Page, contractNo: string, productId: string) {
  const res = await page.request.get(`/zcp/contract/detail/${contractNo}/${productId}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as { CS_CONTRACT: Record<string, number>; CS_OBJECT: Record<string, unknown> };
}

test('raises the home contents by 10 %, sees the new premium, then saves it (el, 390 px)', async ({
  page,
}) => {
  const lang = 'el';
  const problems = await logIn(page, lang, 390, '99000001');
  const before = await contractDetail(page, 'CY9000102', '157');
  await openEndorsements(page, 'CY9000102');
  await expectAccessible(page, 'endorsements list (el, 390)');
  await card(page, lang, 'CONTENTS')
    .getByRole('link', { name: L(lang, 'endorsements:list.open') })
    .click();

  const contents = page.locator('#root_VALUE_OF_CONTENTS');
  await expect(contents).toHaveValue(/24[.,]?000/);
  await expect(page.locator('[data-notice="currentContents"]')).toContainText('27.600');
  await contents.fill('26400');
  await contents.blur();
  await expectAccessible(page, 'contents endorsement form (el, 390)');
  await page.getByRole('button', { name: L(lang, 'flow:actions.next'), exact: true }).click();

  const premium = page.locator('[data-notice="newPremium"]');
  await expect(premium).toBeVisible();
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'confirm__premium');
  // Nothing saved until the customer confirms.
  expect((await contractDetail(page, 'CY9000102', '157')).CS_OBJECT.VALUE_OF_CONTENTS).toBe(24000);
  await expectAccessible(page, 'new premium (el, 390)');
  await page.getByRole('button', { name: L(lang, 'flow:actions.finish'), exact: true }).click();

  await expect(
    page.getByRole('heading', { level: 1, name: L(lang, 'endorsements:done.title') }),
  ).toBeVisible();
  const after = await contractDetail(page, 'CY9000102', '157');
  expect(after.CS_OBJECT.VALUE_OF_CONTENTS).toBe(26400);
  expect(after.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT).toBeGreaterThan(
    before.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT,
  );
  // Whole euro, by the one formatter (spec §1; issue 24 item 7).
  const shown = formatEuro(after.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT, 'el');
  await expect(premium).toHaveCount(0);
  await expect(page.locator('.flow--completed')).toContainText(shown);
  await expect(page.getByRole('link', { name: L(lang, 'endorsements:done.contract') })).toHaveAttribute(
    'href',
    '/my-contract/CY9000102',
  );
  await expectAccessible(page, 'endorsement saved (el, 390)');
  expect(problems).toEqual([]);
});

test('lowers the vehicle value and saves the lower premium (en, 1280 px)', async ({ page }) => {
  const lang = 'en';
  const problems = await logIn(page, lang, 1280, '99000001');
  const before = await contractDetail(page, 'CY9000101', '120');
  await openEndorsements(page, 'CY9000101');
  await expectAccessible(page, 'motor endorsements list (en, 1280)');
  await card(page, lang, 'VEHICLE_VALUE')
    .getByRole('link', { name: L(lang, 'endorsements:list.open') })
    .click();
  const value = page.locator('#root_VEHICLE_VALUE');
  await expect(value).toHaveValue(/26,?000/);
  await value.fill('23400');
  await value.blur();
  await expectAccessible(page, 'vehicle value form (en, 1280)');
  await page.getByRole('button', { name: L(lang, 'flow:actions.next'), exact: true }).click();
  await expect(page.locator('[data-notice="newPremium"]')).toContainText('New annual premium');
  await page.getByRole('button', { name: L(lang, 'flow:actions.finish'), exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: L(lang, 'endorsements:done.title') }),
  ).toBeVisible();
  const after = await contractDetail(page, 'CY9000101', '120');
  expect(after.CS_OBJECT.VEHICLE_VALUE).toBe(23400);
  expect(after.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT).toBeLessThan(
    before.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT,
  );
  expect(problems).toEqual([]);
});

test('a home above the online caps offers a call-back that records a work order (el, 390 px)', async ({
  page,
}) => {
  const lang = 'el';
  const problems = await logIn(page, lang, 390, '99000002');
  // This customer's profile-confirmation dialog (outdated data) is another screen's subject: "update
  // my details" leaves the flag as it is for that screen's tests.
  const dialog = page.getByRole('dialog', { name: L(lang, 'portal:outdated.title') });
  await dialog.getByRole('button', { name: L(lang, 'portal:outdated.edit') }).click();
  await expect(dialog).toHaveCount(0);
  await openEndorsements(page, 'CY9000202');
  const contents = card(page, lang, 'CONTENTS');
  await expect(contents).toContainText(L(lang, 'endorsements:list.unavailable'));
  await expectAccessible(page, 'home above the caps (el, 390)');
  await contents.getByRole('button', { name: L(lang, 'endorsements:list.callBack') }).click();
  await expect(contents.getByRole('status')).toContainText(/WO\d+/);
  expect(problems).toEqual([]);
});
