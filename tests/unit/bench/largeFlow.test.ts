// The large generated flow of the benchmark (bench/large/generate.ts, issue 27 item 2): the same
// for a seed, it passes flows:check's checker, and its machine, given a valid answer to every
// field, goes through all 40 substeps to the end (and stays put on a page with a required field left empty).

import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { generateLargeFlow, type LargeFlow } from '../../../bench/large/generate';
import { largeCheckInputs, largeServices } from '../../../bench/large/node';
import type { CheckInputs } from '../../../src/engine/flow/check';
import { checkFlowFolder } from '../../../src/engine/flow/check';
import { loadFlow } from '../../../src/engine/flow/load';
import type { Flow } from '../../../src/engine/flow/types';
import { createFlowMachine, substepPositions } from '../../../src/engine/machine/createFlowMachine';

let large: LargeFlow;
let input: CheckInputs;
let flow: Flow;

beforeAll(async () => {
  large = generateLargeFlow();
  input = await largeCheckInputs(large);
  flow = loadFlow(input).flow;
});

const top = (value: unknown) => (typeof value === 'string' ? value : Object.keys(value as object)[0]);

describe('the large generated flow', () => {
  it('is 40 substeps of 20 fields, some conditional both ways, the same for the same seed', () => {
    expect(large.pages).toHaveLength(40);
    expect(large.pages.every((p) => p.length === 20)).toBe(true);
    const ids = large.pages.flat().map((f) => f.id);
    expect(new Set(ids).size).toBe(800);
    const conditional = large.pages.flat().filter((f) => f.visibleIf);
    expect(conditional.length).toBeGreaterThan(20);
    const answers = large.answers.BENCH as Record<string, unknown>;
    const shown = conditional.filter((f) => String(answers[f.visibleIf!.id]) === f.visibleIf!.eq);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(conditional.length);
    expect(generateLargeFlow()).toEqual(large);
    expect(generateLargeFlow({ seed: 28 }).pages).not.toEqual(large.pages);
  });

  it("passes flows:check's checker", () => {
    expect(checkFlowFolder(input)).toEqual([]);
  });

  it('the checker would catch a broken reference in it', () => {
    const broken = structuredClone(large.flow);
    broken.steps[3].substeps[2].fields![4].visibleIf = { path: 'BENCH.NOWHERE', eq: '1' };
    const problems = checkFlowFolder({ ...input, files: { ...input.files, flow: broken } });
    expect(problems.map((p) => p.message)).toContain(
      'path "BENCH.NOWHERE" is not written by any field, default, derived value or call',
    );
  });

  it('its machine reaches every substep with valid answers, then the end', async () => {
    const actor = createActor(createFlowMachine(flow, largeServices, { vars: { variant: '' } })).start();
    const visited: string[] = [];
    for (let i = 0; i < 41; i++) {
      const snapshot = await waitFor(
        actor,
        (s) =>
          s.status === 'done' || (typeof s.value === 'object' && Object.values(s.value)[0] === 'editing'),
      );
      if (snapshot.status === 'done') break;
      visited.push(top(snapshot.value));
      actor.send({ type: 'NEXT', quote: large.answers });
      await waitFor(actor, (s) => s.status === 'done' || top(s.value) !== visited.at(-1));
    }
    expect(visited).toEqual(substepPositions(flow).map((p) => p.key));
    expect(actor.getSnapshot().value).toBe('completed');
    actor.stop();
  });

  it('stays on a page whose required field is empty', async () => {
    const actor = createActor(createFlowMachine(flow, largeServices, { vars: { variant: '' } })).start();
    const first = large.pages[0].find((f) => f.required && !f.visibleIf)!;
    const answers = structuredClone(large.answers) as { BENCH: Record<string, unknown> };
    delete answers.BENCH[first.id];
    actor.send({ type: 'NEXT', quote: answers });
    await new Promise((r) => setTimeout(r, 20));
    const snapshot = actor.getSnapshot();
    expect(top(snapshot.value)).toBe(substepPositions(flow)[0].key);
    expect(snapshot.context.errors.map((e) => e.path)).toContain(`BENCH.${first.id}`);
    actor.stop();
  });
});
