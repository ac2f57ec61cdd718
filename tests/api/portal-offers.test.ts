// Portal offers (issue 14 item 3): the logged-in customer reads their own stored offer without the
// offer cookie or the e-mailed token; another customer and an anonymous caller cannot; a changed
// premium reads DATA_CHANGED; buying the offer from the portal (re-quote, REGPAY, the sandbox's
// card page, the signed return) issues a contract that is the customer's and shows in their list.

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CARDS } from '../../src/server/cardProvider/sandboxCards';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { DEMO_HOME_OFFER } from '../../src/server/demo/offers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { hiddenInputs, postFormTo, unescapeHtml } from './support/html';
import { PortalClient } from './support/portal';

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

async function loggedIn(mobile: string, ip: string) {
  const c = new PortalClient(s, { ip, lang: 'en' });
  expect((await c.login(mobile, DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

const DETAIL = `/zcp/offer/detail/${DEMO_HOME_OFFER}/157`;

/** A form post from the customer's browser (the sandbox's pages and the signed return). */
const postForm = (c: PortalClient, path: string, fields: Record<string, string>) =>
  postFormTo(s.app, path, fields, { cookie: c.cookieHeader() });

describe('a stored offer in the portal', () => {
  it('is read by its customer without cookie or token, with DATA_CHANGED and the previous premium', async () => {
    const c = await loggedIn('99000001', '10.41.0.1');
    const res = await c.get(DETAIL);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.DATA_CHANGED).toBe('X');
    expect(body.PREVIOUS_AMOUNT).toBe(498);
    expect(body.CS_POLICY.OFFER_NO).toBe(DEMO_HOME_OFFER);
    expect(body.CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT).not.toBe(498);
    // The portal session authorises it (and its payment): no long-lived offer cookie is set, so
    // nothing of the offer stays readable in this browser after logout (issue 25 item 3).
    expect([...c.jar.keys()]).not.toContain('zcp_offers');
  });

  it('the demo motor offer is complete: its purchase flow can store it again at today’s price', async () => {
    const c = await loggedIn('99000001', '10.41.0.6');
    const detail = await c.get('/zcp/offer/detail/OF900111/120');
    expect(detail.statusCode).toBe(200);
    const { DATA_CHANGED, DATES_CHANGED: _d, PREVIOUS_AMOUNT, ...quote } = detail.json();
    expect(DATA_CHANGED).toBe('X');
    expect(PREVIOUS_AMOUNT).toBe(298.4);
    const stored = await c.post('/zcp/motor/motorquotation', quote);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().CS_POLICY.OFFER_NO).toBe('OF900111');
    expect(stored.json().CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT).toBe(quote.CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT);
  });

  it('flags in the offer list the offer whose premium changed, not the one just stored at today’s price', async () => {
    // After the test above, OF900111 holds today's premium; the home offer still holds its old one.
    const c = await loggedIn('99000001', '10.41.0.7');
    const list = await c.get('/zcp/offer/search/790001');
    expect(list.statusCode).toBe(200);
    const flags = Object.fromEntries(
      (list.json().CT_OFFERS as { OFFER_NO: string; DATA_CHANGED: string }[]).map((o) => [
        o.OFFER_NO,
        o.DATA_CHANGED,
      ]),
    );
    expect(flags).toMatchObject({ [DEMO_HOME_OFFER]: 'X', OF900111: '' });
  });

  it("refuses another customer's offer, and an anonymous caller, exactly as an unknown offer", async () => {
    const other = await loggedIn('99000002', '10.41.0.2');
    const foreign = await other.get(DETAIL);
    const unknown = await other.get('/zcp/offer/detail/OF900999/157');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json().MESSAGES[0].MSGTEXT.replace(DEMO_HOME_OFFER, 'X')).toBe(
      unknown.json().MESSAGES[0].MSGTEXT.replace('OF900999', 'X'),
    );
    expect([...other.jar.keys()]).not.toContain('zcp_offers');
    // Nor can they pay it.
    const regpay = await other.post('/zcp/jcc/JCCFunc/REGPAY', {
      CS_POLICY: { OFFER_NO: DEMO_HOME_OFFER, PRODUCT_ID: '157' },
    });
    expect(regpay.statusCode).toBe(404);
    const anonymous = new PortalClient(s, { ip: '10.41.0.3' });
    expect((await anonymous.get(DETAIL)).statusCode).toBe(404);
    // The owner's offer list is not theirs to read either.
    expect((await other.get('/zcp/offer/search/790001')).statusCode).toBe(403);
  });

  it('is bought at the new price and becomes the logged-in customer’s contract', async () => {
    const c = await loggedIn('99000001', '10.41.0.4');
    const {
      DATA_CHANGED: _c,
      DATES_CHANGED: _d,
      PREVIOUS_AMOUNT: _p,
      ...quote
    } = (await c.get(DETAIL)).json();
    // The flow's payment step stores the offer again (same number, the re-rated price).
    const quotation = await c.post('/zcp/prop/quotation', quote);
    expect(quotation.statusCode).toBe(200);
    const stored = quotation.json().CS_POLICY;
    expect(stored.OFFER_NO).toBe(DEMO_HOME_OFFER);
    const price = stored.PREMIUM_AFTER_DISC_AMOUNT as number;

    const registered = await c.post('/zcp/jcc/JCCFunc/REGPAY', {
      CS_POLICY: { OFFER_NO: DEMO_HOME_OFFER, PRODUCT_ID: '157' },
    });
    expect(registered.statusCode).toBe(200);
    const data = registered.json().ES_RETURN_DATA;
    const cardPage = await postForm(c, new URL(data.URL).pathname, data.FIELDS);
    expect(cardPage.statusCode).toBe(200);
    const result: LightMyRequestResponse = await postForm(c, '/sandbox/jcc/pay', {
      ...hiddenInputs(cardPage.body),
      action: 'pay',
      cardNumber: TEST_CARDS.APPROVED,
      expiry: '12/28',
      cvv: '123',
      holder: 'ANDREAS GEORGIOU',
    });
    expect(result.statusCode).toBe(200);
    const action = /<form id="merchant-return" method="post" action="([^"]+)">/.exec(result.body);
    expect(action).not.toBeNull();
    const back = await postForm(
      c,
      new URL(unescapeHtml(action?.[1] ?? '')).pathname,
      hiddenInputs(result.body),
    );
    expect(back.statusCode).toBeLessThan(400);

    const contracts = (await c.get('/zcp/contract/search/900001')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    const bought = contracts.filter(
      (x) => x.PRODUCT_CODE === 'PROPERTY' && x.ZZPREMIUM_AFTER_DISC_AMOUNT === price,
    );
    expect(bought).toHaveLength(1);
    const [row] = await s.testDb.db.query<{ customer_no: string }>(
      'SELECT customer_no FROM contracts WHERE offer_no = $1',
      [DEMO_HOME_OFFER],
    );
    expect(row.customer_no).toBe('900001');
    // Paid: no longer among the open offers, and its detail reads as such for the other customer.
    const offers = (await c.get('/zcp/offer/search/790001')).json().CT_OFFERS as { OFFER_NO: string }[];
    expect(offers.map((o) => o.OFFER_NO)).not.toContain(DEMO_HOME_OFFER);
    const detail = await c.get(`/zcp/contract/detail/${bought[0].CONTRACT_NO}/157`);
    expect(detail.statusCode).toBe(200);
    const other = await loggedIn('99000002', '10.41.0.5');
    expect((await other.get(`/zcp/contract/detail/${bought[0].CONTRACT_NO}/157`)).statusCode).toBe(403);
  });
});
