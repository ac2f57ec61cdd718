// The payment-method page (issue 14 item 5) in Chromium against the real service: a switch to
// direct debit with an IBAN certificate in Greek on a phone, a card registered through the
// provider sandbox in English on a desktop, the "temporarily unavailable" contract, and axe on
// each screen. The rules themselves are covered by tests/api/portal-paymethod.test.ts.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

type Lang = 'el' | 'en';
const PASSWORD = 'Portal!Demo2026';
const L = (lang: Lang, key: string, values: Record<string, string> = {}) => localeText(lang, key, values);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function logInAndOpen(page: Page, lang: Lang, width: 390 | 1280, contractNo: string) {
  await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, lang);
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(L(lang, 'portal:login.username')).fill('99000001');
  await page.getByLabel(L(lang, 'portal:login.password'), { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: L(lang, 'portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);
  await page.goto(`/my-contract/${contractNo}/payment-method-details`);
  await expect(page.getByRole('heading', { level: 1, name: L(lang, 'paymethod:title') })).toBeVisible();
  return errors;
}

const next = (page: Page, lang: Lang, last = false) =>
  page
    .getByRole('button', { name: L(lang, last ? 'flow:actions.finish' : 'flow:actions.next'), exact: true })
    .click();

test('switches to direct debit with a certificate (Greek, 390 px); a blocked contract says why', async ({
  page,
}) => {
  const lang = 'el';
  const errors = await logInAndOpen(page, lang, 390, 'CY9000104');
  await expect(page.getByText(L(lang, 'paymethod:notices.cash'))).toBeVisible();
  await expectAccessible(page, 'payment method, choice');
  await page.getByLabel(L(lang, 'paymethod:options.DIRECT_DEBIT')).check();
  await next(page, lang);

  const iban = page.getByLabel(L(lang, 'paymethod:fields.IBAN.label'));
  await iban.fill('CY18 0020 0128 0000 0012 0052 7600');
  await next(page, lang);
  await expect(page.getByText(L(lang, 'validation:iban'))).toBeVisible();
  // A valid IBAN of a bank we do not collect from: the service's 422 MSGTEXT is the IBAN error.
  await iban.fill('CY11001001230000000012345678');
  await next(page, lang);
  await expect(page.getByText(L(lang, 'paymethod:errors.unknownBank'))).toBeVisible();
  await iban.fill('cy32005001230000000012345678');
  await expect(iban).toHaveValue('CY32 0050 0123 0000 0000 1234 5678');
  await next(page, lang);

  // The bank comes from the IBAN check (Hellenic Bank, 005).
  await expect(page.getByLabel(L(lang, 'paymethod:fields.BANK.label'), { exact: true })).toHaveValue(
    'HEBACY2N',
  );
  await expect(page.getByText(L(lang, 'paymethod:notices.twoDays'))).toBeVisible();
  await page
    .getByLabel(L(lang, 'paymethod:fields.CERTIFICATE.label'))
    .setInputFiles({ name: 'βεβαίωση-iban.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(L(lang, 'ui:file.attached', { name: 'βεβαίωση-iban.pdf' }))).toBeVisible();
  await page.getByLabel(L(lang, 'paymethod:fields.ACCOUNT_HOLDER_CONFIRMED.label')).check();
  await expectAccessible(page, 'payment method, account');
  await next(page, lang, true);
  await expect(page.getByRole('heading', { name: L(lang, 'paymethod:done.title') })).toBeVisible();

  await page.goto('/my-contract/CY9000104/payment-method-details');
  await expect(
    page.getByText(L(lang, 'paymethod:current.DIRECT_DEBIT', { iban: 'CY32 •••• •••• •••• •••• •••• 5678' })),
  ).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);

  await page.goto('/my-contract/CY9000105/payment-method-details');
  await expect(page.getByText(L(lang, 'paymethod:refusals.PAYMETH_UNAVAILABLE'))).toBeVisible();
  await expectAccessible(page, 'payment method, unavailable');
  expect(errors).toEqual([]);
});

test('registers a card through the provider sandbox and updates its expiry (English, 1280 px)', async ({
  page,
}) => {
  const lang = 'en';
  const errors = await logInAndOpen(page, lang, 1280, 'CY9000101');
  await page.getByLabel(L(lang, 'paymethod:options.CARD'), { exact: true }).check();
  await expect(page.getByText(L(lang, 'paymethod:card.intro'))).toBeVisible();
  await next(page, lang);

  await page.waitForURL(/\/sandbox\/jcc\//, { timeout: 30_000 });
  await page.locator('#cardNumber').fill('4000 0000 0000 0002');
  await page.locator('#expiry').fill('10/30');
  await page.locator('#cvv').fill('123');
  await page.locator('#holder').fill('ANDREAS GEORGIOU');
  await page.locator('button[name="action"][value="pay"]').click();

  await page.waitForURL(/\/my-contract\/CY9000101\/payment-method-details\?ORDER_ID=/, { timeout: 30_000 });
  await expect(page.getByText(L(lang, 'paymethod:order.CARD_REGISTRATION.SUCCESS'))).toBeVisible();
  await expect(
    page.getByText(
      L(lang, 'paymethod:current.CARD_SO', { number: '•••• •••• •••• 0002', expiry: '10/2030' }),
    ),
  ).toBeVisible();
  await expectAccessible(page, 'payment method, card registered');

  // The bank renewed the card with the same number: only the expiry changes (CHGEXPDATE).
  const expiry = page.getByLabel(L(lang, 'paymethod:expiry.label'));
  await expiry.fill('13/31');
  await page.getByRole('button', { name: L(lang, 'paymethod:expiry.save') }).click();
  await expect(page.getByText(L(lang, 'paymethod:errors.expiry'))).toBeVisible();
  await expiry.fill('11/31');
  await page.getByRole('button', { name: L(lang, 'paymethod:expiry.save') }).click();
  await expect(page.getByText(L(lang, 'paymethod:expiry.saved'))).toBeVisible();
  await expect(
    page.getByText(
      L(lang, 'paymethod:current.CARD_SO', { number: '•••• •••• •••• 0002', expiry: '11/2031' }),
    ),
  ).toBeVisible();
  await expectAccessible(page, 'payment method, card expiry updated');
  expect(errors).toEqual([]);
});
