// Promo and reference codes reach the price: the quote's promo block (CS_PROMO, spec §3) is
// checked and applied by the service when it prices, for new policies, within the code's dates
// (spec §9); a wrong, expired or other product's code is refused with "The promo code is wrong."

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';
import { driverQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.testDb.clean();
  s.clock.set('2026-03-10T09:00:00.000Z');
});

const post = (url: string, payload: unknown, lang: 'el' | 'en' = 'en') =>
  s.call({ method: 'POST', url, payload: payload as Record<string, unknown>, lang });

const withPromo = (promo: Record<string, string>, policy: Record<string, unknown> = {}) => ({
  ...driverQuote({ policy }),
  CS_PROMO: promo,
});

const plus = (body: { CT_PACKAGES: { PACKAGE_ID: string; AMOUNT: number; INITIAL_AMOUNT: number }[] }) =>
  body.CT_PACKAGES.find((p) => p.PACKAGE_ID === 'DRV_PLUS')!;

describe('a promo code in the quote', () => {
  it('WELCOME2026 takes 10 % off every package, shown against the price before it', async () => {
    const plain = plus((await post('/zcp/driver/drivercalc', driverQuote())).json());
    const res = await post('/zcp/driver/drivercalc', withPromo({ PROMO_CODE_CP: 'welcome2026' }));
    expect(res.statusCode).toBe(200);
    const promoted = plus(res.json());
    expect(promoted.INITIAL_AMOUNT).toBe(plain.AMOUNT);
    expect(promoted.AMOUNT).toBeCloseTo(plain.AMOUNT * 0.9, 0);
    expect(promoted.AMOUNT).toBeLessThan(plain.AMOUNT);
  });

  it('the stored offer carries the discounted premium the service computed', async () => {
    const mail = String(driverQuote().CS_POLICY_HOLDER.MAIL_ADDRESS);
    expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
    const calc = plus(
      (await post('/zcp/driver/drivercalc', withPromo({ PROMO_CODE_CP: 'WELCOME2026' }))).json(),
    );
    const res = await post(
      '/zcp/driver/quotation',
      withPromo({ PROMO_CODE_CP: 'WELCOME2026' }, { PACKAGE_ID: 'DRV_PLUS', AMOUNT: 1 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().CS_POLICY.AMOUNT).toBe(calc.AMOUNT);
    const rows = await s.testDb.db.query<{ premium_cents: number }>('SELECT premium_cents FROM offers');
    expect(rows[0].premium_cents).toBe(Math.round(calc.AMOUNT * 100));
  });

  it('a reference code is carried without a discount', async () => {
    const plain = plus((await post('/zcp/driver/drivercalc', driverQuote())).json());
    const res = await post(
      '/zcp/driver/drivercalc',
      withPromo({ PROMO_CODE_TIS: 'TIS-CLUB', AGENT_CODE: 'A102' }),
    );
    expect(res.statusCode).toBe(200);
    expect(plus(res.json()).AMOUNT).toBe(plain.AMOUNT);
  });

  for (const [why, promo] of [
    ['an unknown code', { PROMO_CODE_CP: 'FREEINSURANCE' }],
    ['a code past its end date', { PROMO_CODE_CP: 'AUTUMN25' }],
    ['a code for another product', { PROMO_CODE_CP: 'CYPRUSDRIVE' }],
    ['a reference code given as a promo code', { PROMO_CODE_CP: 'TIS-CLUB' }],
  ] as const) {
    it(`refuses ${why} with the spec's message, in both languages`, async () => {
      const en = await post('/zcp/driver/drivercalc', withPromo(promo));
      expect(en.statusCode).toBe(422);
      expect(en.json().MESSAGES[0]).toMatchObject({
        MSGTEXT: 'The promo code is wrong.',
        FIELD: 'CS_PROMO.PROMO_CODE_CP',
      });
      const el = await post('/zcp/driver/drivercalc', withPromo(promo), 'el');
      expect(el.json().MESSAGES[0].MSGTEXT).toBe('Ο προωθητικός κωδικός είναι λανθασμένος.');
    });
  }

  it('the /promo check and the pricing agree on what is in force', async () => {
    expect((await post('/zcp/promo/validate', { PROMO_CODE: 'WELCOME2026' })).statusCode).toBe(204);
    expect((await post('/zcp/promo/validate', { PROMO_CODE: 'AUTUMN25' })).statusCode).toBe(422);
    s.clock.set('2025-10-20T09:00:00.000Z');
    expect((await post('/zcp/promo/validate', { PROMO_CODE: 'AUTUMN25' })).statusCode).toBe(204);
  });
});
