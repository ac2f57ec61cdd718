// Issue 29 item 9: the time from a publisher's approval to every one of two instances serving the
// new version. Two service instances on one throwaway PostgreSQL cluster (each its own pool, as two
// machines would have), the production settings for how instances learn of a publication
// (LISTEN/NOTIFY, and polling every CONFIG_POLL_MS as the fallback). Each round raises the driver
// tariff a little, publishes it and asks both instances for the driver premium until both answer
// the new one; the figure is the slower instance's time.

import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { type Db, openDb } from '../src/server/db';
import { testConfig } from '../src/server/platform/config';
import {
  type Actor,
  approve,
  type LifeCycleDeps,
  newDraftFromLive,
  publish,
  saveDraft,
  submitForReview,
} from '../src/server/publishing/lifecycle';
import { percentile } from './lib/stats';
import { captureBodies } from './service/bodies';
import { pgMissingReason, startCluster } from './service/postgres';

export interface PublishingResult {
  publications: number;
  medianMs: number;
  maxMs: number;
  samplesMs: number[];
  /** How the instances learn of a publication: notification, and polling every so many ms. */
  pollMs: number;
}

export type PublishingMeasure = PublishingResult | { note: string };

const EDITOR: Actor = { staffId: 'st-101-maria.constantinou', role: 'editor' };
const PUBLISHER: Actor = { staffId: 'st-102-nikos.kyriakou', role: 'publisher' };

async function premium(app: FastifyInstance, calc: { path: string; body: unknown }): Promise<number> {
  const res = await app.inject({ method: 'POST', url: calc.path, payload: calc.body as never });
  if (res.statusCode !== 200)
    throw new Error(`drivercalc answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
  const plus = (res.json().CT_PACKAGES as { PACKAGE_ID: string; AMOUNT: number }[]).find(
    (p) => p.PACKAGE_ID === 'DRV_PLUS',
  );
  return Number(plus?.AMOUNT);
}

/** The tariff with every package's base premium raised by `factor`. */
function raised(tariffText: string, factor: number): string {
  const tariff = JSON.parse(tariffText) as { packages?: { base?: unknown }[] };
  for (const p of tariff.packages ?? []) if (p.base !== undefined) p.base = { mul: [p.base, factor] };
  return `${JSON.stringify(tariff, null, 2)}\n`;
}

export async function measurePublishing(options: {
  publications: number;
  log: (line: string) => void;
}): Promise<PublishingMeasure> {
  // The driver quote its happy-path scenario builds, as the load tests take theirs.
  const calc = (await captureBodies(['driver']))[0]?.calc;
  if (!calc) return { note: 'no driver calculation body (tests/scenarios/driver-happy-path.json)' };
  const cluster = await startCluster();
  if (!cluster) return { note: pgMissingReason };
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];
  try {
    // The deployed defaults for how a publication travels (CONFIG_POLL_MS unset), quiet logs.
    const config = { ...testConfig(), configPollMs: 5000 };
    for (let i = 0; i < 2; i++) {
      const db = await openDb({ url: cluster.url });
      dbs.push(db);
      const app = await buildApp(config, { db, transports: {} });
      await app.ready();
      apps.push(app);
    }
    const deps: LifeCycleDeps = { db: dbs[0], now: () => new Date(), gates: async () => [] };
    const samples: number[] = [];
    let before = await premium(apps[1], calc);
    for (let round = 1; round <= options.publications; round++) {
      const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'driver' });
      await saveDraft(deps, EDITOR, draft.id, {
        files: { ...draft.files, 'tariff.json': raised(draft.files['tariff.json'], 1.03) },
        revision: 1,
      });
      await submitForReview(deps, EDITOR, draft.id, `Driver +3 % (bench round ${round})`);
      const approvedAt = performance.now();
      await approve(deps, PUBLISHER, draft.id);
      await publish(deps, PUBLISHER, draft.id);
      const served = await Promise.all(
        apps.map(async (app) => {
          while (performance.now() - approvedAt < 30_000) {
            if ((await premium(app, calc)) !== before) return performance.now() - approvedAt;
            await new Promise((r) => setTimeout(r, 20));
          }
          return Number.POSITIVE_INFINITY;
        }),
      );
      samples.push(Math.max(...served));
      before = await premium(apps[0], calc);
      options.log(
        `publication ${round}: both instances served it after ${Math.round(Math.max(...served))} ms`,
      );
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      publications: samples.length,
      medianMs: percentile(sorted, 50),
      maxMs: sorted[sorted.length - 1] ?? 0,
      samplesMs: samples.map((x) => Math.round(x)),
      pollMs: config.configPollMs,
    };
  } finally {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await cluster.stop();
  }
}
