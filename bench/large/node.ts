// The large measure's figures taken in Node, on the generated 40-substep flow (./generate.ts):
//   check    flows:check's checker on it (checkFlowFolder, what checkAllFlows runs per folder): the
//            first run with freshly read format schemas (Ajv compiles them, as a `npm run
//            flows:check` process does) and the repeated runs
//   paths    the all-paths enumeration of `npm run flows:paths` (analyseFlow: shortest paths to
//            every state, simple paths to every end)
//   machine  what a 40-page run needs before its first page: ours createFlowMachine plus
//            createActor(...).start(); SurveyJS a Model of 40 pages with the answers set. Bare RJSF
//            and JSON Forms have no model of several pages (a wizard on them renders one form per
//            page), so theirs is not comparable and is reported apart: the preparation of the 40
//            pages' forms, JSON Schema (and JSON Forms' UI schema) built and its validator compiled
//            (RJSF's ajv8 validator, JSON Forms' createAjv), as each does on a page's first render.

import { performance } from 'node:perf_hooks';
import { createAjv } from '@jsonforms/core';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Model } from 'survey-core';
import { createActor } from 'xstate';
import type { CheckInputs } from '../../src/engine/flow/check';
import { checkFlowFolder } from '../../src/engine/flow/check';
import { readFormatSchemas, readLocaleFiles } from '../../src/engine/flow/checkAll';
import { readFieldSets } from '../../src/engine/flow/files';
import { loadFlow } from '../../src/engine/flow/load';
import { createFlowMachine } from '../../src/engine/machine/createFlowMachine';
import { analyseFlow } from '../../src/engine/machine/pathAnalysis';
import type { FlowServices } from '../../src/engine/machine/services';
import { median, percentile, round } from '../lib/stats';
import { jsonFormsUiSchema, stepSchema } from '../render/schemas';
import { SURVEY_SETTINGS, surveyElement } from '../render/surveyModel';
import { initialAnswers, type LargeFlow } from './generate';

export const LARGE_TODAY = '2026-03-10';

export const largeServices: FlowServices = {
  today: () => LARGE_TODAY,
  call: async () => ({}),
  checkPoints: async () => [],
  otpGenerate: async () => undefined,
  otpValidate: async () => 'ok',
  payment: async () => ({ URL: 'https://provider.invalid', METHOD: 'POST', FIELDS: {} }),
};

/** The checker's inputs for the generated flow: the project's schemas, locales and field sets. */
export async function largeCheckInputs(large: LargeFlow): Promise<CheckInputs> {
  const [schemas, locales, fieldSets] = await Promise.all([
    readFormatSchemas(),
    readLocaleFiles(),
    readFieldSets(),
  ]);
  const ns = large.flow.namespace ?? large.flow.id;
  for (const lang of Object.keys(locales)) locales[lang][ns] = large.strings;
  return {
    schemas,
    files: { id: large.flow.id, flow: large.flow, rules: undefined, tariff: undefined },
    fieldSets,
    locales,
    lovNames: [],
  };
}

export interface Timing {
  medianMs: number;
  p95Ms: number;
}

export interface LargeNodeResult {
  substeps: number;
  fieldsPerSubstep: number;
  conditionalFields: number;
  check: { coldMs: number; problems: number } & Timing;
  paths: { reachableStates: number; forwardPaths: number; unreachable: number; deadEnds: number } & Timing;
  /** ms, ours and SurveyJS: the 40-page model. */
  machine: { ours: Timing; survey: Timing };
  /** ms, not comparable with the models: the 40 pages' schemas and validators prepared. */
  preparation: { rjsf: Timing; jsonforms: Timing };
  runs: number;
}

function timed(runs: number, warmUp: number, work: () => unknown): Timing {
  const samples: number[] = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const start = performance.now();
    work();
    const ms = performance.now() - start;
    if (i >= warmUp) samples.push(ms);
  }
  return { medianMs: round(median(samples)), p95Ms: round(percentile(samples, 95)) };
}

export function surveyPages(large: LargeFlow) {
  return {
    ...SURVEY_SETTINGS,
    pages: large.pages.map((fields, i) => ({ name: `page${i + 1}`, elements: fields.map(surveyElement) })),
  };
}

export async function measureLargeNode(
  large: LargeFlow,
  options: { runs: number; machineRuns: number },
): Promise<LargeNodeResult> {
  const input = await largeCheckInputs(large);
  // The first check of a process compiles the format's schemas (a fresh schemas object: no cache).
  const coldStart = performance.now();
  const problems = checkFlowFolder({ ...input, schemas: structuredClone(input.schemas) });
  const coldMs = performance.now() - coldStart;
  if (problems.length)
    throw new Error(
      `the generated flow fails the checker: ${problems
        .slice(0, 3)
        .map((p) => `${p.pointer}: ${p.message}`)
        .join('; ')}`,
    );
  const check = timed(options.runs, 1, () => checkFlowFolder(input));

  const { flow } = loadFlow(input);
  let analysis: ReturnType<typeof analyseFlow> | null = null;
  const paths = timed(options.runs, 0, () => {
    analysis = analyseFlow(flow);
  });
  const a = analysis as unknown as ReturnType<typeof analyseFlow>;

  const ours = timed(options.machineRuns, 5, () =>
    createActor(createFlowMachine(flow, largeServices, { vars: { variant: '' } }))
      .start()
      .stop(),
  );
  const surveyJson = surveyPages(large);
  const answers = initialAnswers(large.pages.flat());
  const survey = timed(options.machineRuns, 5, () => {
    const model = new Model(surveyJson);
    model.data = answers;
  });
  const rjsf = timed(options.runs, 1, () => {
    const validator = customizeValidator();
    for (const fields of large.pages) {
      const schema = stepSchema(fields);
      validator.validateFormData(initialAnswers(fields), schema);
    }
  });
  const jsonforms = timed(options.runs, 1, () => {
    const ajv = createAjv();
    for (const fields of large.pages) {
      const schema = stepSchema(fields);
      jsonFormsUiSchema(fields);
      ajv.compile(schema)(initialAnswers(fields));
    }
  });
  return {
    substeps: large.pages.length,
    fieldsPerSubstep: large.pages[0]?.length ?? 0,
    conditionalFields: large.pages.flat().filter((f) => f.visibleIf).length,
    check: { coldMs: round(coldMs), problems: problems.length, ...check },
    paths: {
      ...paths,
      reachableStates: a.shortest.length,
      forwardPaths: a.ends.length,
      unreachable: a.unreachable.length,
      deadEnds: a.deadEnds.length,
    },
    machine: { ours, survey },
    preparation: { rjsf, jsonforms },
    runs: options.runs,
  };
}
