// RESULTS.md's section of the large measure (issue 27 item 2), and the Event Timing cells the
// rendering tables share (issue 27 item 5).

import type { EventTimingFigure } from '../render/measure';
import { ENGINE_LABELS } from './charts';
import { kb, ms, ratio } from './format';
import { goalCell, table } from './table';
import type { Goal, Measures } from './types';

type EngineKey = keyof typeof ENGINE_LABELS;
const ENGINE_KEYS = Object.keys(ENGINE_LABELS) as EngineKey[];

/** A figure of Event Timing: null when it falls on a keystroke the browser did not report. */
const timing = (x: number | null, threshold: number) => (x === null ? `< ${threshold} ms` : ms(x));

/** The cells: processing median / p95, duration median / p95, keystrokes reported. */
export function eventTimingCells(e: EventTimingFigure | undefined): string[] {
  if (!e) return ['–', '–', '–'];
  const t = e.thresholdMs;
  return [
    e.reported
      ? `${timing(e.processingMs.median, t)} / ${timing(e.processingMs.p95, t)}`
      : `none reported (all < ${t} ms)`,
    `${timing(e.durationMs.median, t)} / ${timing(e.durationMs.p95, t)}`,
    `${e.reported} of ${e.keystrokes}`,
  ];
}

export const EVENT_TIMING_HEADS = [
  'Event Timing processing, median / p95',
  'event duration, median / p95',
  'keystrokes reported',
];

export const EVENT_TIMING_NOTE =
  "Event Timing (issue 27 item 5, the second keystroke figure): the browser's own PerformanceEventTiming entries of each keystroke's keydown, keypress, beforeinput, input and keyup (bench/render/harness.ts); processing is the sum of their processingEnd − processingStart, the handlers' own time without the frame, and the duration the longest entry's (keydown's timestamp to the next paint after its handlers, rounded to 8 ms by the browser). The API reports no event under 16 ms (the lowest durationThreshold it takes), so a keystroke whose events were all quicker has no entry: the processing figures are over the reported keystrokes only, and a duration percentile that falls on an unreported one reads \"< 16 ms\".";

export const LARGE_ABOUT =
  "The engine as flows grow (issue 27 item 2, bench/large/): a generated flow of 40 substeps × 20 motor-quote fields, some shown under conditions (seeded, bench/large/generate.ts), and one substep of 20 and of 200 fields, through our engine and renderer and the same form in bare RJSF, JSON Forms and SurveyJS. Figures: creating the 40-page model (ours: the flow's XState machine started; SurveyJS: a Model of 40 pages; bare RJSF and JSON Forms have no multi-page model, so N/A, with their 40 pages' schema and validator preparation shown apart), first render of the 200-field substep, keystroke-to-next-frame median and p95 and Event Timing on it under a 4× CPU slowdown, the JS heap after the render, the growth from 20 to 200 fields, and flows:check's checker and the all-paths enumeration on the 40 × 20 flow. Goals: ours below every peer on each figure, keystroke p95 ≤ 50 ms, growth no worse than linear, check and paths under 2 s.";

export function large(m: Measures, goals: Goal[]): string[] {
  const r = m.large?.data;
  if (!r) return [];
  const n = r.node;
  const e = r.engines;
  const mb = (x: number) => (Number.isFinite(x) ? `${(x / 1e6).toFixed(1)} MB` : '–');
  const model = (k: EngineKey) =>
    k === 'ours'
      ? ms(n.machine.ours.medianMs)
      : k === 'survey'
        ? `${ms(n.machine.survey.medianMs)} (${ratio(n.machine.ours.medianMs / n.machine.survey.medianMs)})`
        : `N/A: no multi-page model (preparing the 40 pages' forms: ${ms(n.preparation[k].medianMs)})`;
  const rows = ENGINE_KEYS.map((k) => {
    const big = e[k].sizes['200'];
    const small = e[k].sizes['20'];
    const vs = (pick: (x: typeof big) => number) =>
      k === 'ours' ? '' : ` (${ratio(pick(e.ours.sizes['200']) / pick(big))})`;
    return [
      ENGINE_LABELS[k],
      model(k),
      `${ms(big.firstRenderMs.median)}${vs((x) => x.firstRenderMs.median)}`,
      `${ms(big.keystrokeMs.median)}${vs((x) => x.keystrokeMs.median)}`,
      `${ms(big.keystrokeMs.p95)}${vs((x) => x.keystrokeMs.p95)}`,
      ...eventTimingCells(big.eventTiming).slice(0, 2),
      `${mb(big.heapUsedBytes)}${vs((x) => x.heapUsedBytes)}`,
      `${ms(small.firstRenderMs.median)} → ${ratio(e[k].growth.firstRender)}`,
      `${ms(small.keystrokeMs.median)} → ${ratio(e[k].growth.keystrokeMedian)}`,
      big.typedTextKept && small.typedTextKept ? 'yes' : 'NO',
    ];
  });
  return [
    table(
      [
        'engine',
        '40-page model, median (ours ÷ engine)',
        '200 fields: first render, median',
        'keystroke, median',
        'keystroke, p95',
        'Event Timing processing, median / p95',
        'event duration, median / p95',
        'JS heap after render',
        '20 fields: first render → growth to 200',
        'keystroke → growth',
        'text kept',
      ],
      rows,
    ),
    '',
    `Goals: model ${goalCell(goals, 'large.machine')}; first render ${goalCell(goals, 'large.firstRender')}; keystroke ${goalCell(goals, 'large.keystroke')}; heap ${goalCell(goals, 'large.heap')}; growth ${goalCell(goals, 'large.growth')}; check ${goalCell(goals, 'large.check')}; paths ${goalCell(goals, 'large.paths')}.`,
    '',
    table(
      ['on the generated 40 × 20 flow', 'first run', 'median', 'p95', ''],
      [
        [
          "flows:check's checker (checkFlowFolder)",
          ms(n.check.coldMs),
          ms(n.check.medianMs),
          ms(n.check.p95Ms),
          `${n.check.problems} problems; ≤ 2 s: ${goalCell(goals, 'large.check')}`,
        ],
        [
          'all-paths enumeration (analyseFlow of flows:paths)',
          '',
          ms(n.paths.medianMs),
          ms(n.paths.p95Ms),
          `${n.paths.reachableStates} states reached, ${n.paths.forwardPaths} forward path(s) to the end, ${n.paths.unreachable} unreachable, ${n.paths.deadEnds} dead ends; ≤ 2 s: ${goalCell(goals, 'large.paths')}`,
        ],
      ],
    ),
    '',
    `The forms are generated from seed ${r.seed} (bench/large/generate.ts): fields drawn from the rendering step's motor-quote fields (names, identity card, phone, e-mail, address, plate, years, values, dates, district, make, yes/no questions), numbered so ids and labels are unique, about one in ten shown only when an earlier yes/no of its substep has a given answer (half of them shown with the starting answers). The flow has ${n.substeps} substeps of ${n.fieldsPerSubstep} fields in steps of five (${n.conditionalFields} conditional fields), checked by flows:check's own checker (the first run compiles the format's schemas, as a \`npm run flows:check\` process does; ${n.runs} runs after it) and enumerated by flows:paths' analyseFlow; tests/unit/bench/largeFlow.test.ts keeps it passing the checker and its machine reaching every substep. The 40-page model: ours createFlowMachine plus createActor(...).start(), SurveyJS a Model with 40 pages and the answers set, each ${r.node.runs > 1 ? 'run repeatedly' : 'run'} in Node; bare RJSF and JSON Forms have no model of several pages (a wizard on them renders one form per page), so theirs is marked N/A and the cell shows what preparing the 40 pages' forms costs them instead (each page's JSON Schema, and JSON Forms' UI schema, built and its validator compiled: RJSF's ajv8 validator, JSON Forms' createAjv), which is not comparable with a model. In Chromium, each engine's rendering page with a generated substep of 20 and of 200 fields (\`?fields=\`), ${r.cpuSlowdown}× CPU slowdown (CDP Emulation.setCPUThrottlingRate, the frame clock unthrottled), ${r.loadsPerEngine} loads per engine and size (engines taking turns), ${r.typingRunsPerEngine} of them typing ${r.characters} characters into the first field; the heap is JSHeapUsedSize (CDP Performance.getMetrics) after a garbage collection once the form is drawn. Growth is the 200-field figure over the 20-field one (10× would be linear); "ours ÷ engine" below 1 means ours is smaller or faster. Page JavaScript as in measure 2 (${kb(m.render?.data?.engines.ours.jsGzipBytes)} for ours).`,
    '',
    EVENT_TIMING_NOTE,
  ];
}
