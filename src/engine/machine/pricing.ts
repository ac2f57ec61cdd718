// Pricing and recalculation on a packages substep: a package or optional cover chosen shows at
// once and is priced by the substep's `recalculate` calls; so is a repricing edit (a deductible) or
// a promo code the page sets. The visitor may go on choosing while it is priced: a new choice
// restarts the recalculation, so the answer that lands is always the one for what is on screen,
// and a failed one takes the choices back.

import { fromPromise } from 'xstate';
import { applyDerived } from '../flow/derived';
import type { Quote, Substep } from '../flow/types';
import { getPath, setPath } from '../paths';
import { selectPackage, toggleCover } from '../quote';
import { thrownOf, update } from './actions';
import { mergeAnswer } from './effects';
import { CHOICE_UNDONE, type FlowContext, type FlowEvent, type MachineBuild } from './types';

/** One answer of a recalculation and where its parts go in the quote. */
export interface RecalcAnswer {
  merge: Record<string, string> | undefined;
  answer: unknown;
}

/**
 * The recalculation's calls run in order, each seeing what the earlier ones answered (the
 * deductible lists of the chosen package, then its price). Their answers are merged on done into
 * the quote as it is then (withAnswers), so a panel opened or a field changed meanwhile is kept.
 */
export function recalcActor({ flow, services }: MachineBuild) {
  return fromPromise<RecalcAnswer[], { calls: string[]; quote: Quote }>(async ({ input }) => {
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
}

/** The recalculation's answers merged into the quote as it is now. */
export function withAnswers({ flow, services }: MachineBuild, quote: Quote, answers: RecalcAnswer[]): Quote {
  return applyDerived(
    flow,
    answers.reduce((q, a) => mergeAnswer(q, a.answer, a.merge), quote),
    services.today(),
  );
}

/**
 * A package or cover chosen: shown at once; the quote before the first unpriced choice is kept so
 * a failed recalculation can take the choices back.
 */
function applyChoice(substep: Substep) {
  return update(({ context, event }) => {
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
}

type Guarded = { context: FlowContext; event: FlowEvent };

/**
 * The editing state's choice and change transitions. A refusal of what was entered ("we could not
 * find a vehicle") goes once the visitor changes an answer: it spoke of the answers as they were.
 */
export function editingChoices(substep: Substep) {
  const priced = recalcCalls(substep).length > 0;
  return {
    CHANGE: [
      {
        guard: ({ context, event }: Guarded) =>
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
    SELECT_PACKAGE: {
      target: priced ? 'recalculating' : 'editing',
      reenter: false,
      actions: applyChoice(substep),
    },
    // A promo code entered meanwhile reprices the chosen package at once.
    SET_VALUES: {
      guard: ({ context, event }: Guarded) => repricesOnValues(substep, context.quote, event),
      target: 'recalculating',
      actions: 'setValues',
    },
    TOGGLE_COVER: { target: priced ? 'recalculating' : 'editing', actions: applyChoice(substep) },
  };
}

/** The state a substep is in while its choices are priced; `also` adds the transitions it keeps. */
export function recalculatingState(build: MachineBuild, substep: Substep, also: Record<string, unknown>) {
  const choose = applyChoice(substep);
  return {
    on: {
      CHANGE: [
        {
          guard: ({ context, event }: Guarded) =>
            event.type === 'CHANGE' && repricesOnChange(substep, context.quote, event.quote),
          target: 'recalculating',
          reenter: true,
          actions: update(({ event }) => (event.type === 'CHANGE' ? { quote: event.quote } : {})),
        },
        {
          actions: update(({ event }) => (event.type === 'CHANGE' ? { quote: event.quote } : {})),
        },
      ],
      SELECT_PACKAGE: { target: 'recalculating', reenter: true, actions: choose },
      SET_VALUES: {
        guard: ({ context, event }: Guarded) => repricesOnValues(substep, context.quote, event),
        target: 'recalculating',
        reenter: true,
        actions: 'setValues',
      },
      TOGGLE_COVER: { target: 'recalculating', reenter: true, actions: choose },
      ...also,
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
          quote: withAnswers(build, context.quote, (event as unknown as { output: RecalcAnswer[] }).output),
          choiceBefore: null,
        })),
      },
      onError: [
        // A check point refusing the choice (a vehicle over €70,000 with comprehensive cover)
        // keeps it and says why; Continue then shows the referral with the call-back.
        {
          guard: ({ event }: { event: unknown }) => Boolean(thrownOf(event).referral),
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
  };
}

/** Applies a quote change that may throw on an unknown id (a stale click): the quote stays as it was. */
export function safely(quote: Quote, change: () => Quote): Quote {
  try {
    return change();
  } catch {
    return quote;
  }
}

function packageChosen(substep: Substep, quote: Quote): boolean {
  const list = getPath(quote, substep.packages?.listPath ?? 'CT_PACKAGES');
  return Array.isArray(list) && list.some((p) => (p as { ZZSELECTED_IND?: string }).ZZSELECTED_IND === 'X');
}

/** A change of a `recalculates` field (a deductible) on a packages substep with a chosen package. */
export function repricesOnChange(substep: Substep, before: Quote, after: Quote): boolean {
  if (!substep.packages?.recalculate) return false;
  return (
    packageChosen(substep, after) &&
    (substep.fields ?? []).some(
      (f) =>
        f.recalculates && JSON.stringify(getPath(before, f.path)) !== JSON.stringify(getPath(after, f.path)),
    )
  );
}

/** Any of the substep's own answers differs between the two quotes. */
export function answersChanged(substep: Substep, before: Quote, after: Quote): boolean {
  return (substep.fields ?? []).some(
    (f) => JSON.stringify(getPath(before, f.path)) !== JSON.stringify(getPath(after, f.path)),
  );
}

/** Values set from outside the flow (SET_VALUES) that change the quote of a substep with a chosen package. */
export function repricesOnValues(substep: Substep, quote: Quote, event: FlowEvent): boolean {
  if (event.type !== 'SET_VALUES' || !recalcCalls(substep).length) return false;
  return (
    packageChosen(substep, quote) &&
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
export function restoreChoice(quote: Quote, before: Quote, substep: Substep): Quote {
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
