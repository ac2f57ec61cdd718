// Issue 17 items 8 and 12: the service prices from facts it trusts, never from a flag the client
// sends. A brand programme's price needs a vehicle the register knows as one of its maker (by plate,
// or by chassis for a vehicle not registered yet); the register's use of a vehicle wins over the
// quote's; the 5 % one-instalment discount for direct debit needs the IBAN that makes the mandate.
// Each case at the boundary: the legitimate quote keeps its programme or discount, the forged one
// does not.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import type { RatedPackage } from '../../src/engine/rating/types';
import { isValidIban } from '../../src/engine/rules/iban';
import { startService, type TestService } from './support/app';
import { motorQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService({ flows: await loadFlowBundles() });
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

const CALC = '/zcp/motor/motorcalc';
const PACKAGES = '/zcp/motor/motorpckcalc';
const QUOTATION = '/zcp/motor/motorquotation';

const comp = (body: { CT_PACKAGES: RatedPackage[] }) =>
  body.CT_PACKAGES.find((p) => p.PACKAGE_ID === 'COMP')!;
const discountIds = (body: { CT_DISCOUNTS: { ID: string }[] }) => body.CT_DISCOUNTS.map((d) => d.ID);

// The demo register (src/server/reference/vehicleRegister.json).
const TOYOTA_UNREGISTERED_CHASSIS = 'SB1V92K70TJ376461'; // a new Corolla, no plate yet
const MAZDA_CHASSIS = 'JMZXGWFN7LD248658'; // NYY876, a Mazda 3
const chassisVehicle = (chassis: Record<string, unknown>) => ({
  SEARCH_BY: 'CHASSIS',
  LICENSE_PLATE: '',
  NEW_VEHICLE: '1',
  ...chassis,
});

const mail = 'christos.papadopoulos@example.com.cy';

async function confirmMail(): Promise<void> {
  expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
  const code = await s.lastCode(mail);
  expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
}

/** The Comprehensive offer of a quote, stored by the quotation (the e-mail confirmed first). */
async function quotation(quote: ReturnType<typeof motorQuote>) {
  return post(QUOTATION, {
    ...quote,
    CS_POLICY: { ...quote.CS_POLICY, PACKAGE_ID: 'COMP' },
    CS_POLICY_HOLDER: { MAIL_ADDRESS: mail, BIRTH_DATE: '1982-11-22' },
    CS_CONFIRMATION: { EMAIL: mail, CONFIRMED: 'X' },
  });
}

async function storedPremiumCents(offerNo: string): Promise<number> {
  const rows = await s.testDb.db.query<{ premium_cents: number | string }>(
    'SELECT premium_cents FROM offers WHERE offer_no = $1',
    [offerNo],
  );
  return Number(rows[0].premium_cents);
}

describe('brand programme: the register decides the maker', () => {
  it('a Toyota the register knows, by plate or by chassis, gets the brand-1 programme', async () => {
    for (const vehicle of [
      {},
      chassisVehicle({ CHASSIS_NUMBER: TOYOTA_UNREGISTERED_CHASSIS, CHASSIS_SEARCH: 'J376461' }),
      // The search's own field alone (the typed last 7 characters).
      chassisVehicle({ CHASSIS_SEARCH: 'j376461' }),
    ]) {
      const res = await post(
        PACKAGES,
        motorQuote({ vehicle, policy: { PACKAGE_ID: 'COMP' }, extras: { VARIANT: 'brand1' } }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().CS_POLICY.PRODUCT_ID).toBe('121');
      expect(discountIds(res.json())).toContain('BRAND_PROGRAMME');
    }
  });

  it("a Mazda's chassis sent with MANUFACTURER=TOYOTA is refused the programme, at calculation and quotation", async () => {
    for (const vehicle of [
      chassisVehicle({ CHASSIS_NUMBER: MAZDA_CHASSIS }),
      chassisVehicle({ CHASSIS_SEARCH: MAZDA_CHASSIS.slice(-7) }),
      // A chassis that only ends like the registered Toyota's is not that Toyota.
      chassisVehicle({ CHASSIS_NUMBER: `AAAAAAAAAA${TOYOTA_UNREGISTERED_CHASSIS.slice(-7)}` }),
    ]) {
      for (const url of [CALC, PACKAGES, QUOTATION]) {
        const res = await post(
          url,
          motorQuote({ vehicle, policy: { PACKAGE_ID: 'COMP' }, extras: { VARIANT: 'brand1' } }),
        );
        expect(res.statusCode, `${url} ${JSON.stringify(vehicle)}`).toBe(422);
        expect(res.json()).toMatchObject({ CODE: 'NOT_ELIGIBLE' });
        expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/only for vehicles of its make/);
      }
    }
  });

  it('a plate the register does not know, or no vehicle at all, gets no programme (translated refusal)', async () => {
    for (const vehicle of [
      { LICENSE_PLATE: 'ZZZ999' },
      { LICENSE_PLATE: '', SEARCH_BY: 'CHASSIS' },
      // The plate names the vehicle: a registered Toyota's chassis does not stand in for it.
      { LICENSE_PLATE: 'ZZZ999', CHASSIS_NUMBER: TOYOTA_UNREGISTERED_CHASSIS },
    ]) {
      for (const url of [CALC, QUOTATION]) {
        const res = await post(url, motorQuote({ vehicle, extras: { VARIANT: 'brand1' } }), 'el');
        expect(res.statusCode, `${url} ${JSON.stringify(vehicle)}`).toBe(422);
        expect(res.json()).toMatchObject({ CODE: 'NOT_ELIGIBLE' });
        expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/μάρκας/);
      }
    }
  });

  it('the standard product still prices a vehicle the register does not know, without the programme', async () => {
    const res = await post(
      PACKAGES,
      motorQuote({ vehicle: { LICENSE_PLATE: 'ZZZ999' }, policy: { PACKAGE_ID: 'COMP' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_POLICY).toMatchObject({ PRODUCT_ID: '120', AMOUNT: 497.62 });
    expect(discountIds(res.json())).not.toContain('BRAND_PROGRAMME');
  });

  it('the stored offer of a legitimate programme quote keeps the programme price', async () => {
    await confirmMail();
    const res = await quotation(motorQuote({ extras: { VARIANT: 'brand1' } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().CS_POLICY).toMatchObject({ PRODUCT_ID: '121', AMOUNT: 435.42 });
    expect(await storedPremiumCents(res.json().CS_POLICY.OFFER_NO)).toBe(43542);
  });
});

describe('vehicle use: the register decides', () => {
  it('a taxi in the register is referred whatever use the quote declares', async () => {
    for (const url of [CALC, QUOTATION]) {
      const res = await post(
        url,
        motorQuote({ vehicle: { LICENSE_PLATE: 'NNX446', MANUFACTURER: 'SKODA', VEHICLE_USE: 'PRIVATE' } }),
      );
      expect(res.statusCode, url).toBe(422);
      expect(res.json().CS_REFERRAL).toMatchObject({ CHECK_NUMBER: '2', ERROR_TEXT_TYPE: '1' });
      expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/taxi/);
    }
  });

  it('so is a goods-for-hire, driving-school or rental vehicle of the register declared private', async () => {
    for (const plate of ['NMY923', 'MBK512', 'NBE244']) {
      const res = await post(CALC, motorQuote({ vehicle: { LICENSE_PLATE: plate, VEHICLE_USE: 'PRIVATE' } }));
      expect(res.statusCode, plate).toBe(422);
      expect(res.json().CS_REFERRAL.CHECK_NUMBER, plate).toBe('2');
    }
  });

  it('a private car is priced, and the visitor declaring it a taxi is still referred', async () => {
    expect((await post(CALC, motorQuote())).statusCode).toBe(200);
    const declared = await post(CALC, motorQuote({ vehicle: { VEHICLE_USE: 'TAXI' } }));
    expect(declared.statusCode).toBe(422);
    expect(declared.json().CS_REFERRAL.CHECK_NUMBER).toBe('2');
  });

  it("a business-use vehicle of the register is priced at the register's use, not the declared private one", async () => {
    // NEA979: a Toyota the register has in business use (the tariff loads business use by 20 %).
    const at = async (use: string) =>
      comp(
        (
          await post(
            PACKAGES,
            motorQuote({
              vehicle: { LICENSE_PLATE: 'NEA979', VEHICLE_USE: use },
              policy: { PACKAGE_ID: 'COMP' },
            }),
          )
        ).json(),
      ).AMOUNT;
    const business = await at('BUSINESS');
    expect(await at('PRIVATE')).toBe(business);
    expect(business).toBeGreaterThan(comp((await post(CALC, motorQuote())).json()).AMOUNT);
  });
});

describe('the 5 % one-instalment discount needs a real standing order or direct debit', () => {
  const IBAN = 'CY17 0020 0128 0000 0012 0052 7600';

  const withMethod = async (policy: Record<string, unknown>) => {
    const res = await post(PACKAGES, motorQuote({ policy: { PACKAGE_ID: 'COMP', ...policy } }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('direct debit with a valid IBAN gets 5 % off', async () => {
    expect(isValidIban(IBAN)).toBe(true);
    const body = await withMethod({ PAYMENT_METHOD: 'SEPA_DD', IBAN });
    expect(body.CS_POLICY.AMOUNT).toBe(466.52);
    expect(body.CT_DISCOUNTS).toContainEqual({ ID: 'SINGLE_INSTALMENT_SO_DD', PERCENT: 5, AMOUNT: 31.1 });
  });

  it('direct debit without an IBAN, or with one that fails the IBAN rule, is priced without it', async () => {
    for (const iban of [undefined, '', 'CY18 0020 0128 0000 0012 0052 7600', 'not an iban']) {
      const body = await withMethod({
        PAYMENT_METHOD: 'SEPA_DD',
        ...(iban === undefined ? {} : { IBAN: iban }),
      });
      expect(body.CS_POLICY.AMOUNT, String(iban)).toBe(497.62);
      expect(discountIds(body)).not.toContain('SINGLE_INSTALMENT_SO_DD');
    }
  });

  it('a one-off card payment gets no discount; a card standing order is priced with it', async () => {
    expect((await withMethod({ PAYMENT_METHOD: 'CARD' })).CS_POLICY.AMOUNT).toBe(497.62);
    expect((await withMethod({ PAYMENT_METHOD: 'CARD_SO' })).CS_POLICY.AMOUNT).toBe(466.52);
  });

  it('the stored offer carries the discount only with the IBAN', async () => {
    await confirmMail();
    const forged = await quotation(motorQuote({ policy: { PAYMENT_METHOD: 'SEPA_DD' } }));
    expect(forged.statusCode, forged.body).toBe(200);
    expect(await storedPremiumCents(forged.json().CS_POLICY.OFFER_NO)).toBe(49762);
    const real = await quotation(motorQuote({ policy: { PAYMENT_METHOD: 'SEPA_DD', IBAN } }));
    expect(real.statusCode, real.body).toBe(200);
    expect(await storedPremiumCents(real.json().CS_POLICY.OFFER_NO)).toBe(46652);
  });
});
