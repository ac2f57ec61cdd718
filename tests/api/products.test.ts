// The product calls of the driver and hunter flows: rating, package recalculation, referrals and
// limits of their rules, quotation with a confirmed e-mail, and the stored offer re-rated later.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';
import { driverQuote, hunterQuote } from './support/quotes';

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

const post = (
  url: string,
  payload: unknown,
  lang: 'el' | 'en' = 'en',
  headers: Record<string, string> = {},
) => s.call({ method: 'POST', url, payload: payload as Record<string, unknown>, lang, headers });

async function confirm(mail: string) {
  expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
  const code = await s.lastCode(mail);
  expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
}

describe('driver calculation', () => {
  it('rates every package and answers the policy term', async () => {
    const res = await post('/zcp/driver/drivercalc', driverQuote());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CT_PACKAGES.map((p: { PACKAGE_ID: string }) => p.PACKAGE_ID)).toEqual([
      'DRV_BASIC',
      'DRV_PLUS',
      'DRV_PREMIUM',
    ]);
    expect(body.CT_PACKAGES[0]).toMatchObject({
      PRODUCT_ID: '516',
      AMOUNT: 38,
      INITIAL_AMOUNT: 38,
      ZZSELECTED_IND: '',
    });
    expect(body.CS_POLICY).toMatchObject({
      PRODUCT_ID: '516',
      START_DATE: '2026-03-15',
      END_DATE: '2027-03-14',
      PERIOD: 12,
      DURATION_YEARS: 1,
      AMOUNT: 0,
      PACKAGE_ID: '',
    });
    expect(body.CT_COVERS.length).toBeGreaterThan(0);
  });

  it('ignores any price the client sends and answers the selected package amount', async () => {
    const quote = driverQuote({
      policy: { PACKAGE_ID: 'DRV_PLUS', AMOUNT: 1, PREMIUM_AFTER_DISC_AMOUNT: 1 },
    });
    const res = await post('/zcp/driver/drivercalc', {
      ...quote,
      CT_PACKAGES: [{ PACKAGE_ID: 'DRV_PLUS', AMOUNT: 1, ZZSELECTED_IND: 'X' }],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CS_POLICY).toMatchObject({
      PACKAGE_ID: 'DRV_PLUS',
      AMOUNT: 62,
      PREMIUM_AFTER_DISC_AMOUNT: 62,
    });
    expect(body.CT_OFFERS).toHaveLength(1);
    expect(body.CT_OFFERS[0]).toMatchObject({ PACKAGE_ID: 'DRV_PLUS', AMOUNT: 62, ZZSELECTED_IND: 'X' });
  });

  it('loads young drivers by the age band of the tariff', async () => {
    const res = await post('/zcp/driver/drivercalc', driverQuote({ holder: { BIRTH_DATE: '2005-01-01' } }));
    expect(res.json().CT_PACKAGES[0].AMOUNT).toBe(51.3);
  });

  it('defaults an empty start date to today in Cyprus', async () => {
    s.clock.set('2026-03-10T22:30:00.000Z'); // 00:30 on the 11th in Nicosia
    const res = await post('/zcp/driver/drivercalc', driverQuote({ policy: { START_DATE: '0000-00-00' } }));
    expect(res.json().CS_POLICY).toMatchObject({ START_DATE: '2026-03-11', END_DATE: '2027-03-10' });
  });

  it('refuses a start date in the past', async () => {
    const res = await post('/zcp/driver/drivercalc', driverQuote({ policy: { START_DATE: '2026-03-09' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0]).toMatchObject({ FIELD: 'CS_POLICY.START_DATE' });
  });

  it('refuses an unknown brand variant', async () => {
    const res = await post('/zcp/driver/drivercalc', {
      ...driverQuote(),
      CS_USER_EXTRAS: { VARIANT: 'brand9' },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('driver referrals (rules.json check points)', () => {
  const cases: [string, Parameters<typeof driverQuote>[0], string, string][] = [
    ['age question answered no', { driver: { AGE_BETWEEN_18_75: '2' } }, '1', '1'],
    ['driver younger than 18', { holder: { BIRTH_DATE: '2009-06-01' } }, '2', '1'],
    ['driver older than 70', { holder: { BIRTH_DATE: '1950-01-01' } }, '2', '1'],
    ['not a Cyprus resident', { driver: { CYPRUS_RESIDENT: '2' } }, '3', '2'],
    ['health declaration', { driver: { HEALTHY_DRIVER: '2' } }, '4', '5'],
  ];
  it.each(cases)('%s: 422 with the rule message and CS_REFERRAL', async (_name, overrides, check, type) => {
    const res = await post('/zcp/driver/drivercalc', driverQuote(overrides));
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.CS_REFERRAL).toMatchObject({ CHECK_NUMBER: check, ERROR_TEXT_TYPE: type });
    expect(body.MESSAGES[0].MSGTEXT).toBe(body.CS_REFERRAL.ERROR_MESSAGE);
    expect(body.MESSAGES[0].MSGTEXT).toMatch(/[a-z]/);
  });

  it('answers the referral in Greek by default', async () => {
    const res = await post('/zcp/driver/drivercalc', driverQuote({ driver: { HEALTHY_DRIVER: '2' } }), 'el');
    expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/διαδικτυακά/);
  });

  it('a driver aged exactly 70 is still insured online', async () => {
    const res = await post('/zcp/driver/drivercalc', driverQuote({ holder: { BIRTH_DATE: '1956-03-10' } }));
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /zcp/offer/RulesDetail/{product}', () => {
  it.each(['MOTOR', 'PROPERTY', 'TRAVEL', 'DRIVER', 'HUNTER', 'CYBER'])(
    '%s: every check point carries every field of spec §3, defaults included',
    async (product) => {
      const res = await s.call({ method: 'GET', url: `/zcp/offer/RulesDetail/${product}`, lang: 'en' });
      expect(res.statusCode).toBe(200);
      const points: Record<string, unknown>[] = res.json().ET_CHECK_POINTS;
      expect(points.length).toBeGreaterThan(0);
      for (const cp of points) {
        expect(Object.keys(cp)).toEqual(
          expect.arrayContaining([
            'CHECK_NUMBER',
            'COND_OPERATOR',
            'T_FIELD_NAME',
            'ARITHMETIC_MODE',
            'REL_OPERATOR',
            'FIELD_VALUE',
            'ERROR_MESSAGE',
            'ERROR_TEXT_TYPE',
          ]),
        );
        expect(['AND', 'OR']).toContain(cp.COND_OPERATOR);
        expect([0, 1, 2]).toContain(cp.ARITHMETIC_MODE);
      }
    },
  );
});

describe('driver package recalculation', () => {
  it('answers the selected package amount', async () => {
    const res = await post(
      '/zcp/driver/pckcalculate',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_PREMIUM' } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_POLICY).toMatchObject({ PACKAGE_ID: 'DRV_PREMIUM', AMOUNT: 95, INITIAL_AMOUNT: 95 });
  });

  it('refuses a package that is not offered', async () => {
    const res = await post('/zcp/driver/pckcalculate', driverQuote({ policy: { PACKAGE_ID: 'GOLD' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0]).toMatchObject({ FIELD: 'CS_POLICY.PACKAGE_ID' });
  });

  it('is not offered for a product without it (hunter)', async () => {
    const res = await post('/zcp/hunter/pckcalculate', hunterQuote());
    expect(res.statusCode).toBe(404);
  });
});

describe('hunter', () => {
  it('prices the guns on top of the package and applies the first-year promotion', async () => {
    const res = await post(
      '/zcp/hunter/huntercalc',
      hunterQuote({ policy: { PACKAGE_ID: 'HNT_LIABILITY' } }),
    );
    expect(res.statusCode).toBe(200);
    const pkg = res.json().CT_PACKAGES.find((p: { PACKAGE_ID: string }) => p.PACKAGE_ID === 'HNT_LIABILITY');
    // 45 + 3300 × 3.5% = 160.50, less 20% = 128.40
    expect(pkg).toMatchObject({ INITIAL_AMOUNT: 160.5, AMOUNT: 128.4 });
    expect(res.json().CT_DISCOUNTS).toEqual([{ ID: 'FIRST_YEAR_HUNTER', PERCENT: 20, AMOUNT: 32.1 }]);
  });

  const referrals: [string, Parameters<typeof hunterQuote>[0], string][] = [
    ['age question answered no', { hunter: { AGE_BETWEEN_18_70: '2' } }, '1'],
    ['hunter younger than 18', { holder: { BIRTH_DATE: '2008-09-01' } }, '2'],
    ['hunter older than 70', { holder: { BIRTH_DATE: '1955-03-09' } }, '2'],
    ['not a Cyprus resident', { hunter: { CYPRUS_RESIDENT: '2' } }, '3'],
    ['health declaration', { hunter: { HEALTHY_HUNTER: '2' } }, '4'],
    ['more than five guns', { hunter: { NUMBER_OF_GUNS: '6' } }, '5'],
  ];
  it.each(referrals)('%s is referred', async (_name, overrides, check) => {
    const res = await post('/zcp/hunter/huntercalc', hunterQuote(overrides));
    expect(res.statusCode).toBe(422);
    expect(res.json().CS_REFERRAL.CHECK_NUMBER).toBe(check);
  });
});

describe('quotation', () => {
  const mail = 'andreas.georgiou@example.com.cy';

  it('refuses an e-mail address that was not confirmed with a code', async () => {
    const res = await post('/zcp/driver/quotation', driverQuote({ policy: { PACKAGE_ID: 'DRV_BASIC' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ CODE: 'EMAIL_NOT_CONFIRMED' });
    expect((await s.testDb.db.query('SELECT * FROM offers')).length).toBe(0);
  });

  it('requires a package among the rated ones', async () => {
    await confirm(mail);
    const res = await post('/zcp/driver/quotation', driverQuote());
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0].FIELD).toBe('CS_POLICY.PACKAGE_ID');
  });

  it('checks every flow field again (required, rules, lists of values)', async () => {
    await confirm(mail);
    const res = await post(
      '/zcp/driver/quotation',
      driverQuote({
        policy: { PACKAGE_ID: 'DRV_BASIC' },
        holder: { MOB_PHONE_NO: '12345', DISTRICT: 'ATLANTIS' },
      }),
    );
    expect(res.statusCode).toBe(422);
    const fields = res.json().MESSAGES.map((m: { FIELD: string }) => m.FIELD);
    expect(fields).toEqual(
      expect.arrayContaining(['CS_POLICY_HOLDER.MOB_PHONE_NO', 'CS_POLICY_HOLDER.DISTRICT']),
    );
  });

  it('stores an offer with its number, expiry and server premium, and sets the offer cookie', async () => {
    await confirm(mail);
    const res = await post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_PLUS', AMOUNT: 0.01 } }),
    );
    expect(res.statusCode).toBe(200);
    const policy = res.json().CS_POLICY;
    expect(policy.OFFER_NO).toMatch(/^OF\d+$/);
    expect(policy).toMatchObject({
      EXPIRY_DATE: '2026-04-09',
      AMOUNT: 62,
      PREMIUM_AFTER_DISC_AMOUNT: 62,
      INITIAL_AMOUNT: 62,
      PACKAGE_ID: 'DRV_PLUS',
      PRODUCT_ID: '516',
    });
    const rows = await s.testDb.db.query<{
      premium_cents: number;
      mail_address: string;
      status: string;
      quote: { CS_POLICY: { OFFER_NO: string } };
    }>('SELECT premium_cents, mail_address, status, quote FROM offers WHERE offer_no = $1', [
      policy.OFFER_NO,
    ]);
    expect(rows[0]).toMatchObject({ premium_cents: 6200, mail_address: mail, status: 'OPEN' });
    expect(rows[0].quote.CS_POLICY.OFFER_NO).toBe(policy.OFFER_NO);
    // The language of the request (spec §3: CS_POLICY and the user extras carry it).
    expect(rows[0].quote).toMatchObject({
      CS_POLICY: { LANGUAGE: 'en' },
      CS_USER_EXTRAS: { LANGUAGE: 'en' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/zcp_offers=.*HttpOnly/);
  });

  it('updates the same offer when the browser that made it quotes again, else makes a new one', async () => {
    await confirm(mail);
    const first = await post('/zcp/driver/quotation', driverQuote({ policy: { PACKAGE_ID: 'DRV_PLUS' } }));
    const offerNo = first.json().CS_POLICY.OFFER_NO;
    const cookie = String(first.headers['set-cookie']).split(';')[0];
    const again = await post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_PREMIUM', OFFER_NO: offerNo } }),
      'en',
      { cookie },
    );
    expect(again.json().CS_POLICY).toMatchObject({ OFFER_NO: offerNo, AMOUNT: 95 });
    const stranger = await post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_BASIC', OFFER_NO: offerNo } }),
    );
    expect(stranger.json().CS_POLICY.OFFER_NO).not.toBe(offerNo);
    const stored = await s.testDb.db.query<{ premium_cents: number }>(
      'SELECT premium_cents FROM offers WHERE offer_no = $1',
      [offerNo],
    );
    expect(stored[0].premium_cents).toBe(9500);
  });

  it('mails the offer when asked (send-offer)', async () => {
    await confirm(mail);
    const res = await post(
      '/zcp/driver/quotation',
      {
        ...driverQuote({ policy: { PACKAGE_ID: 'DRV_BASIC' } }),
        CS_USER_EXTRAS: { TERMS_ACCEPTED: true, SEND_VIA_MAIL: 'X' },
      },
      'el',
    );
    expect(res.statusCode).toBe(200);
    const offerNo = res.json().CS_POLICY.OFFER_NO;
    const mails = (await s.mailbox(mail)).filter((m) => m.template === 'offerSent');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain(offerNo);
    expect(mails[0].text).toMatch(/38\s?€/);
    expect(mails[0].text).toContain(`/driver/offer/1?offer=${offerNo}&product=516&token=`);
  });

  it('a referral stops the quotation before anything is stored', async () => {
    await confirm(mail);
    const res = await post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_BASIC' }, driver: { CYPRUS_RESIDENT: '2' } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().CS_REFERRAL.CHECK_NUMBER).toBe('3');
    expect((await s.testDb.db.query('SELECT * FROM offers')).length).toBe(0);
  });

  it('hunter: the gun total must equal the sum of the guns', async () => {
    await confirm('maria.konstantinou@example.com.cy');
    const res = await post(
      '/zcp/hunter/quotation',
      hunterQuote({ policy: { PACKAGE_ID: 'HNT_PLUS' }, hunter: { GUN_TOTAL_COST: 9999 } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0].FIELD).toBe('CS_HUNTER.GUN_TOTAL_COST');
  });

  it('hunter: the form takes at most 7 guns', async () => {
    await confirm('maria.konstantinou@example.com.cy');
    const guns = Array.from({ length: 8 }, (_, i) => ({
      MAKE: 'Beretta A300',
      REGISTRATION_NO: `LAR${1000 + i}`,
      COST: 500,
    }));
    const res = await post(
      '/zcp/hunter/quotation',
      hunterQuote({
        policy: { PACKAGE_ID: 'HNT_PLUS' },
        guns,
        hunter: { NUMBER_OF_GUNS: '5', GUN_TOTAL_COST: 4000 },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES.map((m: { FIELD: string }) => m.FIELD)).toContain('CT_GUNS');
  });

  it('hunter: each gun is worth at most 5,000 euro', async () => {
    await confirm('maria.konstantinou@example.com.cy');
    const guns = [
      { MAKE: 'Browning B525', REGISTRATION_NO: 'PAF1200', COST: 5200 },
      { MAKE: 'Benelli M2', REGISTRATION_NO: 'LEM51230', COST: 1500 },
    ];
    const res = await post(
      '/zcp/hunter/quotation',
      hunterQuote({ policy: { PACKAGE_ID: 'HNT_PLUS' }, guns, hunter: { GUN_TOTAL_COST: 6700 } }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES.map((m: { FIELD: string }) => m.FIELD)).toContain('CT_GUNS.0.COST');
  });
});

describe('offer detail', () => {
  const mail = 'andreas.georgiou@example.com.cy';

  async function offer(birth: string, pkg = 'DRV_BASIC') {
    await confirm(mail);
    const res = await post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: pkg, START_DATE: '2026-03-20' }, holder: { BIRTH_DATE: birth } }),
    );
    expect(res.statusCode).toBe(200);
    return {
      offerNo: res.json().CS_POLICY.OFFER_NO as string,
      cookie: String(res.headers['set-cookie']).split(';')[0],
    };
  }

  it('answers the stored offer re-rated, DATA_CHANGED empty when the premium is the same', async () => {
    const { offerNo, cookie } = await offer('1986-01-15');
    const res = await s.call({ method: 'GET', url: `/zcp/offer/detail/${offerNo}/516`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      DATA_CHANGED: '',
      PREVIOUS_AMOUNT: 38,
      CS_POLICY: { OFFER_NO: offerNo, AMOUNT: 38 },
    });
    expect(res.json().CS_POLICY_HOLDER.LAST_NAME).toBe('Γεωργίου');
  });

  it("DATA_CHANGED is 'X' when the premium moved (the driver left the young-driver band)", async () => {
    const { offerNo, cookie } = await offer('2001-03-25');
    s.clock.set('2026-03-26T08:00:00.000Z');
    const res = await s.call({ method: 'GET', url: `/zcp/offer/detail/${offerNo}/516`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DATA_CHANGED: 'X', PREVIOUS_AMOUNT: 51.3, CS_POLICY: { AMOUNT: 38 } });
    // The start date has passed meanwhile: it moves to today.
    expect(res.json()).toMatchObject({ DATES_CHANGED: 'X', CS_POLICY: { START_DATE: '2026-03-26' } });
  });

  it('is readable with the token of the offer mail, and not by anyone else', async () => {
    const { offerNo } = await offer('1986-01-15');
    const none = await s.call({ method: 'GET', url: `/zcp/offer/detail/${offerNo}/516` });
    expect(none.statusCode).toBe(404);
    const forged = await s.call({
      method: 'GET',
      url: `/zcp/offer/detail/${offerNo}/516`,
      headers: { cookie: `zcp_offers=${offerNo}` },
    });
    expect(forged.statusCode).toBe(404);
    const { offerToken } = await import('../../src/server/offers/offerAccess');
    const token = offerToken(s.config.sessionSecret, offerNo);
    const ok = await s.call({ method: 'GET', url: `/zcp/offer/detail/${offerNo}/516?token=${token}` });
    expect(ok.statusCode).toBe(200);
    // The link's holder gets the offer cookie, so this browser can go on to pay the offer.
    const cookie = String(ok.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^zcp_offers=/);
    const pay = await s.call({
      method: 'POST',
      url: '/zcp/jcc/JCCFunc/REGPAY',
      payload: { CS_POLICY: { OFFER_NO: offerNo } },
      headers: { cookie },
    });
    expect(pay.statusCode).toBe(200);
    const stranger = await s.call({
      method: 'POST',
      url: '/zcp/jcc/JCCFunc/REGPAY',
      payload: { CS_POLICY: { OFFER_NO: offerNo } },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('reopened by its link while a payment of it was left on the card page, it is priced and paid, not refused', async () => {
    const { offerNo, cookie } = await offer('1986-01-15');
    // The buyer went to the card page and closed it: the offer waits for that payment (PAYING).
    const started = await s.call({
      method: 'POST',
      url: '/zcp/jcc/JCCFunc/REGPAY',
      payload: { CS_POLICY: { OFFER_NO: offerNo } },
      headers: { cookie },
    });
    expect(started.statusCode).toBe(200);
    // Another browser opens the e-mailed link: the link proves the mailbox, as for an open offer.
    const { offerToken } = await import('../../src/server/offers/offerAccess');
    const opened = await s.call({
      method: 'GET',
      url: `/zcp/offer/detail/${offerNo}/516?token=${offerToken(s.config.sessionSecret, offerNo)}`,
      headers: { cookie: 'zcp_client=another-browser' },
    });
    expect(opened.statusCode).toBe(200);
    // A fresh browser: none of the buyer's cookies (a client cookie that is not the service's).
    const linkCookie = `${String(opened.headers['set-cookie']).split(';')[0]}; zcp_client=another-browser`;
    const again = await post(
      '/zcp/driver/quotation',
      driverQuote({
        policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: '2026-03-20', OFFER_NO: offerNo },
        holder: { BIRTH_DATE: '1986-01-15' },
      }),
      'en',
      { cookie: linkCookie },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().CS_POLICY.OFFER_NO).toBe(offerNo);
    const pay = await s.call({
      method: 'POST',
      url: '/zcp/jcc/JCCFunc/REGPAY',
      payload: { CS_POLICY: { OFFER_NO: offerNo } },
      headers: { cookie: linkCookie },
    });
    expect(pay.statusCode).toBe(200);
  });

  it('answers 404 for another product id and 422 once the offer expired', async () => {
    const { offerNo, cookie } = await offer('1986-01-15');
    expect(
      (await s.call({ method: 'GET', url: `/zcp/offer/detail/${offerNo}/517`, headers: { cookie } }))
        .statusCode,
    ).toBe(404);
    s.clock.set('2026-04-15T08:00:00.000Z');
    const expired = await s.call({
      method: 'GET',
      url: `/zcp/offer/detail/${offerNo}/516`,
      headers: { cookie },
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().CODE).toBe('OFFER_EXPIRED');
  });
});
