// The benchmark runner (npm run bench) must not rot between full runs: its argument parsing, the
// rules benchmark and the engine-start measure in smoke mode, and the report writer on fixture
// figures. The browser and service measures are left to `npm run bench -- --smoke`.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureEngineStart } from '../../bench/engine';
import { SETTINGS } from '../../bench/measures';
import { judgeGoals } from '../../bench/report/goals';
import { barChart, scale } from '../../bench/report/svg';
import type { Measures, Results } from '../../bench/report/types';
import { writeReport } from '../../bench/report/write';
import { runRulesBench } from '../../bench/rules/bench';
import { RULE_SET } from '../../bench/rules/ruleSet';
import { parseArgs } from '../../bench/run';

const run = { measuredAt: '2026-03-10T08:00:00.000Z', seconds: 1, smoke: false };
const engineRender = (first: number, key: number, commits: number, kb: number) => ({
  firstRenderMs: { median: first, p95: first * 1.1, samples: [first] },
  keystrokeMs: { median: key, p95: key * 2, samples: 90 },
  commitsPerKeystroke: { median: commits, max: commits },
  jsGzipBytes: kb * 1000,
  typedTextKept: true,
});
const load = (rps: number, p99: number, path: string) => ({
  path,
  requestsPerSecond: rps,
  p50Ms: 1,
  p99Ms: p99,
  requests: rps * 8,
  non2xx: 0,
  errors: 0,
  seconds: 8,
  connections: 10,
});

const cost = (cpuMsPerRequest: number, p99Ms: number) => ({
  path: '/x',
  requests: 1000,
  failed: 0,
  cpuMsPerRequest,
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms,
  connections: 10,
  processes: 1,
});

const FIXTURE: Measures = {
  weight: {
    ...run,
    data: {
      routes: [
        {
          path: '/driver/offer/1',
          firstPaintJsGzipBytes: 140_000,
          scripts: [{ file: 'index.js', gzipBytes: 140_000 }],
        },
        { path: '/motor/offer/1', firstPaintJsGzipBytes: 160_000, scripts: [] },
      ],
      wholeAppJsGzipBytes: 330_000,
      scriptFiles: 40,
    },
  },
  lighthouse: {
    ...run,
    data: [
      {
        path: '/driver/offer/1',
        score: 99,
        lcpMs: 1500,
        tbtMs: 10,
        cls: 0,
        fcpMs: 1200,
        scores: [99, 98, 99],
      },
      {
        path: '/motor/offer/1',
        score: null,
        lcpMs: null,
        tbtMs: null,
        cls: null,
        fcpMs: null,
        scores: [],
        note: 'x',
      },
    ],
  },
  render: {
    ...run,
    data: {
      loadsPerEngine: 7,
      typingRunsPerEngine: 3,
      characters: 30,
      engines: {
        ours: engineRender(500, 3, 1, 120),
        rjsf: engineRender(600, 12, 3, 196),
        jsonforms: engineRender(580, 11, 3, 145),
        survey: engineRender(1100, 14, 1, 419),
      },
    },
  },
  rules: {
    ...run,
    data: {
      checkPoints: 26,
      groups: 18,
      quotes: 2000,
      referralShare: 0.2,
      disagreements: 0,
      ours: { evaluationsPerSecond: 6e6, checkPointsPerSecond: 1.56e8, rounds: [6e6] },
      jsonRulesEngine: { evaluationsPerSecond: 5000, checkPointsPerSecond: 130_000, rounds: [5000] },
      ratio: 1200,
      roundRatios: [1200],
      secondsPerRound: 1,
    },
  },
  service: {
    ...run,
    data: {
      settings: { seconds: 8, connections: 10, maxRequests: 200_000 },
      bare: load(20_000, 3, '/bare'),
      bareValidated: {
        motor: load(20_000, 3, '/bare/validated'),
        driver: load(15_000, 3, '/bare/validated'),
      },
      calc: {
        motor: load(12_000, 8, '/zcp/motor/motorcalc'),
        driver: load(9_000, 25, '/zcp/driver/drivercalc'),
      },
      quotation: {
        flow: 'driver',
        pglite: load(400, 60, '/zcp/driver/quotation'),
        postgres: { note: 'PostgreSQL is not installed here' },
      },
    },
  },
  cost: {
    ...run,
    quiet: { loadBefore: 0.6, loadAfter: 0.9, threshold: 1.5, waitedSeconds: 0, quiet: true, anyLoad: false },
    data: {
      settings: { calcRequests: 20_000, quotationRequests: 4_000, connections: 10 },
      postgresFrom: null,
      calc: {
        motor: { floor: cost(0.35, 3), ours: cost(0.6, 6) },
        driver: { floor: cost(0.3, 3), ours: cost(0.7, 6) },
      },
      quotation: {
        flow: 'driver',
        pglite: { floor: cost(1.2, 8), ours: cost(2, 25) },
        postgres: {
          floor: { note: 'PostgreSQL is not installed here' },
          ours: { note: 'PostgreSQL is not installed here' },
        },
        postgresTwoInstances: { note: 'PostgreSQL is not installed here' },
      },
    },
  },
  publishing: {
    ...run,
    data: { publications: 3, medianMs: 48, maxMs: 12_500, samplesMs: [40, 48, 12_500], pollMs: 5000 },
  },
  engine: { ...run, error: 'Error: boom\n    at somewhere' },
};

describe('bench runner', () => {
  it('parses --only, --skip and --smoke, and refuses unknown measures', () => {
    const only = parseArgs(['--only', 'rules,render']);
    expect(only.measures).toEqual(['render', 'rules']);
    expect(only.subset).toBe(true);
    expect(parseArgs(['--skip=lighthouse', '--smoke']).measures).not.toContain('lighthouse');
    expect(parseArgs(['--smoke']).out).toMatch(/bench[/\\]work[/\\]smoke$/);
    expect(parseArgs(['--report']).reportOnly).toBe(true);
    expect(() => parseArgs(['--only', 'speed'])).toThrow(/speed/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
  });

  it('runs the rules benchmark in smoke mode: same answers from both engines', async () => {
    const r = await runRulesBench(SETTINGS.smoke.rules);
    expect(r.checkPoints).toBe(RULE_SET.length);
    expect(r.checkPoints).toBeGreaterThanOrEqual(24);
    expect(r.disagreements).toBe(0);
    expect(r.referralShare).toBeGreaterThan(0);
    expect(r.ratio).toBeGreaterThan(1);
  });

  it('measures engine start in smoke mode for every flow', async () => {
    const r = await measureEngineStart(SETTINGS.smoke.engine);
    expect(r.flows).toEqual(expect.arrayContaining(['driver', 'motor']));
    for (const flow of r.flows) {
      expect(r.machine[flow].medianMs).toBeGreaterThan(0);
      expect(r.loadPerFlowMs[flow]).toBeGreaterThan(0);
    }
    expect(r.loadAll.medianMs).toBeGreaterThan(0);
  }, 60_000);

  it('judges the goals on fixture figures', () => {
    const goals = Object.fromEntries(judgeGoals(FIXTURE).map((g) => [g.id, g.met]));
    expect(goals).toEqual({
      'weight.firstPaint./driver/offer/1': true,
      'weight.firstPaint./motor/offer/1': false,
      'lighthouse.score./driver/offer/1': true,
      'lighthouse.fcp./driver/offer/1': true,
      'lighthouse.tbt./driver/offer/1': true,
      'lighthouse.cls./driver/offer/1': true,
      'lighthouse.score./motor/offer/1': null,
      'lighthouse.fcp./motor/offer/1': null,
      'lighthouse.tbt./motor/offer/1': null,
      'lighthouse.cls./motor/offer/1': null,
      'render.firstRender': true,
      'render.keystroke': true,
      'render.commits': true,
      'rules.ratio': true,
      'service.calc.motor': true,
      'service.calc.driver': false,
      'service.quotation.postgres': null,
      'service.quotation.pglite': false,
      'cost.calc.motor': true,
      'cost.calc.driver': false,
      'cost.quotation.pglite': false,
      'cost.quotation.postgres': null,
      'large.check': null,
      'large.firstRender': null,
      'large.growth': null,
      'large.heap': null,
      'large.keystroke': null,
      'large.machine': null,
      'large.paths': null,
      'portal.calls.pglite': null,
      'portal.pdf.pglite': null,
      'portal.calls.postgres': null,
      'portal.pdf.postgres': null,
      // The slowest publication took 12.5 s: over the 10 s every one must stay under.
      'publishing.serve': false,
    });
  });

  it('draws bars on linear and log scales', () => {
    const linear = scale({
      title: '',
      bars: [
        { label: 'a', value: 50 },
        { label: 'b', value: 100 },
      ],
    });
    expect(linear(100)).toBe(400);
    expect(linear(50)).toBe(200);
    const log = scale({
      title: '',
      log: true,
      bars: [
        { label: 'a', value: 1e3 },
        { label: 'b', value: 1e6 },
      ],
    });
    expect(log(1e6)).toBe(400);
    expect(log(1e3)).toBe(2);
    const svg = barChart({ title: 'A & B', panels: [{ title: 'x', bars: [{ label: '<ours>', value: 1 }] }] });
    expect(svg).toMatch(/^<svg [^>]*>/);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('A &amp; B');
    expect(svg).toContain('&lt;ours&gt;');
  });

  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('writes results.json, RESULTS.md and a chart per measure with figures', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bench-report-'));
    dirs.push(dir);
    const results: Results = {
      machine: {
        cpuModel: 'Test CPU',
        cores: 2,
        memoryGiB: 24,
        os: 'Linux',
        node: 'v20.20.2',
        chromium: null,
        loadAverage: { start: 0.5, end: 0.7 },
        date: '2026-03-10T08:00:00.000Z',
      },
      run: { args: [], smoke: false, seconds: 400, measures: ['weight'] },
      measures: FIXTURE,
      goals: judgeGoals(FIXTURE),
    };
    const written = await writeReport(results, dir);
    expect(written).toEqual(
      expect.arrayContaining([
        'results.json',
        'RESULTS.md',
        join('charts', 'weight.svg'),
        join('charts', 'render.svg'),
        join('charts', 'rules.svg'),
        join('charts', 'service.svg'),
      ]),
    );
    expect(written).not.toContain(join('charts', 'engine.svg'));
    const md = await readFile(join(dir, 'RESULTS.md'), 'utf8');
    expect(md).toContain('| Test CPU, 2 cores |');
    expect(md).toContain('![2. Rendering](charts/render.svg)');
    expect(md).toContain('| json-rules-engine 7 | 5,000 |');
    expect(md).toContain('The measure failed: `Error: boom`');
    expect(md).toMatch(/## Goals not met[\s\S]*motor\/offer\/1 ≤ 150 KB gz/);
    expect(md).toMatch(/Not measured in this file:[\s\S]*PostgreSQL is not installed here/);
    const json = JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as Results;
    expect(json.goals).toHaveLength(34);
    expect(md).toContain('### The plan for a peak of 200 quotations and 2,000 calcs a second');
    expect(md).toMatch(/\| motorcalc: ours \| 0\.60 ms \|/);
  });
});
