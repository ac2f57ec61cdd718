// Helpers the parts write their context updates with, and the named actions several parts share.
// A named action is a plain update here; createFlowMachine registers each as an xstate assign.

import { assign } from 'xstate';
import type { Quote } from '../flow/types';
import { setPath } from '../paths';
import { layArrivedUnder } from './arrived';
import type { EffectsOutcome } from './effects';
import { asServiceError } from './services';
import type { FlowContext, FlowEvent } from './types';

export type UpdateArgs = { context: FlowContext; event: FlowEvent };
export type Update = (args: UpdateArgs) => Partial<FlowContext>;

/** An inline context update (the state tree is generated, so its actions are untyped there). */
export const update = (fn: Update) =>
  assign(({ context, event }) => fn({ context: context as FlowContext, event: event as FlowEvent }));

/** What an effects run answered, as its actor's done event carries it. */
export const outputOf = (event: unknown): EffectsOutcome => (event as { output: EffectsOutcome }).output;

/** A done-event guard: the effects run ended in this kind of outcome. */
export const outcomeIs =
  (kind: EffectsOutcome['kind']) =>
  ({ event }: { event: unknown }) =>
    outputOf(event).kind === kind;

/** The error a failed actor threw, as its error event carries it. */
export const thrownOf = (event: unknown) => asServiceError((event as { error?: unknown }).error);

/** Named actions used by more than one part. */
export const sharedActions: Record<string, Update> = {
  /** The quote an effects run (or a recalculation) ended with. */
  takeQuote: ({ event }) => ({ quote: outputOf(event).quote }),
  /** A lookup's answer laid under what the person answered while it ran (arrived.ts). */
  takeArrived: ({ context, event }) => {
    const output = outputOf(event) as EffectsOutcome & { from?: Quote };
    return { quote: output.from ? layArrivedUnder(output.from, output.quote, context.quote) : output.quote };
  },
  /** An answer given while the substep is still loading. */
  takeChange: ({ event }) => (event.type === 'CHANGE' ? { quote: event.quote } : {}),
  takeError: ({ event }) => ({
    serviceError: (outputOf(event) as { error: FlowContext['serviceError'] }).error,
  }),
  takeThrown: ({ event }) => ({ serviceError: thrownOf(event) }),
  /** Values the page sets (SET_VALUES), by path. */
  setValues: ({ context, event }) => ({
    quote:
      event.type === 'SET_VALUES'
        ? Object.entries(event.values).reduce((q, [path, v]) => setPath(q, path, v), context.quote)
        : context.quote,
  }),
};
