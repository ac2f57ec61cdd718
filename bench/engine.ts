// Measure 5: engine start. How long the engine takes to read every flow folder from disk and load it
// with loadFlow (JSON Schema validation of flow.json, rules.json and tariff.json, the references
// between them and the locales, field sets expanded), as `flows:check` and a checked start do; and,
// per flow, how long createFlowMachine plus createActor(...).start() take (what the browser does
// when a visitor opens a product, and the headless replay per scenario).
//
// The first load in the process is reported apart ("cold": module code not yet optimised, ajv
// compiling the format's schemas); the repeated loads give the median and p95 ("warm").

import { performance } from 'node:perf_hooks';
import { createActor } from 'xstate';
import { readLocales, readSchemas, serviceLovNames } from '../src/cli/workspace';
import type { FlowBundle } from '../src/engine/flow/bundle';
import { listFlowIds, readFieldSets, readFlowFiles } from '../src/engine/flow/files';
import { loadFlow } from '../src/engine/flow/load';
import { createFlowMachine } from '../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../src/engine/machine/services';
import { median, percentile, round } from './lib/stats';

export interface EngineStartResult {
  flows: string[];
  /** Substeps per flow (the machine's states grow with them). */
  substeps: Record<string, number>;
  /** Read every folder and loadFlow it: ms. */
  loadAll: { coldMs: number; medianMs: number; p95Ms: number; runs: number };
  /** ms per flow, warm: loadFlow alone (files already read). */
  loadPerFlowMs: Record<string, number>;
  /** ms per flow: createFlowMachine + createActor(...).start(), median and p95 of `runs`. */
  machine: Record<string, { medianMs: number; p95Ms: number }>;
  machineRuns: number;
}

const TODAY = '2026-03-10';
const services: FlowServices = {
  today: () => TODAY,
  call: async () => ({}),
  checkPoints: async () => [],
  otpGenerate: async () => undefined,
  otpValidate: async () => 'ok',
  payment: async () => ({ URL: 'https://provider.invalid', METHOD: 'POST', FIELDS: {} }),
};

type Inputs = Parameters<typeof loadFlow>[0];

/** Reads the project's files and loads every flow; answers the bundles. */
async function loadAll(): Promise<{ bundles: FlowBundle[]; inputs: Inputs[] }> {
  const [schemas, locales, lovNames, fieldSets, ids] = await Promise.all([
    readSchemas(),
    readLocales(),
    serviceLovNames(),
    readFieldSets(),
    listFlowIds(),
  ]);
  const inputs: Inputs[] = [];
  for (const id of ids) {
    const files = await readFlowFiles(id);
    inputs.push({ schemas, files: { id, ...files }, fieldSets, locales, lovNames });
  }
  return { bundles: inputs.map((input) => loadFlow(input)), inputs };
}

const elapsed = async <T>(work: () => Promise<T> | T): Promise<[number, T]> => {
  const start = performance.now();
  const value = await work();
  return [performance.now() - start, value];
};

export async function measureEngineStart(
  options: { loads?: number; machineRuns?: number } = {},
): Promise<EngineStartResult> {
  const loads = options.loads ?? 20;
  const machineRuns = options.machineRuns ?? 200;

  const [coldMs, { bundles, inputs }] = await elapsed(loadAll);
  const warm: number[] = [];
  for (let i = 0; i < loads; i++) warm.push((await elapsed(loadAll))[0]);

  const loadPerFlowMs: Record<string, number> = {};
  for (const input of inputs) {
    const samples: number[] = [];
    for (let i = 0; i < Math.max(1, Math.ceil(loads / 2)); i++)
      samples.push((await elapsed(() => loadFlow(input)))[0]);
    loadPerFlowMs[input.files.id] = round(median(samples));
  }

  const machine: EngineStartResult['machine'] = {};
  const substeps: Record<string, number> = {};
  for (const { flow } of bundles) {
    substeps[flow.id] = flow.steps.reduce((n, step) => n + step.substeps.length, 0);
    const samples: number[] = [];
    // A few unmeasured runs first: the first machine of a process pays for xstate's own start.
    for (let i = 0; i < machineRuns + 5; i++) {
      const start = performance.now();
      const actor = createActor(createFlowMachine(flow, services, { vars: { variant: '' } })).start();
      const ms = performance.now() - start;
      actor.stop();
      if (i >= 5) samples.push(ms);
    }
    machine[flow.id] = { medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) };
  }

  return {
    flows: bundles.map((b) => b.flow.id),
    substeps,
    loadAll: {
      coldMs: round(coldMs),
      medianMs: round(median(warm)),
      p95Ms: round(percentile(warm, 95)),
      runs: loads,
    },
    loadPerFlowMs,
    machine,
    machineRuns,
  };
}
