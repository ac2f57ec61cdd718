// Measure 4, orchestrated: the bare Fastify routes (the no-op one, then the one that parses and
// validates each flow's calc body with the same quote schema), then the service (as npm start runs it) on a
// throwaway embedded database (calc calls of motor and driver, then driver quotations), then the
// service on a throwaway PostgreSQL cluster (quotations). Same machine, same run, loopback only.

import { join } from 'node:path';
import { startApp } from '../lib/appServer';
import { WORK } from '../lib/paths';
import { freePort } from '../lib/ports';
import { startNodeServer } from '../lib/processes';
import { NOT_YET } from '../lib/routes';
import { type Captured, captureBodies } from './bodies';
import { checkAnswers, confirmEmail, type LoadFigures, load } from './load';
import { pgMissingReason, startCluster } from './postgres';

export type Measured = (LoadFigures & { path: string }) | { path?: string; note: string };

export interface ServiceResult {
  settings: { seconds: number; connections: number; maxRequests: number };
  /** The no-op route: a second reference. */
  bare: LoadFigures & { path: string };
  /** Per flow: the bare route that parses and validates that flow's calc body (the calc goal's yardstick). */
  bareValidated?: Record<string, Measured>;
  calc: Record<string, Measured>;
  quotation: { flow: string; pglite: Measured; postgres: Measured };
}

export const CALC_FLOWS = ['motor', 'driver'];
export const QUOTATION_FLOW = 'driver';

async function quotationRun(
  base: string,
  captured: Captured | undefined,
  settings: ServiceResult['settings'],
) {
  if (!captured?.quotation) return { note: captured?.note ?? NOT_YET };
  const cookie = await confirmEmail(base, captured.quotation.mail);
  const url = `${base}${captured.quotation.path}`;
  await checkAnswers(url, captured.quotation.body, cookie);
  return {
    path: captured.quotation.path,
    ...(await load({ url, method: 'POST', body: captured.quotation.body, cookie, ...settings })),
  };
}

export async function measureService(
  options: { seconds?: number; connections?: number; log?: (line: string) => void } = {},
): Promise<ServiceResult> {
  const settings = {
    seconds: options.seconds ?? 8,
    connections: options.connections ?? 10,
    maxRequests: 2_000_000,
  };
  const log = options.log ?? (() => {});
  const captured = await captureBodies([...new Set([...CALC_FLOWS, QUOTATION_FLOW])]);
  const byFlow = (flow: string) => captured.find((c) => c.flow === flow);

  const bareServer = await startNodeServer({
    script: 'bench/service/bare.ts',
    port: await freePort(),
    env: {},
    healthPath: '/bare',
    logFile: join(WORK, 'bare.log'),
  });
  let bare: ServiceResult['bare'];
  const bareValidated: Record<string, Measured> = {};
  try {
    bare = { path: '/bare', ...(await load({ url: `${bareServer.url}/bare`, ...settings })) };
    log(`service: bare route ${bare.requestsPerSecond} req/s`);
    for (const flow of CALC_FLOWS) {
      const c = byFlow(flow)?.calc;
      if (!c) {
        bareValidated[flow] = { note: byFlow(flow)?.note ?? NOT_YET };
        continue;
      }
      const url = `${bareServer.url}/bare/validated`;
      await checkAnswers(url, c.body);
      const figures = await load({ url, method: 'POST', body: c.body, ...settings });
      bareValidated[flow] = { path: '/bare/validated', ...figures };
      log(`service: bare validating route, ${flow} body, ${figures.requestsPerSecond} req/s`);
    }
  } finally {
    await bareServer.stop();
  }

  const calc: Record<string, Measured> = {};
  let pglite: Measured;
  const app = await startApp({ port: await freePort(), name: 'service-pglite' });
  try {
    for (const flow of CALC_FLOWS) {
      const c = byFlow(flow)?.calc;
      if (!c) {
        calc[flow] = { note: byFlow(flow)?.note ?? NOT_YET };
        continue;
      }
      const url = `${app.url}${c.path}`;
      await checkAnswers(url, c.body);
      calc[flow] = { path: c.path, ...(await load({ url, method: 'POST', body: c.body, ...settings })) };
      log(`service: ${c.path} ${(calc[flow] as LoadFigures).requestsPerSecond} req/s`);
    }
    pglite = await quotationRun(app.url, byFlow(QUOTATION_FLOW), settings);
    log('service: quotations on the embedded database done');
  } finally {
    await app.stop();
  }

  let postgres: Measured;
  const cluster = await startCluster().catch((error: Error) => error);
  if (cluster === null) postgres = { note: pgMissingReason };
  else if (cluster instanceof Error)
    postgres = { note: `the throwaway PostgreSQL cluster did not start: ${cluster.message}` };
  else {
    try {
      const pgApp = await startApp({
        port: await freePort(),
        databaseUrl: cluster.url,
        name: 'service-postgres',
      });
      try {
        postgres = await quotationRun(pgApp.url, byFlow(QUOTATION_FLOW), settings);
        log('service: quotations on PostgreSQL done');
      } finally {
        await pgApp.stop();
      }
    } finally {
      await cluster.stop();
    }
  }
  return { settings, bare, bareValidated, calc, quotation: { flow: QUOTATION_FLOW, pglite, postgres } };
}
