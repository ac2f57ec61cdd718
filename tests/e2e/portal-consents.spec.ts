// The profile's consents (issue 28): the customer turns texts about their claims, changes and
// renewals on and off (SMS_CONSENT), in Greek on a phone; the choice is kept after a reload. axe.

import { expect } from '@playwright/test';
import { localeText } from '../../src/cli/replay/browser';
import { test } from './fixtures';
import { acceptNecessaryCookies, expectAccessible, setLanguage, watchConsole } from './support';

const L = (key: string) => localeText('el', key);

test('Greek at 390 px: texts about claims and renewals turned on, kept, and off again', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await acceptNecessaryCookies(page);
  await setLanguage(page, 'el');
  const problems = watchConsole(page);
  await page.goto('/login?returnTo=%2Fmy-profile');
  await page.getByLabel(L('portal:login.username')).fill('99000019');
  await page.getByLabel(L('portal:login.password'), { exact: true }).fill('Portal!Demo2026');
  await page.getByRole('button', { name: L('portal:login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/my-profile$/);

  const section = page.locator('section[aria-labelledby="profile-consents"]');
  const texts = section.getByRole('checkbox', { name: L('portal:profile.consents.sms') });
  await expect(texts).not.toBeChecked();
  await texts.check();
  await section.getByRole('button', { name: L('portal:profile.save') }).click();
  await expect(section.getByText(L('portal:profile.saved'))).toBeVisible();
  await expectAccessible(page, 'profile consents (el, 390)');
  await page.screenshot({ path: 'test-results/consents-el-390.png', fullPage: true });

  await page.reload();
  await expect(texts).toBeChecked();
  await texts.uncheck();
  await section.getByRole('button', { name: L('portal:profile.save') }).click();
  await expect(section.getByText(L('portal:profile.saved'))).toBeVisible();
  await page.reload();
  await expect(texts).not.toBeChecked();
  expect(problems).toEqual([]);
});
