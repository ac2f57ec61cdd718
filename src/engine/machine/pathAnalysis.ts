// The paths through a flow (what `npm run flows:paths` prints and the publishing gates and the
// studio's path map use), found with xstate's graph utilities on the flow machine: the shortest path
// to every state, the simple forward paths from the start to every end (paid, pending, failed,
// completed, referral), the states no path reaches and the states with no way out.

import type { AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Condition } from '../conditions';
import type { Effect, Flow } from '../flow/types';
import { createFlowMachine, substepPositions } from './createFlowMachine';
import type { EffectsOutcome } from './effects';
import type { FlowServices } from './services';

const TODAY = '2026-01-01';
const stub: FlowServices = {
  today: () => TODAY,
  call: async () => ({}),
  checkPoints: async () => [],
  otpGenerate: async () => undefined,
  otpValidate: async () => 'ok',
  payment: async () => ({ URL: 'https://provider', METHOD: 'POST', FIELDS: {} }),
};

type Snapshot = ReturnType<ReturnType<typeof createFlowMachine>['transition']>;

/** Outcomes a substep's effects can end in, as the done events of its invoked effects actor. */
function possibleOutcomes(effects: readonly Effect[] | undefined): EffectsOutcome['kind'][] {
  const kinds = new Set<EffectsOutcome['kind']>(['done']);
  for (const e of effects ?? []) {
    if ('checkpoints' in e) kinds.add('referral');
    if ('otpGate' in e) kinds.add('otp');
    if ('call' in e) kinds.add('error').add('referral');
    if ('call' in e && e.confirmPremiumChange) kinds.add('premiumChanged');
    if ('payment' in e) {
      kinds.add('redirect');
      // A payment under a condition (a card chosen) may be skipped: the flow then goes on.
      if (!e.when) kinds.delete('done');
    }
  }
  return [...kinds];
}

/** A machine state as one dotted label: "step__substep.editing", "redirecting", "completed". */
export function stateLabel(snapshot: Snapshot): string {
  const v = snapshot.value;
  if (typeof v === 'string') return v;
  const top = Object.keys(v)[0];
  const inner = (v as Record<string, unknown>)[top];
  return `${top}.${typeof inner === 'string' ? inner : JSON.stringify(inner).replace(/[{}"]/g, '').replace(/:/g, '.')}`;
}

/** Reachability over every event (back navigation included); end paths over forward moves only. */
export function analyseFlow(flow: Flow) {
  const machine = createFlowMachine(flow, stub, { analysis: true });
  const positions = substepPositions(flow);
  const events = (snapshot: Snapshot): AnyEventObject[] => {
    const label = stateLabel(snapshot);
    const [top, inner = ''] = label.split(/\.(.*)/s);
    const pos = positions.find((p) => p.key === top);
    const out: AnyEventObject[] = [];
    if (top === 'redirecting') {
      for (const status of ['SUCCESS', 'SUCCESS_PENDING', 'FAILED'])
        out.push({ type: 'PAYMENT_RESULT', status });
      return out;
    }
    if (!pos) return out;
    const quote = snapshot.context.quote;
    if (inner === 'editing') {
      out.push({ type: 'NEXT' }, { type: 'BACK' });
      for (let s = 0; s < pos.stepIndex; s++) out.push({ type: 'GOTO', step: s });
    } else if (inner === 'leaving' || inner === 'entering') {
      const effects = inner === 'leaving' ? pos.substep.onLeave : pos.substep.onEnter;
      const id = `0.${flow.id}.${pos.key}.${inner}`;
      for (const kind of possibleOutcomes(effects)) {
        const output = {
          kind,
          quote,
          cursor: 0,
          referral: { CHECK_NUMBER: '1', ERROR_MESSAGE: '', ERROR_TEXT_TYPE: '1' },
          previous: 1,
          current: 2,
          error: {},
          redirect: { URL: '', METHOD: 'POST', FIELDS: {} },
        };
        out.push({ type: `xstate.done.actor.${id}`, output });
      }
    } else if (inner === 'referral') {
      out.push({ type: 'EDIT' });
    } else if (inner === 'error') {
      out.push({ type: 'RETRY' }, { type: 'EDIT' });
    } else if (inner === 'confirmPremium') {
      out.push({ type: 'CONFIRM_PREMIUM' }, { type: 'REJECT_PREMIUM' });
    } else if (inner.startsWith('otp')) {
      out.push({ type: 'OTP_CONFIRMED', email: 'visitor@example.com.cy' });
    }
    return out;
  };
  const serializeState = (s: Snapshot) => stateLabel(s);
  // Done events of invoked actors are not in the machine's event type; the traversal accepts them.
  const shortest = getShortestPaths(machine, { events: events as never, serializeState });
  const reached = new Set(shortest.map((p) => stateLabel(p.state as Snapshot)));
  const expected = [
    ...positions.flatMap((p) => [
      `${p.key}.editing`,
      ...(p.substep.onLeave?.length ? [`${p.key}.leaving`] : []),
    ]),
    ...(flow.steps.some((s) => s.substeps.some((u) => u.onLeave?.some((e) => 'payment' in e)))
      ? ['paid', 'paidPending', 'paymentFailed', ...(flow.completion ? ['completed'] : [])]
      : ['completed']),
  ];
  const unreachable = expected.filter((s) => !reached.has(s));
  const deadEnds = shortest
    .map((p) => p.state as Snapshot)
    .filter((s) => s.status === 'active' && events(s).length === 0 && !stateLabel(s).endsWith('.referral'))
    .map(stateLabel);
  const ends = getSimplePaths(machine, {
    events: ((s: Snapshot) =>
      events(s).filter((e) => !['BACK', 'GOTO', 'EDIT', 'REJECT_PREMIUM'].includes(e.type))) as never,
    serializeState,
    toState: (s: Snapshot) => s.status === 'done' || stateLabel(s).endsWith('.referral'),
  });
  return { shortest, unreachable, deadEnds, ends };
}

/** The kinds of end a path reaches (STUDIO.md: the ends of the path map). */
export type PathEndKind = 'referral' | 'callback' | 'payment' | 'completion' | 'dead_end';

export interface PathMap {
  /** Every substep, in order: its state key (step__substep), its step and substep ids, its heading key. */
  nodes: { id: string; step: string; substep: string; labelKey: string }[];
  /** Forward moves between substeps; `when` is the condition of a step entered or (negated) skipped. */
  edges: { from: string; to: string; when?: Condition }[];
  /** Where paths end, from the substep they end at. */
  ends: { from: string; kind: PathEndKind }[];
  /** Substeps no path reaches. */
  unreachable: string[];
}

const PAYMENT_ENDS = new Set(['paid', 'paidPending', 'paymentFailed']);

/** The flow as a map of its paths: substeps, forward moves, ends and what no path reaches. */
export function pathMap(flow: Flow): PathMap {
  const { unreachable, deadEnds, ends } = analyseFlow(flow);
  const positions = substepPositions(flow);
  const nodes = positions.map((p) => ({
    id: p.key,
    step: flow.steps[p.stepIndex].id,
    substep: p.substep.id,
    labelKey: p.substep.title ?? flow.steps[p.stepIndex].label,
  }));
  const index = new Map(positions.map((p) => [p.key, p]));
  const edges = new Map<string, PathMap['edges'][number]>();
  const endsOut = new Map<string, PathMap['ends'][number]>();
  const addEnd = (from: string, kind: PathEndKind) => endsOut.set(`${from}>${kind}`, { from, kind });
  for (const path of ends) {
    const labels = [
      ...path.steps.map((s) => stateLabel(s.state as Snapshot)),
      stateLabel(path.state as Snapshot),
    ];
    let last: string | undefined;
    for (const label of labels) {
      const top = label.split('.')[0];
      if (index.has(top)) {
        if (last && last !== top) edges.set(`${last}>${top}`, edgeOf(flow, index, last, top));
        last = top;
        if (label.endsWith('.referral')) addEnd(top, flow.referralCallBack ? 'callback' : 'referral');
      } else if (last && PAYMENT_ENDS.has(top)) addEnd(last, 'payment');
      else if (last && top === 'completed') addEnd(last, 'completion');
    }
  }
  for (const state of deadEnds) addEnd(state.split('.')[0], 'dead_end');
  return {
    nodes,
    edges: [...edges.values()],
    ends: [...endsOut.values()],
    unreachable: [...new Set(unreachable.map((s) => s.split('.')[0]).filter((s) => index.has(s)))],
  };
}

/** A forward move; across step boundaries it holds when the entered step's condition holds and each skipped one's does not. */
function edgeOf(
  flow: Flow,
  index: Map<string, ReturnType<typeof substepPositions>[number]>,
  from: string,
  to: string,
): PathMap['edges'][number] {
  const a = index.get(from)?.stepIndex ?? 0;
  const b = index.get(to)?.stepIndex ?? 0;
  const conditions: Condition[] = [];
  for (let s = Math.min(a, b) + 1; s < Math.max(a, b); s++) {
    const skipped = flow.steps[s].visibleIf;
    if (skipped) conditions.push({ not: skipped });
  }
  const entered = a !== b ? flow.steps[b].visibleIf : undefined;
  if (entered) conditions.push(entered);
  if (conditions.length === 0) return { from, to };
  return { from, to, when: conditions.length === 1 ? conditions[0] : { all: conditions } };
}
