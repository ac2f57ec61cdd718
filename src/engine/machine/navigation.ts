// Navigation and its guards: the substeps in order, which of them are visible, where Continue,
// Back and a step-bar click lead, and what keeps the visitor on a substep (field errors, no package
// chosen, panels not opened). Navigation is back-only: BACK and GOTO reach earlier substeps, never
// later ones; forward is only ever through a substep's effects (see effectsPauses).

import { evaluateCondition } from '../conditions';
import { applyDerived } from '../flow/derived';
import type { Flow, Quote, Substep } from '../flow/types';
import { type FieldError, validateSubstep } from '../flow/validate';
import { getPath } from '../paths';
import { recordOpened } from '../quote';
import { outputOf, update } from './actions';
import type { FlowContext, FlowEvent, MachineBuild, SubstepPosition } from './types';

/** Substeps of the flow in order, with their state keys. */
export function substepPositions(flow: Flow): SubstepPosition[] {
  const out: SubstepPosition[] = [];
  flow.steps.forEach((step, stepIndex) => {
    step.substeps.forEach((substep, substepIndex) => {
      out.push({ key: `${step.id}__${substep.id}`, stepIndex, substepIndex, index: out.length, substep });
    });
  });
  return out;
}

function stepVisible(flow: Flow, stepIndex: number, quote: Quote, vars: Record<string, unknown>): boolean {
  return evaluateCondition(flow.steps[stepIndex].visibleIf, quote, vars);
}

/** Index of the next (dir 1) or previous (dir -1) substep whose step is visible, or -1. */
export function neighbourIndex(
  flow: Flow,
  positions: SubstepPosition[],
  from: number,
  dir: 1 | -1,
  quote: Quote,
  vars: Record<string, unknown>,
): number {
  for (let i = from + dir; i >= 0 && i < positions.length; i += dir) {
    if (stepVisible(flow, positions[i].stepIndex, quote, vars)) return i;
  }
  return -1;
}

/**
 * Where a substep's effects lead once done: the next visible substep (read on the quote the
 * effects ended with), or `end` when none is left.
 */
export function forwardTransitions(build: MachineBuild, pos: SubstepPosition, end: unknown): unknown[] {
  const { flow, positions, vars } = build;
  const forward: unknown[] = positions
    .filter((p) => p.index > pos.index)
    .map((p) => ({
      guard: ({ context, event }: { context: FlowContext; event: unknown }) =>
        neighbourIndex(flow, positions, pos.index, 1, outputOf(event).quote ?? context.quote, vars) ===
        p.index,
      target: `#${flow.id}.${p.key}`,
      actions: 'takeQuote',
    }));
  forward.push(end);
  return forward;
}

/** BACK (the previous visible substep) and GOTO (the first substep of an earlier step). */
export function backwardTransitions(build: MachineBuild, pos: SubstepPosition) {
  const { flow, positions, vars } = build;
  const BACK = positions
    .filter((p) => p.index < pos.index)
    .map((p) => ({
      guard: ({ context }: { context: FlowContext }) =>
        neighbourIndex(flow, positions, pos.index, -1, context.quote, vars) === p.index,
      target: `#${flow.id}.${p.key}`,
    }));
  const GOTO = flow.steps.slice(0, pos.stepIndex).map((_, s) => ({
    guard: ({ event }: { event: FlowEvent }) => event.type === 'GOTO' && event.step === s,
    target: `#${flow.id}.${positions.find((p) => p.stepIndex === s)!.key}`,
  }));
  return { BACK, GOTO };
}

/** Reaching a substep: its step is activated and what the last substep said is cleared. */
export function enterSubstep(stepId: string) {
  return update(({ context }) => ({
    activated: { ...context.activated, [stepId]: true },
    errors: [],
    referral: null,
    serviceError: null,
    choiceBefore: null,
  }));
}

/**
 * NEXT: stays with the errors of what keeps the visitor here, or goes to `leaving` (the substep's
 * effects). The event may carry the quote as the form holds it. Path analysis leaves always.
 */
export function nextTransitions(build: MachineBuild, substep: Substep) {
  const { flow, services, vars, options } = build;
  const validationContext = () => ({ today: services.today(), vars });
  const nextQuote = (context: FlowContext, event: FlowEvent): Quote =>
    applyDerived(flow, event.type === 'NEXT' && event.quote ? event.quote : context.quote, services.today());
  return [
    {
      guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
        !options.analysis && blockers(substep, nextQuote(context, event), validationContext()).length > 0,
      actions: update(({ context, event }) => {
        const quote = nextQuote(context, event);
        return { quote, errors: blockers(substep, quote, validationContext()) };
      }),
    },
    {
      target: 'leaving',
      actions: update(({ context, event }) => ({
        quote: nextQuote(context, event),
        errors: [],
        serviceError: null,
        cursor: 0,
      })),
    },
  ];
}

/** OPEN_PANEL: the panel is recorded as opened (a substep may require all of them opened). */
export function openPanel(substep: Substep) {
  return update(({ context, event }) =>
    substep.panels && event.type === 'OPEN_PANEL'
      ? { quote: recordOpened(context.quote, substep.panels.recordPath, event.id) }
      : {},
  );
}

/** What keeps the visitor on the substep: field errors, no package chosen, unopened panels. */
export function blockers(
  substep: Substep,
  quote: Quote,
  ctx: { today: string; vars: Record<string, unknown> },
): FieldError[] {
  const errors = validateSubstep(substep, quote, ctx);
  if (substep.packages) {
    const list = getPath(quote, substep.packages.listPath);
    const selected =
      Array.isArray(list) && list.some((p) => (p as { ZZSELECTED_IND?: string }).ZZSELECTED_IND === 'X');
    if (!selected) {
      errors.push({
        path: substep.packages.listPath,
        fieldId: '$packages',
        key: 'validation:choose_package',
        params: {},
      });
    }
  }
  if (substep.panels?.requireAllOpened) {
    const opened = getPath(quote, substep.panels.recordPath);
    const ids = Array.isArray(opened) ? opened : [];
    if (!substep.panels.items.every((item) => ids.includes(item.id))) {
      errors.push({
        path: substep.panels.recordPath,
        fieldId: '$panels',
        key: 'validation:open_panels',
        params: {},
      });
    }
  }
  return errors;
}
