import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({
  baseURL: 'http://127.0.0.1:8090',
  viewport: { width: 390, height: 900 },
});
page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 1500)));
page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack?.slice(0, 1500)));
await page.goto('/hunter/offer/1');
await page.locator('input[name="root_GUN_INSURANCE"][value="1"]').check();
await page.waitForTimeout(1500);
await browser.close();
