// npm run flows:paths [-- <flow> …] [--skeletons <dir>]
// Enumerates the paths through each flow machine with xstate's graph utilities: the shortest path
// to every state, the simple paths from the start to every end (paid, pending, failed, completed,
// referral), states no path reaches and states with no way out. With --skeletons, writes a
// scenario skeleton per path for testers to fill in.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadFlowBundles } from '../engine/flow/files';
import type { Flow } from '../engine/flow/types';
import { substepPositions } from '../engine/machine/createFlowMachine';
import { analyseFlow, stateLabel } from '../engine/machine/pathAnalysis';

type Snapshot = Parameters<typeof stateLabel>[0];

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
