// bench/RESULTS.md from a results file: the machine, the goals, one table per measure (ratios
// against the peers, measured in the same run), a chart per measure, and for every goal not met
// the reason and the next step (./analysis.ts).

import { QUIET_LOAD, quietWords } from '../lib/quiet';
import { NOT_MET } from './analysis';
import { ENGINE_LABELS } from './charts';
import { BORDERLINE, count, kb, mark, ms, percent, ratio } from './format';
import { loadFigures } from './goals';
import { EVENT_TIMING_HEADS, EVENT_TIMING_NOTE, eventTimingCells, LARGE_ABOUT, large } from './largeSection';
import { cost, portal } from './loadSections';
import { goalCell, table } from './table';
import type { Goal, MeasureName, MeasureRun, Measures, Results } from './types';

const TITLES: Record<MeasureName, string> = {
  weight: '1a. Weight',
  lighthouse: '1b. Lighthouse (mobile)',
  render: '2. Rendering',
  large: '2b. The engine as flows grow',
  rules: '3. Rules',
  service: '4. Service',
  cost: '4b. Service cost per request',
  portal: '4c. The portal under load',
  publishing: '4d. Publishing without a restart',
  engine: '5. Engine start',
};

function weight(m: Measures, goals: Goal[]): string[] {
  const w = m.weight?.data;
  if (!w) return [];
  const rows = w.routes.map((r) => [
    `first paint of \`${r.path}\``,
    r.firstPaintJsGzipBytes === null ? (r.note ?? '–') : kb(r.firstPaintJsGzipBytes),
    String(r.scripts.length),
    '≤ 150 KB',
    goalCell(goals, `weight.firstPaint.${r.path}`),
  ]);
  rows.push([
    'whole app (every script in dist/assets)',
    kb(w.wholeAppJsGzipBytes),
    String(w.scriptFiles),
    '',
    '',
  ]);
  const out = [table(['JavaScript', 'gzip', 'scripts', 'goal', ''], rows), ''];
  for (const r of w.routes.filter((x) => x.scripts.length)) {
    out.push(
      `Largest scripts of \`${r.path}\`'s first paint: ${r.scripts
        .slice(0, 5)
        .map((s) => `\`${s.file}\` ${kb(s.gzipBytes)}`)
        .join(', ')}.`,
      '',
    );
  }
  const render = m.render?.data?.engines;
  if (render)
    out.push(
      `For comparison, the JavaScript of each engine's rendering benchmark page (measure 2): ${Object.entries(
        ENGINE_LABELS,
      )
        .map(([k, label]) => `${label} ${kb(render[k as keyof typeof ENGINE_LABELS].jsGzipBytes)}`)
        .join(', ')}.`,
      '',
    );
  out.push("Scripts the browser fetched until the step's first field was on screen, gzip level 9.");
  return out;
}

function lighthouse(m: Measures, goals: Goal[]): string[] {
  const l = m.lighthouse?.data;
  if (!l) return [];
  return [
    table(
      ['route', 'score', 'scores of the runs', 'LCP', 'TBT', 'CLS', 'FCP', 'goal', ''],
      l.map((r) => [
        `\`${r.path}\``,
        r.score === null ? (r.note ?? '–') : String(r.score),
        r.scores.join(', '),
        ms(r.lcpMs),
        ms(r.tbtMs),
        r.cls === null ? '–' : r.cls.toFixed(3),
        ms(r.fcpMs),
        '≥ 98',
        goalCell(goals, `lighthouse.score.${r.path}`),
      ]),
    ),
    '',
    "Lighthouse's default mobile settings (emulated phone, simulated slow 4G and 4× CPU slowdown), performance only, 3 runs per route; the run with the median score is shown. Routes (bench/lib/routes.ts): every product's first step (each flow with a product API), /help-page, /login, and a demo customer's /my-dashboard and /my-contracts audited signed in (Lighthouse sends the session cookie; a run that ends anywhere but on the route fails). Goals per route: score ≥ 98, total blocking time ≤ 150 ms, FCP ≤ 1.2 s, CLS ≤ 0.02. The portal routes' script bytes are guarded in CI by tests/e2e/portal-weight.spec.ts (budget: today's figures in portalWeightBudget.json; goal 150 KB gz).",
  ];
}

function render(m: Measures, goals: Goal[]): string[] {
  const r = m.render?.data;
  if (!r) return [];
  const ours = r.engines.ours;
  const rows = (Object.keys(ENGINE_LABELS) as (keyof typeof ENGINE_LABELS)[]).map((k) => {
    const e = r.engines[k];
    return [
      ENGINE_LABELS[k],
      ms(e.firstRenderMs.median),
      ms(e.firstRenderMs.p95),
      k === 'ours' ? '' : ratio(ours.firstRenderMs.median / e.firstRenderMs.median),
      ms(e.keystrokeMs.median),
      ms(e.keystrokeMs.p95),
      k === 'ours'
        ? ''
        : `${ratio(ours.keystrokeMs.median / e.keystrokeMs.median)} / ${ratio(ours.keystrokeMs.p95 / e.keystrokeMs.p95)}`,
      ...eventTimingCells(e.eventTiming),
      k === 'ours' || !e.eventTiming?.processingMs.median || !ours.eventTiming?.processingMs.median
        ? ''
        : ratio(ours.eventTiming.processingMs.median / e.eventTiming.processingMs.median),
      `${e.commitsPerKeystroke.median} (most ${e.commitsPerKeystroke.max})`,
      kb(e.jsGzipBytes),
      e.typedTextKept ? 'yes' : 'NO',
    ];
  });
  return [
    table(
      [
        'engine',
        'first render, median',
        'p95',
        'ours ÷ engine',
        'keystroke, median',
        'p95',
        'ours ÷ engine (median / p95)',
        ...EVENT_TIMING_HEADS,
        'ours ÷ engine (processing, median)',
        'React commits per keystroke',
        'page JS gz',
        'text kept',
      ],
      rows,
    ),
    '',
    `Goals: first render ${goalCell(goals, 'render.firstRender')}; keystroke latency ≤ 1/3 of bare RJSF ${goalCell(goals, 'render.keystroke')}; one commit per keystroke ${goalCell(goals, 'render.commits')}.`,
    '',
    `${r.loadsPerEngine} loads per engine (engines taking turns), ${r.typingRunsPerEngine} of them typing ${r.characters} characters into one field with live validation; "ours ÷ engine" below 1 means ours is faster. First render counts from navigation start to the frame after the whole step is in the DOM; keystroke latency from the keydown to just after the next frame (the frame clock unthrottled).`,
    '',
    EVENT_TIMING_NOTE,
  ];
}

function rules(m: Measures, goals: Goal[]): string[] {
  const r = m.rules?.data;
  if (!r) return [];
  return [
    table(
      ['engine', 'rule-set evaluations / s', 'check points / s', 'ours ÷ engine', 'goal', ''],
      [
        [
          'ours (evaluateCheckPoints)',
          count(r.ours.evaluationsPerSecond),
          count(r.ours.checkPointsPerSecond),
          '',
          '',
          '',
        ],
        [
          'json-rules-engine 7',
          count(r.jsonRulesEngine.evaluationsPerSecond),
          count(r.jsonRulesEngine.checkPointsPerSecond),
          ratio(r.ratio),
          '≥ 1,000×',
          goalCell(goals, 'rules.ratio'),
        ],
      ],
    ),
    '',
    `${r.checkPoints} check points in ${r.groups} groups (single fields, AND and OR groups, sums, ratios) on ${r.quotes.toLocaleString('en-GB')} generated motor quotes, ${percent(r.referralShare)} of which refer; the two engines named a different referral on ${r.disagreements} quotes. ${r.roundRatios.length} rounds of ${r.secondsPerRound} s per engine, back to back; the ratio is the median of the rounds' ratios (${r.roundRatios.map((x) => ratio(x)).join(', ')}).`,
  ];
}

function service(m: Measures, goals: Goal[]): string[] {
  const s = m.service?.data;
  if (!s) return [];
  const bare = s.bare.requestsPerSecond;
  const row = (
    label: string,
    measured: ReturnType<typeof loadFigures>,
    note: string,
    goal: string,
    id: string,
    floor?: ReturnType<typeof loadFigures>,
  ) =>
    measured
      ? [
          label,
          `\`${measured.path}\``,
          count(measured.requestsPerSecond),
          floor ? percent(measured.requestsPerSecond / floor.requestsPerSecond) : '',
          percent(measured.requestsPerSecond / bare),
          ms(measured.p50Ms),
          ms(measured.p99Ms),
          `${measured.requests.toLocaleString('en-GB')} (${measured.non2xx + measured.errors} failed)`,
          goal,
          id ? goalCell(goals, id) : '',
        ]
      : [label, '', note, '', '', '', '', '', goal, id ? goalCell(goals, id) : ''];
  const noteOf = (x: unknown) =>
    x && typeof x === 'object' && 'note' in x ? String(x.note) : 'not measured';
  const validated = s.bareValidated ?? {};
  const rows = [
    row('bare Fastify route, no-op', s.bare, '', '', ''),
    ...Object.entries(validated).map(([flow, v]) =>
      row(`bare route validating the ${flow} body`, loadFigures(v), noteOf(v), '', ''),
    ),
    ...Object.entries(s.calc).map(([flow, c]) =>
      row(
        `${flow}calc`,
        loadFigures(c),
        noteOf(c),
        '≥ 50 % of the validating bare route, p99 ≤ 20 ms',
        `service.calc.${flow}`,
        loadFigures(validated[flow]),
      ),
    ),
    row(
      'quotation on PGlite',
      loadFigures(s.quotation.pglite),
      noteOf(s.quotation.pglite),
      '≥ 2,000/s',
      'service.quotation.pglite',
    ),
    row(
      'quotation on PostgreSQL',
      loadFigures(s.quotation.postgres),
      noteOf(s.quotation.postgres),
      '≥ 4,000/s',
      'service.quotation.postgres',
    ),
  ];
  return [
    table(
      [
        'route',
        'path',
        'requests / s',
        'of validating bare',
        'of no-op bare',
        'p50',
        'p99',
        'requests',
        'goal',
        '',
      ],
      rows,
    ),
    '',
    `autocannon in the benchmark's process, ${s.settings.connections} connections for ${s.settings.seconds} s per route after a 2 s warm-up, against \`node --import tsx src/server/main.ts\` (as \`npm start\` runs it; request logging and the per-IP rate limit off, as on the bare routes) and a bare Fastify app started the same way (bench/service/bare.ts). The calc goal's yardstick is the bare route that parses the same body and validates it with the same quote schema (schemas/api/quote.json) and answers a small fixed body: a hand-written endpoint's floor; the no-op route stays as a second reference. Quotations are of the ${s.quotation.flow} product (its happy-path scenario's quote), each storing a new offer; PostgreSQL is a throwaway cluster on loopback. \`node --import tsx bench/service/profile.ts motor|driver|quotation\` profiles one of these calls under the same load.`,
  ];
}

function publishing(m: Measures, goals: Goal[]): string[] {
  const p = m.publishing?.data;
  if (!p) return [];
  if ('note' in p) return [p.note];
  return [
    `Two service instances on one PostgreSQL, each with its own pool; the editor's driver tariff change (+3 %) submitted, then approved and published ${p.publications} times in a row. Timed from the approval until both instances answer the driver calculation with the new premium (they learn of it by LISTEN/NOTIFY, with polling every ${p.pollMs / 1000} s as the fallback). Median ${ms(p.medianMs)}, slowest ${ms(p.maxMs)}; every round in ms: ${p.samplesMs.join(', ')}. Goal ${goalCell(goals, 'publishing.serve')}.`,
  ];
}

function engine(m: Measures): string[] {
  const e = m.engine?.data;
  if (!e) return [];
  return [
    table(
      ['flow', 'substeps', 'loadFlow, ms', 'machine creation, median', 'p95'],
      e.flows.map((f) => [
        f,
        String(e.substeps[f]),
        ms(e.loadPerFlowMs[f]),
        ms(e.machine[f].medianMs),
        ms(e.machine[f].p95Ms),
      ]),
    ),
    '',
    `Reading and validating every flow (files from disk, JSON Schema validation, references, field sets): ${ms(e.loadAll.medianMs)} median, ${ms(e.loadAll.p95Ms)} p95 over ${e.loadAll.runs} runs; the first in the process ${ms(e.loadAll.coldMs)}. Nearly all of a check is Ajv compiling the format's JSON Schemas, done once for the flows read together (src/engine/flow/check.ts); the validation itself takes about a millisecond a flow. Machine creation is createFlowMachine plus createActor(...).start(), ${e.machineRuns} times per flow. No goal is set for this measure.`,
  ];
}

const SECTIONS: Record<MeasureName, (m: Measures, goals: Goal[]) => string[]> = {
  weight,
  lighthouse,
  render,
  large,
  rules,
  service,
  cost,
  portal,
  publishing,
  engine,
};

/** What a measure that has no figures yet measures (its section says so until a quiet run). */
const PENDING_ABOUT: Partial<Record<MeasureName, string>> = {
  large: LARGE_ABOUT,
};

function section(name: MeasureName, run: MeasureRun | undefined, results: Results): string[] {
  const out = [`## ${TITLES[name]}`, ''];
  if (!run)
    return [
      ...out,
      ...(PENDING_ABOUT[name] ? [PENDING_ABOUT[name] as string, ''] : []),
      `Not measured yet, pending a quiet run: \`npm run bench -- --only ${name}\`.`,
      '',
    ];
  out.push(
    `Measured ${run.measuredAt.replace('T', ' ').slice(0, 16)} UTC in ${Math.round(run.seconds)} s${run.smoke ? ' (smoke mode: tiny counts, figures not meaningful)' : ''}.`,
    '',
  );
  if (run.error) return [...out, `The measure failed: \`${run.error.split('\n')[0]}\``, ''];
  out.push(`Taken: ${quietWords(run.quiet)}.`, '');
  if (run.skipped) return [...out, `Skipped: ${run.skipped}. The figures are pending a quiet run.`, ''];
  out.push(
    ...SECTIONS[name](results.measures, results.goals),
    '',
    `![${TITLES[name]}](charts/${name}.svg)`,
    '',
  );
  return out;
}

/** Goals explained once per note (the same goal on two routes or two products shares one). */
function explained(list: Goal[]): string[] {
  const groups = new Map<string, Goal[]>();
  for (const g of list) {
    const key = Object.keys(NOT_MET).find((prefix) => g.id.startsWith(prefix)) ?? g.id;
    groups.set(key, [...(groups.get(key) ?? []), g]);
  }
  const out: string[] = [];
  for (const [key, goals] of groups) {
    const note = NOT_MET[key];
    out.push(`### ${goals.map((g) => g.goal).join('; ')}`, '');
    out.push(`Measured: ${goals.map((g) => g.measured).join('; ')}.`, '');
    if (note) out.push(`**Why.** ${note.why}`, '', `**Next step.** ${note.next}`, '');
    else out.push('Not analysed yet.', '');
  }
  return out;
}

function notMet(goals: Goal[]): string[] {
  const failed = goals.filter((g) => g.met === false);
  const unmeasured = goals.filter((g) => g.met === null);
  const borderline = goals.filter(
    (g) => g.met === true && g.margin !== undefined && Math.abs(g.margin) < BORDERLINE,
  );
  const out = ['## Goals not met', ''];
  if (!failed.length && !unmeasured.length) out.push('None: every goal is met.', '');
  out.push(...explained(failed));
  if (unmeasured.length)
    out.push('Not measured in this file:', '', ...unmeasured.map((g) => `- ${g.goal}: ${g.measured}`), '');
  if (borderline.length)
    out.push(
      `## Goals met by less than ${BORDERLINE * 100} %`,
      '',
      'Met in this run, but close enough to the threshold that other runs on this machine missed them.',
      '',
      ...explained(borderline),
    );
  return out;
}

export function resultsMarkdown(results: Results): string {
  const { machine, run } = results;
  const out: string[] = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench\` (bench/run.ts); do not edit by hand: the reasons under "Goals not met" live in bench/report/analysis.ts. Issue 6: ours against the form and rule engines people would pick instead, measured on the same machine in the same run. Absolute times drift on a shared machine; the ratios are what to read.`,
    '',
  ];
  if (run.smoke)
    out.push(
      '> **Smoke run**: tiny iteration counts, to check the runner works. The figures mean nothing.',
      '',
    );
  out.push(
    table(
      ['machine', ''],
      [
        ['CPU', `${machine.cpuModel}, ${machine.cores} cores`],
        ['memory', `${machine.memoryGiB} GiB`],
        ['OS', machine.os],
        ['Node.js', machine.node],
        ['Chromium', machine.chromium ?? '–'],
        ['load average (1 min) at start / end', `${machine.loadAverage.start} / ${machine.loadAverage.end}`],
        ['date', machine.date],
        [
          'last run',
          `\`npm run bench${run.args.length ? ` -- ${run.args.join(' ')}` : ''}\`, ${Math.round(run.seconds)} s`,
        ],
        [
          'last run of every measure',
          run.lastFullRun
            ? `${run.lastFullRun.date.replace('T', ' ').slice(0, 16)} UTC, ${run.lastFullRun.seconds} s`
            : '–',
        ],
      ],
    ),
    '',
    '## Goals',
    '',
    table(
      ['measure', 'goal', 'measured', '', 'taken'],
      results.goals.map((g) => [
        TITLES[g.measure].replace(/^\S+ /, ''),
        g.goal,
        g.measured,
        mark(g.met, g.margin),
        g.taken ?? '',
      ]),
    ),
    '',
    `"Taken": whether the figure was taken on a quiet machine, a 1-minute load average ≤ ${QUIET_LOAD} before and after its measure (bench/lib/quiet.ts). A measure does not start above it: it waits up to BENCH_QUIET_WAIT seconds (default 120) for the machine to calm down, then is skipped with the reason; figures of a measure that ends above it are dropped. BENCH_ANY_LOAD=1 reports them anyway, marked NOT quiet, for development only. Figures from before the gate say "quiet unknown" and are pending a quiet run.`,
    '',
    `"Borderline": within ${BORDERLINE * 100} % of the goal's threshold, where this machine's noise can turn the outcome either way from one run to the next.`,
    '',
  );
  for (const name of Object.keys(TITLES) as MeasureName[])
    out.push(...section(name, results.measures[name], results));
  out.push(...notMet(results.goals));
  out.push(
    '## Reproduce',
    '',
    '`npm run bench` (about 10 minutes on 2 cores with the service cost and portal measures, plus up to 2 minutes per measure waiting for a quiet machine, plus a build when dist/ is out of date; `-- --only rules,render` for a subset, `-- --smoke` for a quick check). See docs/development.md#benchmarks.',
    '',
  );
  return out.join('\n');
}
