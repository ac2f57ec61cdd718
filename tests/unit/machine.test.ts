import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowBundle } from '../../src/engine/flow/bundle';
import { localizeRules } from '../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../src/engine/flow/files';
import type { Quote } from '../../src/engine/flow/types';
import { createFlowMachine } from '../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../src/engine/machine/services';
import { getPath, setPath } from '../../src/engine/paths';
import { rateQuote } from '../../src/engine/rating/rate';

const TODAY = '2026-11-22';
let driver: FlowBundle;

beforeAll(async () => {
  const bundles = await loadFlowBundles();
  driver = bundles.find((b) => b.flow.id === 'driver')!;
});

interface Fake extends FlowServices {
  calls: string[];
  premiumBump: number;
}

function fakeServices(bundle: FlowBundle): Fake {
  const fake: Fake = {
    calls: [],
    premiumBump: 0,
    today: () => TODAY,
    checkPoints: async () => localizeRules(bundle.rules, 'en').ET_CHECK_POINTS,
    otpGenerate: async (email) => {
      fake.calls.push(`otp:${email}`);
    },
    otpValidate: async (_email, code) =>
      code === '123456' ? 'ok' : code === '000000' ? 'expired' : 'invalid',
    payment: async () => ({
      URL: 'https://provider.example/pay',
      METHOD: 'POST',
      FIELDS: { OrderID: 'OF1-1' },
    }),
    call: async (name, _spec, quote) => {
      fake.calls.push(name);
      const rated = rateQuote(bundle.tariff!, quote, { today: TODAY, newPolicy: true });
      const selected = rated.CT_PACKAGES.find((p) => p.ZZSELECTED_IND === 'X') ?? rated.CT_PACKAGES[0];
      const amount = selected.AMOUNT + (name === 'quotation' ? fake.premiumBump : 0);
      return {
        CS_POLICY: {
          AMOUNT: amount,
          PREMIUM_AFTER_DISC_AMOUNT: amount,
          ...(name === 'quotation' ? { OFFER_NO: 'OF100001' } : {}),
        },
        CT_PACKAGES: rated.CT_PACKAGES,
        CT_COVERS: rated.CT_COVERS,
      };
    },
  };
  return fake;
}

const eligible = (q: Quote): Quote => {
  let out = q;
  for (const [path, value] of Object.entries({
    'CS_DRIVER.INSURANCE_TYPE': 'CAR',
    'CS_POLICY_HOLDER.BIRTH_DATE': '1985-04-12',
    'CS_DRIVER.AGE_BETWEEN_18_75': '1',
    'CS_DRIVER.CYPRUS_RESIDENT': '1',
    'CS_DRIVER.HEALTHY_DRIVER': '1',
    'CS_POLICY.START_DATE': '2026-11-25',
  })) {
    out = setPath(out, path, value);
  }
  return out;
};

function start(services = fakeServices(driver)) {
  const actor = createActor(createFlowMachine(driver.flow, services)).start();
  return { actor, services };
}

describe('flow machine (driver)', () => {
  it('stays on the substep with errors when required answers are missing', () => {
    const { actor } = start();
    actor.send({ type: 'NEXT' });
    const snap = actor.getSnapshot();
    expect(snap.matches({ driver__eligibility: 'editing' })).toBe(true);
    expect(snap.context.errors.map((e) => e.fieldId)).toContain('INSURANCE_TYPE');
  });

  it('raises the referral of the first triggered check point and lets the visitor edit', async () => {
    const { actor } = start();
    const q = setPath(eligible(actor.getSnapshot().context.quote), 'CS_DRIVER.HEALTHY_DRIVER', '2');
    actor.send({ type: 'NEXT', quote: q });
    const snap = await waitFor(actor, (s) => s.matches({ driver__eligibility: 'referral' }));
    expect(snap.context.referral?.ERROR_TEXT_TYPE).toBe('5');
    actor.send({ type: 'EDIT' });
    expect(actor.getSnapshot().matches({ driver__eligibility: 'editing' })).toBe(true);
  });

  it('refers a driver older than 70 by the derived age', async () => {
    const { actor } = start();
    const q = setPath(
      eligible(actor.getSnapshot().context.quote),
      'CS_POLICY_HOLDER.BIRTH_DATE',
      '1950-01-01',
    );
    actor.send({ type: 'NEXT', quote: q });
    const snap = await waitFor(actor, (s) => s.matches({ driver__eligibility: 'referral' }));
    expect(snap.context.referral?.CHECK_NUMBER).toBe('2');
  });

  it('goes back only, then through packages, the OTP gate and payment', async () => {
    const { actor, services } = start();
    actor.send({ type: 'NEXT', quote: eligible(actor.getSnapshot().context.quote) });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(services.calls).toEqual(['calc']);
    // No forward jumps.
    actor.send({ type: 'GOTO', step: 2 });
    expect(actor.getSnapshot().matches({ plans__packages: 'editing' })).toBe(true);
    // A package is required.
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.errors[0].key).toBe('validation:choose_package');
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'DRV_PLUS' });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(getPath(actor.getSnapshot().context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('DRV_PLUS');
    expect(getPath(actor.getSnapshot().context.quote, 'CT_OFFERS')).toHaveLength(1);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.matches({ plans__packages: { otp: 'email' } }));
    actor.send({ type: 'OTP_SEND', email: 'eleni.georgiou@example.com.cy' });
    await waitFor(actor, (s) => s.matches({ plans__packages: { otp: 'code' } }));
    actor.send({ type: 'OTP_VERIFY', code: '111111' });
    let snap = await waitFor(
      actor,
      (s) => s.matches({ plans__packages: { otp: 'code' } }) && s.context.otp.problem !== null,
    );
    expect(snap.context.otp.problem).toBe('invalid');
    actor.send({ type: 'OTP_VERIFY', code: '000000' });
    await waitFor(actor, (s) => s.matches({ plans__packages: { otp: 'expired' } }));
    actor.send({ type: 'OTP_RESEND' });
    await waitFor(actor, (s) => s.matches({ plans__packages: { otp: 'code' } }));
    actor.send({ type: 'OTP_VERIFY', code: '123456' });
    snap = await waitFor(actor, (s) => s.matches({ payment__holder: 'editing' }));
    expect(getPath(snap.context.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS')).toBe(
      'eleni.georgiou@example.com.cy',
    );
    expect(snap.context.activated).toEqual({ driver: true, plans: true, payment: true });
    // Back to step 1 by the step bar, then forward again keeps the confirmed e-mail.
    actor.send({ type: 'GOTO', step: 0 });
    expect(actor.getSnapshot().matches({ driver__eligibility: 'editing' })).toBe(true);
  });

  it('asks to confirm a changed premium before paying', async () => {
    const services = fakeServices(driver);
    services.premiumBump = 7;
    const { actor } = start(services);
    actor.send({ type: 'NEXT', quote: eligible(actor.getSnapshot().context.quote) });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'DRV_BASIC' });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    let q = actor.getSnapshot().context.quote;
    q = setPath(q, 'CS_CONFIRMATION.CONFIRMED', 'X');
    actor.send({ type: 'NEXT', quote: q });
    await waitFor(actor, (s) => s.matches({ payment__holder: 'editing' }));
    q = actor.getSnapshot().context.quote;
    for (const [path, value] of Object.entries({
      'CS_POLICY_HOLDER.FIRST_NAME': 'ΕΛΕΝΗ',
      'CS_POLICY_HOLDER.LAST_NAME': 'ΓΕΩΡΓΙΟΥ',
      'CS_POLICY_HOLDER.NATIONAL_ID_TYPE': 'ID',
      'CS_POLICY_HOLDER.NATIONAL_ID': '884512',
      'CS_POLICY_HOLDER.GENDER_ID': 'F',
      'CS_POLICY_HOLDER.MOB_PHONE_NO': '99123456',
      'CS_POLICY_HOLDER.MAIL_ADDRESS': 'eleni@example.com.cy',
      'CS_POLICY_HOLDER.DISTRICT': 'LIM',
      'CS_POLICY_HOLDER.CITY': 'LEMESOS',
      'CS_POLICY_HOLDER.STREET': 'Αγίας Φυλάξεως',
      'CS_POLICY_HOLDER.STREET_NUMBER': '12',
      'CS_POLICY_HOLDER.POSTAL_CODE': '3025',
      'CS_USER_EXTRAS.TERMS_ACCEPTED': true,
      'CS_POLICY_HOLDER.CONS_PRIVACY': true,
    })) {
      q = setPath(q, path, value);
    }
    actor.send({ type: 'NEXT', quote: q });
    const snap = await waitFor(actor, (s) => s.matches({ payment__holder: 'confirmPremium' }), {
      timeout: 2000,
    });
    expect(snap.context.premium!.current - snap.context.premium!.previous).toBeCloseTo(7);
    actor.send({ type: 'CONFIRM_PREMIUM' });
    await waitFor(actor, (s) => s.matches('redirecting'));
    expect(actor.getSnapshot().context.redirect?.FIELDS.OrderID).toBe('OF1-1');
    actor.send({ type: 'PAYMENT_RESULT', status: 'SUCCESS_PENDING' });
    expect(actor.getSnapshot().matches('paidPending')).toBe(true);
  });
});
