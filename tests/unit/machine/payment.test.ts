// Payment and return: the redirect, the three outcomes the provider's answer leads to, and the
// visitor coming back without paying.

import { describe, expect, it } from 'vitest';
import { payingPosition } from '../../../src/engine/machine/payment';
import { buildOf, fakeServices, formStep, run, tinyFlow, until } from './support';

const flow = tinyFlow(
  [formStep('details', 'A'), formStep('pay', 'B', { onLeave: [{ call: 'store' }, { payment: 'jcc' }] })],
  { calls: { store: { method: 'POST', path: '/x/store', merge: { OFFER_NO: 'CS_POLICY.OFFER_NO' } } } },
);

async function toProvider(services = fakeServices({ call: async () => ({ OFFER_NO: 'OF20260077' }) })) {
  const actor = run(flow, services);
  actor.send({ type: 'NEXT', quote: { CS_X: { A: 'a' } } });
  await until(actor, { pay__form: 'editing' });
  actor.send({ type: 'NEXT', quote: { ...actor.getSnapshot().context.quote, CS_X: { A: 'a', B: 'b' } } });
  return until(actor, 'redirecting').then((snap) => ({ actor, snap }));
}

describe('payment and return', () => {
  it('finds the paying substep; a flow without payment has none', () => {
    expect(payingPosition(buildOf(flow))?.key).toBe('pay__form');
    expect(payingPosition(buildOf(tinyFlow([formStep('only', 'A')])))).toBeUndefined();
  });

  it('registers the payment with the stored offer and holds where to send the visitor', async () => {
    const seen: unknown[] = [];
    const services = fakeServices({
      call: async () => ({ OFFER_NO: 'OF20260077' }),
      payment: async (name, quote) => {
        seen.push([name, (quote.CS_POLICY as { OFFER_NO?: string }).OFFER_NO]);
        return { URL: 'https://jcc.example/pay', METHOD: 'POST', FIELDS: { OrderID: 'OF20260077-1' } };
      },
    });
    const { snap } = await toProvider(services);
    expect(seen).toEqual([['jcc', 'OF20260077']]);
    expect(snap.context.redirect).toEqual({
      URL: 'https://jcc.example/pay',
      METHOD: 'POST',
      FIELDS: { OrderID: 'OF20260077-1' },
    });
  });

  for (const [status, state] of [
    ['SUCCESS', 'paid'],
    ['SUCCESS_PENDING', 'paidPending'],
    ['FAILED', 'paymentFailed'],
  ] as const) {
    it(`${status} ends in ${state}`, async () => {
      const { actor } = await toProvider();
      actor.send({ type: 'PAYMENT_RESULT', status });
      const snap = actor.getSnapshot();
      expect(snap.matches(state)).toBe(true);
      expect(snap.status).toBe('done');
      expect(snap.context.outcome).toBe(status);
    });
  }

  it('coming back without paying shows the paying form again, with its answers', async () => {
    const { actor } = await toProvider();
    actor.send({ type: 'CANCEL_PAYMENT' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ pay__form: 'editing' })).toBe(true);
    expect(snap.context.quote).toMatchObject({ CS_X: { B: 'b' }, CS_POLICY: { OFFER_NO: 'OF20260077' } });
  });

  it('a refused payment registration pauses on the error; RETRY registers again', async () => {
    let refuse = true;
    const services = fakeServices({
      payment: async () => {
        if (refuse) throw { status: 502, message: 'Provider unreachable' };
        return { URL: 'https://jcc.example/pay', METHOD: 'POST', FIELDS: {} };
      },
    });
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'a', B: 'b' } } });
    await until(actor, { pay__form: 'editing' });
    actor.send({ type: 'NEXT' });
    const snap = await until(actor, { pay__form: 'error' });
    expect(snap.context.cursor).toBe(1);
    refuse = false;
    actor.send({ type: 'RETRY' });
    await until(actor, 'redirecting');
  });
});
