// The real motor flow and tariff (flows/motor) through the service: the product id lookup per
// variant, the packages and their branded cover limits, the 70,000 euro online limit, the check
// points, the deductible lists, the discounts and the first-year promotion, and the offer mailed
// by the send-offer quotation.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowBundle } from '../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { rateQuote } from '../../src/engine/rating/rate';
import type { RatedCover, RatedPackage } from '../../src/engine/rating/types';
import { startService, type TestService } from './support/app';
import { motorQuote } from './support/quotes';

let s: TestService;
let motor: FlowBundle;

beforeAll(async () => {
  const bundles = await loadFlowBundles();
  motor = bundles.find((b) => b.flow.id === 'motor')!;
  s = await startService({ flows: bundles });
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

const amounts = (packages: RatedPackage[]) =>
  Object.fromEntries(packages.map((p) => [p.PACKAGE_ID, p.AMOUNT]));
const limitsOf = (covers: RatedCover[], pkg: string, cover: string) =>
  covers.find((c) => c.PACKAGE_ID === pkg && c.COVER_ID === cover)?.LIMITS;

describe('motor product id lookup and packages', () => {
  it('the search answers the product id of the standard flow and of each brand', async () => {
    const standard = await post('/zcp/motor/vehiclesearch', { LICENSE_PLATE: 'NYB4' });
    expect(standard.json().CS_POLICY.PRODUCT_ID).toBe('120');
    expect(standard.json().CS_VEHICLE).toMatchObject({ LICENSE_PLATE: 'NYB004', MODEL: 'YARIS' });
    const brand1 = await post('/zcp/motor/vehiclesearch', {
      LICENSE_PLATE: 'NYB004',
      CS_USER_EXTRAS: { VARIANT: 'brand1' },
    });
    expect(brand1.json().CS_POLICY.PRODUCT_ID).toBe('121');
    const brand2 = await post('/zcp/motor/vehiclesearch', {
      LICENSE_PLATE: 'NNA622',
      CS_USER_EXTRAS: { VARIANT: 'brand2' },
    });
    expect(brand2.json().CS_POLICY.PRODUCT_ID).toBe('122');
  });

  it('each brand refuses a plate of the other maker', async () => {
    const toyotaOnNissan = await post('/zcp/motor/vehiclesearch', {
      LICENSE_PLATE: 'NYB004',
      CS_USER_EXTRAS: { VARIANT: 'brand2' },
    });
    expect(toyotaOnNissan.statusCode).toBe(422);
    expect(toyotaOnNissan.json().CODE).toBe('BRAND_MISMATCH');
    const nissanOnToyota = await post(
      '/zcp/motor/vehiclesearch',
      { LICENSE_PLATE: 'NNA622', CS_USER_EXTRAS: { VARIANT: 'brand1' } },
      'el',
    );
    expect(nissanOnToyota.json().MESSAGES[0].MSGTEXT).toMatch(/Toyota/);
  });

  it('rates Third Party, Fire and Theft, and Comprehensive', async () => {
    const res = await post('/zcp/motor/motorcalc', motorQuote());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CS_POLICY).toMatchObject({
      PRODUCT_ID: '120',
      START_DATE: '2026-03-15',
      END_DATE: '2027-03-14',
    });
    // Comprehensive: 60 + 2.4% of 12,600 + 230 (1,451-1,650 cc) = 592.40; Limassol 5% = 622.02;
    // no-claims bonus 20% (claim-free, insured now) = 497.62.
    expect(amounts(body.CT_PACKAGES)).toEqual({ TPO: 193.2, TPFT: 283, COMP: 497.62 });
    expect(body.CT_PACKAGES.find((p: RatedPackage) => p.PACKAGE_ID === 'COMP').INITIAL_AMOUNT).toBe(622.02);
  });

  it('a programme price only for a vehicle of its maker: the register make wins over the quote', async () => {
    for (const [variant, vehicle] of [
      // A Nissan's plate in a quote that claims a Toyota.
      ['brand1', { LICENSE_PLATE: 'NNA622', MANUFACTURER: 'TOYOTA' }],
      // An unregistered new car of another make.
      ['brand2', { LICENSE_PLATE: '', SEARCH_BY: 'CHASSIS', NEW_VEHICLE: '1', MANUFACTURER: 'MAZDA' }],
    ] as const) {
      for (const url of ['/zcp/motor/motorcalc', '/zcp/motor/motorquotation']) {
        const res = await post(url, motorQuote({ vehicle, extras: { VARIANT: variant } }));
        expect(res.statusCode, `${variant} ${url}`).toBe(422);
        expect(res.json()).toMatchObject({ CODE: 'NOT_ELIGIBLE' });
        expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/only for vehicles of its make/);
      }
    }
  });

  it('standard cover limits, and the branded ones for brand 1 and brand 2', async () => {
    const newCar = { NEW_VEHICLE: '1' };
    const standard = (await post('/zcp/motor/motorcalc', motorQuote({ vehicle: newCar }))).json();
    expect(limitsOf(standard.CT_COVERS, 'COMP', 'COURTESY_CAR')).toEqual({ perDay: 15, days: 10 });
    expect(limitsOf(standard.CT_COVERS, 'COMP', 'PERSONAL_BELONGINGS')).toEqual({ amount: 175 });
    expect(limitsOf(standard.CT_COVERS, 'COMP', 'NEW_FOR_OLD')).toEqual({ months: 12 });
    expect(limitsOf(standard.CT_COVERS, 'COMP', 'PERSONAL_ACCIDENT')).toEqual({
      death: 20000,
      medical: 1000,
    });
    for (const [variant, plate, productId] of [
      ['brand1', 'NYB004', '121'],
      ['brand2', 'NNA622', '122'],
    ]) {
      const branded = (
        await post(
          '/zcp/motor/motorcalc',
          motorQuote({ vehicle: { ...newCar, LICENSE_PLATE: plate }, extras: { VARIANT: variant } }),
        )
      ).json();
      expect(branded.CS_POLICY.PRODUCT_ID).toBe(productId);
      expect(limitsOf(branded.CT_COVERS, 'COMP', 'COURTESY_CAR')).toEqual({ perDay: 25, days: 10 });
      expect(limitsOf(branded.CT_COVERS, 'COMP', 'PERSONAL_BELONGINGS')).toEqual({ amount: 300 });
      expect(limitsOf(branded.CT_COVERS, 'COMP', 'NEW_FOR_OLD')).toEqual({ months: 36 });
      // The co-branded programme takes 10% off on top of the no-claims bonus.
      expect(branded.CT_PACKAGES.find((p: RatedPackage) => p.PACKAGE_ID === 'COMP').AMOUNT).toBe(435.42);
    }
  });

  it('new for old is offered only for a new vehicle', async () => {
    const used = (await post('/zcp/motor/motorcalc', motorQuote())).json();
    expect(used.CT_COVERS.some((c: RatedCover) => c.COVER_ID === 'NEW_FOR_OLD')).toBe(false);
  });
});

describe('the 70,000 euro online limit (check point 1)', () => {
  const expensive = {
    VEHICLE_VALUE: 99600,
    ENGINE_CAPACITY: 2999,
    MODEL: 'S_CLASS',
    MANUFACTURER: 'MERCEDES',
  };

  it('before a package is chosen nothing is refused (an empty package id gives false)', async () => {
    const res = await post('/zcp/motor/motorcalc', motorQuote({ vehicle: expensive }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses any package but Third Party above 70,000 euro', async () => {
    for (const pkg of ['COMP', 'TPFT']) {
      const res = await post(
        '/zcp/motor/motorpckcalc',
        motorQuote({ vehicle: expensive, policy: { PACKAGE_ID: pkg } }),
        'el',
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().CS_REFERRAL).toMatchObject({ CHECK_NUMBER: '1', ERROR_TEXT_TYPE: '1' });
      expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/70\.000/);
    }
    const tpo = await post(
      '/zcp/motor/motorpckcalc',
      motorQuote({ vehicle: expensive, policy: { PACKAGE_ID: 'TPO' } }),
    );
    expect(tpo.statusCode).toBe(200);
    expect(tpo.json().CS_POLICY.AMOUNT).toBe(298.2);
  });

  it('70,000 itself is still sold online with any package', async () => {
    const res = await post(
      '/zcp/motor/motorpckcalc',
      motorQuote({ vehicle: { VEHICLE_VALUE: 70000 }, policy: { PACKAGE_ID: 'COMP' } }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('motor check points', () => {
  const refused = async (overrides: Parameters<typeof motorQuote>[0]) => {
    const res = await post('/zcp/motor/motorcalc', motorQuote(overrides));
    expect(res.statusCode).toBe(422);
    return res.json().CS_REFERRAL as { CHECK_NUMBER: string; ERROR_TEXT_TYPE: string };
  };

  it('rental, hire, taxi and driving-school use', async () => {
    for (const use of ['RENTAL', 'GOODS_HIRE', 'TAXI', 'DRIVING_SCHOOL']) {
      expect((await refused({ vehicle: { VEHICLE_USE: use } })).CHECK_NUMBER).toBe('2');
    }
    expect((await refused({ vehicle: { RENTAL_USE: '1' } })).CHECK_NUMBER).toBe('2');
    expect(
      (await post('/zcp/motor/motorcalc', motorQuote({ vehicle: { VEHICLE_USE: 'BUSINESS' } }))).statusCode,
    ).toBe(200);
  });

  it('a company owner, more than two claims, an insurer refusal and invalidity', async () => {
    expect(await refused({ vehicle: { OWNER_NATURAL_PERSON: '2' } })).toMatchObject({
      CHECK_NUMBER: '3',
      ERROR_TEXT_TYPE: '2',
    });
    expect((await refused({ drivers: { CLAIMS_3_YEARS: '1', NO_OF_CLAIMS: 3 } })).CHECK_NUMBER).toBe('4');
    expect((await refused({ drivers: { REFUSED_BY_INSURER: '1' } })).CHECK_NUMBER).toBe('5');
    expect(await refused({ drivers: { INVALIDITY: '1' } })).toMatchObject({
      CHECK_NUMBER: '6',
      ERROR_TEXT_TYPE: '5',
    });
  });

  it('a stale claims count behind a "No" answer refers nobody', async () => {
    const res = await post(
      '/zcp/motor/motorcalc',
      motorQuote({ drivers: { CLAIMS_3_YEARS: '2', NO_OF_CLAIMS: 4 } }),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('motor deductibles and discounts', () => {
  it('excess, windscreen and loss-of-use lists per package, ascending', async () => {
    const get = async (url: string) => (await s.call({ method: 'GET', url })).json().CT_DEDUCTIBLES;
    const excess = await get('/zcp/motor/getmtrdeduct/excess/0/120/COMP');
    expect(excess.map((d: { DEDUCTIBLE_AMOUNT: number }) => d.DEDUCTIBLE_AMOUNT)).toEqual([
      300, 500, 750, 1000,
    ]);
    expect(await get('/zcp/motor/getmtrdeduct/excess/0/120/TPO')).toEqual([]);
    expect(await get('/zcp/motor/getmtrdeduct/windscreen/121/TPFT')).toHaveLength(3);
    expect(await get('/zcp/motor/getmtrdeduct/lossofuse/122/COMP')).toHaveLength(3);
  });

  it('a higher excess lowers the Comprehensive premium', async () => {
    const at = async (excess: string) =>
      (
        await post(
          '/zcp/motor/motorpckcalc',
          motorQuote({ vehicle: { EXCESS_DEDUCTIBLE: excess }, policy: { PACKAGE_ID: 'COMP' } }),
        )
      ).json().CS_POLICY.AMOUNT;
    expect(await at('EX300')).toBeGreaterThan(await at('EX500'));
    expect(await at('EX1000')).toBeLessThan(await at('EX500'));
    expect(await at('EX1000')).toBe(447.86);
  });

  it('5% off for one instalment by card standing order or direct debit, not by a one-off card payment', async () => {
    // A direct debit carries its IBAN (without one it gets no discount: tests/api/pricingTrust.test.ts).
    const with_ = async (method: string, instalments = '1') =>
      (
        await post(
          '/zcp/motor/motorpckcalc',
          motorQuote({
            policy: {
              PACKAGE_ID: 'COMP',
              PAYMENT_METHOD: method,
              INSTALLMENT_NUMBER: instalments,
              ...(method === 'SEPA_DD' ? { IBAN: 'CY17 0020 0128 0000 0012 0052 7600' } : {}),
            },
          }),
        )
      ).json();
    expect((await with_('CARD')).CS_POLICY.AMOUNT).toBe(497.62);
    for (const method of ['CARD_SO', 'SEPA_DD']) {
      const body = await with_(method);
      expect(body.CS_POLICY.AMOUNT).toBe(466.52);
      expect(body.CT_DISCOUNTS).toContainEqual({ ID: 'SINGLE_INSTALMENT_SO_DD', PERCENT: 5, AMOUNT: 31.1 });
    }
    expect((await with_('CARD_SO', '4')).CS_POLICY.AMOUNT).toBe(497.62);
  });

  it('the 15% first-year promotion applies to new policies from 07/10/2025 to 03/11/2025 only', () => {
    const quote = { ...motorQuote({ policy: { PACKAGE_ID: 'COMP' } }) };
    const on = (today: string, newPolicy = true) =>
      rateQuote(motor.tariff!, quote, { today, newPolicy }).CT_PACKAGES.find((p) => p.PACKAGE_ID === 'COMP')!;
    expect(on('2025-10-06').AMOUNT).toBe(497.62);
    expect(on('2025-10-07').AMOUNT).toBe(422.98);
    expect(on('2025-11-03').AMOUNT).toBe(422.98);
    expect(on('2025-11-04').AMOUNT).toBe(497.62);
    expect(on('2025-10-20', false).AMOUNT).toBe(497.62);
  });

  it('motorproddet publishes the online limit for each motor product id', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/motor/motorproddet/122' });
    expect(res.json()).toMatchObject({
      PRODUCT_ID: '122',
      VARIANT: 'brand2',
      VEHICLE_VALUE_ONLINE_LIMIT: 70000,
    });
  });
});

describe('send-offer', () => {
  const mail = 'christos.papadopoulos@example.com.cy';

  /** Confirms the e-mail with a code, then asks for the Comprehensive offer by mail. */
  async function sendOffer(variant: string) {
    expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
    const quote = motorQuote({
      policy: { PACKAGE_ID: 'COMP' },
      extras: { SEND_VIA_MAIL: 'X', VARIANT: variant },
    });
    return post('/zcp/motor/motorquotation', {
      ...quote,
      CS_POLICY_HOLDER: { MAIL_ADDRESS: mail, BIRTH_DATE: '1982-11-22' },
      CS_CONFIRMATION: { EMAIL: mail, CONFIRMED: 'X' },
    });
  }

  it('the quotation with SEND_VIA_MAIL X stores the offer and mails it', async () => {
    const res = await sendOffer('');
    expect(res.statusCode).toBe(200);
    const offerNo = res.json().CS_POLICY.OFFER_NO;
    const mails = (await s.mailbox(mail)).filter((m) => m.template === 'offerSent');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(offerNo);
    expect(mails[0].text).toMatch(/Comprehensive/);
    expect(mails[0].text).toMatch(/€498/);
    expect(mails[0].text).toMatch(new RegExp(`/motor/offer/1\\?offer=${offerNo}&product=\\d+&token=`));
    expect(mails[0].text).not.toContain('ref=');
  });

  it("a brand variant's offer link reopens the co-branded site (?ref=1)", async () => {
    const res = await sendOffer('brand1');
    expect(res.statusCode).toBe(200);
    const offerNo = res.json().CS_POLICY.OFFER_NO;
    const sent = (await s.mailbox(mail)).filter(
      (m) => m.template === 'offerSent' && m.subject?.includes(offerNo),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toMatch(
      new RegExp(`/motor/offer/1\\?offer=${offerNo}&product=121&token=[^&\\s]+&ref=1`),
    );
  });
});
