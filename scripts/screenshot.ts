// npm run screenshot -- <url> [out.png] [--width 390] [--lang en]: a page as a visitor sees it.

import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) =>
  args.includes(name) ? args[args.indexOf(name) + 1] : fallback;
const positional = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const [url, out = 'screenshot.png'] = positional;
const width = Number(opt('--width', '390'));
const lang = opt('--lang', 'el');

const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage({ viewport: { width, height: 900 } });
await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
page.on('console', (m) => m.type() === 'error' && console.error(`console: ${m.text()}`));
page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
await page.goto(url, { waitUntil: 'networkidle' });
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: true });
await browser.close();
console.log(`saved ${out}`);
