// Driver and hunter bought in the browser against the real service, in Greek and English, on a
// phone and a desktop; every referral and limit the forms show; screenshots of each step.

import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { replayScenarioInPage } from '../../src/cli/replay/browser';
import { compareOutcome } from '../../src/cli/replay/scenario';
import { test } from './fixtures';
import { ARTIFACTS, bundle, expectAccessible, scenario, watchConsole } from './support';

mkdirSync(ARTIFACTS, { recursive: true });

const PURCHASES = [
  { file: 'driver-happy-path', lang: 'el', width: 390 },
  { file: 'driver-happy-path', lang: 'en', width: 1280 },
  { file: 'driver-pending-premium', lang: 'en', width: 390 },
  { file: 'hunter-with-guns', lang: 'en', width: 390 },
  { file: 'hunter-happy-path', lang: 'el', width: 1280 },
  { file: 'hunter-with-guns', lang: 'el', width: 390 },
] as const;

for (const { file, lang, width } of PURCHASES) {
  test(`buys ${file} in ${lang} at ${width} px`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    const s = await scenario(file, { language: lang });
    const result = await replayScenarioInPage(page, await bundle(s.flow), s, {
      screenshotDir: ARTIFACTS,
      screenshotPrefix: `${file}-${lang}-${width}`,
    });
    expect(compareOutcome(s.expect, result)).toEqual([]);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.getByText(result.contractNo!)).toBeVisible();
    await expectAccessible(page, `completion page (${lang})`);
    expect(problems).toEqual([]);
  });
}

const REFUSALS = [
  'driver-referral-not-healthy',
  'driver-referral-age-over-70',
  'driver-start-date-too-far',
  'hunter-gun-total-mismatch',
  'hunter-gun-over-5000',
  'hunter-referral-six-guns',
];

for (const file of REFUSALS) {
  test(`refuses ${file}`, async ({ page }) => {
    const s = await scenario(file);
    const result = await replayScenarioInPage(page, await bundle(s.flow), s, {
      screenshotDir: ARTIFACTS,
      screenshotPrefix: file,
    });
    // The browser shows the referral message, not its type and number; the headless replay checks those.
    const expectation = s.expect.referral
      ? { ...s.expect, referral: { message: s.expect.referral.message } }
      : s.expect;
    expect(compareOutcome(expectation, result)).toEqual([]);
    await expectAccessible(page, file);
  });
}

test('a referral of type 5 offers the call-back and keeps the answers', async ({ page }) => {
  const s = await scenario('driver-referral-not-healthy');
  await replayScenarioInPage(page, await bundle('driver'), s);
  const contact = page.getByRole('link', { name: 'Θέλω να με καλέσετε' }).first();
  await expect(contact).toBeVisible();
  await page.getByRole('button', { name: 'Αλλαγή απαντήσεων' }).click();
  await expect(page.locator('input[name="root_HEALTHY_DRIVER"][value="2"]')).toBeChecked();
});
