// The browser tests' `test`: Playwright's, with a page whose goto waits until the app has taken the
// page over. A prerendered page (src/prerender) shows its fields before any script runs; a test
// must act on it as a visitor would once it answers, not on the HTML while it is being hydrated.

import { test as base, type Page } from '@playwright/test';

/** Waits until the routed page is live (html[data-rendered], set by the layout). */
export async function waitUntilLive(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.rendered !== undefined, undefined, {
    timeout: 60_000,
  });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // Pages that are not the app's (the payment sandbox, a file) have no such mark; a test that
      // asks for the page as parsed (domcontentloaded) looks at it before the app is live.
      if (
        options?.waitUntil !== 'domcontentloaded' &&
        response?.headers()['content-type']?.includes('text/html') &&
        new URL(page.url()).pathname.indexOf('/sandbox') !== 0
      )
        await waitUntilLive(page).catch(() => undefined);
      return response;
    };
    await use(page);
  },
});
