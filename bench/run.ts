// npm run bench [-- --only rules,render] [--skip lighthouse] [--smoke] [--out dir] [--no-build] [--report]
// Runs the benchmarks of issue 6 one after another in one run (so ours and the peers meet the same
// machine), then writes results.json, RESULTS.md and charts/<measure>.svg (bench/ by default;
// bench/work/smoke in smoke mode, so a smoke run never replaces the real figures). A subset run
// keeps the other measures' figures from the results file it updates. A measure that fails is
// recorded with its error and the run goes on; the exit code is then 1.

import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from './lib/build';
import { loadAverage, machineInfo } from './lib/machine';
import { BENCH, ROOT, WORK } from './lib/paths';
import { behindQuietGate, QUIET_LOAD, quietSettings } from './lib/quiet';
import { RUNNERS, sharedApp } from './measures';
import { judgeGoals } from './report/goals';
import { MEASURES, type MeasureName, type MeasureRun, type Measures, type Results } from './report/types';
import { writeReport } from './report/write';

const USAGE = `npm run bench [-- options]
  --only a,b     run only these measures (${MEASURES.join(', ')}); the others keep their last figures
  --skip a,b     run all but these
  --smoke        tiny iteration counts (a minute or so), written to bench/work/smoke unless --out
  --out DIR      where to write results.json, RESULTS.md and charts/ (default bench/)
  --no-build     do not rebuild dist/ even when it is older than its sources
  --report       measure nothing: rewrite RESULTS.md and charts/ from results.json`;

interface Options {
  /** Only rewrite the report from the results file. */
  reportOnly: boolean;
  measures: MeasureName[];
  subset: boolean;
  smoke: boolean;
  out: string;
  build: boolean;
}

function parseList(value: string | undefined, flag: string): MeasureName[] {
  const names = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(MEASURES as readonly string[]).includes(n));
  if (!names.length || unknown.length)
    throw new Error(
      `${flag}: expected a comma-separated list of ${MEASURES.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
    );
  return names as MeasureName[];
}

export function parseArgs(argv: string[]): Options {
  let only: MeasureName[] | null = null;
  let skip: MeasureName[] = [];
  let smoke = false;
  let out: string | null = null;
  let build = true;
  let reportOnly = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split(/=(.*)/s);
    const value = () => inline ?? argv[++i];
    if (flag === '--only') only = parseList(value(), '--only');
    else if (flag === '--skip') skip = parseList(value(), '--skip');
    else if (flag === '--smoke') smoke = true;
    else if (flag === '--out') out = resolve(value() ?? '');
    else if (flag === '--no-build') build = false;
    else if (flag === '--report') reportOnly = true;
    else if (flag === '--help' || flag === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  const measures = MEASURES.filter((m) => (only ? only.includes(m) : true) && !skip.includes(m));
  if (!measures.length) throw new Error('no measure left to run');
  return {
    reportOnly,
    measures,
    subset: measures.length < MEASURES.length,
    smoke,
    out: out ?? (smoke ? join(WORK, 'smoke') : BENCH),
    build,
  };
}

function previousResults(dir: string): Results | null {
  const file = join(dir, 'results.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Results;
  } catch {
    return null;
  }
}

/** --report: the figures as they are, goals judged again, the report and charts written anew. */
async function rewriteReport(dir: string): Promise<number> {
  const previous = previousResults(dir);
  if (!previous) throw new Error(`no results.json in ${relative(ROOT, dir) || '.'} to report on`);
  const written = await writeReport({ ...previous, goals: judgeGoals(previous.measures) }, dir);
  console.log(`bench: wrote ${written.map((f) => relative(ROOT, join(dir, f))).join(', ')}`);
  return 0;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const options = parseArgs(args);
  if (options.reportOnly) return rewriteReport(options.out);
  const loadAtStart = loadAverage();
  const t0 = performance.now();
  const clock = () => {
    const s = Math.round((performance.now() - t0) / 1000);
    return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  };
  const logFor = (name: string) => (line: string) => console.log(`[${clock()}] ${name}: ${line}`);
  const log = logFor('bench');
  log(`${options.smoke ? 'smoke run of' : 'measuring'} ${options.measures.join(', ')}`);
  const gate = quietSettings();
  log(
    gate.anyLoad
      ? `BENCH_ANY_LOAD=1: figures are reported at any load and marked as not quiet (development only)`
      : `quiet gate: a measure starts at a load average ≤ ${QUIET_LOAD} (waiting up to ${gate.waitSeconds} s, BENCH_QUIET_WAIT) and its figures are dropped if it ends above`,
  );

  await ensureBuilt({
    needDist: options.build && options.measures.some((m) => m === 'weight' || m === 'lighthouse'),
    log,
  });

  const previous = options.subset ? previousResults(options.out) : null;
  const measures: Measures = previous?.measures ?? {};
  const app = sharedApp(logFor('site'));
  let failed = 0;
  try {
    for (const name of options.measures) {
      const mlog = logFor(name);
      mlog('start');
      const measuredAt = new Date().toISOString();
      const start = performance.now();
      const entry: MeasureRun = { measuredAt, seconds: 0, smoke: options.smoke };
      try {
        const ctx = { smoke: options.smoke, log: mlog, app: app.get };
        const gated = await behindQuietGate(
          name,
          () => (RUNNERS[name] as (c: typeof ctx) => Promise<MeasureRun['data']>)(ctx),
          { log: mlog },
        );
        entry.quiet = gated.quiet;
        if (gated.skipped) {
          entry.skipped = gated.skipped;
          mlog(`SKIPPED: ${gated.skipped}`);
        } else entry.data = gated.data;
      } catch (error) {
        failed++;
        entry.error = (error as Error).stack ?? String(error);
        mlog(`FAILED: ${(error as Error).message}`);
      }
      entry.seconds = Math.round((performance.now() - start) / 100) / 10;
      (measures as Record<string, MeasureRun>)[name] = entry;
      mlog(`done in ${entry.seconds} s`);
      // The service for weight and Lighthouse is not left running under the CPU-bound measures.
      if (name === 'lighthouse' || (name === 'weight' && !options.measures.includes('lighthouse')))
        await app.stop();
    }
  } finally {
    await app.stop();
  }

  const seconds = Math.round((performance.now() - t0) / 1000);
  const machine = machineInfo(loadAtStart);
  const results: Results = {
    machine,
    run: {
      args,
      smoke: options.smoke,
      seconds,
      measures: options.measures,
      lastFullRun: options.subset ? previous?.run.lastFullRun : { date: machine.date, seconds },
    },
    measures,
    goals: judgeGoals(measures),
  };
  const written = await writeReport(results, options.out);
  log(`wrote ${written.map((f) => relative(ROOT, join(options.out, f))).join(', ')}`);
  for (const g of results.goals)
    log(`${g.met === null ? 'not measured' : g.met ? 'met    ' : 'NOT met'}  ${g.goal}: ${g.measured}`);
  log(`finished in ${clock()}${failed ? `, ${failed} measure(s) failed` : ''}`);
  return failed ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main()
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      console.error(`bench: ${error.message}`);
      process.exit(1);
    });
}
