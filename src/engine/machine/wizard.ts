// A flow's start and end. The start: the quote a new run begins with (the flow's and the variant's
// defaults, then the values the page sets: what a portal wizard is about, the contract and kind of
// an endorsement) and the initial context. The end: `completed`, the final state a portal wizard
// reaches after its last substep's effects (its completion screen reads the flow's `completion`).

import { applyDerived } from '../flow/derived';
import type { Flow, Quote } from '../flow/types';
import { setPath } from '../paths';
import type { FlowContext, FlowMachineOptions, MachineBuild } from './types';

export const COMPLETED = 'completed';

export function initialQuote(flow: Flow, options: FlowMachineOptions = {}): Quote {
  let quote: Quote = options.quote ?? {};
  if (!options.quote) {
    for (const [path, value] of Object.entries(flow.defaults ?? {})) quote = setPath(quote, path, value);
    const variant = flow.variants?.find((v) => v.id === options.vars?.variant);
    for (const [path, value] of Object.entries(variant?.defaults ?? {})) quote = setPath(quote, path, value);
  }
  for (const [path, value] of Object.entries(options.values ?? {})) quote = setPath(quote, path, value);
  return quote;
}

export function initialContext({ flow, services, vars, options }: MachineBuild): FlowContext {
  return {
    flow,
    quote: applyDerived(flow, initialQuote(flow, options), services.today()),
    vars,
    errors: [],
    referral: null,
    serviceError: null,
    cursor: 0,
    premium: null,
    otp: { email: '', problem: null },
    redirect: null,
    outcome: null,
    activated: {},
    choiceBefore: null,
  };
}

/** The transition into the end, with the quote the last effects ended with. */
export function toCompleted({ flow }: MachineBuild) {
  return { target: `#${flow.id}.${COMPLETED}`, actions: 'takeQuote' };
}

export function completedState() {
  return { [COMPLETED]: { type: 'final' } };
}
