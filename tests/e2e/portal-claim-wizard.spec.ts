// The motor claim wizard (flows/motor-claim) in Chromium against the real service: filed from a
// phone in Greek, step by step (contract, incident, driver, further details, consents), then shown
// in /my-claims; axe on each step. The body it sends ('X' / '' flags) is a unit test
// (tests/unit/portal/claimFlow.test.ts); the refusals and photo uploads are API tests and
// tests/e2e/portal-claims.spec.ts.

import { expect, type Page } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { todayInNicosia } from '../../src/engine/dates';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

const L = (key: string, values: Record<string, string> = {}) => localeText('el', key, values);
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const next = (page: Page) => page.getByRole('button', { name: L('flow:actions.next'), exact: true }).click();
const yesNo = (page: Page, id: string, value: '1' | '2') =>
  page.locator(`input[name="root_${id}"][value="${value}"]`).check();

test('a motor claim is filed through the wizard and listed (el, 390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, 'el');
  const errors = watchConsole(page);
  await page.goto('/login');
  await page.getByLabel(L('portal:login.username')).fill('99000001');
  await page.getByLabel(L('portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L('portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-dashboard/);

  await page.goto('/my-claims');
  await page.getByRole('link', { name: L('claims:list.newMotor'), exact: true }).click();
  await expect(page).toHaveURL(/\/motor-claim\/1$/);

  // 1. The contract: only the customer's motor contracts are offered.
  await expect(heading(page, L('claims:wizard.contract.title'))).toBeVisible();
  const contract = page.locator('#root_CONTRACT_NO');
  await expect(contract.locator('option[value="CY9000101"]')).toHaveCount(1);
  await expect(contract.locator('option[value="CY9000102"]')).toHaveCount(0);
  await expectAccessible(page, 'claim wizard: contract (el, 390)');
  await contract.selectOption('CY9000101');
  await next(page);

  // 2. The incident: a cause, then its details; a date in the future is refused on the form.
  await expect(heading(page, L('claims:wizard.incident.title'))).toBeVisible();
  await page.locator('#root_CAUSE_NO').selectOption('COLLISION');
  await page.locator('#root_CAUSE_DETAILS_NO').selectOption('REAR');
  const [y, m, d] = todayInNicosia().split('-');
  const date = page.locator('#root_INCIDENT_DATE');
  await date.pressSequentially(`${d}${m}${y}`);
  await date.blur();
  await page.locator('#root_INCIDENT_TIME').fill('00:05');
  await page.locator('#root_LOCATION').fill('Λεωφόρος Μακαρίου Γ΄ 45, Λευκωσία');
  await page.locator('#root_DESCRIPTION').fill('Με χτύπησαν από πίσω ενώ περίμενα στο φανάρι.');
  await expectAccessible(page, 'claim wizard: incident (el, 390)');
  await next(page);

  // 3. The driver.
  await expect(heading(page, L('claims:wizard.driver.title'))).toBeVisible();
  await page.locator('#root_DRIVER_FULL_NAME').fill('Ανδρέας Γεωργίου');
  await page.locator('#root_DRIVER_LICENCE_NO').fill('CY1234567');
  await page.locator('#root_DRIVER_ID_NUMBER').fill('784512');
  await expectAccessible(page, 'claim wizard: driver (el, 390)');
  await next(page);

  // 4. Police present: its report number is asked for.
  await expect(heading(page, L('claims:wizard.circumstances.title'))).toBeVisible();
  await yesNo(page, 'POLICE_PRESENCE', '1');
  await page.locator('#root_POLICE_NUMBER').fill('ΑΣΤ/2026/4471');
  await yesNo(page, 'FIRE_RESCUE_PRESENCE', '2');
  await yesNo(page, 'OTHER_INSURANCE', '2');
  await yesNo(page, 'INJURIES', '2');
  await page.locator('#root_INVOLVED_VEHICLES').fill('2');
  await expectAccessible(page, 'claim wizard: further details (el, 390)');
  await next(page);

  // 5. Consents, then CPClaimValidate and CrtClaim.
  await expect(heading(page, L('claims:wizard.consents.title'))).toBeVisible();
  await page.locator('#root_CONSENT_CLAIM_DATA').check();
  await page.locator('#root_CONSENT_GDPR').check();
  await expectAccessible(page, 'claim wizard: consents (el, 390)');
  await page.getByRole('button', { name: L('flow:actions.finish'), exact: true }).click();

  await expect(heading(page, L('claims:success.title'))).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: L('claims:success.notAcceptance') });
  const claimNo = (await status.textContent())?.match(/\b[A-Z]{0,4}\d{5,}\b/)?.[0] ?? '';
  expect(claimNo).not.toBe('');
  await expectAccessible(page, 'claim wizard: submitted (el, 390)');

  // The link to the claim's photos, then the list.
  const photos = page.getByRole('link', { name: L('claims:wizard.done.photos'), exact: true });
  await expect(photos).toHaveAttribute('href', `/my-claims/${claimNo}`);
  await page.getByRole('link', { name: L('claims:wizard.done.list'), exact: true }).click();
  await expect(page.locator(`[data-claim="${claimNo}"]`)).toContainText('CY9000101');
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(390);
  expect(errors).toEqual([]);
});
