// Renewal (issue 28 item 2): 30 days before expiry the pass prepares the renewal offer (same
// answers, live tariff, no first-year promotion, starting the day after expiry), mails it (and
// texts it with consent) once; the reminder goes once, 7 days before; the portal shows "Renew",
// the offer names the facts to confirm, paying it issues the new contract from the day after and
// the old one shows "Renewed"; unpaid at expiry, "Expired". Another customer reads nothing of it;
// a referral goes to the call centre; a product that is not renewed (travel) gets nothing.

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears } from '../../src/engine/dates';
import { TEST_CARDS } from '../../src/server/cardProvider/sandboxCards';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { hiddenInputs, postFormTo, unescapeHtml } from './support/html';
import { PortalClient } from './support/portal';
import { holder, hunterQuote } from './support/quotes';

let s: TestService;
const TODAY = '2026-03-10'; // the test clock's day
const MAIL = 'christina.papadopoulou@example.com.cy';

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
  // The demo's own contract due for renewal (CY9000951) is offered first, out of the counts below.
  await run(TODAY);
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
/** A contract of customer 900008 ending on `expiry`, with the hunter flow's answers (or travel's). */
async function contract(expiry: string, opts: { hunter?: Record<string, unknown>; flow?: string } = {}) {
  seq += 1;
  const no = `CYR${String(seq).padStart(4, '0')}`;
  const offerNo = `OFR${String(seq).padStart(4, '0')}`;
  const start = addYears(addDays(expiry, 1), -1);
  const quote = hunterQuote({
    hunter: opts.hunter,
    holder: { ...holder(MAIL), FIRST_NAME: 'Χριστίνα', LAST_NAME: 'Παπαδοπούλου' },
    policy: {
      PACKAGE_ID: 'HNT_PLUS',
      START_DATE: start,
      END_DATE: expiry,
      CONTRACT_NO: no,
      OFFER_NO: offerNo,
    },
  });
  const flow = opts.flow ?? 'hunter';
  const productId = flow === 'hunter' ? '517' : '518';
  await s.testDb.db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, customer_no,
       status, expiry_date)
     VALUES ($1, $2, $3, 'HNT_PLUS', $4::jsonb, 9500, $5, '900008', 'PAID', $6::date)`,
    [offerNo, flow, productId, JSON.stringify(quote), MAIL, addDays(start, 30)],
  );
  await s.testDb.db.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data)
     VALUES ($1, $2, $3, 'HNT_PLUS', '900008', $4::date, $5::date, 9500, 0, 'ACTIVE', $6::jsonb)`,
    [no, offerNo, productId, start, expiry, JSON.stringify(quote)],
  );
  return { no, quote };
}

const run = async (today: string) => {
  const res = await s.call({ method: 'POST', url: '/dev/renewals/run', payload: { today } });
  expect(res.statusCode).toBe(200);
  return res.json() as { offered: number; referred: number; reminded: number; expired: number };
};

const renewal = async (contractNo: string) =>
  (
    await s.testDb.db.query<{
      status: string;
      offer_no: string | null;
      notices: number;
      new_contract_no: string;
    }>('SELECT status, offer_no, notices, new_contract_no FROM renewals WHERE contract_no = $1', [contractNo])
  )[0];

/** What was queued for customer 900008 (her mail address, or her mobile 99000008). */
const outbox = async (template: string, channel = 'MAIL') =>
  s.testDb.db.query<{ body_text: string; recipient: string }>(
    `SELECT body_text, recipient FROM outbox
      WHERE template = $1 AND channel = $2 AND (recipient = $3 OR recipient LIKE '%99000008') ORDER BY id`,
    [template, channel, MAIL],
  );

async function loggedIn(mobile: string, ip: string) {
  const c = new PortalClient(s, { ip, lang: 'en' });
  expect((await c.login(mobile, DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

describe('renewal', () => {
  let renewed: { no: string };
  let offerNo = '';

  it('prepares the offer 30 days before expiry: same answers, live tariff, no first-year promotion', async () => {
    await s.testDb.db.query(`UPDATE customers SET sms_consent = true WHERE customer_no = '900008'`);
    // Ends on 31 March: due from 1 March. One ending in 31 days is not due yet.
    renewed = await contract('2026-03-31');
    const later = await contract(addDays(TODAY, 31));
    expect((await run(TODAY)).offered).toBe(1);
    const row = await renewal(renewed.no);
    expect(row).toMatchObject({ status: 'OFFERED', notices: 1 });
    expect(await renewal(later.no)).toBeUndefined();
    offerNo = row.offer_no ?? '';
    const [offer] = await s.testDb.db.query<{
      quote: Record<string, Record<string, unknown>>;
      expiry_date: string;
      status: string;
      renewal_of: string;
      customer_no: string;
    }>(
      `SELECT quote, expiry_date::text AS expiry_date, status, renewal_of, customer_no FROM offers WHERE offer_no = $1`,
      [offerNo],
    );
    expect(offer).toMatchObject({
      expiry_date: '2026-03-31',
      status: 'OPEN',
      renewal_of: renewed.no,
      customer_no: '900008',
    });
    expect(offer.quote.CS_POLICY).toMatchObject({
      START_DATE: '2026-04-01',
      END_DATE: '2027-03-31',
      PACKAGE_ID: 'HNT_PLUS',
    });
    expect(offer.quote.CS_HUNTER).toMatchObject({ NUMBER_OF_GUNS: '2', GUN_TOTAL_COST: 3300 });
    // The hunter tariff's first-year promotion (20 %) is given to a new policy, not to a renewal.
    const discounts = (offer.quote.CT_DISCOUNTS as unknown as { ID: string }[]).map((d) => d.ID);
    expect(discounts).not.toContain('FIRST_YEAR_HUNTER');
    const fresh = await s.call({
      method: 'POST',
      url: '/zcp/hunter/huntercalc',
      payload: hunterQuote({ policy: { PACKAGE_ID: 'HNT_PLUS', START_DATE: TODAY } }),
    });
    expect(fresh.statusCode).toBe(200);
    const freshPlus = (fresh.json().CT_PACKAGES as { PACKAGE_ID: string; AMOUNT: number }[]).find(
      (p) => p.PACKAGE_ID === 'HNT_PLUS',
    );
    const renewalPremium = Number(
      (offer.quote.CS_POLICY as Record<string, unknown>).PREMIUM_AFTER_DISC_AMOUNT,
    );
    expect(renewalPremium).toBeGreaterThan(freshPlus?.AMOUNT ?? Infinity);
  });

  it('notifies once by e-mail and, with consent, by SMS; a second pass sends nothing more', async () => {
    const mails = await outbox('renewalOffered');
    expect(mails).toHaveLength(1);
    expect(mails[0].recipient).toBe(MAIL);
    expect(mails[0].body_text).toContain(renewed.no);
    expect(mails[0].body_text).toContain('01/04/2026');
    expect(mails[0].body_text).toMatch(/\/hunter\/offer\/1\?offer=OF\d+&product=517&token=/);
    expect(await outbox('renewalOffered', 'SMS')).toHaveLength(1);
    expect(await run(TODAY)).toEqual({ offered: 0, referred: 0, reminded: 0, expired: 0 });
    expect(await outbox('renewalOffered')).toHaveLength(1);
  });

  it('shows "Renew" on the contract, and the offer names the facts to confirm', async () => {
    const c = await loggedIn('99000008', '10.52.0.1');
    const list = (await c.get('/zcp/contract/search/900008')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    const card = list.find((x) => x.CONTRACT_NO === renewed.no) as Record<string, Record<string, unknown>>;
    expect(card.STATUS).toBe('ACTIVE');
    expect(card.RENEWAL).toMatchObject({ STATUS: 'OFFERED', OFFER_NO: offerNo, START_DATE: '2026-04-01' });
    expect(card.RENEWAL.LINK).toBe(`/hunter/offer/1?offer=${offerNo}`);
    const detail = await c.get(`/zcp/offer/detail/${offerNo}/517`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().RENEWAL).toEqual({
      CONTRACT_NO: renewed.no,
      RECONFIRM: ['CS_HUNTER.HEALTHY_HUNTER', 'CS_HUNTER.NUMBER_OF_GUNS', 'CS_HUNTER.GUN_TOTAL_COST'],
    });
    // Re-read today, the renewal keeps its start and second-year price: nothing "changed".
    expect(detail.json().DATA_CHANGED).toBe('');
    expect(detail.json().CS_POLICY.START_DATE).toBe('2026-04-01');
  });

  it('is nothing to another customer or an anonymous caller', async () => {
    const other = await loggedIn('99000001', '10.52.0.2');
    expect((await other.get(`/zcp/offer/detail/${offerNo}/517`)).statusCode).toBe(404);
    const regpay = await other.post('/zcp/jcc/JCCFunc/REGPAY', {
      CS_POLICY: { OFFER_NO: offerNo, PRODUCT_ID: '517' },
    });
    expect(regpay.statusCode).toBe(404);
    expect(
      (await new PortalClient(s, { ip: '10.52.0.3' }).get(`/zcp/offer/detail/${offerNo}/517`)).statusCode,
    ).toBe(404);
  });

  it('reminds once, 7 days before expiry', async () => {
    await run('2026-03-23');
    expect((await renewal(renewed.no)).notices).toBe(1);
    expect(await outbox('renewalReminder')).toHaveLength(0);
    expect((await run('2026-03-24')).reminded).toBe(1);
    expect((await run('2026-03-24')).reminded).toBe(0);
    expect((await run('2026-03-25')).reminded).toBe(0);
    const reminders = await outbox('renewalReminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].body_text).toContain('31/03/2026');
    expect(await outbox('renewalReminder', 'SMS')).toHaveLength(1);
    expect((await renewal(renewed.no)).notices).toBe(2);
  });

  it('paid, issues the new contract from the day after and shows the old one "Renewed"', async () => {
    const c = await loggedIn('99000008', '10.52.0.4');
    const {
      DATA_CHANGED: _c,
      DATES_CHANGED: _d,
      PREVIOUS_AMOUNT: _p,
      RENEWAL: _r,
      ...quote
    } = (await c.get(`/zcp/offer/detail/${offerNo}/517`)).json();
    // A client that sends a first-year start or a promo code changes nothing of the renewal.
    quote.CS_POLICY = { ...quote.CS_POLICY, START_DATE: '2026-03-24' };
    const quotation = await c.post('/zcp/hunter/quotation', quote);
    expect(quotation.statusCode).toBe(200);
    expect(quotation.json().CS_POLICY).toMatchObject({ OFFER_NO: offerNo, START_DATE: '2026-04-01' });
    const registered = await c.post('/zcp/jcc/JCCFunc/REGPAY', {
      CS_POLICY: { OFFER_NO: offerNo, PRODUCT_ID: '517' },
    });
    expect(registered.statusCode).toBe(200);
    const data = registered.json().ES_RETURN_DATA;
    const post = (path: string, fields: Record<string, string>) =>
      postFormTo(s.app, path, fields, { cookie: c.cookieHeader() });
    const cardPage = await post(new URL(data.URL).pathname, data.FIELDS);
    const result: LightMyRequestResponse = await post('/sandbox/jcc/pay', {
      ...hiddenInputs(cardPage.body),
      action: 'pay',
      cardNumber: TEST_CARDS.APPROVED,
      expiry: '12/28',
      cvv: '123',
      holder: 'CHRISTINA PAPADOPOULOU',
    });
    const action = /<form id="merchant-return" method="post" action="([^"]+)">/.exec(result.body);
    expect(action).not.toBeNull();
    const back = await post(new URL(unescapeHtml(action?.[1] ?? '')).pathname, hiddenInputs(result.body));
    expect(back.statusCode).toBeLessThan(400);

    const row = await renewal(renewed.no);
    expect(row.status).toBe('RENEWED');
    const list = (await c.get('/zcp/contract/search/900008')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    const next = list.find((x) => x.CONTRACT_NO === row.new_contract_no);
    expect(next).toMatchObject({ START_DATE: '2026-04-01', EXPIRY_DATE: '2027-03-31', STATUS: 'ACTIVE' });
    const old = list.find((x) => x.CONTRACT_NO === renewed.no) as Record<string, Record<string, unknown>>;
    expect(old.RENEWAL).toMatchObject({ STATUS: 'RENEWED', NEW_CONTRACT_NO: row.new_contract_no, LINK: '' });
    // After its last day the old contract reads "Renewed", not "Expired".
    s.clock.set('2026-04-02T09:00:00.000Z');
    const later = await loggedIn('99000008', '10.52.0.6');
    const after = (await later.get('/zcp/contract/search/900008')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    expect(after.find((x) => x.CONTRACT_NO === renewed.no)).toMatchObject({
      STATUS: 'RENEWED',
      STATUS_DESC: 'Renewed',
    });
  });

  it('unpaid at expiry, expires with its offer', async () => {
    s.clock.set('2026-04-20T09:00:00.000Z');
    const unpaid = await contract('2026-05-10');
    expect((await run('2026-04-20')).offered).toBe(1);
    const offer = (await renewal(unpaid.no)).offer_no;
    expect((await run('2026-05-10')).expired).toBe(0);
    expect((await run('2026-05-11')).expired).toBe(1);
    expect((await renewal(unpaid.no)).status).toBe('EXPIRED');
    const [o] = await s.testDb.db.query<{ status: string }>('SELECT status FROM offers WHERE offer_no = $1', [
      offer,
    ]);
    expect(o.status).toBe('EXPIRED');
    s.clock.set('2026-05-11T09:00:00.000Z');
    const c = await loggedIn('99000008', '10.52.0.5');
    const list = (await c.get('/zcp/contract/search/900008')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    expect(list.find((x) => x.CONTRACT_NO === unpaid.no)).toMatchObject({
      STATUS: 'EXPIRED',
      RENEWAL: expect.objectContaining({ STATUS: 'EXPIRED', LINK: '' }),
    });
  });

  it('refers to the call centre what today’s rules refer, and leaves out a product that is not renewed', async () => {
    s.clock.set('2026-06-01T09:00:00.000Z');
    const referred = await contract('2026-06-20', { hunter: { HEALTHY_HUNTER: '2' } });
    const trip = await contract('2026-06-20', { flow: 'travel' });
    const summary = await run('2026-06-01');
    expect(summary).toMatchObject({ offered: 0, referred: 1 });
    expect((await renewal(referred.no)).status).toBe('REFERRED');
    expect(await renewal(trip.no)).toBeUndefined();
    const mails = await outbox('renewalReferred');
    expect(mails).toHaveLength(1);
    expect(mails[0].body_text).toContain('8000 8787');
    expect(await outbox('renewalReferred', 'SMS')).toHaveLength(0);
  });
});
