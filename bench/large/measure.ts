// The large measure (issue 27 item 2): the engine as flows grow. In Node, on the generated flow of
// 40 substeps × 20 fields (./node.ts): flows:check's checker, the all-paths enumeration and the
// 40-page model of ours and SurveyJS. In Chromium with a 4× CPU slowdown (CDP
// Emulation.setCPUThrottlingRate), each engine's page of the rendering benchmark (../render) with
// a generated substep of 20 and of 200 fields (`?fields=<n>`, ../render/page.ts): first render,
// keystroke-to-next-frame latency and Event Timing while typing into its first field, and the JS
// heap used after the render (CDP Performance.getMetrics after a garbage collection). Growth is
// the 200-field figure over the 20-field one: 10 would be linear.

import { launchChromium } from '../lib/browser';
import { serveStatic } from '../lib/static';
import { median, percentile, round } from '../lib/stats';
import { TYPED_TEXT } from '../render/fields';
import { type EventTimingFigure, eventTimingFigure, type LoadOutcome, loadPage } from '../render/measure';
import { GROW_SIZES, type GrowSize } from '../render/page';
import { ENGINES, type Engine } from '../render/vite.config';
import { generateLargeFlow, LARGE_SEED } from './generate';
import { type LargeNodeResult, measureLargeNode } from './node';

export const CPU_SLOWDOWN = 4;

export interface LargeSize {
  fields: number;
  firstRenderMs: { median: number; p95: number; samples: number[] };
  keystrokeMs: { median: number; p95: number; samples: number };
  eventTiming: EventTimingFigure;
  /** Median over the loads of JSHeapUsedSize after the render, bytes. */
  heapUsedBytes: number;
  typedTextKept: boolean;
}

export interface LargeEngine {
  sizes: Record<`${GrowSize}`, LargeSize>;
  /** The 200-field figure ÷ the 20-field one (10: linear in the fields). */
  growth: { firstRender: number; keystrokeMedian: number; heap: number };
}

export interface LargeResult {
  seed: number;
  cpuSlowdown: number;
  loadsPerEngine: number;
  typingRunsPerEngine: number;
  characters: number;
  node: LargeNodeResult;
  engines: Record<Engine, LargeEngine>;
}

export interface LargeOptions {
  loads: number;
  typingRuns: number;
  /** Node figures: runs of the check and the paths; runs of each model's creation. */
  runs: number;
  machineRuns: number;
  log?: (line: string) => void;
}

function sizeFigures(fields: number, list: LoadOutcome[]): LargeSize {
  const renders = list.map((o) => o.renderedAt);
  const latencies = list.flatMap((o) => o.latencies);
  return {
    fields,
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
    heapUsedBytes: round(median(list.map((o) => o.heapUsedBytes ?? Number.NaN))),
    typedTextKept: list.filter((o) => o.typed !== null).every((o) => o.typed === TYPED_TEXT),
  };
}

/** `dir`: the rendering benchmark's pages (../render/build.ts). */
export async function measureLarge(dir: string, options: LargeOptions): Promise<LargeResult> {
  const large = generateLargeFlow();
  options.log?.(`node: check, paths and models of the generated ${large.pages.length}-substep flow`);
  const node = await measureLargeNode(large, { runs: options.runs, machineRuns: options.machineRuns });
  options.log?.(
    `node: check ${node.check.coldMs} ms cold, paths ${node.paths.medianMs} ms, machine ${node.machine.ours.medianMs} ms (SurveyJS ${node.machine.survey.medianMs} ms)`,
  );

  const typingRuns = Math.min(options.typingRuns, options.loads);
  const server = await serveStatic(dir);
  const browser = await launchChromium({ unthrottled: true });
  const outcomes = new Map<string, LoadOutcome[]>();
  const key = (engine: Engine, size: GrowSize) => `${engine}/${size}`;
  const page = (engine: Engine, size: GrowSize) => `${server.url}/${engine}.html?fields=${size}`;
  try {
    for (const engine of ENGINES) await loadPage(browser, page(engine, 20), { typing: false });
    for (let i = 0; i < options.loads; i++) {
      const order = ENGINES.map((_, k) => ENGINES[(k + i) % ENGINES.length]);
      for (const size of GROW_SIZES)
        for (const engine of order) {
          const outcome = await loadPage(browser, page(engine, size), {
            typing: i < typingRuns,
            cpuSlowdown: CPU_SLOWDOWN,
            heap: true,
          });
          outcomes.set(key(engine, size), [...(outcomes.get(key(engine, size)) ?? []), outcome]);
        }
      options.log?.(`large: round ${i + 1}/${options.loads}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }

  const engines = {} as Record<Engine, LargeEngine>;
  for (const engine of ENGINES) {
    const sizes = Object.fromEntries(
      GROW_SIZES.map((n) => [String(n), sizeFigures(n, outcomes.get(key(engine, n)) ?? [])]),
    ) as LargeEngine['sizes'];
    const [small, big] = [sizes['20'], sizes['200']];
    engines[engine] = {
      sizes,
      growth: {
        firstRender: round(big.firstRenderMs.median / small.firstRenderMs.median),
        keystrokeMedian: round(big.keystrokeMs.median / small.keystrokeMs.median),
        heap: round(big.heapUsedBytes / small.heapUsedBytes),
      },
    };
  }
  return {
    seed: LARGE_SEED,
    cpuSlowdown: CPU_SLOWDOWN,
    loadsPerEngine: options.loads,
    typingRunsPerEngine: typingRuns,
    characters: TYPED_TEXT.length,
    node,
    engines,
  };
}
