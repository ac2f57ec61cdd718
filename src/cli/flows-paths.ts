// npm run flows:paths [-- <flow> …] [--skeletons <dir>]
// Enumerates the paths through each flow machine with xstate's graph utilities: the shortest path
// to every state, the simple paths from the start to every end (paid, pending, failed, completed,
// referral), states no path reaches and states with no way out. With --skeletons, writes a
// scenario skeleton per path for testers to fill in.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { loadFlowBundles } from '../engine/flow/files';
import type { Effect, Flow } from '../engine/flow/types';
import { createFlowMachine, substepPositions } from '../engine/machine/createFlowMachine';
import type { EffectsOutcome } from '../engine/machine/effects';
import type { FlowServices } from '../engine/machine/services';

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

function skeleton(flow: Flow, path: ReturnType<typeof analyseFlow>['ends'][number], index: number) {
  const positions = substepPositions(flow);
  const visited: string[] = [];
  for (const step of path.steps) {
    const top = stateLabel(step.state as Snapshot).split('.')[0];
    if (positions.some((p) => p.key === top) && visited.at(-1) !== top) visited.push(top);
  }
  const end = stateLabel(path.state as Snapshot);
  return {
    name: `${flow.id} path ${index + 1}: ${visited.join(' → ')} → ${end}`,
    flow: flow.id,
    steps: visited.map((substep) => {
      const sub = positions.find((p) => p.key === substep)!.substep;
      return {
        substep,
        ...(sub.kind === 'packages' ? { select: '' } : {}),
        answers: Object.fromEntries((sub.fields ?? []).map((f) => [f.path, ''])),
      };
    }),
    expect: end.endsWith('.referral')
      ? { referral: { message: '' } }
      : {
          reachesPayment: end !== 'completed',
          ...(end === 'completed'
            ? {}
            : { payment: end === 'paid' ? 'SUCCESS' : end === 'paidPending' ? 'SUCCESS_PENDING' : 'FAILED' }),
        },
  };
}

async function main(argv: string[]): Promise<number> {
  const skeletonDir = argv.includes('--skeletons') ? argv[argv.indexOf('--skeletons') + 1] : null;
  const only = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--skeletons');
  const bundles = (await loadFlowBundles()).filter((b) => !only.length || only.includes(b.flow.id));
  let problems = 0;
  for (const { flow } of bundles) {
    const { shortest, unreachable, deadEnds, ends: forwardEnds } = analyseFlow(flow);
    console.log(
      `\n${flow.id}: ${shortest.length} reachable states, ${forwardEnds.length} forward paths to an end`,
    );
    for (const [i, path] of forwardEnds.entries()) {
      const labels = path.steps
        .map((s) => stateLabel(s.state as Snapshot))
        .filter((l) => /\.editing$|^(paid|paidPending|paymentFailed|completed)$|\.referral$/.test(l));
      console.log(
        `  ${i + 1}. ${[...labels, stateLabel(path.state as Snapshot)].filter((l, j, all) => all.indexOf(l) === j).join(' → ')}`,
      );
    }
    for (const s of unreachable) console.log(`  ✗ unreachable: ${s}`);
    for (const s of deadEnds) console.log(`  ✗ dead end: ${s}`);
    problems += unreachable.length + deadEnds.length;
    if (skeletonDir) {
      await mkdir(skeletonDir, { recursive: true });
      for (const [i, path] of forwardEnds.entries()) {
        const file = join(skeletonDir, `${flow.id}-path-${String(i + 1).padStart(2, '0')}.json`);
        await writeFile(file, `${JSON.stringify(skeleton(flow, path, i), null, 2)}\n`);
      }
      console.log(`  ${forwardEnds.length} scenario skeleton(s) written to ${skeletonDir}`);
    }
  }
  console.log(`\nflows:paths: ${bundles.length} flow(s), ${problems} problem(s)`);
  return problems ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
