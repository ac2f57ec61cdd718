// RESULTS.md's sections of the load measures of issue 27: the service's cost per request against
// its floors with the plan for a peak, and the portal under load.

import { quietWords } from '../lib/quiet';
import { isPortalRun, PORTAL_CALLS, type PortalCall, type PortalRun } from '../portal/measure';
import { type CostMeasured, type CostResult, costPairs, isCost } from '../service/cost';
import { count, ms, percent, ratio } from './format';
import { goalCell, table } from './table';
import type { Goal, Measures } from './types';

/** The plan past this machine: the cores and instances a peak would need, from measured costs. */
export const PEAK = { quotationsPerSecond: 200, calcsPerSecond: 2000, utilisation: 0.6 } as const;

function plan(r: CostResult, taken: string): string[] {
  const quote = r.quotation.postgresTwoInstances;
  const single = r.quotation.postgres.ours;
  const q = isCost(quote) ? quote : isCost(single) ? single : null;
  const calcs = Object.values(r.calc)
    .map((p) => p.ours)
    .filter(isCost);
  const out = [
    '### The plan for a peak of 200 quotations and 2,000 calcs a second',
    '',
    `From the costs above: the cores a load needs are its rate × the CPU a request costs, at most ${percent(PEAK.utilisation)} busy (headroom for bursts and garbage collection); a service process is one Node.js thread, so about one core each, plus one more instance so that losing one keeps the peak served. Quotations use the two-process PostgreSQL figure when there is one; calcs the dearer product's cost. PostgreSQL's own CPU per quotation is counted on a throwaway cluster only.`,
    '',
  ];
  if (!q || !calcs.length)
    return [...out, 'Pending a quiet run: the costs it is computed from were not measured.'];
  const calc = calcs.reduce((a, b) => (a.cpuMsPerRequest >= b.cpuMsPerRequest ? a : b));
  const cores = (rate: number, msPer: number) => (rate * msPer) / 1000 / PEAK.utilisation;
  const quoteCores = cores(PEAK.quotationsPerSecond, q.cpuMsPerRequest);
  const calcCores = cores(PEAK.calcsPerSecond, calc.cpuMsPerRequest);
  const serviceCores = quoteCores + calcCores;
  const dbCores =
    q.dbCpuMsPerRequest !== undefined ? cores(PEAK.quotationsPerSecond, q.dbCpuMsPerRequest) : null;
  const instances = Math.ceil(serviceCores) + 1;
  return [
    ...out,
    table(
      ['load', 'CPU a request', 'cores at the peak'],
      [
        [`${PEAK.quotationsPerSecond} quotations/s (service)`, ms(q.cpuMsPerRequest), quoteCores.toFixed(2)],
        [
          `${PEAK.calcsPerSecond.toLocaleString('en-GB')} calcs/s (${calc.path})`,
          ms(calc.cpuMsPerRequest),
          calcCores.toFixed(2),
        ],
        [
          `${PEAK.quotationsPerSecond} quotations/s (PostgreSQL)`,
          q.dbCpuMsPerRequest === undefined ? 'not measured (BENCH_PG_URL)' : ms(q.dbCpuMsPerRequest),
          dbCores === null ? '–' : dbCores.toFixed(2),
        ],
      ],
    ),
    '',
    `So ${instances} service instances of one core each (${serviceCores.toFixed(2)} cores of work, rounded up, plus one spare) behind a load balancer${dbCores === null ? '' : `, and a PostgreSQL server with ${Math.max(2, Math.ceil(dbCores))} cores`}. The costs it is computed from were taken ${taken}${taken.startsWith('quiet (') ? '' : ': the plan is pending a quiet run'}.`,
  ];
}

export function cost(m: Measures, goals: Goal[]): string[] {
  const r = m.cost?.data;
  if (!r) return [];
  const cells = (c: CostMeasured) =>
    isCost(c)
      ? [
          ms(c.cpuMsPerRequest),
          c.dbCpuMsPerRequest === undefined ? '' : ms(c.dbCpuMsPerRequest),
          count(c.requestsPerSecond),
          ms(c.p99Ms),
          `${c.requests.toLocaleString('en-GB')} (${c.failed} failed)`,
        ]
      : [c.note, '', '', '', ''];
  const rows = costPairs(r).flatMap((p) => [
    [`${p.label}: floor`, ...cells(p.floor), '', ''],
    [
      `${p.label}: ours`,
      ...cells(p.ours),
      isCost(p.ours) && isCost(p.floor)
        ? ratio(p.ours.cpuMsPerRequest / Math.max(p.floor.cpuMsPerRequest, 1e-6))
        : '',
      goalCell(goals, p.id),
    ],
  ]);
  rows.push([
    `${r.quotation.flow} quotation on PostgreSQL: two service processes`,
    ...cells(r.quotation.postgresTwoInstances),
    '',
    '',
  ]);
  return [
    table(
      [
        'route',
        'service CPU a request',
        'PostgreSQL CPU a request',
        'requests / s',
        'p99',
        'requests',
        'ours ÷ floor',
        'goal ≤ 2×, p99 ≤ 20 ms',
      ],
      rows,
    ),
    '',
    `The server process's own CPU time (utime + stime from /proc/<pid>/stat, every thread, the embedded database included) over a fixed number of requests (${r.settings.calcRequests.toLocaleString('en-GB')} per calc route, ${r.settings.quotationRequests.toLocaleString('en-GB')} per quotation route, after a fifth as many unmeasured), divided by the requests answered; autocannon with ${r.settings.connections} connections runs in the benchmark's own process, so the load generator's work is not counted, and what else runs on the machine slows the figure less than it slows throughput (bench/service/cost.ts). Floors (bench/service/bare.ts): for the calc routes a bare Fastify route parsing and validating the same body with the same schema; for quotations a bare route that also stores the offer row the service's pricing gives for that quote, in one transaction (a number from offer_no_seq, one INSERT into the same offers table with the project's migrations and indexes), on PGlite in its own process as the service has it, and on the same PostgreSQL server${r.postgresFrom ? ` (${r.postgresFrom})` : ''}. PostgreSQL's CPU is that of the postmaster and its backends, on a throwaway cluster only. Throughput and p99 are second figures of the same runs; with two processes, the p99 is the slower one's.`,
    '',
    ...plan(r, quietWords(m.cost?.quiet)),
  ];
}

const CALL_LABELS: Record<PortalCall, string> = {
  signIn: 'sign-in (POST /zcp/um/login)',
  dashboard: 'dashboard (GET /zcp/contract/search/…)',
  contract: 'a contract (GET /zcp/contract/detail/…)',
  offers: 'offers (GET /zcp/offer/search/…)',
  pdf: 'policy schedule PDF (POST /zcp/GetPDF)',
};

export function portal(m: Measures, goals: Goal[]): string[] {
  const p = m.portal?.data;
  if (!p) return [];
  const runs: [string, PortalRun | { note: string }][] = [
    ['PGlite', p.pglite],
    ['PostgreSQL', p.postgres],
  ];
  const rows = runs.flatMap(([name, r]) =>
    isPortalRun(r)
      ? PORTAL_CALLS.map((c) => [
          name,
          CALL_LABELS[c],
          String(r.calls[c].calls),
          String(r.calls[c].errors),
          ms(r.calls[c].p50Ms),
          ms(r.calls[c].p95Ms),
          ms(r.calls[c].maxMs),
          c === 'signIn' ? 'reported on its own' : c === 'pdf' ? '≤ 150 ms' : '≤ 200 ms',
        ])
      : [[name, r.note, '', '', '', '', '', '']],
  );
  const a = p.argon2;
  const signIns = runs
    .filter((x): x is [string, PortalRun] => isPortalRun(x[1]))
    .map(
      ([name, r]) =>
        `on ${name} ${ms(r.signInCpuMs)} of the service's CPU a sign-in, so about ${count(r.signInsPerCore)} sign-ins a second per core (the reads after it ${ms(r.readsCpuMs)} a customer)${r.errorSamples.length ? `; refusals: ${r.errorSamples.map((e) => `\`${e}\``).join(', ')}` : ''}`,
    );
  return [
    table(['database', 'call', 'calls', 'errors', 'p50', 'p95', 'max', 'goal'], rows),
    '',
    `Goals: ${['pglite', 'postgres'].map((db) => `${db === 'pglite' ? 'PGlite' : 'PostgreSQL'} calls ${goalCell(goals, `portal.calls.${db}`)}, PDF ${goalCell(goals, `portal.pdf.${db}`)}`).join('; ')}.`,
    '',
    `Sign-in: Argon2id with ${a.memoryKiB.toLocaleString('en-GB')} KiB of memory, ${a.iterations} iterations, parallelism ${a.parallelism} (src/server/accounts/passwords.ts, slow on purpose); ${signIns.length ? signIns.join('; ') : 'not measured'}.`,
    '',
    `Bench customers (bench/portal/seed.ts, never in production: the demo data's first customer's contracts and offers copied and renumbered, Cypriot names) are seeded into a fresh PGlite and into PostgreSQL${p.postgresFrom ? ` (${p.postgresFrom})` : ''} before the service starts (\`npm start\`'s way, per-IP limits as configured by default). Each customer comes from a loopback address of its own (127.0.0.2 and up; the run first checks that the per-IP limit is keyed by that address), ${isPortalRun(p.pglite) ? p.pglite.concurrency : 20} customers at a time: first all sign in (the CSRF token, then the password), then each reads the dashboard's contracts, the first contract (motor), the offers, and downloads that contract's policy schedule PDF (which must start with %PDF-). The sign-in's CPU is the service process's over the sign-in phase (/proc), divided by the sign-ins.`,
  ];
}
