// Measure "cost" (issue 27, item 3): what a request costs the service process, against a floor
// measured in the same run. Throughput with the load generator on the same two cores moves with
// whatever else runs (37-55 % of the floor for the same code), so the figure is the server
// process's own CPU time over a fixed number of requests, read from /proc/<pid>/stat before and
// after (bench/lib/cpu.ts), with autocannon in this process: the load generator's own work is not
// counted. Throughput and p99 of the same run are second figures.
//
// Floors (bench/service/bare.ts): for the calc routes, a bare Fastify route that parses and
// validates the same body with the same schema; for quotations, a bare route that also stores the
// same offer row (the service's pricing gives it, here) in one transaction, on the same kind of
// database: PGlite in its own process as the service has it, and the same PostgreSQL server.
// On a throwaway PostgreSQL cluster the database's own CPU (postmaster and backends) is read too.
// Then two service processes on one PostgreSQL, the load split between them.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadFlowBundles } from '../../src/engine/flow/files';
import type { Quote } from '../../src/engine/flow/types';
import { Catalog } from '../../src/server/offers/catalog';
import { offerInputOf, priceQuote } from '../../src/server/offers/pricing';
import { startApp } from '../lib/appServer';
import { cpuAvailable, processCpuMs, treeCpuMs } from '../lib/cpu';
import { WORK } from '../lib/paths';
import { freePort } from '../lib/ports';
import { type Started, startNodeServer } from '../lib/processes';
import { NOT_YET } from '../lib/routes';
import { round } from '../lib/stats';
import { type Captured, captureBodies } from './bodies';
import { CALC_FLOWS, QUOTATION_FLOW } from './index';
import { checkAnswers, confirmEmail } from './load';
import { type Cluster, pgMissingReason, startCluster } from './postgres';

export interface Cost {
  path: string;
  /** Requests answered in the measured run (a fixed number), and those not answered 2xx. */
  requests: number;
  failed: number;
  /** CPU time of the server process(es) per request, ms. */
  cpuMsPerRequest: number;
  /** CPU time of the PostgreSQL server per request, ms (a throwaway cluster only). */
  dbCpuMsPerRequest?: number;
  /** Second figures. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  connections: number;
  processes: number;
}

export type CostMeasured = Cost | { note: string };

export interface CostResult {
  settings: { calcRequests: number; quotationRequests: number; connections: number };
  /** Where the PostgreSQL figures were taken: "throwaway cluster" or "BENCH_PG_URL". */
  postgresFrom: string | null;
  calc: Record<string, { floor: CostMeasured; ours: CostMeasured }>;
  quotation: {
    flow: string;
    pglite: { floor: CostMeasured; ours: CostMeasured };
    postgres: { floor: CostMeasured; ours: CostMeasured };
    /** Two service processes on one PostgreSQL, the same requests split between them. */
    postgresTwoInstances: CostMeasured;
  };
}

export const isCost = (m: CostMeasured | undefined): m is Cost => Boolean(m && 'cpuMsPerRequest' in m);

interface Target {
  url: string;
  pid: number;
  cookie?: string;
}

/**
 * A fixed number of requests, split between the targets (one service process each), after a
 * warm-up of a fifth as many; the CPU of the targets (and of the database when its pid is given)
 * is read around the measured part only.
 */
async function costRun(
  targets: Target[],
  call: { path: string; body: unknown },
  settings: { requests: number; connections: number; dbPid?: () => number },
): Promise<Cost> {
  const fire = (t: Target, amount: number) =>
    autocannon({
      url: `${t.url}${call.path}`,
      method: 'POST',
      connections: settings.connections,
      amount,
      timeout: 10,
      body: JSON.stringify(call.body),
      headers: {
        'content-type': 'application/json',
        'accept-language': 'el',
        ...(t.cookie ? { cookie: t.cookie } : {}),
      },
    });
  const each = Math.max(settings.connections, Math.round(settings.requests / targets.length));
  await Promise.all(targets.map((t) => fire(t, Math.max(settings.connections, Math.round(each / 5)))));
  const cpu = () => targets.reduce((sum, t) => sum + processCpuMs(t.pid), 0);
  const db = () => (settings.dbPid ? treeCpuMs(settings.dbPid()) : 0);
  const [cpu0, db0, t0] = [cpu(), db(), performance.now()];
  const runs = await Promise.all(targets.map((t) => fire(t, each)));
  const [cpu1, db1, seconds] = [cpu(), db(), (performance.now() - t0) / 1000];
  const ok = runs.reduce((n, r) => n + r['2xx'], 0);
  const answered = runs.reduce((n, r) => n + r['2xx'] + r.non2xx, 0);
  const failed = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
  const perRequest = (ms: number) => round(ms / Math.max(1, answered), 3);
  return {
    path: call.path,
    requests: answered,
    failed,
    cpuMsPerRequest: perRequest(cpu1 - cpu0),
    ...(settings.dbPid ? { dbCpuMsPerRequest: perRequest(db1 - db0) } : {}),
    requestsPerSecond: round(ok / seconds),
    p50Ms: Math.max(...runs.map((r) => r.latency.p50)),
    // The slowest process's p99 (autocannon gives percentiles per run, not the histograms).
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    connections: settings.connections * targets.length,
    processes: targets.length,
  };
}

/** The offer row the service stores for the captured quotation body, as bare.ts inserts it. */
async function offerInputFile(quotation: NonNullable<Captured['quotation']>, flow: string): Promise<string> {
  const product = new Catalog(await loadFlowBundles()).products.find((p) => p.id === flow);
  if (!product) throw new Error(`no ${flow} product`);
  const today = new Date().toISOString().slice(0, 10);
  const priced = priceQuote(product, quotation.body as Quote, { today, lang: 'el', requirePackage: true });
  const selected = priced.selected;
  if (!selected) throw new Error(`the ${flow} quotation body selects no package`);
  const expiry = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const input = offerInputOf(
    product,
    { ...priced, selected },
    { mailAddress: quotation.mail.toLowerCase(), language: 'el', expiryDate: expiry, now: new Date() },
  );
  const file = join(WORK, 'offer-input.json');
  writeFileSync(file, JSON.stringify(input));
  return file;
}

const pidOf = (s: Started): number => {
  if (s.child.pid === undefined) throw new Error(`${s.url}: no process id`);
  return s.child.pid;
};

async function startBare(name: string, env: Record<string, string>): Promise<Started> {
  return startNodeServer({
    script: 'bench/service/bare.ts',
    port: await freePort(),
    env,
    healthPath: '/bare',
    logFile: join(WORK, `${name}.log`),
  });
}

async function withServer<T>(start: Promise<Started>, work: (s: Started) => Promise<T>): Promise<T> {
  const server = await start;
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

export async function measureCost(options: {
  calcRequests: number;
  quotationRequests: number;
  connections: number;
  log?: (line: string) => void;
}): Promise<CostResult> {
  if (!cpuAvailable()) throw new Error('no /proc here: the CPU time of the server cannot be read');
  const log = options.log ?? (() => {});
  const settings = {
    calcRequests: options.calcRequests,
    quotationRequests: options.quotationRequests,
    connections: options.connections,
  };
  const calcRun = { requests: settings.calcRequests, connections: settings.connections };
  const quoteRun = { requests: settings.quotationRequests, connections: settings.connections };
  const captured = await captureBodies([...new Set([...CALC_FLOWS, QUOTATION_FLOW])]);
  const byFlow = (flow: string) => captured.find((c) => c.flow === flow);
  const quotation = byFlow(QUOTATION_FLOW)?.quotation;
  const missing = (flow: string) => ({ note: byFlow(flow)?.note ?? NOT_YET });
  const offerFile = quotation ? await offerInputFile(quotation, QUOTATION_FLOW) : null;
  const logged = (what: string, c: Cost) => {
    log(
      `${what}: ${c.cpuMsPerRequest} ms CPU a request${c.dbCpuMsPerRequest !== undefined ? ` (+ ${c.dbCpuMsPerRequest} ms in PostgreSQL)` : ''}, ${c.requestsPerSecond}/s, p99 ${c.p99Ms} ms, ${c.failed} failed`,
    );
    return c;
  };

  // PGlite: the floors in one bare process with its own embedded database, then the service.
  const calc: CostResult['calc'] = {};
  const pglite: CostResult['quotation']['pglite'] = {
    floor: missing(QUOTATION_FLOW),
    ours: missing(QUOTATION_FLOW),
  };
  const bareEnv: Record<string, string> = offerFile
    ? {
        BENCH_BARE_DB: `pglite:${mkdtempSync(join(tmpdir(), 'bench-bare-db-'))}`,
        BENCH_OFFER_INPUT: offerFile,
      }
    : {};
  await withServer(startBare('cost-bare-pglite', bareEnv), async (bare) => {
    const target = { url: bare.url, pid: pidOf(bare) };
    for (const flow of CALC_FLOWS) {
      const c = byFlow(flow)?.calc;
      calc[flow] = { floor: missing(flow), ours: missing(flow) };
      if (!c) continue;
      await checkAnswers(`${bare.url}/bare/validated`, c.body);
      calc[flow].floor = logged(
        `floor, ${flow} body`,
        await costRun([target], { path: '/bare/validated', body: c.body }, calcRun),
      );
    }
    if (quotation) {
      await checkAnswers(`${bare.url}/bare/offer`, quotation.body);
      pglite.floor = logged(
        'floor, offer on PGlite',
        await costRun([target], { path: '/bare/offer', body: quotation.body }, quoteRun),
      );
    }
  });
  await withServer(startApp({ port: await freePort(), name: 'cost-service-pglite' }), async (app) => {
    const target = { url: app.url, pid: pidOf(app) };
    for (const flow of CALC_FLOWS) {
      const c = byFlow(flow)?.calc;
      if (!c) continue;
      await checkAnswers(`${app.url}${c.path}`, c.body);
      calc[flow].ours = logged(`${c.path}`, await costRun([target], c, calcRun));
    }
    if (quotation) {
      const cookie = await confirmEmail(app.url, quotation.mail);
      await checkAnswers(`${app.url}${quotation.path}`, quotation.body, cookie);
      pglite.ours = logged(
        'quotation on PGlite',
        await costRun([{ ...target, cookie }], quotation, quoteRun),
      );
    }
  });

  // PostgreSQL: BENCH_PG_URL, or a throwaway cluster (whose own CPU is then read as well).
  const postgres: CostResult['quotation']['postgres'] = {
    floor: missing(QUOTATION_FLOW),
    ours: missing(QUOTATION_FLOW),
  };
  let two: CostMeasured = missing(QUOTATION_FLOW);
  let postgresFrom: string | null = null;
  let cluster: Cluster | null | Error = null;
  const external = process.env.BENCH_PG_URL;
  if (!external) cluster = await startCluster().catch((error: Error) => error);
  const url = external ?? (cluster && !(cluster instanceof Error) ? cluster.url : null);
  if (!url) {
    const note =
      cluster instanceof Error
        ? `the throwaway PostgreSQL cluster did not start: ${cluster.message}`
        : pgMissingReason;
    postgres.floor = postgres.ours = two = { note };
  } else if (quotation && offerFile) {
    postgresFrom = external ? 'BENCH_PG_URL' : 'throwaway cluster';
    const dbPid = cluster && !(cluster instanceof Error) ? cluster.pid : undefined;
    try {
      // The service first: it applies the migrations the bare route's table needs.
      await withServer(
        startApp({ port: await freePort(), databaseUrl: url, name: 'cost-service-pg-1' }),
        async (one) => {
          const cookie = await confirmEmail(one.url, quotation.mail);
          await checkAnswers(`${one.url}${quotation.path}`, quotation.body, cookie);
          const first = { url: one.url, pid: pidOf(one), cookie };
          postgres.ours = logged(
            'quotation on PostgreSQL',
            await costRun([first], quotation, { ...quoteRun, dbPid }),
          );
          await withServer(
            startApp({ port: await freePort(), databaseUrl: url, name: 'cost-service-pg-2' }),
            async (second) => {
              const cookie2 = await confirmEmail(second.url, quotation.mail);
              await checkAnswers(`${second.url}${quotation.path}`, quotation.body, cookie2);
              two = logged(
                'quotation on PostgreSQL, two service processes',
                await costRun([first, { url: second.url, pid: pidOf(second), cookie: cookie2 }], quotation, {
                  ...quoteRun,
                  dbPid,
                }),
              );
            },
          );
        },
      );
      await withServer(
        startBare('cost-bare-pg', { BENCH_BARE_DB: url, BENCH_OFFER_INPUT: offerFile }),
        async (bare) => {
          await checkAnswers(`${bare.url}/bare/offer`, quotation.body);
          postgres.floor = logged(
            'floor, offer on PostgreSQL',
            await costRun(
              [{ url: bare.url, pid: pidOf(bare) }],
              { path: '/bare/offer', body: quotation.body },
              { ...quoteRun, dbPid },
            ),
          );
        },
      );
    } finally {
      if (cluster && !(cluster instanceof Error)) await cluster.stop();
    }
  }
  return {
    settings,
    postgresFrom,
    calc,
    quotation: { flow: QUOTATION_FLOW, pglite, postgres, postgresTwoInstances: two },
  };
}

/** Each pair of the cost measure, ours against its floor, with the goal id that judges it. */
export function costPairs(
  r: CostResult,
): { id: string; label: string; floor: CostMeasured; ours: CostMeasured }[] {
  return [
    ...Object.entries(r.calc).map(([flow, pair]) => ({
      id: `cost.calc.${flow}`,
      label: `${flow}calc`,
      ...pair,
    })),
    { id: 'cost.quotation.pglite', label: `${r.quotation.flow} quotation on PGlite`, ...r.quotation.pglite },
    {
      id: 'cost.quotation.postgres',
      label: `${r.quotation.flow} quotation on PostgreSQL`,
      ...r.quotation.postgres,
    },
  ];
}
