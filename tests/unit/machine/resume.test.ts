// Resuming a stored offer: where it reopens (the last substep whose effects store the quote) and
// RESUME from anywhere, with the offer's answers and derived values.

import { describe, expect, it } from 'vitest';
import type { Flow } from '../../../src/engine/flow/types';
import { offerResumeKey } from '../../../src/engine/machine/offerResume';
import { getPath } from '../../../src/engine/paths';
import { formStep, run, tinyFlow, until } from './support';

const product = { api: { quotation: 'Quotation' } } as Flow['product'];
const flow = tinyFlow(
  [
    formStep('about', 'A', { onLeave: [{ call: 'calc' }] }),
    formStep('offer', 'B', { onLeave: [{ call: 'store' }] }),
    formStep('payment', 'C', { onLeave: [{ call: 'store' }, { payment: 'jcc' }] }),
  ],
  {
    product,
    calls: {
      calc: { method: 'POST', path: '/zcp/offer/tiny/Calc' },
      store: { method: 'POST', path: '/zcp/offer/tiny/Quotation' },
    },
    derived: [{ path: 'CS_X.AGE', ageOf: 'CS_X.BIRTH' }],
  },
);

describe('resuming an offer', () => {
  it('reopens on the last substep that stores the quote', () => {
    expect(offerResumeKey(flow)).toBe('payment__form');
  });

  it('a flow without a quotation, or whose calls never store, has no place to reopen', () => {
    expect(offerResumeKey({ ...flow, product: undefined })).toBeUndefined();
    expect(
      offerResumeKey({ ...flow, calls: { calc: flow.calls!.calc, store: flow.calls!.calc } }),
    ).toBeUndefined();
  });

  it('RESUME from any state puts the offer on that substep; an unknown one is ignored', async () => {
    const actor = run(flow);
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors).toHaveLength(1);
    const offer = { CS_POLICY: { OFFER_NO: 'OF20260042' }, CS_X: { A: 'a', B: 'b', BIRTH: '1985-04-12' } };
    actor.send({ type: 'RESUME', quote: offer, at: 'payment__form' });
    let snap = actor.getSnapshot();
    expect(snap.matches({ payment__form: 'editing' })).toBe(true);
    // The offer's answers, with what the flow derives from them.
    expect(snap.context.quote).toEqual({ ...offer, CS_X: { ...offer.CS_X, AGE: 41 } });
    expect(snap.context.errors).toEqual([]);
    expect(snap.context.activated).toEqual({ about: true, payment: true });
    actor.send({ type: 'RESUME', quote: {}, at: 'nowhere' });
    snap = actor.getSnapshot();
    expect(snap.matches({ payment__form: 'editing' })).toBe(true);
    expect(getPath(snap.context.quote, 'CS_POLICY.OFFER_NO')).toBe('OF20260042');
    actor.send({ type: 'BACK' });
    await until(actor, { offer__form: 'editing' });
  });
});
