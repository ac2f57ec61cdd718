// A substep's effects and the pauses they lead to: onEnter runs on arrival, onLeave on Continue
// (effects.ts runs them); the outcome sends the machine on, or pauses where the visitor must
// answer: a referral, the e-mail code, a changed premium, an error to retry, a redirect to pay.

import { assign, fromPromise } from 'xstate';
import type { Effect, Quote, Substep } from '../flow/types';
import { outcomeIs, outputOf, type Update } from './actions';
import { type EffectsOutcome, runEffects } from './effects';
import type { FlowContext, MachineBuild } from './types';

export function effectsActor({ flow, services, vars }: MachineBuild) {
  return fromPromise<
    EffectsOutcome & { from: Quote },
    { effects: readonly Effect[]; quote: Quote; cursor: number }
  >(({ input }) =>
    runEffects({
      flow,
      effects: input.effects,
      quote: input.quote,
      cursor: input.cursor,
      vars,
      services,
    }).then((outcome) => ({ ...outcome, from: input.quote })),
  );
}

/**
 * onEnter's effects (a lookup of what the substep shows); an error stays on the form. The form is
 * on screen meanwhile: what the person answers (CHANGE) is kept, and the lookup's answer is laid
 * under it, so a quick choice is never undone when the step finishes loading.
 */
export function enteringState(substep: Substep) {
  return {
    on: { CHANGE: { actions: 'takeChange' } },
    invoke: {
      src: 'effectsActor',
      input: ({ context }: { context: FlowContext }) => ({
        effects: substep.onEnter ?? [],
        quote: context.quote,
        cursor: 0,
      }),
      onDone: [
        { guard: outcomeIs('error'), target: 'editing', actions: ['takeArrived', 'takeError'] },
        { target: 'editing', actions: 'takeArrived' },
      ],
      onError: { target: 'editing', actions: 'takeThrown' },
    },
  };
}

/**
 * onLeave's effects from `cursor` (where an answered pause resumes). `onward` is where a run that
 * needed nothing of the visitor leads (the next substep, or the end); `redirecting` the payment's.
 */
export function leavingState(substep: Substep, onward: unknown[], redirecting: string) {
  return {
    invoke: {
      src: 'effectsActor',
      input: ({ context }: { context: FlowContext }) => ({
        effects: substep.onLeave ?? [],
        quote: context.quote,
        cursor: context.cursor,
      }),
      onDone: [
        {
          guard: outcomeIs('referral'),
          target: 'referral',
          actions: ['takeQuote', 'takeCursor', 'takeReferral'],
        },
        { guard: outcomeIs('otp'), target: 'otp', actions: ['takeQuote', 'takeCursor', 'prefillOtpEmail'] },
        {
          guard: outcomeIs('premiumChanged'),
          target: 'confirmPremium',
          actions: ['takeQuote', 'takeCursor', 'takePremium'],
        },
        {
          // A refusal of the answers (422: a plate of another maker, a vehicle not found) is the
          // visitor's to correct: the form stays on screen with the service's message.
          guard: ({ event }: { event: unknown }) => {
            const output = outputOf(event);
            return output.kind === 'error' && output.error.status === 422;
          },
          target: 'editing',
          actions: ['takeQuote', 'takeError'],
        },
        { guard: outcomeIs('error'), target: 'error', actions: ['takeQuote', 'takeCursor', 'takeError'] },
        { guard: outcomeIs('redirect'), target: redirecting, actions: ['takeQuote', 'takeRedirect'] },
        ...onward,
      ],
      onError: { target: 'error', actions: 'takeThrown' },
    },
  };
}

/** The pauses the visitor answers on the substep itself: EDIT, RETRY, the premium's confirmation. */
export function pauseStates() {
  return {
    referral: { on: { EDIT: 'editing' } },
    error: { on: { RETRY: 'leaving', EDIT: 'editing' } },
    confirmPremium: {
      on: {
        CONFIRM_PREMIUM: { target: 'leaving', actions: assign({ premium: null }) },
        REJECT_PREMIUM: { target: 'editing', actions: assign({ premium: null }) },
      },
    },
  };
}

export const pauseActions: Record<string, Update> = {
  /** Where the paused run resumes once answered. */
  takeCursor: ({ event }) => {
    const output = outputOf(event);
    return { cursor: 'cursor' in output ? output.cursor : 0 };
  },
  takeReferral: ({ event }) => ({
    referral: (outputOf(event) as { referral: FlowContext['referral'] }).referral,
  }),
  takePremium: ({ event }) => {
    const o = outputOf(event) as { previous: number; current: number };
    return { premium: { previous: o.previous, current: o.current } };
  },
};
