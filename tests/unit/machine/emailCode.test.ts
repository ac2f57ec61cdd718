// The e-mail code gate: send, a wrong, an expired and the right code, a failed send, the browser's
// own confirmation; the checked address becomes the holder's and the paused effects go on.

import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { CONFIRMED_EMAIL_PATH } from '../../../src/engine/machine/effects';
import { getPath } from '../../../src/engine/paths';
import { fakeServices, formStep, run, tinyFlow, until } from './support';

const flow = tinyFlow(
  [formStep('offer', 'A', { onLeave: [{ otpGate: true }, { call: 'store' }] }), formStep('pay', 'B')],
  { calls: { store: { method: 'POST', path: '/x/store' } } },
);
const holder = { CS_X: { A: 'a' }, CS_POLICY_HOLDER: { MAIL_ADDRESS: 'maria.kyriakou@example.com.cy' } };

describe('the e-mail code gate', () => {
  it('opens with the holder address; wrong, expired, then the right code confirms it and goes on', async () => {
    const services = fakeServices();
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: holder });
    let snap = await until(actor, { offer__form: { otp: 'email' } });
    expect(snap.context.otp).toEqual({ email: 'maria.kyriakou@example.com.cy', problem: null });
    expect(services.calls).toEqual([]);
    actor.send({ type: 'OTP_SEND', email: '  nikos.ioannou@example.com.cy ' });
    snap = await until(actor, { offer__form: { otp: 'code' } });
    expect(services.sent).toEqual(['nikos.ioannou@example.com.cy']);
    actor.send({ type: 'OTP_VERIFY', code: '111111' });
    snap = await waitFor(
      actor,
      (s) => s.matches({ offer__form: { otp: 'code' } }) && s.context.otp.problem !== null,
    );
    expect(snap.context.otp.problem).toBe('invalid');
    actor.send({ type: 'OTP_VERIFY', code: '000000' });
    snap = await until(actor, { offer__form: { otp: 'expired' } });
    expect(snap.context.otp.problem).toBe('expired');
    // An expired code cannot be typed again: only a new one or another address.
    actor.send({ type: 'OTP_VERIFY', code: '123456' });
    expect(actor.getSnapshot().matches({ offer__form: { otp: 'expired' } })).toBe(true);
    actor.send({ type: 'OTP_RESEND' });
    await until(actor, { offer__form: { otp: 'code' } });
    actor.send({ type: 'OTP_VERIFY', code: ' 123456 ' });
    snap = await until(actor, { pay__form: 'editing' });
    expect(getPath(snap.context.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS')).toBe('nikos.ioannou@example.com.cy');
    expect(getPath(snap.context.quote, 'CS_CONFIRMATION.EMAIL')).toBe('nikos.ioannou@example.com.cy');
    expect(getPath(snap.context.quote, CONFIRMED_EMAIL_PATH)).toBe('X');
    expect(snap.context.otp.problem).toBeNull();
    expect(services.calls.map((c) => c.name)).toEqual(['store']);
  });

  it('a failed send goes back to the address with the problem; OTP_CHANGE_EMAIL from the code too', async () => {
    let down = true;
    const services = fakeServices({
      otpGenerate: async () => {
        if (down) throw { status: 503, message: 'Mail is down' };
      },
    });
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: holder });
    await until(actor, { offer__form: { otp: 'email' } });
    actor.send({ type: 'OTP_SEND', email: 'maria.kyriakou@example.com.cy' });
    await until(actor, { offer__form: { otp: 'sending' } });
    const snap = await until(actor, { offer__form: { otp: 'email' } });
    expect(snap.context.otp.problem).toBe('send');
    expect(snap.context.serviceError).toMatchObject({ status: 503, message: 'Mail is down' });
    down = false;
    actor.send({ type: 'OTP_SEND', email: 'maria.kyriakou@example.com.cy' });
    await until(actor, { offer__form: { otp: 'code' } });
    actor.send({ type: 'OTP_CHANGE_EMAIL' });
    expect(actor.getSnapshot().matches({ offer__form: { otp: 'email' } })).toBe(true);
  });

  it('a failing check stays on the code with the error', async () => {
    const services = fakeServices({ otpValidate: async () => Promise.reject({ status: 500 }) });
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: holder });
    await until(actor, { offer__form: { otp: 'email' } });
    actor.send({ type: 'OTP_SEND', email: 'maria.kyriakou@example.com.cy' });
    await until(actor, { offer__form: { otp: 'code' } });
    actor.send({ type: 'OTP_VERIFY', code: '123456' });
    await until(actor, { offer__form: { otp: 'verifying' } });
    const snap = await until(actor, { offer__form: { otp: 'code' } });
    expect(snap.context.serviceError?.status).toBe(500);
    expect(getPath(snap.context.quote, CONFIRMED_EMAIL_PATH)).toBeUndefined();
  });

  it('the browser confirmed the address itself (OTP_CONFIRMED): confirmed and on', async () => {
    const services = fakeServices();
    const actor = run(flow, services);
    actor.send({ type: 'NEXT', quote: holder });
    await until(actor, { offer__form: { otp: 'email' } });
    actor.send({ type: 'OTP_CONFIRMED', email: ' eleni.georgiou@example.com.cy' });
    const snap = await until(actor, { pay__form: 'editing' });
    expect(getPath(snap.context.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS')).toBe(
      'eleni.georgiou@example.com.cy',
    );
    expect(services.sent).toEqual([]);
  });

  it('an address confirmed before passes the gate without a code', async () => {
    const actor = run(flow);
    actor.send({ type: 'NEXT', quote: { ...holder, CS_CONFIRMATION: { CONFIRMED: 'X' } } });
    await until(actor, { pay__form: 'editing' });
  });
});
