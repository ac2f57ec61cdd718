// The XState machine of a flow, generated from its config: one state per substep (so xstate's
// graph utilities can enumerate paths), each with the same inner life: entering (onEnter effects),
// editing, recalculating (pricing), leaving (onLeave effects) and the pauses where the visitor must
// answer (referral, e-mail code, changed premium, error); then payment and the end. Each part lives
// in its own file; this one assembles them.

import { setup } from 'xstate';
import type { Flow } from '../flow/types';
import { sharedActions, type Update } from './actions';
import { effectsActor, enteringState, leavingState, pauseActions, pauseStates } from './effectsPauses';
import { emailCodeActions, emailCodeActors, emailCodeState } from './emailCode';
import {
  backwardTransitions,
  enterSubstep,
  forwardTransitions,
  nextTransitions,
  openPanel,
  substepPositions,
} from './navigation';
import { resumeActions, resumeTransitions } from './offerResume';
import { paymentActions, paymentStates, REDIRECTING } from './payment';
import { editingChoices, recalcActor, recalculatingState } from './pricing';
import type { FlowServices } from './services';
import type { FlowContext, FlowEvent, FlowMachineOptions, MachineBuild } from './types';
import { completedState, initialContext, toCompleted } from './wizard';

// The machine's API, wherever its part lives.
export { blockers, neighbourIndex, substepPositions } from './navigation';
export { offerResumeKey } from './offerResume';
export { recalcCalls } from './pricing';
export {
  CHOICE_UNDONE,
  type FlowContext,
  type FlowEvent,
  type FlowMachineOptions,
  type PaymentOutcome,
  type SubstepPosition,
} from './types';
export { initialQuote } from './wizard';

export function createFlowMachine(flow: Flow, services: FlowServices, options: FlowMachineOptions = {}) {
  const build: MachineBuild = {
    flow,
    positions: substepPositions(flow),
    services,
    vars: { ...(options.vars ?? {}) },
    options,
  };

  const states: Record<string, unknown> = {};
  for (const pos of build.positions) {
    const { substep } = pos;
    const panel = { OPEN_PANEL: { actions: openPanel(substep) } };
    const { CHANGE, ...choose } = editingChoices(substep);
    states[pos.key] = {
      entry: enterSubstep(flow.steps[pos.stepIndex].id),
      initial: substep.onEnter?.length ? 'entering' : 'editing',
      on: backwardTransitions(build, pos),
      states: {
        entering: enteringState(substep),
        editing: { on: { CHANGE, NEXT: nextTransitions(build, substep), ...choose, ...panel } },
        recalculating: recalculatingState(build, substep, panel),
        leaving: leavingState(
          substep,
          forwardTransitions(build, pos, toCompleted(build)),
          `#${flow.id}.${REDIRECTING}`,
        ),
        ...pauseStates(),
        otp: emailCodeState(build, pos),
      },
    };
  }
  Object.assign(states, paymentStates(build), completedState());

  const named: Record<string, Update> = {
    ...sharedActions,
    ...pauseActions,
    ...emailCodeActions,
    ...paymentActions,
    ...resumeActions(build),
  };
  const machineSetup = setup({
    types: { context: {} as FlowContext, events: {} as FlowEvent },
    actors: { effectsActor: effectsActor(build), recalcActor: recalcActor(build), ...emailCodeActors(build) },
  });
  const actions: Record<string, ReturnType<typeof machineSetup.assign>> = {};
  for (const [name, fn] of Object.entries(named))
    actions[name] = machineSetup.assign(({ context, event }) => fn({ context, event }));
  return machineSetup.extend({ actions }).createMachine({
    id: flow.id,
    initial: build.positions[0].key,
    context: initialContext(build),
    // Accepted on any step: the next calculation sends them.
    on: {
      SET_VALUES: { actions: 'setValues' },
      RESUME: resumeTransitions(build),
    },
    // biome-ignore lint/suspicious/noExplicitAny: the state tree is generated; its shape is checked by the tests
    states: states as any,
  });
}
