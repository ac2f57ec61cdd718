// Offers on a shared computer (issue 25 item 3, issue 24 item 1): an offer opened in the portal is
// authorised by the session (no offer cookie), logout leaves nothing of it readable, and the public
// flows' offer cookie alone shows personal data only for a short time after the quotation (the
// e-mailed token always). Reopening an offer needs no product parameter: the flow's declared
// product id (motor's "lookup") reads it, for every product.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { offerToken } from '../../src/server/offers/offerAccess';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { driverQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

async function andreas(ip: string) {
  const c = new PortalClient(s, { ip, lang: 'en' });
  expect((await c.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

describe('an offer opened in the portal', () => {
  it('sets no offer cookie, and after logout the same browser reads nothing of it', async () => {
    const c = await andreas('10.51.0.1');
    const read = await c.get('/zcp/offer/detail/OF900111/120');
    expect(read.statusCode).toBe(200);
    expect(read.json().CS_POLICY_HOLDER.NATIONAL_ID).toBeTruthy();
    expect([...c.jar.keys()].some((k) => k.endsWith('zcp_offers'))).toBe(false);
    expect((await c.post('/zcp/um/logout', {})).statusCode).toBe(204);
    const after = await c.get('/zcp/offer/detail/OF900111/120');
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('CS_POLICY_HOLDER');
    // Nor can it be paid from that browser.
    const regpay = await c.post('/zcp/jcc/JCCFunc/REGPAY', { CS_POLICY: { OFFER_NO: 'OF900111' } });
    expect(regpay.statusCode).toBe(404);
  });

  it('logout clears an offer cookie the browser held from before (the public flow or an e-mailed link)', async () => {
    const c = await andreas('10.51.0.2');
    const token = offerToken(s.config.sessionSecret, 'OF900112');
    expect((await c.get(`/zcp/offer/detail/OF900112/157?token=${token}`)).statusCode).toBe(200);
    expect(c.jar.has('zcp_offers')).toBe(true);
    const logout = await c.post('/zcp/um/logout', {});
    const cleared = (logout.cookies as { name: string; value: string }[]).find(
      (k) => k.name === 'zcp_offers',
    );
    expect(cleared?.value).toBe('');
    expect(c.jar.has('zcp_offers')).toBe(false);
    expect((await c.get('/zcp/offer/detail/OF900112/157')).statusCode).toBe(404);
  });

  it('a session the browser finds expired clears the offer cookie too', async () => {
    const c = await andreas('10.51.0.3');
    const token = offerToken(s.config.sessionSecret, 'OF900112');
    await c.get(`/zcp/offer/detail/OF900112/157?token=${token}`);
    expect(c.jar.has('zcp_offers')).toBe(true);
    s.clock.advance((s.config.portal.inactivityMinutes + 1) * 60_000);
    expect((await c.get('/zcp/um/session')).statusCode).toBe(401);
    expect(c.jar.has('zcp_offers')).toBe(false);
  });

  it("is paid by the session alone: REGPAY from the owner's portal browser, without cookie or token", async () => {
    const c = await andreas('10.51.0.4');
    const res = await c.post('/zcp/jcc/JCCFunc/REGPAY', {
      CS_POLICY: { OFFER_NO: 'OF900112', PRODUCT_ID: '157' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ES_RETURN_DATA.ORDER_ID).toBeTruthy();
  });
});

describe('reopening needs no product parameter', () => {
  it("reads a motor offer with its flow's declared product id (lookup) as with its own (120)", async () => {
    const c = await andreas('10.51.1.1');
    for (const id of ['lookup', '120']) {
      const res = await c.get(`/zcp/offer/detail/OF900111/${id}`);
      expect([id, res.statusCode]).toEqual([id, 200]);
      expect(res.json().CS_POLICY.OFFER_NO).toBe('OF900111');
    }
    // Another product's id is still no way in.
    expect((await c.get('/zcp/offer/detail/OF900111/157')).statusCode).toBe(404);
    expect((await c.get('/zcp/offer/detail/OF900112/lookup')).statusCode).toBe(404);
  });

  it('the portal link of every offer opens its flow without product= or token=', async () => {
    const c = await andreas('10.51.1.2');
    const offers = (await c.get('/zcp/offer/search/790001')).json().CT_OFFERS as { LINK: string }[];
    expect(offers.length).toBeGreaterThan(0);
    for (const o of offers) expect(o.LINK).not.toMatch(/token=|product=/);
  });
});

describe("the public flows' offer cookie", () => {
  it('shows personal data only for a short time after the quotation; the e-mailed token always', async () => {
    const visitor = new PortalClient(s, { ip: '10.51.2.1', lang: 'en' });
    const mail = 'andreas.georgiou@example.com.cy';
    expect((await visitor.post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    const confirmed = await visitor.post('/zcp/otp/validate', { I_MAIL_ADDRESS: mail, I_TOKEN: code });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const stored = await visitor.post(
      '/zcp/driver/quotation',
      driverQuote({ policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: '2026-03-20' } }),
    );
    expect(stored.statusCode, stored.body.slice(0, 300)).toBe(200);
    const offerNo = stored.json().CS_POLICY.OFFER_NO as string;
    const soon = await visitor.get(`/zcp/offer/detail/${offerNo}/516`);
    expect(soon.json().CS_POLICY_HOLDER.LAST_NAME).toBeTruthy();

    s.clock.advance((s.config.offerCookiePersonalMinutes + 1) * 60_000);
    const later = await visitor.get(`/zcp/offer/detail/${offerNo}/516`);
    expect(later.statusCode).toBe(200);
    expect(later.json().CS_POLICY.OFFER_NO).toBe(offerNo);
    expect(later.json().CS_POLICY_HOLDER).toBeUndefined();
    expect(later.body).not.toContain(mail);
    const withToken = await visitor.get(
      `/zcp/offer/detail/${offerNo}/516?token=${offerToken(s.config.sessionSecret, offerNo)}`,
    );
    expect(withToken.json().CS_POLICY_HOLDER.LAST_NAME).toBeTruthy();
  });
});
