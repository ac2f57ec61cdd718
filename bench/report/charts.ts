// One chart per measure, from the figures of a results file (measures without figures get none).

import { isPortalRun, PORTAL_CALLS, type PortalRun } from '../portal/measure';
import { type Cost, costPairs, isCost } from '../service/cost';
import { count, KB, kb, ms } from './format';
import { GOALS, loadFigures } from './goals';
import type { Bar, Chart } from './svg';
import type { MeasureName, Measures } from './types';

export const ENGINE_LABELS = {
  ours: 'ours',
  rjsf: 'bare RJSF',
  jsonforms: 'JSON Forms',
  survey: 'SurveyJS',
} as const;

function weightChart(m: Measures): Chart | null {
  const w = m.weight?.data;
  if (!w) return null;
  const bars: Bar[] = w.routes
    .filter((r) => r.firstPaintJsGzipBytes !== null)
    .map((r) => ({
      label: `first paint ${r.path}`,
      value: (r.firstPaintJsGzipBytes ?? 0) / KB,
      text: kb(r.firstPaintJsGzipBytes),
      highlight: true,
    }));
  bars.push({ label: 'whole app', value: w.wholeAppJsGzipBytes / KB, text: kb(w.wholeAppJsGzipBytes) });
  const render = m.render?.data?.engines;
  const panels: Chart['panels'] = [
    {
      title: 'JavaScript, KB gzip',
      bars,
      goal: { value: GOALS.firstPaintKB, label: `goal: first paint ≤ ${GOALS.firstPaintKB} KB` },
    },
  ];
  if (render)
    panels.push({
      title: 'The rendering benchmark page of each engine, KB gzip',
      bars: (Object.keys(ENGINE_LABELS) as (keyof typeof ENGINE_LABELS)[]).map((e) => ({
        label: ENGINE_LABELS[e],
        value: render[e].jsGzipBytes / KB,
        text: kb(render[e].jsGzipBytes),
        highlight: e === 'ours',
      })),
    });
  return { title: 'Weight', subtitle: 'gzip bytes of JavaScript (level 9)', panels };
}

function lighthouseChart(m: Measures): Chart | null {
  const l = m.lighthouse?.data?.filter((r) => r.score !== null);
  if (!l?.length) return null;
  return {
    title: 'Lighthouse (mobile)',
    subtitle: 'median-score run per route; npm start on loopback, Debian Chromium',
    panels: [
      {
        title: 'Performance score',
        bars: l.map((r) => ({ label: r.path, value: r.score ?? 0, text: String(r.score), highlight: true })),
        goal: { value: GOALS.lighthouseScore, label: `goal ≥ ${GOALS.lighthouseScore}` },
      },
      {
        title: 'Largest contentful paint, ms',
        bars: l.map((r) => ({ label: r.path, value: r.lcpMs ?? 0, text: ms(r.lcpMs), highlight: true })),
      },
      {
        title: 'Total blocking time, ms',
        bars: l.map((r) => ({ label: r.path, value: r.tbtMs ?? 0, text: ms(r.tbtMs), highlight: true })),
      },
    ],
  };
}

function renderChart(m: Measures): Chart | null {
  const e = m.render?.data?.engines;
  if (!e) return null;
  const engines = Object.keys(ENGINE_LABELS) as (keyof typeof ENGINE_LABELS)[];
  const bars = (pick: (k: (typeof engines)[number]) => number): Bar[] =>
    engines.map((k) => ({
      label: ENGINE_LABELS[k],
      value: pick(k),
      text: ms(pick(k)),
      highlight: k === 'ours',
    }));
  return {
    title: 'Rendering a 40-field step in headless Chromium',
    subtitle: 'medians; lower is better',
    panels: [
      { title: 'Time to first render, ms', bars: bars((k) => e[k].firstRenderMs.median) },
      {
        title: 'Keystroke to next frame, median, ms',
        bars: bars((k) => e[k].keystrokeMs.median),
        goal: { value: e.rjsf.keystrokeMs.median / 3, label: 'goal: ≤ 1/3 of bare RJSF' },
      },
      { title: 'Keystroke to next frame, p95, ms', bars: bars((k) => e[k].keystrokeMs.p95) },
    ],
  };
}

function largeChart(m: Measures): Chart | null {
  const r = m.large?.data;
  if (!r) return null;
  const engines = Object.keys(ENGINE_LABELS) as (keyof typeof ENGINE_LABELS)[];
  const bars = (pick: (k: (typeof engines)[number]) => number, show: (x: number) => string = ms): Bar[] =>
    engines.map((k) => ({
      label: ENGINE_LABELS[k],
      value: pick(k),
      text: show(pick(k)),
      highlight: k === 'ours',
    }));
  const big = (k: (typeof engines)[number]) => r.engines[k].sizes['200'];
  return {
    title: 'The engine as flows grow: a 200-field substep, 4× CPU slowdown',
    subtitle: 'medians; lower is better',
    panels: [
      { title: 'First render, ms', bars: bars((k) => big(k).firstRenderMs.median) },
      {
        title: 'Keystroke to next frame, p95, ms',
        bars: bars((k) => big(k).keystrokeMs.p95),
        goal: { value: GOALS.largeKeystrokeP95Ms, label: `goal ≤ ${GOALS.largeKeystrokeP95Ms} ms` },
      },
      {
        title: 'JS heap after render, MB',
        bars: bars(
          (k) => big(k).heapUsedBytes / 1e6,
          (x) => `${x.toFixed(1)} MB`,
        ),
      },
      {
        title: 'Growth of the first render from 20 to 200 fields',
        bars: bars(
          (k) => r.engines[k].growth.firstRender,
          (x) => `${x.toFixed(2)}×`,
        ),
        goal: { value: GOALS.largeGrowth, label: 'linear' },
      },
    ],
  };
}

function rulesChart(m: Measures): Chart | null {
  const r = m.rules?.data;
  if (!r) return null;
  return {
    title: 'Check points evaluated per second',
    subtitle: `${r.checkPoints} check points in ${r.groups} groups, ${r.quotes.toLocaleString('en-GB')} motor quotes; higher is better`,
    panels: [
      {
        title: 'Check points per second',
        log: true,
        bars: [
          {
            label: 'ours (evaluateCheckPoints)',
            value: r.ours.checkPointsPerSecond,
            text: count(r.ours.checkPointsPerSecond),
            highlight: true,
          },
          {
            label: 'json-rules-engine',
            value: r.jsonRulesEngine.checkPointsPerSecond,
            text: count(r.jsonRulesEngine.checkPointsPerSecond),
          },
        ],
      },
    ],
  };
}

function serviceChart(m: Measures): Chart | null {
  const s = m.service?.data;
  if (!s) return null;
  const rows: { label: string; figures: ReturnType<typeof loadFigures>; ours: boolean }[] = [
    { label: 'bare Fastify route, no-op', figures: s.bare, ours: false },
    ...Object.entries(s.bareValidated ?? {}).map(([flow, v]) => ({
      label: `bare, validating ${flow} body`,
      figures: loadFigures(v),
      ours: false,
    })),
    ...Object.entries(s.calc).map(([flow, c]) => ({
      label: `${flow}calc`,
      figures: loadFigures(c),
      ours: true,
    })),
    { label: 'quotation, PGlite', figures: loadFigures(s.quotation.pglite), ours: true },
    { label: 'quotation, PostgreSQL', figures: loadFigures(s.quotation.postgres), ours: true },
  ];
  const measured = rows.filter((r) => r.figures);
  return {
    title: 'The service under load (autocannon, loopback)',
    subtitle: `${s.settings.connections} connections, ${s.settings.seconds} s per route`,
    panels: [
      {
        title: 'Requests per second (2xx)',
        bars: measured.map((r) => ({
          label: r.label,
          value: r.figures?.requestsPerSecond ?? 0,
          text: count(r.figures?.requestsPerSecond),
          highlight: r.ours,
        })),
      },
      {
        title: 'p99 latency, ms',
        bars: measured.map((r) => ({
          label: r.label,
          value: r.figures?.p99Ms ?? 0,
          text: ms(r.figures?.p99Ms),
          highlight: r.ours,
        })),
        goal: { value: GOALS.calcP99Ms, label: `calc goal ≤ ${GOALS.calcP99Ms} ms` },
      },
    ],
  };
}

function engineChart(m: Measures): Chart | null {
  const e = m.engine?.data;
  if (!e) return null;
  return {
    title: 'Engine start',
    subtitle: `every flow read and validated: ${ms(e.loadAll.medianMs)} (median; first in the process ${ms(e.loadAll.coldMs)})`,
    panels: [
      {
        title: 'loadFlow per flow (validation and expansion), ms',
        bars: e.flows.map((f) => ({
          label: f,
          value: e.loadPerFlowMs[f],
          text: ms(e.loadPerFlowMs[f]),
          highlight: true,
        })),
      },
      {
        title: 'createFlowMachine + createActor().start() per flow, median, ms',
        bars: e.flows.map((f) => ({
          label: `${f} (${e.substeps[f]} substeps)`,
          value: e.machine[f].medianMs,
          text: ms(e.machine[f].medianMs),
          highlight: true,
        })),
      },
    ],
  };
}

function costChart(m: Measures): Chart | null {
  const r = m.cost?.data;
  if (!r) return null;
  const bars = costPairs(r).flatMap((p) =>
    [
      { label: `${p.label}, floor`, c: p.floor, ours: false },
      { label: p.label, c: p.ours, ours: true },
    ].filter((b) => isCost(b.c)),
  );
  if (!bars.length) return null;
  return {
    title: "The service's CPU time per request, against its floor",
    subtitle: `server process CPU (/proc) over ${r.settings.calcRequests.toLocaleString('en-GB')} calc and ${r.settings.quotationRequests.toLocaleString('en-GB')} quotation requests`,
    panels: [
      {
        title: 'CPU ms per request (service process)',
        bars: bars.map((b) => {
          const c = b.c as Cost;
          return { label: b.label, value: c.cpuMsPerRequest, text: ms(c.cpuMsPerRequest), highlight: b.ours };
        }),
      },
    ],
  };
}

function portalChart(m: Measures): Chart | null {
  const p = m.portal?.data;
  if (!p) return null;
  const runs = (['pglite', 'postgres'] as const).filter((db) => isPortalRun(p[db]));
  if (!runs.length) return null;
  return {
    title: 'The portal under load',
    subtitle: 'p95 per call, ms',
    panels: runs.map((db) => {
      const r = p[db] as PortalRun;
      return {
        title: db === 'pglite' ? 'PGlite' : 'PostgreSQL',
        bars: PORTAL_CALLS.map((c) => ({
          label: c,
          value: r.calls[c].p95Ms,
          text: ms(r.calls[c].p95Ms),
          highlight: true,
        })),
        goal: { value: GOALS.portalP95Ms, label: `≤ ${GOALS.portalP95Ms} ms` },
      };
    }),
  };
}

export const CHARTS: Record<MeasureName, (m: Measures) => Chart | null> = {
  weight: weightChart,
  lighthouse: lighthouseChart,
  render: renderChart,
  large: largeChart,
  rules: rulesChart,
  service: serviceChart,
  cost: costChart,
  portal: portalChart,
  // A handful of timings: the section's sentence says them all.
  publishing: () => null,
  engine: engineChart,
};
