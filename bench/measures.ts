// The measures as the runner calls them, with their iteration counts in full and smoke mode.
// Weight and Lighthouse share one service started as `npm start` runs it (./lib/appServer).

import { measureEngineStart } from './engine';
import { measureLarge } from './large/measure';
import { startApp } from './lib/appServer';
import { freePort } from './lib/ports';
import type { Started } from './lib/processes';
import { measureLighthouse } from './lighthouse';
import { measurePortal } from './portal/measure';
import { measurePublishing } from './publishing';
import { buildRenderPages } from './render/build';
import { measureRendering } from './render/measure';
import type { MeasureData, MeasureName } from './report/types';
import { runRulesBench } from './rules/bench';
import { measureCost } from './service/cost';
import { measureService } from './service/index';
import { measureWeight } from './weight';

export const SETTINGS = {
  full: {
    engine: { loads: 10, machineRuns: 200 },
    rules: { secondsPerRound: 0.4, rounds: 15, quotes: 2000 },
    render: { loads: 7, typingRuns: 3 },
    large: { loads: 5, typingRuns: 3, runs: 10, machineRuns: 20 },
    lighthouse: { runs: 3 },
    service: { seconds: 8, connections: 10 },
    cost: { calcRequests: 20_000, quotationRequests: 4_000, connections: 10 },
    portal: { customers: 200, concurrency: 20 },
    publishing: { publications: 20 },
  },
  smoke: {
    engine: { loads: 1, machineRuns: 3 },
    rules: { secondsPerRound: 0.05, rounds: 1, quotes: 100 },
    render: { loads: 1, typingRuns: 1 },
    large: { loads: 1, typingRuns: 1, runs: 1, machineRuns: 2 },
    lighthouse: { runs: 1 },
    service: { seconds: 1, connections: 2 },
    cost: { calcRequests: 300, quotationRequests: 60, connections: 2 },
    portal: { customers: 10, concurrency: 4 },
    publishing: { publications: 2 },
  },
};

export interface MeasureContext {
  smoke: boolean;
  log: (line: string) => void;
  /** The service for the weight and Lighthouse figures, started on first use. */
  app: () => Promise<Started>;
}

type Runner<K extends MeasureName> = (ctx: MeasureContext) => Promise<MeasureData[K]>;

const settings = (ctx: MeasureContext) => (ctx.smoke ? SETTINGS.smoke : SETTINGS.full);

export const RUNNERS: { [K in MeasureName]: Runner<K> } = {
  engine: (ctx) => measureEngineStart(settings(ctx).engine),
  rules: (ctx) => runRulesBench(settings(ctx).rules),
  render: async (ctx) => {
    ctx.log('building the four engine pages (bench/render/vite.config.ts)');
    const dir = await buildRenderPages();
    return measureRendering(dir, { ...settings(ctx).render, log: ctx.log });
  },
  large: async (ctx) => {
    ctx.log('building the four engine pages (bench/render/vite.config.ts)');
    const dir = await buildRenderPages();
    return measureLarge(dir, { ...settings(ctx).large, log: ctx.log });
  },
  weight: async (ctx) => measureWeight((await ctx.app()).url),
  lighthouse: async (ctx) =>
    measureLighthouse((await ctx.app()).url, { ...settings(ctx).lighthouse, log: ctx.log }),
  service: (ctx) => measureService({ ...settings(ctx).service, log: ctx.log }),
  cost: (ctx) => measureCost({ ...settings(ctx).cost, log: ctx.log }),
  portal: (ctx) => measurePortal({ ...settings(ctx).portal, log: ctx.log }),
  publishing: (ctx) => measurePublishing({ ...settings(ctx).publishing, log: ctx.log }),
};

/** Starts the service lazily, once; `stop` ends it if it was started. */
export function sharedApp(log: (line: string) => void): {
  get: () => Promise<Started>;
  stop: () => Promise<void>;
} {
  let started: Promise<Started> | null = null;
  return {
    get: () => {
      if (!started) {
        log('starting the service (node --import tsx src/server/main.ts, throwaway PGlite)');
        started = freePort().then((port) => startApp({ port, name: 'service-site' }));
      }
      return started;
    },
    stop: async () => {
      const running = started;
      started = null;
      if (running) await (await running.catch(() => null))?.stop();
    },
  };
}
