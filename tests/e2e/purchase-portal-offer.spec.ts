// Issue 24 item 1: a motor offer continued and bought from the portal, on a phone in Greek. The
// motor flow's product id comes from a lookup, so the offer is read by the service's own knowledge
// of its product (no product= in the address); the portal session authorises it, and no offer
// cookie is left in the browser (issue 25 item 3). Paid with the sandbox's approving test card
// (docs/payments.md), it becomes a contract of the customer's. Named purchase-*, so it runs with the
// purchases after portal.spec, which counts the demo customer's open offers on the dashboard.

import { expect } from '@playwright/test';
import { localeText, replayScenarioInPage } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, bundle, expectAccessible, setLanguage, watchConsole } from './support';

const L = (key: string, values: Record<string, string> = {}) => localeText('el', key, values);

test('a stored motor offer is continued from /my-offers and bought (el, 390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, 'el');
  const problems = watchConsole(page);
  await page.goto('/login?returnTo=%2Fmy-offers');
  await page.getByLabel(L('portal:login.username')).fill('99000001');
  await page.getByLabel(L('portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L('portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-offers$/);

  await page.getByRole('button', { name: L('contracts:offers.openOffer', { offerNo: 'OF900111' }) }).click();
  const dialog = page.getByRole('alertdialog', { name: L('contracts:offers.changedTitle') });
  await expect(dialog).toContainText('298');
  await expectAccessible(page, 'changed motor offer premium (el, 390)');
  await dialog.getByRole('button', { name: L('contracts:offers.continueNew') }).click();

  // The purchase flow on its payment step with the offer loaded: not "the offer was not found".
  await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'payment__holder');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.locator('#root_FIRST_NAME')).toHaveValue(/Ανδρέας/);
  expect(page.url()).not.toMatch(/product=|token=/);
  const cookies = await page.context().cookies();
  expect(cookies.map((c) => c.name)).not.toContain('zcp_offers');

  const result = await replayScenarioInPage(page, await bundle('motor'), {
    name: 'the demo motor offer, paid from the portal',
    flow: 'motor',
    language: 'el',
    steps: [
      {
        substep: 'payment__holder',
        answers: {
          'CS_USER_EXTRAS.TERMS_ACCEPTED': true,
          'CS_POLICY_HOLDER.CONS_PRIVACY': true,
          'CS_POLICY.PAYMENT_METHOD': 'CARD',
        },
      },
    ],
    expect: { payment: 'SUCCESS' },
  });
  expect(result.payment).toBe('SUCCESS');

  await page.goto('/my-offers');
  await expect(page.locator('[data-offer="OF900111"]')).toHaveCount(0);
  expect(problems).toEqual([]);
});
