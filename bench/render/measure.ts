// Measure 2: the rendering benchmark. Each engine page (./build.ts) is loaded in a fresh browser
// context, several times, engines taking turns so drift hits them alike; on some loads 30
// characters are typed into the same field. Figures: time to first render, keystroke-to-next-frame
// latency (median and p95 over every keystroke), React commits per keystroke, and the gzip bytes
// of JavaScript each page loads.

import type { Browser, Page } from '@playwright/test';
import { launchChromium } from '../lib/browser';
import { gzipBytes } from '../lib/gzip';
import { serveStatic } from '../lib/static';
import { median, percentile, round } from '../lib/stats';
import { TYPED_LABEL, TYPED_TEXT } from './fields';
import { ENGINES, type Engine } from './vite.config';

export interface EngineRender {
  /** ms from navigation start to the frame showing the whole step: median and p95 of the loads. */
  firstRenderMs: { median: number; p95: number; samples: number[] };
  /** ms from keydown to after the next frame, over every keystroke of every typing run. */
  keystrokeMs: { median: number; p95: number; samples: number };
  /** React commits caused by one keystroke: median and most. */
  commitsPerKeystroke: { median: number; max: number };
  /** gzip bytes of the JavaScript the page loads. */
  jsGzipBytes: number;
  /** The field ended with exactly the typed text on every run. */
  typedTextKept: boolean;
}

export interface RenderResult {
  loadsPerEngine: number;
  typingRunsPerEngine: number;
  characters: number;
  engines: Record<Engine, EngineRender>;
}

interface LoadOutcome {
  renderedAt: number;
  jsGzipBytes: number;
  latencies: number[];
  commits: number[];
  typed: string | null;
}

async function typeText(page: Page): Promise<{ latencies: number[]; commits: number[]; typed: string }> {
  const input = page.getByLabel(new RegExp(`^\\s*${TYPED_LABEL}`)).first();
  await input.click();
  await page.waitForTimeout(150);
  const commits: number[] = [];
  for (let i = 0; i < TYPED_TEXT.length; i++) {
    const before = await page.evaluate(() => window.__commits);
    await page.keyboard.type(TYPED_TEXT[i]);
    await page.evaluate((n) => window.__benchLatencies(n), i + 1);
    // Let work the keystroke scheduled for later (debounced change events) finish too.
    await page.waitForTimeout(40);
    commits.push((await page.evaluate(() => window.__commits)) - before);
  }
  const latencies = await page.evaluate(() => window.__bench.latencies);
  return { latencies, commits, typed: await input.inputValue() };
}

async function load(browser: Browser, url: string, typing: boolean): Promise<LoadOutcome> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then(gzipBytes));
    });
    await page.goto(url);
    await page.waitForFunction(
      () => window.__bench && (window.__bench.renderedAt !== null || window.__bench.error),
      null,
      {
        timeout: 60_000,
        polling: 50,
      },
    );
    const state = await page.evaluate(() => window.__bench);
    if (state.error || state.renderedAt === null)
      throw new Error(`${url}: ${state.error ?? 'did not render'}`);
    const outcome: LoadOutcome = {
      renderedAt: state.renderedAt,
      jsGzipBytes: (await Promise.all(scripts)).reduce((a, b) => a + b, 0),
      latencies: [],
      commits: [],
      typed: null,
    };
    if (typing) Object.assign(outcome, await typeText(page));
    return outcome;
  } finally {
    await context.close();
  }
}

export async function measureRendering(
  dir: string,
  options: { loads?: number; typingRuns?: number; log?: (line: string) => void } = {},
): Promise<RenderResult> {
  const loads = options.loads ?? 7;
  const typingRuns = Math.min(options.typingRuns ?? 3, loads);
  const server = await serveStatic(dir);
  const browser = await launchChromium({ unthrottled: true });
  const outcomes = Object.fromEntries(ENGINES.map((e) => [e, [] as LoadOutcome[]])) as Record<
    Engine,
    LoadOutcome[]
  >;
  try {
    // A warm-up load per engine: the first navigation of a browser pays for its own start-up.
    for (const engine of ENGINES) await load(browser, `${server.url}/${engine}.html`, false);
    for (let i = 0; i < loads; i++) {
      const order = ENGINES.map((_, k) => ENGINES[(k + i) % ENGINES.length]);
      for (const engine of order) {
        outcomes[engine].push(await load(browser, `${server.url}/${engine}.html`, i < typingRuns));
      }
      options.log?.(`render: round ${i + 1}/${loads}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const engines = {} as Record<Engine, EngineRender>;
  for (const engine of ENGINES) {
    const list = outcomes[engine];
    const renders = list.map((o) => o.renderedAt);
    const latencies = list.flatMap((o) => o.latencies);
    const commits = list.flatMap((o) => o.commits);
    engines[engine] = {
      firstRenderMs: {
        median: round(median(renders)),
        p95: round(percentile(renders, 95)),
        samples: renders.map((x) => round(x)),
      },
      keystrokeMs: {
        median: round(median(latencies)),
        p95: round(percentile(latencies, 95)),
        samples: latencies.length,
      },
      commitsPerKeystroke: { median: median(commits), max: Math.max(...commits) },
      jsGzipBytes: median(list.map((o) => o.jsGzipBytes)),
      typedTextKept: list.filter((o) => o.typed !== null).every((o) => o.typed === TYPED_TEXT),
    };
  }
  return { loadsPerEngine: loads, typingRunsPerEngine: typingRuns, characters: TYPED_TEXT.length, engines };
}
