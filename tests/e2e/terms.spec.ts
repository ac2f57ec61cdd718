// Terms are shown before they are accepted: on the payment step the box "I have read and accept"
// lists the product's documents and cannot be ticked until each was opened.

import { expect } from '@playwright/test';
import { localeText as L, replayScenarioInPage } from '../../src/cli/replay/browser';
import type { Scenario } from '../../src/server/publishing/replay/scenario';
import { test } from './fixtures';
import { bundle, expectAccessible, scenario } from './support';

for (const lang of ['el', 'en'] as const) {
  test(`the terms box waits until the product summary and the terms were opened (${lang})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 900 });
    const s = await scenario('hunter-happy-path', { language: lang });
    const upToPayment: Scenario = { ...s, steps: s.steps.slice(0, -1), expect: {} };
    await replayScenarioInPage(page, await bundle('hunter'), upToPayment);
    await expect(page.locator('.flow')).toHaveAttribute('data-substep', 'payment__holder');
    const box = page.locator('#root_TERMS_ACCEPTED');
    await expect(box).toBeDisabled();
    await expect(page.getByText(L(lang, 'flow:documents.readFirst'))).toBeVisible();
    const documents = page.locator('.read-first__document');
    await expect(documents).toHaveCount(2);

    await documents
      .filter({ hasText: L(lang, 'flow:documents.PRODUCT_SUMMARY') })
      .locator('summary')
      .click();
    await expect(box).toBeDisabled();
    const terms = documents.filter({ hasText: L(lang, 'flow:documents.TERMS') });
    await terms.locator('summary').click();
    await expect(terms.locator('.panel__text')).not.toBeEmpty();
    await expect(box).toBeEnabled();
    await expect(page.getByText(L(lang, 'flow:documents.allRead'))).toBeVisible();
    await box.check();
    await expect(box).toBeChecked();
    await expectAccessible(page, `terms read before accepting (${lang})`);
  });
}
