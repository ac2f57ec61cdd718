// Measure "portal" (issue 27, item 4): the customer portal under load. `customers` bench customers
// (seeded by ./seed.ts, never in production) each sign in, then read the dashboard (their
// contracts), a contract, their offers, and download the contract's policy schedule PDF, on
// PGlite and on PostgreSQL (BENCH_PG_URL or a throwaway cluster). The per-IP limits stay on: each
// customer comes from a loopback address of its own (127.0.0.2 and up; the service listens on
// 127.0.0.1, which answers the whole of 127/8 on Linux, and keys its limits by the socket's
// address, trustProxy being off). Sign-in is reported on its own: Argon2id is slow on purpose,
// so its p95 and its CPU (the service process's, from /proc, over the sign-in phase) give the
// sign-ins a core can take.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../../src/server/db';
import { startApp } from '../lib/appServer';
import { processCpuMs } from '../lib/cpu';
import { freePort } from '../lib/ports';
import type { Started } from '../lib/processes';
import { median, percentile, round } from '../lib/stats';
import { pgMissingReason, startCluster } from '../service/postgres';
import { PortalBrowser } from './client';
import { argon2Parameters, type BenchCustomer, seedBenchCustomers } from './seed';

export const PORTAL_CALLS = ['signIn', 'dashboard', 'contract', 'offers', 'pdf'] as const;
export type PortalCall = (typeof PORTAL_CALLS)[number];

export interface CallFigures {
  calls: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export interface PortalRun {
  customers: number;
  concurrency: number;
  calls: Record<PortalCall, CallFigures>;
  /** The first few refusals, to say what went wrong. */
  errorSamples: string[];
  /** Service CPU per sign-in over the sign-in phase, ms, and the sign-ins one core takes a second. */
  signInCpuMs: number;
  signInsPerCore: number;
  /** Service CPU per customer's reads (dashboard, contract, offers, PDF), ms. */
  readsCpuMs: number;
}

export interface PortalResult {
  argon2: { memoryKiB: number; iterations: number; parallelism: number };
  pglite: PortalRun | { note: string };
  postgres: PortalRun | { note: string };
  postgresFrom: string | null;
}

export const isPortalRun = (r: PortalRun | { note: string } | undefined): r is PortalRun =>
  Boolean(r && 'calls' in r);

/** Runs `work` for every item, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i], i);
      }
    }),
  );
}

/** 127.0.0.2, 127.0.0.3 … then 127.0.1.0 …: one address per customer. */
const addressOf = (i: number) => `127.0.${Math.floor((i + 2) / 256)}.${(i + 2) % 256}`;

/**
 * The per-IP limit is on and keyed by the client's address: two requests from one address leave
 * it one fewer than a first request from another. Refuses to measure otherwise (the figures would
 * then come from one client or from a service without its limits).
 */
async function checkLimitsPerAddress(base: URL): Promise<void> {
  const [a, b] = [new PortalBrowser(base, '127.0.250.1'), new PortalBrowser(base, '127.0.250.2')];
  try {
    const remaining = async (x: PortalBrowser) =>
      Number((await x.send('GET', '/zcp/um/csrf')).headers['x-ratelimit-remaining'] ?? Number.NaN);
    await remaining(a);
    const [afterTwo, afterOne] = [await remaining(a), await remaining(b)];
    if (!(afterOne === afterTwo + 1))
      throw new Error(
        `the per-IP limit is not keyed by the client's address (remaining ${afterTwo} after two calls from one address, ${afterOne} after one from another)`,
      );
  } finally {
    a.close();
    b.close();
  }
}

async function drive(app: Started, customers: BenchCustomer[], concurrency: number): Promise<PortalRun> {
  const base = new URL(app.url);
  await checkLimitsPerAddress(base);
  const pid = app.child.pid;
  if (pid === undefined) throw new Error('the service has no process id');
  const samples = Object.fromEntries(PORTAL_CALLS.map((c) => [c, [] as number[]])) as Record<
    PortalCall,
    number[]
  >;
  const errors = Object.fromEntries(PORTAL_CALLS.map((c) => [c, 0])) as Record<PortalCall, number>;
  const errorSamples: string[] = [];
  const record = (call: PortalCall, answer: { status: number; ms: number; body: Buffer }, ok: boolean) => {
    samples[call].push(answer.ms);
    if (!ok) {
      errors[call]++;
      if (errorSamples.length < 5)
        errorSamples.push(`${call} ${answer.status}: ${answer.body.toString().slice(0, 160)}`);
    }
  };
  const browsers = customers.map((_, i) => new PortalBrowser(base, addressOf(i)));
  try {
    // Phase 1: every customer signs in (the CSRF token first, as the login page fetches it).
    const cpu0 = processCpuMs(pid);
    await pool(customers, concurrency, async (c, i) => {
      const b = browsers[i];
      await b.refreshCsrf();
      const answer = await b.send('POST', '/zcp/um/login', { USERNAME: c.mobile, PASSWORD: c.password });
      record('signIn', answer, answer.status === 200);
    });
    const cpu1 = processCpuMs(pid);
    // Phase 2: what a signed-in customer reads.
    await pool(customers, concurrency, async (c, i) => {
      const b = browsers[i];
      const contract = c.contracts[0];
      const dashboard = await b.send('GET', `/zcp/contract/search/${c.customerNo}`);
      record('dashboard', dashboard, dashboard.status === 200);
      const detail = await b.send('GET', `/zcp/contract/detail/${contract.contractNo}/${contract.productId}`);
      record('contract', detail, detail.status === 200);
      const offers = await b.send('GET', `/zcp/offer/search/${c.contactId}`);
      record('offers', offers, offers.status === 200);
      const pdf = await b.send('POST', '/zcp/GetPDF', {
        CONTRACT_NO: contract.contractNo,
        PRODUCT_ID: contract.productId,
      });
      record('pdf', pdf, pdf.status === 200 && pdf.body.subarray(0, 5).toString() === '%PDF-');
    });
    const cpu2 = processCpuMs(pid);
    const figures = (call: PortalCall): CallFigures => ({
      calls: samples[call].length,
      errors: errors[call],
      p50Ms: round(median(samples[call])),
      p95Ms: round(percentile(samples[call], 95)),
      maxMs: round(Math.max(...samples[call])),
    });
    const signInCpuMs = round((cpu1 - cpu0) / customers.length);
    return {
      customers: customers.length,
      concurrency,
      calls: Object.fromEntries(PORTAL_CALLS.map((c) => [c, figures(c)])) as Record<PortalCall, CallFigures>,
      errorSamples,
      signInCpuMs,
      signInsPerCore: round(1000 / Math.max(signInCpuMs, 1e-6)),
      readsCpuMs: round((cpu2 - cpu1) / customers.length),
    };
  } finally {
    for (const b of browsers) b.close();
  }
}

export async function measurePortal(options: {
  customers: number;
  concurrency: number;
  log?: (line: string) => void;
}): Promise<PortalResult> {
  const log = options.log ?? (() => {});
  const argon2 = await argon2Parameters();
  const summary = (r: PortalRun) =>
    PORTAL_CALLS.map(
      (c) => `${c} p95 ${r.calls[c].p95Ms} ms${r.calls[c].errors ? ` (${r.calls[c].errors} errors)` : ''}`,
    ).join(', ');

  // PGlite: seeded from this process, closed, then opened by the service.
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-portal-db-'));
  const seedDb = await openDb({ dataDir });
  log(`seeding ${options.customers} bench customers on PGlite`);
  const customers = await seedBenchCustomers(seedDb, options.customers).finally(() => seedDb.close());
  const app = await startApp({
    port: await freePort(),
    name: 'portal-pglite',
    dataDir,
    keepRateLimits: true,
  });
  let pglite: PortalResult['pglite'];
  try {
    pglite = await drive(app, customers, options.concurrency);
    log(`PGlite: ${summary(pglite)}`);
  } finally {
    await app.stop();
  }

  let postgres: PortalResult['postgres'];
  let postgresFrom: string | null = null;
  const external = process.env.BENCH_PG_URL;
  const cluster = external ? null : await startCluster().catch((error: Error) => error);
  const url = external ?? (cluster && !(cluster instanceof Error) ? cluster.url : null);
  if (!url)
    postgres = {
      note:
        cluster instanceof Error
          ? `the throwaway PostgreSQL cluster did not start: ${cluster.message}`
          : pgMissingReason,
    };
  else {
    postgresFrom = external ? 'BENCH_PG_URL' : 'throwaway cluster';
    try {
      const db = await openDb({ url });
      log(`seeding ${options.customers} bench customers on PostgreSQL`);
      const seeded = await seedBenchCustomers(db, options.customers).finally(() => db.close());
      const pgApp = await startApp({
        port: await freePort(),
        name: 'portal-postgres',
        databaseUrl: url,
        keepRateLimits: true,
      });
      try {
        postgres = await drive(pgApp, seeded, options.concurrency);
        log(`PostgreSQL: ${summary(postgres)}`);
      } finally {
        await pgApp.stop();
      }
    } finally {
      if (cluster && !(cluster instanceof Error)) await cluster.stop();
    }
  }
  return { argon2, pglite, postgres, postgresFrom };
}
