// loadFlow: a flow folder's parsed files in, a checked flow bundle out, or every problem at once.

import type { Tariff } from '../rating/types';
import type { FlowBundle, RulesFile } from './bundle';
import { type CheckInputs, checkFlowFolder, type FlowProblem } from './check';
import { expandFieldSets } from './expand';
import type { Flow } from './types';

export class FlowLoadError extends Error {
  constructor(readonly problems: FlowProblem[]) {
    super(problems.map((p) => `${p.file}#${p.pointer}: ${p.message}`).join('\n'));
    this.name = 'FlowLoadError';
  }
}

/** Validates a flow folder (schemas and cross-references) and returns it ready to run. */
export function loadFlow(input: CheckInputs, dir = `flows/${input.files.id}`): FlowBundle {
  const problems = checkFlowFolder(input);
  if (problems.length) throw new FlowLoadError(problems);
  return {
    dir,
    flow: expandFieldSets(input.files.flow as Flow, input.fieldSets),
    rules: (input.files.rules as RulesFile | undefined) ?? { ET_TEXTS: [], ET_CHECK_POINTS: [] },
    tariff: input.files.tariff as Tariff | undefined,
  };
}
