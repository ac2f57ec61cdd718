// Navigation and its guards: substeps in order, hidden steps skipped both ways, back-only moves,
// and what keeps the visitor on a substep.

import { describe, expect, it } from 'vitest';
import type { Substep } from '../../../src/engine/flow/types';
import { blockers, neighbourIndex, substepPositions } from '../../../src/engine/machine/navigation';
import { setPath } from '../../../src/engine/paths';
import { recordOpened } from '../../../src/engine/quote';
import { formStep, run, TODAY, tinyFlow, until } from './support';

// Step "extra" shows only when CS_X.A is 'more'.
const flow = tinyFlow([
  formStep('first', 'A'),
  { ...formStep('extra', 'B'), visibleIf: { path: 'CS_X.A', eq: 'more' } },
  formStep('last', 'C'),
]);
const ctx = { today: TODAY, vars: {} };

describe('substep positions and visibility', () => {
  it('numbers every substep of every step with its state key', () => {
    const positions = substepPositions(flow);
    expect(positions.map((p) => [p.key, p.stepIndex, p.substepIndex, p.index])).toEqual([
      ['first__form', 0, 0, 0],
      ['extra__form', 1, 0, 1],
      ['last__form', 2, 0, 2],
    ]);
  });

  it('skips a hidden step forwards and backwards, and answers -1 past either end', () => {
    const positions = substepPositions(flow);
    const hidden = { CS_X: { A: 'less' } };
    const shown = { CS_X: { A: 'more' } };
    expect(neighbourIndex(flow, positions, 0, 1, hidden, {})).toBe(2);
    expect(neighbourIndex(flow, positions, 0, 1, shown, {})).toBe(1);
    expect(neighbourIndex(flow, positions, 2, -1, hidden, {})).toBe(0);
    expect(neighbourIndex(flow, positions, 2, 1, shown, {})).toBe(-1);
    expect(neighbourIndex(flow, positions, 0, -1, shown, {})).toBe(-1);
  });
});

describe('what keeps the visitor on a substep', () => {
  const packages: Substep = {
    id: 'packages',
    kind: 'packages',
    packages: { listPath: 'CT_PACKAGES', offersPath: 'CT_OFFERS' },
    panels: {
      recordPath: 'CS_POLICY.OPENED_PANELS',
      requireAllOpened: true,
      items: [
        { id: 'covers', title: 'panels.covers', text: 'COVERS', kind: 'cover' },
        { id: 'terms', title: 'panels.terms', text: 'TERMS', kind: 'cover' },
      ],
    },
  };

  it('a required answer missing', () => {
    const errors = blockers(flow.steps[0].substeps[0], {}, ctx);
    expect(errors.map((e) => e.fieldId)).toEqual(['A']);
    expect(blockers(flow.steps[0].substeps[0], { CS_X: { A: 'x' } }, ctx)).toEqual([]);
  });

  it('no package chosen, then panels not all opened, until both are done', () => {
    let quote = setPath({}, 'CT_PACKAGES', [{ PACKAGE_ID: 'P1', ZZSELECTED_IND: '' }]);
    expect(blockers(packages, quote, ctx).map((e) => e.key)).toEqual([
      'validation:choose_package',
      'validation:open_panels',
    ]);
    quote = setPath(quote, 'CT_PACKAGES', [{ PACKAGE_ID: 'P1', ZZSELECTED_IND: 'X' }]);
    quote = recordOpened(quote, 'CS_POLICY.OPENED_PANELS', 'covers');
    expect(blockers(packages, quote, ctx).map((e) => e.key)).toEqual(['validation:open_panels']);
    quote = recordOpened(quote, 'CS_POLICY.OPENED_PANELS', 'terms');
    expect(blockers(packages, quote, ctx)).toEqual([]);
  });
});

describe('moving through the machine', () => {
  it('NEXT with a missing answer stays with its error; path analysis leaves anyway', async () => {
    const actor = run(flow);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().matches({ first__form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors.map((e) => e.fieldId)).toEqual(['A']);

    const analysis = run(flow, undefined, { analysis: true });
    analysis.send({ type: 'NEXT' });
    await until(analysis, { last__form: 'editing' });
  });

  it('forward follows the quote the effects ended with, not the one sent', async () => {
    // The effect sets the answer that shows the extra step.
    const shows = tinyFlow([
      formStep('first', 'A', { onLeave: [{ set: { 'CS_X.A': 'more' } }] }),
      { ...formStep('extra', 'B'), visibleIf: { path: 'CS_X.A', eq: 'more' } },
      formStep('last', 'C'),
    ]);
    const actor = run(shows);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'less' } } });
    const snap = await until(actor, { extra__form: 'editing' });
    expect(snap.context.activated).toEqual({ first: true, extra: true });
  });

  it('goes back over a hidden step, never forward by GOTO, and clears the errors it leaves', async () => {
    const actor = run(flow);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'less' } } });
    await until(actor, { last__form: 'editing' });
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors).toHaveLength(1);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ first__form: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'GOTO', step: 2 });
    expect(actor.getSnapshot().matches({ first__form: 'editing' })).toBe(true);
    actor.send({ type: 'BACK' });
    expect(actor.getSnapshot().matches({ first__form: 'editing' })).toBe(true);
  });

  it('GOTO an earlier step lands on its first substep', async () => {
    const actor = run(flow);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'more' } } });
    await until(actor, { extra__form: 'editing' });
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'more', B: 'b' } } });
    await until(actor, { last__form: 'editing' });
    actor.send({ type: 'GOTO', step: 1 });
    expect(actor.getSnapshot().matches({ extra__form: 'editing' })).toBe(true);
  });

  it('OPEN_PANEL records the panel once', async () => {
    const withPanels = tinyFlow([
      {
        id: 'terms',
        label: 'steps.terms',
        substeps: [
          {
            id: 'read',
            kind: 'form',
            panels: {
              recordPath: 'CS_POLICY.OPENED_PANELS',
              requireAllOpened: true,
              items: [{ id: 'ipid', title: 'panels.ipid', text: 'IPID', kind: 'cover' }],
            },
          },
        ],
      },
    ]);
    const actor = run(withPanels);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors.map((e) => e.key)).toEqual(['validation:open_panels']);
    actor.send({ type: 'OPEN_PANEL', id: 'ipid' });
    actor.send({ type: 'OPEN_PANEL', id: 'ipid' });
    expect(actor.getSnapshot().context.quote).toMatchObject({ CS_POLICY: { OPENED_PANELS: ['ipid'] } });
    actor.send({ type: 'NEXT' });
    await until(actor, 'completed');
  });
});
