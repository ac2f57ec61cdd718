// Measure 2: the rendering benchmark. Each engine page (./build.ts) is loaded in a fresh browser
// context, several times, engines taking turns so drift hits them alike; on some loads 30
// characters are typed into the same field. Figures: time to first render, keystroke-to-next-frame
// latency (median and p95 over every keystroke), the browser's Event Timing processing time of
// each keystroke's events (the second keystroke figure, issue 27 item 5), React commits per
// keystroke, and the gzip bytes of JavaScript each page loads. loadPage is shared with the large
// measure (../large/measure.ts), which adds a CPU slowdown and the JS heap after the render.

import type { Browser, CDPSession, Page } from '@playwright/test';
import { launchChromium } from '../lib/browser';
import { gzipBytes } from '../lib/gzip';
import { serveStatic } from '../lib/static';
import { median, percentile, round } from '../lib/stats';
import { TYPED_LABEL, TYPED_TEXT } from './fields';
import { EVENT_THRESHOLD_MS, EVENT_TYPES, type EventTimingEntry } from './harness';
import { ENGINES, type Engine } from './vite.config';

export interface EngineRender {
  /** ms from navigation start to the frame showing the whole step: median and p95 of the loads. */
  firstRenderMs: { median: number; p95: number; samples: number[] };
  /** ms from keydown to after the next frame, over every keystroke of every typing run. */
  keystrokeMs: { median: number; p95: number; samples: number };
  /** The keystroke's events as the browser's Event Timing reports them (absent in older results). */
  eventTiming?: EventTimingFigure;
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

/**
 * Event Timing of the keystrokes: for each keystroke, the sum of processingEnd - processingStart of
 * its keydown, keypress, beforeinput, input and keyup entries (the handlers' own time), and the
 * longest entry's duration (from the keydown's timestamp to the next paint after its handlers,
 * rounded by the browser to 8 ms). The API reports only events lasting 16 ms or more, so a
 * keystroke whose events were all quicker has no entry: `reported` counts those that had one, the
 * processing figures are over them alone, and a duration percentile that falls on an unreported
 * keystroke is null (under 16 ms).
 */
export interface EventTimingFigure {
  keystrokes: number;
  reported: number;
  thresholdMs: number;
  processingMs: { median: number | null; p95: number | null };
  durationMs: { median: number | null; p95: number | null };
}

/** One keystroke's Event Timing: null when none of its events was reported. */
export interface KeystrokeTiming {
  processingMs: number | null;
  durationMs: number | null;
}

export interface LoadOutcome {
  renderedAt: number;
  jsGzipBytes: number;
  latencies: number[];
  timings: KeystrokeTiming[];
  commits: number[];
  typed: string | null;
  /** JSHeapUsedSize after a garbage collection once the form is drawn (when asked). */
  heapUsedBytes: number | null;
}

/** Each keystroke's entries: those from its keydown's timestamp up to the next keydown's. */
export function keystrokeTimings(
  keydowns: readonly number[],
  events: readonly EventTimingEntry[],
): KeystrokeTiming[] {
  return keydowns.map((start, i) => {
    const end = keydowns[i + 1] ?? Number.POSITIVE_INFINITY;
    // startTime is the event's timeStamp; allow for its coarser rounding.
    const mine = events.filter(
      (e) => EVENT_TYPES.includes(e.name) && e.startTime >= start - 1 && e.startTime < end - 1,
    );
    if (!mine.length) return { processingMs: null, durationMs: null };
    return {
      processingMs: mine.reduce((sum, e) => sum + (e.processingEnd - e.processingStart), 0),
      durationMs: Math.max(...mine.map((e) => e.duration)),
    };
  });
}

export function eventTimingFigure(timings: readonly KeystrokeTiming[]): EventTimingFigure {
  const processing = timings.map((t) => t.processingMs).filter((x): x is number => x !== null);
  // An unreported keystroke lasted under the threshold: below every reported duration.
  const durations = timings.map((t) => t.durationMs ?? Number.NEGATIVE_INFINITY);
  const below = (x: number) => (Number.isFinite(x) ? round(x) : null);
  return {
    keystrokes: timings.length,
    reported: processing.length,
    thresholdMs: EVENT_THRESHOLD_MS,
    processingMs: processing.length
      ? { median: round(median(processing)), p95: round(percentile(processing, 95)) }
      : { median: null, p95: null },
    durationMs: timings.length
      ? { median: below(median(durations)), p95: below(percentile(durations, 95)) }
      : { median: null, p95: null },
  };
}

async function typeText(
  page: Page,
): Promise<{ latencies: number[]; timings: KeystrokeTiming[]; commits: number[]; typed: string }> {
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
  // The last keystroke's entries arrive with the observer's next callback.
  await page.waitForTimeout(100);
  const { latencies, keydowns, events } = await page.evaluate(
    (n) => ({
      latencies: window.__bench.latencies,
      keydowns: window.__bench.keydowns.slice(-n),
      events: window.__bench.events,
    }),
    TYPED_TEXT.length,
  );
  return { latencies, timings: keystrokeTimings(keydowns, events), commits, typed: await input.inputValue() };
}

export interface LoadOptions {
  typing: boolean;
  /** Chromium's CPU slowdown for the page (CDP Emulation.setCPUThrottlingRate), 1: none. */
  cpuSlowdown?: number;
  /** Read the JS heap after the render (CDP HeapProfiler.collectGarbage, Performance.getMetrics). */
  heap?: boolean;
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
}

export async function loadPage(browser: Browser, url: string, options: LoadOptions): Promise<LoadOutcome> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = options.cpuSlowdown || options.heap ? await context.newCDPSession(page) : null;
    if (cdp && options.cpuSlowdown && options.cpuSlowdown !== 1)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body().then(gzipBytes));
    });
    await page.goto(url);
    await page.waitForFunction(
      () => window.__bench && (window.__bench.renderedAt !== null || window.__bench.error),
      null,
      {
        timeout: 120_000,
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
      timings: [],
      commits: [],
      typed: null,
      heapUsedBytes: cdp && options.heap ? await heapUsed(cdp) : null,
    };
    if (options.typing) Object.assign(outcome, await typeText(page));
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
    for (const engine of ENGINES) await loadPage(browser, `${server.url}/${engine}.html`, { typing: false });
    for (let i = 0; i < loads; i++) {
      const order = ENGINES.map((_, k) => ENGINES[(k + i) % ENGINES.length]);
      for (const engine of order) {
        outcomes[engine].push(
          await loadPage(browser, `${server.url}/${engine}.html`, { typing: i < typingRuns }),
        );
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
      eventTiming: eventTimingFigure(list.flatMap((o) => o.timings)),
      commitsPerKeystroke: { median: median(commits), max: Math.max(...commits) },
      jsGzipBytes: median(list.map((o) => o.jsGzipBytes)),
      typedTextKept: list.filter((o) => o.typed !== null).every((o) => o.typed === TYPED_TEXT),
    };
  }
  return { loadsPerEngine: loads, typingRunsPerEngine: typingRuns, characters: TYPED_TEXT.length, engines };
}
