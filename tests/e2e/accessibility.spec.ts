// The suite's accessibility check itself (tests/e2e/support.ts): it must see a breach, on a page
// of its own and inside a frame, or every "accessible" test above would pass on anything.

import { expect } from '@playwright/test';
import { test } from './fixtures';
import { expectAccessible } from './support';

const PAGE = (body: string) =>
  `<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Check</h1>${body}</main></body></html>`;
const UNLABELLED = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10">';

test('the accessibility check finds a planted breach, on the page and inside a frame', async ({ page }) => {
  await page.setContent(PAGE('<p>All well.</p>'));
  await expectAccessible(page, 'a clean page');

  await page.setContent(PAGE(UNLABELLED));
  await expect(expectAccessible(page, 'an image without a text')).rejects.toThrow(/image-alt/);
  // Checked again once the breach is gone: the check looks at the page as it is now.
  await page.evaluate(() => document.querySelector('img')?.setAttribute('alt', 'A dot'));
  await expectAccessible(page, 'the image with its text');

  await page.setContent(PAGE(`<iframe title="inner" srcdoc='${PAGE(UNLABELLED)}'></iframe>`));
  await page.frameLocator('iframe').locator('img').waitFor({ state: 'attached' });
  await expect(expectAccessible(page, 'a frame with an image without a text')).rejects.toThrow(/image-alt/);
});
