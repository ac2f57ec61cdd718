// The goals of issue 6, judged on the figures of one results file. A goal whose figures are missing
// (measure failed or not run, route not there yet) is `met: null`, never guessed.

import { quietWords } from '../lib/quiet';
import { lighthouseRoutes } from '../lib/routes';
import { isPortalRun, PORTAL_CALLS } from '../portal/measure';
import { costPairs, isCost } from '../service/cost';
import type { Measured } from '../service/index';
import type { LoadFigures } from '../service/load';
import { count, KB, kb, ms, percent, ratio } from './format';
import type { Goal, Measures } from './types';

export const GOALS = {
  firstPaintKB: 150,
  lighthouseScore: 98,
  firstContentfulPaintMs: 1200,
  maxCls: 0.02,
  maxTbtMs: 150,
  keystrokeShareOfRjsf: 1 / 3,
  commitsPerKeystroke: 1,
  rulesRatio: 1000,
  calcShareOfBare: 0.5,
  calcP99Ms: 20,
  quotationsPerSecondPg: 4000,
  quotationsPerSecondPglite: 2000,
  /** Ours costs at most this many times its floor's CPU per request (issue 27). */
  costOfFloor: 2,
  costP99Ms: 20,
  portalP95Ms: 200,
  portalPdfP95Ms: 150,
  /** The large measure (issue 27 item 2): keystroke p95 on the 200-field substep, 4× CPU slowdown. */
  largeKeystrokeP95Ms: 50,
  /** 20 to 200 fields: at most ten times the 20-field figure (linear). */
  largeGrowth: 10,
  largeCheckMs: 2000,
  largePathsMs: 2000,
  /** Issue 29 item 9: approval to both of two instances serving the new version. */
  publishMaxMs: 10_000,
  publishMedianMs: 2000,
} as const;

export const loadFigures = (m: Measured | undefined): (LoadFigures & { path: string }) | null =>
  m && 'requestsPerSecond' in m ? m : null;

function weightGoals(measures: Measures): Goal[] {
  const data = measures.weight?.data;
  const paths = data?.routes.map((r) => r.path) ?? ['/driver/offer/1', '/motor/offer/1'];
  return paths.map((path) => {
    const route = data?.routes.find((r) => r.path === path);
    const bytes = route?.firstPaintJsGzipBytes ?? null;
    return {
      id: `weight.firstPaint.${path}`,
      measure: 'weight',
      goal: `JavaScript for the first paint of ${path} ≤ ${GOALS.firstPaintKB} KB gz`,
      measured: bytes === null ? (route?.note ?? 'not measured') : kb(bytes),
      met: bytes === null ? null : bytes <= GOALS.firstPaintKB * KB,
      margin: bytes === null ? undefined : (GOALS.firstPaintKB * KB) / bytes - 1,
    };
  });
}

function lighthouseGoals(measures: Measures): Goal[] {
  const data = measures.lighthouse?.data;
  const paths = data?.map((r) => r.path) ?? lighthouseRoutes().map((r) => r.path);
  return paths.flatMap((path): Goal[] => {
    const route = data?.find((r) => r.path === path);
    const score = route?.score ?? null;
    const fcp = route?.fcpMs ?? null;
    const cls = route?.cls ?? null;
    const tbt = route?.tbtMs ?? null;
    const missing = route?.note ?? 'not measured';
    return [
      {
        id: `lighthouse.score.${path}`,
        measure: 'lighthouse',
        goal: `Lighthouse mobile performance score of ${path} ≥ ${GOALS.lighthouseScore}`,
        measured: score === null ? missing : String(score),
        met: score === null ? null : score >= GOALS.lighthouseScore,
        margin: score === null ? undefined : score / GOALS.lighthouseScore - 1,
      },
      {
        id: `lighthouse.fcp.${path}`,
        measure: 'lighthouse',
        goal: `first contentful paint of ${path} ≤ ${GOALS.firstContentfulPaintMs} ms (Lighthouse mobile)`,
        measured: fcp === null ? missing : ms(fcp),
        met: fcp === null ? null : fcp <= GOALS.firstContentfulPaintMs,
        margin: fcp === null ? undefined : GOALS.firstContentfulPaintMs / fcp - 1,
      },
      {
        id: `lighthouse.tbt.${path}`,
        measure: 'lighthouse',
        goal: `total blocking time of ${path} ≤ ${GOALS.maxTbtMs} ms (Lighthouse mobile)`,
        measured: tbt === null ? missing : ms(tbt),
        met: tbt === null ? null : tbt <= GOALS.maxTbtMs,
        margin: tbt === null ? undefined : GOALS.maxTbtMs / Math.max(tbt, 1) - 1,
      },
      {
        id: `lighthouse.cls.${path}`,
        measure: 'lighthouse',
        goal: `cumulative layout shift of ${path} ≤ ${GOALS.maxCls} (Lighthouse mobile)`,
        measured: cls === null ? missing : cls.toFixed(3),
        met: cls === null ? null : cls <= GOALS.maxCls,
        margin: cls === null ? undefined : cls === 0 ? 1 : GOALS.maxCls / cls - 1,
      },
    ];
  });
}

function renderGoals(measures: Measures): Goal[] {
  const e = measures.render?.data?.engines;
  const none = (id: string, goal: string): Goal => ({
    id,
    measure: 'render',
    goal,
    measured: 'not measured',
    met: null,
  });
  const firstGoal = 'first render ≤ bare RJSF and below JSON Forms and SurveyJS (medians)';
  const keyGoal = 'keystroke-to-next-frame latency ≤ 1/3 of bare RJSF (median and p95)';
  const commitGoal = 'one React commit per keystroke (ours)';
  if (!e)
    return [
      none('render.firstRender', firstGoal),
      none('render.keystroke', keyGoal),
      none('render.commits', commitGoal),
    ];
  const first = e.ours.firstRenderMs.median;
  const keyMedian = e.ours.keystrokeMs.median / e.rjsf.keystrokeMs.median;
  const keyP95 = e.ours.keystrokeMs.p95 / e.rjsf.keystrokeMs.p95;
  const commits = e.ours.commitsPerKeystroke;
  return [
    {
      id: 'render.firstRender',
      measure: 'render',
      goal: firstGoal,
      measured: `ours ${ms(first)}: ${ratio(first / e.rjsf.firstRenderMs.median)} bare RJSF's (${ms(e.rjsf.firstRenderMs.median)}), ${ratio(first / e.jsonforms.firstRenderMs.median)} JSON Forms', ${ratio(first / e.survey.firstRenderMs.median)} SurveyJS'`,
      met:
        first <= e.rjsf.firstRenderMs.median &&
        first < e.jsonforms.firstRenderMs.median &&
        first < e.survey.firstRenderMs.median,
      margin:
        Math.min(
          e.rjsf.firstRenderMs.median,
          e.jsonforms.firstRenderMs.median,
          e.survey.firstRenderMs.median,
        ) /
          first -
        1,
    },
    {
      id: 'render.keystroke',
      measure: 'render',
      goal: keyGoal,
      measured: `median ${ratio(keyMedian)}, p95 ${ratio(keyP95)} of bare RJSF's (ours ${ms(e.ours.keystrokeMs.median)} / ${ms(e.ours.keystrokeMs.p95)})`,
      met: keyMedian <= GOALS.keystrokeShareOfRjsf && keyP95 <= GOALS.keystrokeShareOfRjsf,
      margin: GOALS.keystrokeShareOfRjsf / Math.max(keyMedian, keyP95) - 1,
    },
    {
      id: 'render.commits',
      measure: 'render',
      goal: commitGoal,
      measured: `median ${commits.median}, most ${commits.max}`,
      met: commits.median === GOALS.commitsPerKeystroke && commits.max === GOALS.commitsPerKeystroke,
    },
  ];
}

const PEERS = ['rjsf', 'jsonforms', 'survey'] as const;
const PEER_NAMES = { rjsf: "bare RJSF's", jsonforms: "JSON Forms'", survey: "SurveyJS'" } as const;

function largeGoals(measures: Measures): Goal[] {
  const data = measures.large?.data;
  const goal = (id: string, text: string, judged?: Omit<Goal, 'id' | 'measure' | 'goal'>): Goal => ({
    id: `large.${id}`,
    measure: 'large',
    goal: text,
    ...(judged ?? { measured: 'not measured', met: null }),
  });
  const texts = {
    machine:
      "creating the 40-page flow's model (40 substeps × 20 fields): ours below SurveyJS' Model of 40 pages (bare RJSF and JSON Forms have none)",
    firstRender: 'first render of a 200-field substep, 4× CPU slowdown: ours below every peer (medians)',
    keystroke: `keystroke to next frame on a 200-field substep, 4× CPU slowdown: ours below every peer (median and p95), p95 ≤ ${GOALS.largeKeystrokeP95Ms} ms`,
    heap: 'JS heap used after rendering a 200-field substep: ours below every peer',
    growth: `growth from 20 to 200 fields no worse than linear (≤ ${GOALS.largeGrowth}×, ours: first render and keystroke median)`,
    check: `flows:check's checker on the 40 × 20 flow ≤ ${GOALS.largeCheckMs} ms (first run of a process)`,
    paths: `all-paths enumeration (flows:paths) of the 40 × 20 flow ≤ ${GOALS.largePathsMs} ms`,
  };
  if (!data) return Object.entries(texts).map(([id, text]) => goal(id, text));
  const e = data.engines;
  const big = (k: keyof typeof e) => e[k].sizes['200'];
  const vsPeers = (pick: (k: keyof typeof e) => number, show: (x: number) => string) => {
    const ours = pick('ours');
    const best = Math.min(...PEERS.map(pick));
    return {
      measured: `ours ${show(ours)}; ${PEERS.map((k) => `${ratio(ours / pick(k))} ${PEER_NAMES[k]} (${show(pick(k))})`).join(', ')}`,
      met: ours < best,
      margin: best / ours - 1,
    };
  };
  const n = data.node;
  const keyMedian = vsPeers((k) => big(k).keystrokeMs.median, ms);
  const keyP95 = vsPeers((k) => big(k).keystrokeMs.p95, ms);
  const p95 = big('ours').keystrokeMs.p95;
  const growth = e.ours.growth;
  return [
    goal('machine', texts.machine, {
      measured: `ours ${ms(n.machine.ours.medianMs)}, ${ratio(n.machine.ours.medianMs / n.machine.survey.medianMs)} SurveyJS' (${ms(n.machine.survey.medianMs)})`,
      met: n.machine.ours.medianMs < n.machine.survey.medianMs,
      margin: n.machine.survey.medianMs / n.machine.ours.medianMs - 1,
    }),
    goal(
      'firstRender',
      texts.firstRender,
      vsPeers((k) => big(k).firstRenderMs.median, ms),
    ),
    goal('keystroke', texts.keystroke, {
      measured: `median: ${keyMedian.measured}; p95: ${keyP95.measured}`,
      met: keyMedian.met && keyP95.met && p95 <= GOALS.largeKeystrokeP95Ms,
      margin: Math.min(keyMedian.margin, keyP95.margin, GOALS.largeKeystrokeP95Ms / p95 - 1),
    }),
    goal(
      'heap',
      texts.heap,
      vsPeers(
        (k) => big(k).heapUsedBytes,
        (x) => `${(x / 1e6).toFixed(1)} MB`,
      ),
    ),
    goal('growth', texts.growth, {
      measured: `first render ${ratio(growth.firstRender)}, keystroke ${ratio(growth.keystrokeMedian)}`,
      met: growth.firstRender <= GOALS.largeGrowth && growth.keystrokeMedian <= GOALS.largeGrowth,
      margin: GOALS.largeGrowth / Math.max(growth.firstRender, growth.keystrokeMedian) - 1,
    }),
    goal('check', texts.check, {
      measured: `${ms(n.check.coldMs)} (then ${ms(n.check.medianMs)} a run), ${n.check.problems} problems`,
      met: n.check.coldMs <= GOALS.largeCheckMs && n.check.problems === 0,
      margin: GOALS.largeCheckMs / n.check.coldMs - 1,
    }),
    goal('paths', texts.paths, {
      measured: `${ms(n.paths.medianMs)} (p95 ${ms(n.paths.p95Ms)}), ${n.paths.reachableStates} states, ${n.paths.unreachable} unreachable`,
      met: n.paths.p95Ms <= GOALS.largePathsMs && n.paths.unreachable === 0 && n.paths.deadEnds === 0,
      margin: GOALS.largePathsMs / n.paths.p95Ms - 1,
    }),
  ];
}

function rulesGoals(measures: Measures): Goal[] {
  const data = measures.rules?.data;
  const valid = data && data.disagreements === 0;
  return [
    {
      id: 'rules.ratio',
      measure: 'rules',
      goal: `check points per second ≥ ${GOALS.rulesRatio.toLocaleString('en-GB')}× json-rules-engine (≥ 24 check points, same answers)`,
      measured: !data
        ? 'not measured'
        : `${ratio(data.ratio)} on ${data.checkPoints} check points${valid ? '' : `, ${data.disagreements} disagreements`}`,
      met: !data ? null : Boolean(valid) && data.checkPoints >= 24 && data.ratio >= GOALS.rulesRatio,
      margin: data ? data.ratio / GOALS.rulesRatio - 1 : undefined,
    },
  ];
}

function serviceGoals(measures: Measures): Goal[] {
  const data = measures.service?.data;
  const out: Goal[] = [];
  const noteOf = (m: Measured | undefined) => (m && 'note' in m ? m.note : null);
  for (const flow of ['motor', 'driver']) {
    const calc = loadFigures(data?.calc[flow]);
    // The yardstick: the bare route validating the same body with the same schema (older results
    // files have only the no-op route, against which the goal is then not judged).
    const floor = loadFigures(data?.bareValidated?.[flow]);
    const share = calc && floor ? calc.requestsPerSecond / floor.requestsPerSecond : null;
    const ofNoop = calc && data ? calc.requestsPerSecond / data.bare.requestsPerSecond : null;
    const note =
      noteOf(data?.calc[flow]) ??
      (data && !floor
        ? (noteOf(data.bareValidated?.[flow]) ?? 'the validating bare route was not measured')
        : null);
    out.push({
      id: `service.calc.${flow}`,
      measure: 'service',
      goal: `${flow}calc throughput ≥ ${percent(GOALS.calcShareOfBare)} of a bare Fastify route validating the same body with the same schema, p99 ≤ ${GOALS.calcP99Ms} ms`,
      measured:
        calc && share !== null
          ? `${percent(share)} of the validating bare route${ofNoop !== null ? ` (${percent(ofNoop)} of the no-op one)` : ''}, p99 ${ms(calc.p99Ms)}${calc.non2xx || calc.errors ? `, ${calc.non2xx + calc.errors} failed` : ''}`
          : (note ?? 'not measured'),
      met:
        calc && share !== null
          ? share >= GOALS.calcShareOfBare && calc.p99Ms <= GOALS.calcP99Ms && !calc.non2xx && !calc.errors
          : null,
      margin:
        calc && share !== null
          ? Math.min(share / GOALS.calcShareOfBare, GOALS.calcP99Ms / Math.max(calc.p99Ms, 1)) - 1
          : undefined,
    });
  }
  const quotationGoal = (db: 'postgres' | 'pglite', name: string, goal: number): Goal => {
    const m = data?.quotation[db];
    const figures = loadFigures(m);
    return {
      id: `service.quotation.${db}`,
      measure: 'service',
      goal: `quotation writes on ${name} ≥ ${goal.toLocaleString('en-GB')}/s`,
      measured: figures
        ? `${count(figures.requestsPerSecond)}/s, p99 ${ms(figures.p99Ms)}${figures.non2xx || figures.errors ? `, ${figures.non2xx + figures.errors} failed` : ''}`
        : (noteOf(m) ?? 'not measured'),
      met: figures ? figures.requestsPerSecond >= goal && !figures.non2xx && !figures.errors : null,
      margin: figures ? figures.requestsPerSecond / goal - 1 : undefined,
    };
  };
  out.push(quotationGoal('postgres', 'PostgreSQL', GOALS.quotationsPerSecondPg));
  out.push(quotationGoal('pglite', 'the embedded database (PGlite)', GOALS.quotationsPerSecondPglite));
  return out;
}

function costGoals(measures: Measures): Goal[] {
  const data = measures.cost?.data;
  const pairs = data
    ? costPairs(data)
    : [
        ...['motor', 'driver'].map((f) => ({ id: `cost.calc.${f}`, label: `${f}calc` })),
        { id: 'cost.quotation.pglite', label: 'quotation on PGlite' },
        { id: 'cost.quotation.postgres', label: 'quotation on PostgreSQL' },
      ].map((p) => ({ ...p, floor: undefined, ours: undefined }));
  return pairs.map((p): Goal => {
    const goal = `${p.label}: service CPU per request ≤ ${GOALS.costOfFloor}× its floor's, p99 ≤ ${GOALS.costP99Ms} ms`;
    const base = { id: p.id, measure: 'cost' as const, goal };
    const ours = isCost(p.ours) ? p.ours : null;
    const floor = isCost(p.floor) ? p.floor : null;
    if (!ours || !floor) {
      const note =
        (p.ours && 'note' in p.ours ? p.ours.note : null) ??
        (p.floor && 'note' in p.floor ? p.floor.note : null);
      return { ...base, measured: note ?? 'not measured', met: null };
    }
    const times = ours.cpuMsPerRequest / Math.max(floor.cpuMsPerRequest, 1e-6);
    const failed = ours.failed + floor.failed;
    return {
      ...base,
      measured: `${ratio(times)} the floor's CPU (${ms(ours.cpuMsPerRequest)} against ${ms(floor.cpuMsPerRequest)} a request), p99 ${ms(ours.p99Ms)}${failed ? `, ${failed} failed` : ''}`,
      met: times <= GOALS.costOfFloor && ours.p99Ms <= GOALS.costP99Ms && failed === 0,
      margin: Math.min(GOALS.costOfFloor / times, GOALS.costP99Ms / Math.max(ours.p99Ms, 1)) - 1,
    };
  });
}

function portalGoals(measures: Measures): Goal[] {
  const data = measures.portal?.data;
  return (['pglite', 'postgres'] as const).flatMap((db): Goal[] => {
    const name = db === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const run = data?.[db];
    const r = isPortalRun(run) ? run : null;
    const missing = run && 'note' in run ? run.note : 'not measured';
    const calls = PORTAL_CALLS.filter((c) => c !== 'signIn');
    const errors = r ? PORTAL_CALLS.reduce((n, c) => n + r.calls[c].errors, 0) : 0;
    const worst = r ? Math.max(...calls.map((c) => r.calls[c].p95Ms)) : 0;
    const pdf = r?.calls.pdf.p95Ms ?? 0;
    return [
      {
        id: `portal.calls.${db}`,
        measure: 'portal',
        goal: `portal on ${name}, ${data && r ? r.customers : 200} customers: 0 errors, p95 ≤ ${GOALS.portalP95Ms} ms for every call but sign-in`,
        measured: r
          ? `${errors} errors; p95 ${calls.map((c) => `${c} ${ms(r.calls[c].p95Ms)}`).join(', ')}`
          : missing,
        met: r ? errors === 0 && worst <= GOALS.portalP95Ms : null,
        margin: r ? GOALS.portalP95Ms / Math.max(worst, 1) - 1 : undefined,
      },
      {
        id: `portal.pdf.${db}`,
        measure: 'portal',
        goal: `policy schedule PDF on ${name}: p95 ≤ ${GOALS.portalPdfP95Ms} ms`,
        measured: r ? ms(pdf) : missing,
        met: r ? pdf <= GOALS.portalPdfP95Ms && r.calls.pdf.errors === 0 : null,
        margin: r ? GOALS.portalPdfP95Ms / Math.max(pdf, 1) - 1 : undefined,
      },
    ];
  });
}

function publishingGoals(measures: Measures): Goal[] {
  const data = measures.publishing?.data;
  const r = data && 'medianMs' in data ? data : null;
  const missing = data && 'note' in data ? data.note : 'not measured';
  return [
    {
      id: 'publishing.serve',
      measure: 'publishing',
      goal: `approval to both of two instances serving the new version: every one under ${GOALS.publishMaxMs / 1000} s, median under ${GOALS.publishMedianMs / 1000} s`,
      measured: r
        ? `median ${ms(r.medianMs)}, slowest ${ms(r.maxMs)} over ${r.publications} publications`
        : missing,
      met: r ? r.maxMs < GOALS.publishMaxMs && r.medianMs < GOALS.publishMedianMs : null,
      margin: r ? Math.min(GOALS.publishMaxMs / r.maxMs, GOALS.publishMedianMs / r.medianMs) - 1 : undefined,
    },
  ];
}

/**
 * Every goal says how its figure was taken (quiet or not, bench/lib/quiet.ts); a goal of a measure
 * the quiet gate skipped is not judged and says why.
 */
export function judgeGoals(measures: Measures): Goal[] {
  return [
    ...weightGoals(measures),
    ...lighthouseGoals(measures),
    ...renderGoals(measures),
    ...largeGoals(measures),
    ...rulesGoals(measures),
    ...serviceGoals(measures),
    ...costGoals(measures),
    ...portalGoals(measures),
    ...publishingGoals(measures),
  ].map((g) => {
    const run = measures[g.measure];
    if (run?.skipped) return { ...g, measured: run.skipped, met: null, margin: undefined, taken: 'skipped' };
    return run?.data ? { ...g, taken: quietWords(run.quiet) } : g;
  });
}
