// Debian's Chromium through Playwright, with the launch flags that work here (scripts/chromium.ts).

import { type Browser, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium';

export function chromiumPath(): string | null {
  return findChromium();
}

/**
 * `unthrottled` lifts the 60 Hz frame clock, so "the next frame" comes as soon as the page has
 * work to show: the rendering figures then measure the engines, not where in a 16.7 ms vsync
 * interval a keystroke happened to land.
 */
export async function launchChromium(options: { unthrottled?: boolean } = {}): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error("no Chromium: install Debian's chromium package or set CHROME_PATH");
  const args = [...CHROMIUM_ARGS];
  if (options.unthrottled) args.push('--disable-gpu-vsync', '--disable-frame-rate-limit');
  return chromium.launch({ executablePath, args });
}
