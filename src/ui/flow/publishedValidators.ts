// The validator functions that came with a published flow's module (./publishedFlows.ts), by flow
// and substep key, for ./substepValidator.ts: a module of its own so that the validator loader
// does not pull the published-flow loader into the flow page's first paint.

const byFlow = new Map<string, Record<string, Record<string, unknown>>>();

export function setPublishedValidators(
  flowId: string,
  validators: Record<string, Record<string, unknown>>,
): void {
  byFlow.set(flowId, validators);
}

/** A published flow's validator functions of a substep, when the flow came from a published module. */
export function publishedValidator(flowId: string, substepKey: string): Record<string, unknown> | undefined {
  return byFlow.get(flowId)?.[substepKey];
}
