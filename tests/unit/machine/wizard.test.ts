// A flow's start and end: the quote a run begins with (defaults, the variant's, the page's values,
// or a given quote) and the `completed` end a wizard without payment reaches.

import { describe, expect, it } from 'vitest';
import { initialContext, initialQuote } from '../../../src/engine/machine/wizard';
import { buildOf, fakeServices, formStep, run, tinyFlow, until } from './support';

const flow = tinyFlow([formStep('kind', 'A'), formStep('confirm', 'B', { onLeave: [{ call: 'file' }] })], {
  area: 'portal',
  defaults: { 'CS_REQUEST.CHANNEL': 'PORTAL', 'CS_REQUEST.KIND': 'GENERAL' },
  variants: [{ id: 'urgent', defaults: { 'CS_REQUEST.KIND': 'URGENT' } } as never],
  calls: {
    file: { method: 'POST', path: '/x/requests', merge: { WORKORDER_ID: 'CS_REQUEST.WORKORDER_ID' } },
  },
  completion: { title: 'done.title' },
});

describe('the start of a run', () => {
  it('the flow defaults, then the variant over them, then the page values over both', () => {
    expect(initialQuote(flow)).toEqual({ CS_REQUEST: { CHANNEL: 'PORTAL', KIND: 'GENERAL' } });
    expect(initialQuote(flow, { vars: { variant: 'urgent' } })).toEqual({
      CS_REQUEST: { CHANNEL: 'PORTAL', KIND: 'URGENT' },
    });
    expect(
      initialQuote(flow, {
        vars: { variant: 'urgent' },
        values: { 'CS_REQUEST.KIND': 'ENDORSEMENT', 'CS_CONTRACT.CONTRACT_NO': 'MC-2025-004512' },
      }),
    ).toEqual({
      CS_REQUEST: { CHANNEL: 'PORTAL', KIND: 'ENDORSEMENT' },
      CS_CONTRACT: { CONTRACT_NO: 'MC-2025-004512' },
    });
    expect(initialQuote(flow, { vars: { variant: 'unknown' } }).CS_REQUEST).toEqual({
      CHANNEL: 'PORTAL',
      KIND: 'GENERAL',
    });
  });

  it('a given quote takes no defaults, but the page values still go over it', () => {
    expect(initialQuote(flow, { quote: { CS_X: { A: 'kept' } }, values: { 'CS_X.B': 'set' } })).toEqual({
      CS_X: { A: 'kept', B: 'set' },
    });
  });

  it('the initial context starts clean with its own copy of the run values', () => {
    const vars = { variant: 'urgent' };
    const context = initialContext(buildOf(flow, fakeServices(), { vars }));
    expect(context).toMatchObject({ errors: [], cursor: 0, premium: null, outcome: null, activated: {} });
    expect(context.otp).toEqual({ email: '', problem: null });
    expect(context.quote).toEqual({ CS_REQUEST: { CHANNEL: 'PORTAL', KIND: 'URGENT' } });
  });
});

describe('the end of a wizard', () => {
  it('the last substep effects done: completed, a final state, with what they answered', async () => {
    const sent: unknown[] = [];
    const services = fakeServices({
      call: async (_name, _spec, quote) => {
        sent.push(quote);
        return { WORKORDER_ID: 'WO-88120' };
      },
    });
    const actor = run(flow, services, { values: { 'CS_CONTRACT.CONTRACT_NO': 'HC-2024-001877' } });
    actor.send({ type: 'NEXT', quote: { ...actor.getSnapshot().context.quote, CS_X: { A: 'a' } } });
    await until(actor, { confirm__form: 'editing' });
    actor.send({ type: 'NEXT', quote: { ...actor.getSnapshot().context.quote, CS_X: { A: 'a', B: 'b' } } });
    const snap = await until(actor, 'completed');
    expect(snap.status).toBe('done');
    expect(snap.context.quote).toMatchObject({
      CS_REQUEST: { WORKORDER_ID: 'WO-88120' },
      CS_CONTRACT: { CONTRACT_NO: 'HC-2024-001877' },
    });
    expect(sent[0]).toMatchObject({ CS_CONTRACT: { CONTRACT_NO: 'HC-2024-001877' } });
  });

  it('a refused filing stays on the wizard, never completed', async () => {
    const services = fakeServices({
      call: async () => Promise.reject({ status: 409, message: 'Already filed' }),
    });
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'a', B: 'b' } } });
    await until(actor, { confirm__form: 'editing' });
    actor.send({ type: 'NEXT' });
    const snap = await until(actor, { confirm__form: 'error' });
    expect(snap.status).toBe('active');
  });
});
