// A substep's effects and the pauses they lead to: each outcome of the effects run goes where it
// should, and an answered pause resumes at the effect it stopped on.

import { describe, expect, it } from 'vitest';
import type { Effect } from '../../../src/engine/flow/types';
import { getPath } from '../../../src/engine/paths';
import { fakeServices, formStep, run, tinyFlow, until } from './support';

const answered = { CS_X: { A: 'a' } };
const calls = {
  lookup: { method: 'GET' as const, path: '/x/lookup', merge: { NAME: 'CS_X.NAME' } },
  quote: { method: 'POST' as const, path: '/x/quotation', merge: { AMOUNT: 'CS_POLICY.AMOUNT' } },
};
const twoSteps = (onLeave: Effect[], onEnter?: Effect[]) =>
  tinyFlow([formStep('first', 'A', { onLeave, onEnter }), formStep('next', 'B')], { calls });

describe('entering a substep', () => {
  it('runs onEnter and shows what it answered', async () => {
    const services = fakeServices({ call: async () => ({ NAME: 'Andreas Christodoulou' }) });
    const actor = run(twoSteps([], [{ call: 'lookup' }]), services);
    expect(actor.getSnapshot().matches({ first__form: 'entering' })).toBe(true);
    const snap = await until(actor, { first__form: 'editing' });
    expect(getPath(snap.context.quote, 'CS_X.NAME')).toBe('Andreas Christodoulou');
  });

  it('keeps an answer given while onEnter runs, with what onEnter answered beside it (issue 24 item 5)', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const services = fakeServices({ call: () => new Promise((resolve) => (answer = resolve)) });
    const actor = run(twoSteps([], [{ call: 'lookup' }]), services);
    expect(actor.getSnapshot().matches({ first__form: 'entering' })).toBe(true);
    // A quick choice while the step is still loading (the whole quote, as the form sends it).
    actor.send({ type: 'CHANGE', quote: { ...actor.getSnapshot().context.quote, CS_X: { A: 'chosen' } } });
    answer({ NAME: 'Andreas Christodoulou' });
    const snap = await until(actor, { first__form: 'editing' });
    expect(getPath(snap.context.quote, 'CS_X.A')).toBe('chosen');
    expect(getPath(snap.context.quote, 'CS_X.NAME')).toBe('Andreas Christodoulou');
  });

  it('a lookup answering the very path the person chose does not replace their choice', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const flow = tinyFlow(
      [formStep('first', 'A', { onEnter: [{ call: 'preset' }] }), formStep('next', 'B')],
      {
        calls: {
          preset: { method: 'GET' as const, path: '/x/preset', merge: { A: 'CS_X.A', NAME: 'CS_X.NAME' } },
        },
      },
    );
    const actor = run(flow, fakeServices({ call: () => new Promise((resolve) => (answer = resolve)) }));
    actor.send({ type: 'CHANGE', quote: { CS_X: { A: 'chosen' } } });
    answer({ A: 'preset', NAME: 'Eleni' });
    const snap = await until(actor, { first__form: 'editing' });
    expect(getPath(snap.context.quote, 'CS_X.A')).toBe('chosen');
    expect(getPath(snap.context.quote, 'CS_X.NAME')).toBe('Eleni');
  });

  it('an onEnter failure stays on the form with the error', async () => {
    const services = fakeServices({ call: async () => Promise.reject({ status: 503, message: 'down' }) });
    const actor = run(twoSteps([], [{ call: 'lookup' }]), services);
    const snap = await until(actor, { first__form: 'editing' });
    expect(snap.context.serviceError).toMatchObject({ status: 503 });
  });
});

describe('leaving a substep', () => {
  it('a 422 refusal stays on the form; another error pauses for RETRY, which resumes at that call', async () => {
    let failures = [
      { status: 422, body: { MESSAGES: [{ MSGTEXT: 'Vehicle not found' }] } },
      { status: 503, body: { MESSAGES: [{ MSGTEXT: 'Try later' }] } },
    ];
    const seen: string[] = [];
    const services = fakeServices({
      call: async (name) => {
        seen.push(name);
        if (name === 'quote' && failures.length) throw failures.shift();
        return name === 'quote' ? { AMOUNT: 240 } : {};
      },
    });
    const actor = run(twoSteps([{ call: 'lookup' }, { call: 'quote' }]), services);
    actor.send({ type: 'NEXT', quote: answered });
    let snap = await until(actor, { first__form: 'editing' });
    expect(snap.context.serviceError).toMatchObject({ status: 422, message: 'Vehicle not found' });
    actor.send({ type: 'NEXT' });
    snap = await until(actor, { first__form: 'error' });
    expect(snap.context.cursor).toBe(1);
    expect(snap.context.serviceError?.message).toBe('Try later');
    failures = [];
    actor.send({ type: 'RETRY' });
    snap = await until(actor, { next__form: 'editing' });
    expect(seen).toEqual(['lookup', 'quote', 'lookup', 'quote', 'quote']);
    expect(getPath(snap.context.quote, 'CS_POLICY.AMOUNT')).toBe(240);
  });

  it('a check point pauses on the referral (an adult goes on); EDIT goes back to the form', async () => {
    const services = fakeServices({
      checkPoints: async () => [
        {
          CHECK_NUMBER: '3',
          T_FIELD_NAME: ['CS_X.AGE'],
          REL_OPERATOR: 'LT',
          FIELD_VALUE: 18,
          ERROR_MESSAGE: 'Under 18',
          ERROR_TEXT_TYPE: '5',
        },
      ],
    });
    const actor = run(twoSteps([{ checkpoints: true } as Effect]), services);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'a', AGE: 17 } } });
    const snap = await until(actor, { first__form: 'referral' });
    expect(snap.context.referral).toMatchObject({ CHECK_NUMBER: '3', ERROR_MESSAGE: 'Under 18' });
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().matches({ first__form: 'editing' })).toBe(true);
    actor.send({ type: 'NEXT', quote: { CS_X: { A: 'a', AGE: 30 } } });
    await until(actor, { next__form: 'editing' });
  });

  it('a changed premium asks first: reject stays, confirm goes on after that call', async () => {
    let amount = 240;
    const seen: string[] = [];
    const services = fakeServices({
      call: async (name) => {
        seen.push(name);
        return { AMOUNT: amount };
      },
    });
    const flow = twoSteps([{ call: 'quote', confirmPremiumChange: 'CS_POLICY.AMOUNT' }, { call: 'lookup' }]);
    const actor = run(flow, services, { quote: { CS_POLICY: { AMOUNT: 200 } } });
    actor.send({ type: 'NEXT', quote: { ...answered, CS_POLICY: { AMOUNT: 200 } } });
    let snap = await until(actor, { first__form: 'confirmPremium' });
    expect(snap.context.premium).toEqual({ previous: 200, current: 240 });
    actor.send({ type: 'REJECT_PREMIUM' });
    snap = actor.getSnapshot();
    expect(snap.matches({ first__form: 'editing' })).toBe(true);
    expect(snap.context.premium).toBeNull();
    amount = 250;
    actor.send({ type: 'NEXT' });
    await until(actor, { first__form: 'confirmPremium' });
    actor.send({ type: 'CONFIRM_PREMIUM' });
    await until(actor, { next__form: 'editing' });
    // The quotation is not called again once confirmed: the run resumes after it.
    expect(seen).toEqual(['quote', 'quote', 'lookup']);
  });

  it('a thrown failure of the effects themselves pauses on the error', async () => {
    const actor = run(twoSteps([{ call: 'missing' }]));
    actor.send({ type: 'NEXT', quote: answered });
    const snap = await until(actor, { first__form: 'error' });
    expect(snap.context.serviceError?.message).toContain('no call "missing"');
  });
});
