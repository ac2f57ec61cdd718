// Measure 1a: the weight of the site. For each product route, the gzip bytes of every script the
// browser fetched by the time the step's first form field answers input (the site as `npm start`
// serves it, from the production build: the fields are on screen earlier, in the prerendered HTML,
// and take input once hydrated, html[data-form-ready]); and the gzip bytes of every script of the
// build, lazy chunks included.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from './lib/browser';
import { gzipBytes } from './lib/gzip';
import { ROOT } from './lib/paths';
import { FIRST_PAINT_ROUTES, flowExists, NOT_YET } from './lib/routes';

export interface RouteWeight {
  path: string;
  /** gzip bytes of the scripts loaded for the first paint; null when the route does not exist yet. */
  firstPaintJsGzipBytes: number | null;
  scripts: { file: string; gzipBytes: number }[];
  note?: string;
}

export interface WeightResult {
  routes: RouteWeight[];
  /** gzip bytes of every script in dist/assets. */
  wholeAppJsGzipBytes: number;
  scriptFiles: number;
}

async function wholeApp(): Promise<{ bytes: number; files: number }> {
  const dir = join(ROOT, 'dist', 'assets');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.js'));
  let bytes = 0;
  for (const f of files) bytes += gzipBytes(await readFile(join(dir, f)));
  return { bytes, files: files.length };
}

export async function measureWeight(appUrl: string): Promise<WeightResult> {
  const browser = await launchChromium();
  const routes: RouteWeight[] = [];
  try {
    for (const route of FIRST_PAINT_ROUTES) {
      if (!flowExists(route.flow)) {
        routes.push({ path: route.path, firstPaintJsGzipBytes: null, scripts: [], note: NOT_YET });
        continue;
      }
      const context = await browser.newContext({ locale: 'el-GR', timezoneId: 'Asia/Nicosia' });
      try {
        const page = await context.newPage();
        const scripts = new Map<string, Promise<number>>();
        page.on('response', (response) => {
          if (response.request().resourceType() === 'script')
            scripts.set(new URL(response.url()).pathname, response.body().then(gzipBytes));
        });
        await page.goto(`${appUrl}${route.path}`, { waitUntil: 'load' });
        await page.locator('html[data-form-ready]').waitFor({ state: 'attached', timeout: 30_000 });
        // What was fetched up to now is what the step needed before its first field took input.
        const list = await Promise.all(
          [...scripts].map(async ([file, size]) => ({
            file: file.replace(/^\/assets\//, ''),
            gzipBytes: await size,
          })),
        );
        list.sort((a, b) => b.gzipBytes - a.gzipBytes);
        routes.push({
          path: route.path,
          firstPaintJsGzipBytes: list.reduce((sum, s) => sum + s.gzipBytes, 0),
          scripts: list,
        });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  const all = await wholeApp();
  return { routes, wholeAppJsGzipBytes: all.bytes, scriptFiles: all.files };
}
