// The XState machine of a flow, generated from its config: one state per substep (so xstate's
// graph utilities can enumerate paths), each with the same inner life: editing, leaving (effects),
// and the pauses where the visitor must answer (referral, one-time code, changed premium, error).
// Navigation is back-only: BACK and GOTO reach earlier substeps, never later ones.

import { assign, fromPromise, setup } from 'xstate';
import { evaluateCondition } from '../conditions';
import { applyDerived } from '../flow/derived';
import type { Effect, Flow, Quote, Substep } from '../flow/types';
import { type FieldError, validateSubstep } from '../flow/validate';
import { getPath, setPath } from '../paths';
import { recordOpened, selectPackage, toggleCover } from '../quote';
import { CONFIRMED_EMAIL_PATH, type EffectsOutcome, mergeAnswer, runEffects } from './effects';
import {
  asServiceError,
  type FlowServices,
  type OtpResult,
  type PaymentRedirect,
  type ServiceError,
} from './services';

export type PaymentOutcome = 'SUCCESS' | 'SUCCESS_PENDING' | 'FAILED';

export interface SubstepPosition {
  key: string;
  stepIndex: number;
  substepIndex: number;
  index: number;
  substep: Substep;
}

export interface FlowContext {
  flow: Flow;
  quote: Quote;
  /** Values "$" paths read in conditions: variant, area … */
  vars: Record<string, unknown>;
  /** Errors of the last rejected NEXT. */
  errors: FieldError[];
  referral: ServiceError['referral'] | null;
  serviceError: ServiceError | null;
  cursor: number;
  premium: { previous: number; current: number } | null;
  otp: { email: string; problem: 'invalid' | 'expired' | 'send' | null };
  redirect: PaymentRedirect | null;
  outcome: PaymentOutcome | null;
  /** Steps reached so far (the ACTIVATED flag of each step). */
  activated: Record<string, boolean>;
  /** The quote before the package or cover choices still being priced (null when all are priced). */
  choiceBefore: Quote | null;
}

/** ServiceError code of a recalculation that failed and took back the visitor's last choices. */
export const CHOICE_UNDONE = 'CHOICE_UNDONE';

export type FlowEvent =
  | { type: 'CHANGE'; quote: Quote }
  | { type: 'NEXT'; quote?: Quote }
  | { type: 'BACK' }
  | { type: 'GOTO'; step: number }
  | { type: 'EDIT' }
  | { type: 'RETRY' }
  | { type: 'CONFIRM_PREMIUM' }
  | { type: 'REJECT_PREMIUM' }
  | { type: 'SELECT_PACKAGE'; packageId: string }
  | { type: 'TOGGLE_COVER'; coverId: string; selected: boolean }
  | { type: 'OPEN_PANEL'; id: string }
  | { type: 'OTP_SEND'; email: string }
  | { type: 'OTP_VERIFY'; code: string }
  | { type: 'OTP_RESEND' }
  | { type: 'OTP_CHANGE_EMAIL' }
  /** The browser's e-mail confirmation component ran the code exchange itself. */
  | { type: 'OTP_CONFIRMED'; email: string }
  | { type: 'PAYMENT_RESULT'; status: PaymentOutcome }
  /** The visitor came back from the provider's page without paying. */
  | { type: 'CANCEL_PAYMENT' }
  /** Values the page around the flow holds (the promo block, a logged-in customer's details), by path. */
  | { type: 'SET_VALUES'; values: Record<string, unknown> }
  /** A stored offer reopened (the e-mailed link, the portal): its quote, on the substep `at`. */
  | { type: 'RESUME'; quote: Quote; at: string };

/** One answer of a recalculation and where its parts go in the quote. */
interface RecalcAnswer {
  merge: Record<string, string> | undefined;
  answer: unknown;
}

export interface FlowMachineOptions {
  quote?: Quote;
  /**
   * Values the page sets on the new quote over the defaults, by path: what the wizard is about
   * (the contract and the kind of an endorsement, from the page's route).
   */
  values?: Record<string, unknown>;
  vars?: Record<string, unknown>;
  /** Path analysis (flows:paths): answers are not checked, so every NEXT may leave. */
  analysis?: boolean;
}

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

/**
 * Where a stored offer reopens: the last substep that stores the quote (its onLeave calls the
 * product's quotation), where the visitor checks the holder's details and pays. Undefined for a
 * flow without one.
 */
export function offerResumeKey(flow: Flow): string | undefined {
  const quotation = flow.product?.api.quotation;
  if (!quotation) return undefined;
  const stores = (s: Substep) =>
    (s.onLeave ?? []).some((e) => {
      const name = (e as { call?: string }).call;
      return name !== undefined && flow.calls?.[name]?.path.split('/').pop() === quotation;
    });
  return substepPositions(flow)
    .filter((p) => stores(p.substep))
    .pop()?.key;
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

export function createFlowMachine(flow: Flow, services: FlowServices, options: FlowMachineOptions = {}) {
  const positions = substepPositions(flow);
  const vars = { ...(options.vars ?? {}) };

  const effectsActor = fromPromise<
    EffectsOutcome,
    { effects: readonly Effect[]; quote: Quote; cursor: number }
  >(({ input }) =>
    runEffects({ flow, effects: input.effects, quote: input.quote, cursor: input.cursor, vars, services }),
  );
  // The recalculation's calls run in order, each seeing what the earlier ones answered (the
  // deductible lists of the chosen package, then its price). Their answers are merged on done into
  // the quote as it is then, so a panel opened or a field changed meanwhile is kept.
  const recalcActor = fromPromise<RecalcAnswer[], { calls: string[]; quote: Quote }>(async ({ input }) => {
    const answers: RecalcAnswer[] = [];
    let quote = input.quote;
    for (const name of input.calls) {
      const spec = flow.calls?.[name];
      if (!spec) throw new Error(`Flow ${flow.id} has no call "${name}"`);
      const answer = await services.call(name, spec, quote);
      quote = mergeAnswer(quote, answer, spec.merge);
      answers.push({ merge: spec.merge, answer });
    }
    return answers;
  });
  const withAnswers = (quote: Quote, answers: RecalcAnswer[]): Quote =>
    applyDerived(
      flow,
      answers.reduce((q, a) => mergeAnswer(q, a.answer, a.merge), quote),
      services.today(),
    );
  const otpSendActor = fromPromise<void, { email: string }>(({ input }) => services.otpGenerate(input.email));
  const otpCheckActor = fromPromise<OtpResult, { email: string; code: string }>(({ input }) =>
    services.otpValidate(input.email, input.code),
  );

  const validationContext = () => ({ today: services.today(), vars });
  const nextQuote = (context: FlowContext, event: FlowEvent): Quote =>
    applyDerived(flow, event.type === 'NEXT' && event.quote ? event.quote : context.quote, services.today());

  type Args = { context: FlowContext; event: FlowEvent };
  const update = (fn: (args: Args) => Partial<FlowContext>) =>
    assign(({ context, event }) => fn({ context: context as FlowContext, event: event as FlowEvent }));

  const machineSetup = setup({
    types: {
      context: {} as FlowContext,
      events: {} as FlowEvent,
    },
    actors: { effectsActor, recalcActor, otpSendActor, otpCheckActor },
  });

  type Out = { output: EffectsOutcome };
  const outcomeIs =
    (kind: EffectsOutcome['kind']) =>
    ({ event }: { event: unknown }) =>
      (event as Out).output.kind === kind;

  const states: Record<string, unknown> = {};
  for (const pos of positions) {
    const { substep } = pos;
    const stepId = flow.steps[pos.stepIndex].id;
    const isLast = pos.index === positions.length - 1;

    // Where "done" leads: the next visible substep, or the end of the flow.
    const forward: unknown[] = positions
      .filter((p) => p.index > pos.index)
      .map((p) => ({
        guard: ({ context, event }: { context: FlowContext; event: unknown }) =>
          neighbourIndex(
            flow,
            positions,
            pos.index,
            1,
            (event as Out).output.quote ?? context.quote,
            vars,
          ) === p.index,
        target: `#${flow.id}.${p.key}`,
        actions: 'takeQuote',
      }));
    forward.push({ target: `#${flow.id}.completed`, actions: 'takeQuote' });

    const backTargets = positions
      .filter((p) => p.index < pos.index)
      .map((p) => ({
        guard: ({ context }: { context: FlowContext }) =>
          neighbourIndex(flow, positions, pos.index, -1, context.quote, vars) === p.index,
        target: `#${flow.id}.${p.key}`,
      }));
    const gotoTargets = flow.steps.slice(0, pos.stepIndex).map((_, s) => ({
      guard: ({ event }: { event: FlowEvent }) => event.type === 'GOTO' && event.step === s,
      target: `#${flow.id}.${positions.find((p) => p.stepIndex === s)!.key}`,
    }));

    const openPanel = update(({ context, event }) =>
      substep.panels && event.type === 'OPEN_PANEL'
        ? { quote: recordOpened(context.quote, substep.panels.recordPath, event.id) }
        : {},
    );

    // A package or optional cover chosen: shown at once; the quote before the first unpriced choice
    // is kept so a failed recalculation can take the choices back.
    const applyChoice = update(({ context, event }) => {
      let quote = context.quote;
      if (event.type === 'SELECT_PACKAGE')
        quote = safely(quote, () => selectPackage(quote, event.packageId, packagePaths(substep)));
      else if (event.type === 'TOGGLE_COVER') {
        const pkg = String(getPath(quote, 'CS_POLICY.PACKAGE_ID') ?? '');
        quote = safely(quote, () =>
          toggleCover(quote, event.coverId, pkg, event.selected, substep.packages?.coversPath),
        );
      } else return {};
      return {
        quote,
        errors: [],
        serviceError: null,
        choiceBefore: recalcCalls(substep).length ? (context.choiceBefore ?? context.quote) : null,
      };
    });

    states[pos.key] = {
      entry: update(({ context }) => ({
        activated: { ...context.activated, [stepId]: true },
        errors: [],
        referral: null,
        serviceError: null,
        choiceBefore: null,
      })),
      initial: substep.onEnter?.length ? 'entering' : 'editing',
      on: { BACK: backTargets, GOTO: gotoTargets },
      states: {
        entering: {
          invoke: {
            src: 'effectsActor',
            input: ({ context }: { context: FlowContext }) => ({
              effects: substep.onEnter ?? [],
              quote: context.quote,
              cursor: 0,
            }),
            onDone: [
              { guard: outcomeIs('error'), target: 'editing', actions: ['takeQuote', 'takeError'] },
              { target: 'editing', actions: 'takeQuote' },
            ],
            onError: { target: 'editing', actions: 'takeThrown' },
          },
        },
        editing: {
          on: {
            // A refusal of what was entered ("we could not find a vehicle") goes once the visitor
            // changes an answer: it spoke of the answers as they were.
            CHANGE: [
              {
                guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
                  event.type === 'CHANGE' && repricesOnChange(substep, context.quote, event.quote),
                target: 'recalculating',
                actions: update(({ event }) =>
                  event.type === 'CHANGE' ? { quote: event.quote, serviceError: null } : {},
                ),
              },
              {
                actions: update(({ context, event }) =>
                  event.type === 'CHANGE'
                    ? {
                        quote: event.quote,
                        serviceError: answersChanged(substep, context.quote, event.quote)
                          ? null
                          : context.serviceError,
                      }
                    : {},
                ),
              },
            ],
            NEXT: [
              {
                guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
                  !options.analysis &&
                  blockers(substep, nextQuote(context, event), validationContext()).length > 0,
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
            ],
            SELECT_PACKAGE: {
              target: recalcCalls(substep).length ? 'recalculating' : 'editing',
              reenter: false,
              actions: applyChoice,
            },
            // A promo code entered meanwhile reprices the chosen package at once.
            SET_VALUES: {
              guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
                repricesOnValues(substep, context.quote, event),
              target: 'recalculating',
              actions: 'setValues',
            },
            TOGGLE_COVER: {
              target: recalcCalls(substep).length ? 'recalculating' : 'editing',
              actions: applyChoice,
            },
            OPEN_PANEL: { actions: openPanel },
          },
        },
        recalculating: {
          // The visitor may go on typing, opening panels and choosing while the premium is
          // recalculated. A new choice (or a repricing edit) shows at once and restarts the
          // recalculation, so the answer that lands is always the one for what is on screen.
          on: {
            CHANGE: [
              {
                guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
                  event.type === 'CHANGE' && repricesOnChange(substep, context.quote, event.quote),
                target: 'recalculating',
                reenter: true,
                actions: update(({ event }) => (event.type === 'CHANGE' ? { quote: event.quote } : {})),
              },
              {
                actions: update(({ event }) => (event.type === 'CHANGE' ? { quote: event.quote } : {})),
              },
            ],
            SELECT_PACKAGE: { target: 'recalculating', reenter: true, actions: applyChoice },
            SET_VALUES: {
              guard: ({ context, event }: { context: FlowContext; event: FlowEvent }) =>
                repricesOnValues(substep, context.quote, event),
              target: 'recalculating',
              reenter: true,
              actions: 'setValues',
            },
            TOGGLE_COVER: { target: 'recalculating', reenter: true, actions: applyChoice },
            OPEN_PANEL: { actions: openPanel },
          },
          invoke: {
            src: 'recalcActor',
            input: ({ context }: { context: FlowContext }) => ({
              calls: recalcCalls(substep),
              quote: context.quote,
            }),
            onDone: {
              target: 'editing',
              actions: update(({ context, event }) => ({
                quote: withAnswers(context.quote, (event as unknown as { output: RecalcAnswer[] }).output),
                choiceBefore: null,
              })),
            },
            onError: [
              // A check point refusing the choice (a vehicle over €70,000 with comprehensive cover)
              // keeps it and says why; Continue then shows the referral with the call-back.
              {
                guard: ({ event }: { event: unknown }) =>
                  Boolean(asServiceError((event as { error?: unknown }).error).referral),
                target: 'editing',
                actions: ['takeThrown', update(() => ({ choiceBefore: null }))],
              },
              // Any other refusal or failure takes back the choices being priced: the screen never
              // shows a package or cover at a price the service did not give. A refusal with a
              // message of its own says it; otherwise the visitor is told the choice was undone.
              {
                target: 'editing',
                actions: [
                  'takeThrown',
                  update(({ context }) =>
                    context.choiceBefore
                      ? {
                          quote: restoreChoice(context.quote, context.choiceBefore, substep),
                          choiceBefore: null,
                          serviceError:
                            context.serviceError?.status === 422 && context.serviceError.message
                              ? context.serviceError
                              : { ...context.serviceError, code: CHOICE_UNDONE },
                        }
                      : {},
                  ),
                ],
              },
            ],
          },
        },
        leaving: {
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
              {
                guard: outcomeIs('otp'),
                target: 'otp',
                actions: ['takeQuote', 'takeCursor', 'prefillOtpEmail'],
              },
              {
                guard: outcomeIs('premiumChanged'),
                target: 'confirmPremium',
                actions: ['takeQuote', 'takeCursor', 'takePremium'],
              },
              {
                // A refusal of the answers (422: a plate of another maker, a vehicle not found) is the
                // visitor's to correct: the form stays on screen with the service's message.
                guard: ({ event }: { event: unknown }) => {
                  const output = (event as Out).output;
                  return output.kind === 'error' && output.error.status === 422;
                },
                target: 'editing',
                actions: ['takeQuote', 'takeError'],
              },
              {
                guard: outcomeIs('error'),
                target: 'error',
                actions: ['takeQuote', 'takeCursor', 'takeError'],
              },
              {
                guard: outcomeIs('redirect'),
                target: `#${flow.id}.redirecting`,
                actions: ['takeQuote', 'takeRedirect'],
              },
              ...(isLast ? [{ target: `#${flow.id}.completed`, actions: 'takeQuote' }] : forward),
            ],
            onError: { target: 'error', actions: 'takeThrown' },
          },
        },
        referral: { on: { EDIT: 'editing' } },
        error: { on: { RETRY: 'leaving', EDIT: 'editing' } },
        confirmPremium: {
          on: {
            CONFIRM_PREMIUM: { target: 'leaving', actions: assign({ premium: null }) },
            REJECT_PREMIUM: { target: 'editing', actions: assign({ premium: null }) },
          },
        },
        otp: {
          initial: 'email',
          on: {
            OTP_CONFIRMED: {
              target: 'leaving',
              actions: [
                update(({ context, event }) =>
                  event.type === 'OTP_CONFIRMED'
                    ? { otp: { ...context.otp, email: event.email.trim() } }
                    : {},
                ),
                'confirmEmail',
              ],
            },
          },
          states: {
            email: {
              on: {
                OTP_SEND: {
                  target: 'sending',
                  actions: update(({ event }) =>
                    event.type === 'OTP_SEND' ? { otp: { email: event.email.trim(), problem: null } } : {},
                  ),
                },
              },
            },
            sending: {
              invoke: {
                src: 'otpSendActor',
                input: ({ context }: { context: FlowContext }) => ({ email: context.otp.email }),
                onDone: 'code',
                onError: {
                  target: 'email',
                  actions: assign({
                    otp: ({ context }) => ({ ...context.otp, problem: 'send' as const }),
                    serviceError: ({ event }) => asServiceError(event.error),
                  }),
                },
              },
            },
            code: {
              on: {
                OTP_VERIFY: { target: 'verifying' },
                OTP_RESEND: 'sending',
                OTP_CHANGE_EMAIL: 'email',
              },
            },
            verifying: {
              invoke: {
                src: 'otpCheckActor',
                input: ({ context, event }: { context: FlowContext; event: FlowEvent }) => ({
                  email: context.otp.email,
                  code: event.type === 'OTP_VERIFY' ? event.code.trim() : '',
                }),
                onDone: [
                  {
                    guard: ({ event }: { event: { output: OtpResult } }) => event.output === 'ok',
                    target: `#${flow.id}.${pos.key}.leaving`,
                    actions: 'confirmEmail',
                  },
                  {
                    guard: ({ event }: { event: { output: OtpResult } }) => event.output === 'expired',
                    target: 'expired',
                    actions: assign({
                      otp: ({ context }) => ({ ...context.otp, problem: 'expired' as const }),
                    }),
                  },
                  {
                    target: 'code',
                    actions: assign({
                      otp: ({ context }) => ({ ...context.otp, problem: 'invalid' as const }),
                    }),
                  },
                ],
                onError: {
                  target: 'code',
                  actions: assign({ serviceError: ({ event }) => asServiceError(event.error) }),
                },
              },
            },
            expired: { on: { OTP_RESEND: 'sending', OTP_CHANGE_EMAIL: 'email' } },
          },
        },
      },
    };
  }

  const payingSubstep = positions.find((p) => p.substep.onLeave?.some((e) => 'payment' in e));
  states.redirecting = {
    on: {
      ...(payingSubstep ? { CANCEL_PAYMENT: `#${flow.id}.${payingSubstep.key}.editing` } : {}),
      PAYMENT_RESULT: [
        {
          guard: ({ event }: { event: FlowEvent }) =>
            event.type === 'PAYMENT_RESULT' && event.status === 'SUCCESS',
          target: 'paid',
        },
        {
          guard: ({ event }: { event: FlowEvent }) =>
            event.type === 'PAYMENT_RESULT' && event.status === 'SUCCESS_PENDING',
          target: 'paidPending',
        },
        { target: 'paymentFailed' },
      ],
    },
  };
  states.paid = { type: 'final', entry: assign({ outcome: 'SUCCESS' as PaymentOutcome }) };
  states.paidPending = { type: 'final', entry: assign({ outcome: 'SUCCESS_PENDING' as PaymentOutcome }) };
  states.paymentFailed = { type: 'final', entry: assign({ outcome: 'FAILED' as PaymentOutcome }) };
  states.completed = { type: 'final' };

  const quote = initialQuote(flow, options);
  return machineSetup
    .extend({
      actions: {
        takeQuote: assign({ quote: ({ event }) => (event as unknown as Out).output.quote }),
        takeCursor: assign({
          cursor: ({ event }) =>
            'cursor' in (event as unknown as Out).output
              ? ((event as unknown as Out).output as { cursor: number }).cursor
              : 0,
        }),
        takeReferral: assign({
          referral: ({ event }) =>
            ((event as unknown as Out).output as { referral: FlowContext['referral'] }).referral,
        }),
        takePremium: assign({
          premium: ({ event }) => {
            const o = (event as unknown as Out).output as { previous: number; current: number };
            return { previous: o.previous, current: o.current };
          },
        }),
        takeError: assign({
          serviceError: ({ event }) => ((event as unknown as Out).output as { error: ServiceError }).error,
        }),
        takeResumed: assign({
          quote: ({ context, event }) =>
            event.type === 'RESUME' ? applyDerived(flow, event.quote, services.today()) : context.quote,
        }),
        setValues: assign({
          quote: ({ context, event }) =>
            event.type === 'SET_VALUES'
              ? Object.entries(event.values).reduce<Quote>(
                  (q, [path, v]) => setPath(q, path, v),
                  context.quote,
                )
              : context.quote,
        }),
        takeThrown: assign({
          serviceError: ({ event }) => asServiceError((event as { error?: unknown }).error),
        }),
        takeRedirect: assign({
          redirect: ({ event }) =>
            ((event as unknown as Out).output as { redirect: PaymentRedirect }).redirect,
        }),
        prefillOtpEmail: assign({
          otp: ({ context }) => ({
            email: context.otp.email || String(getPath(context.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS') ?? ''),
            problem: null,
          }),
        }),
        confirmEmail: assign({
          quote: ({ context }) => {
            let q = setPath(context.quote, 'CS_CONFIRMATION.EMAIL', context.otp.email);
            q = setPath(q, CONFIRMED_EMAIL_PATH, 'X');
            return setPath(q, 'CS_POLICY_HOLDER.MAIL_ADDRESS', context.otp.email);
          },
          otp: ({ context }) => ({ ...context.otp, problem: null }),
        }),
      },
    })
    .createMachine({
      id: flow.id,
      initial: positions[0].key,
      context: {
        flow,
        quote: applyDerived(flow, quote, services.today()),
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
      },
      // Accepted on any step: the next calculation sends them.
      on: {
        SET_VALUES: { actions: 'setValues' },
        RESUME: positions.map((p) => ({
          guard: ({ event }: { event: FlowEvent }) => event.type === 'RESUME' && event.at === p.key,
          target: `.${p.key}`,
          actions: 'takeResumed',
        })),
      },
      // biome-ignore lint/suspicious/noExplicitAny: the state tree is generated; its shape is checked by the tests
      states: states as any,
    });
}

/** Applies a quote change that may throw on an unknown id (a stale click): the quote stays as it was. */
function safely(quote: Quote, change: () => Quote): Quote {
  try {
    return change();
  } catch {
    return quote;
  }
}

/** A change of a `recalculates` field (a deductible) on a packages substep with a chosen package. */
function repricesOnChange(substep: Substep, before: Quote, after: Quote): boolean {
  if (!substep.packages?.recalculate) return false;
  const list = getPath(after, substep.packages.listPath);
  const chosen =
    Array.isArray(list) && list.some((p) => (p as { ZZSELECTED_IND?: string }).ZZSELECTED_IND === 'X');
  return (
    chosen &&
    (substep.fields ?? []).some(
      (f) =>
        f.recalculates && JSON.stringify(getPath(before, f.path)) !== JSON.stringify(getPath(after, f.path)),
    )
  );
}

/** Any of the substep's own answers differs between the two quotes. */
function answersChanged(substep: Substep, before: Quote, after: Quote): boolean {
  return (substep.fields ?? []).some(
    (f) => JSON.stringify(getPath(before, f.path)) !== JSON.stringify(getPath(after, f.path)),
  );
}

/** Values set from outside the flow (SET_VALUES) that change the quote of a substep with a chosen package. */
function repricesOnValues(substep: Substep, quote: Quote, event: FlowEvent): boolean {
  if (event.type !== 'SET_VALUES' || !recalcCalls(substep).length) return false;
  const list = getPath(quote, substep.packages?.listPath ?? 'CT_PACKAGES');
  const chosen =
    Array.isArray(list) && list.some((p) => (p as { ZZSELECTED_IND?: string }).ZZSELECTED_IND === 'X');
  return (
    chosen &&
    Object.entries(event.values).some(
      ([path, value]) => JSON.stringify(getPath(quote, path) ?? {}) !== JSON.stringify(value ?? {}),
    )
  );
}

/** The calls a packages substep's `recalculate` names, in order. */
export function recalcCalls(substep: Substep): string[] {
  const names = substep.packages?.recalculate;
  return names === undefined ? [] : Array.isArray(names) ? names : [names];
}

/** The package and cover choices of `before` put back into `quote`, keeping everything else of `quote`. */
function restoreChoice(quote: Quote, before: Quote, substep: Substep): Quote {
  const paths = packagePaths(substep);
  let next = quote;
  const put = (path: string) => {
    const value = getPath(before, path);
    // A value the quote did not have before stays absent, rather than set to undefined.
    if (value !== undefined || getPath(next, path) !== undefined) next = setPath(next, path, value);
  };
  for (const path of [paths.list, paths.offers, substep.packages?.coversPath ?? 'CT_COVERS']) put(path);
  for (const key of [
    'PACKAGE_ID',
    'PACKAGE_DESC',
    'PRODUCT_ID',
    'AMOUNT',
    'INITIAL_AMOUNT',
    'PREMIUM_AFTER_DISC_AMOUNT',
  ])
    put(`${paths.policy}.${key}`);
  return next;
}

function packagePaths(substep: Substep) {
  return {
    list: substep.packages?.listPath ?? 'CT_PACKAGES',
    offers: substep.packages?.offersPath ?? 'CT_OFFERS',
    policy: 'CS_POLICY',
  };
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
