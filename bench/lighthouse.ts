// Measure 1b: Lighthouse (mobile: its default emulated phone and simulated slow 4G) on each
// product route served by the service, with Debian's Chromium. Several runs per route; the run
// with the median performance score is reported (Lighthouse's own advice for noisy machines).

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath } from './lib/browser';
import { flowExists, LIGHTHOUSE_ROUTES, NOT_YET } from './lib/routes';

export interface RouteLighthouse {
  path: string;
  /** 0-100; null when the route does not exist yet. */
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  scores: number[];
  note?: string;
}

/** Retries a run whose trace Lighthouse could not record (NO_NAVSTART and kin), which happens now and then. */
const ATTEMPTS = 3;

async function audited(url: string, port: number, log?: (line: string) => void) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      locale: 'en-US',
    });
    const lhr = result?.lhr;
    const problem = !lhr ? 'no result' : lhr.runtimeError?.message;
    if (lhr && !problem) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${problem}`);
    log?.(`lighthouse: ${url}: ${problem}; again (${attempt + 1}/${ATTEMPTS})`);
  }
}

export async function measureLighthouse(
  appUrl: string,
  options: { runs?: number; log?: (line: string) => void } = {},
): Promise<RouteLighthouse[]> {
  const runs = options.runs ?? 3;
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('no Chromium for Lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      // As scripts/chromium.ts: this machine refuses connections off it, and Chromium's background
      // traffic would only add noise to the figures.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  const out: RouteLighthouse[] = [];
  try {
    for (const route of LIGHTHOUSE_ROUTES) {
      if (route.flow && !flowExists(route.flow)) {
        out.push({
          path: route.path,
          score: null,
          lcpMs: null,
          tbtMs: null,
          cls: null,
          fcpMs: null,
          scores: [],
          note: NOT_YET,
        });
        continue;
      }
      const results: RouteLighthouse[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audited(`${appUrl}${route.path}`, chrome.port, options.log);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
        results.push({
          path: route.path,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcpMs: audit('first-contentful-paint'),
          scores: [],
        });
        options.log?.(`lighthouse: ${route.path} run ${i + 1}/${runs}: ${results[results.length - 1].score}`);
      }
      const sorted = [...results].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
      const mid = sorted[sorted.length >> 1];
      out.push({ ...mid, scores: results.map((r) => r.score ?? 0) });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
