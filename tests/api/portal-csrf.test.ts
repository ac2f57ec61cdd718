// CSRF (issue 25 items 4 and 5): the token of a logged-in customer belongs to the session, not the
// browser, and changes at login and logout; anonymous forms keep the double submit; every
// state-changing call meets the same rule, checked before its body is read (REGPAY as text/plain,
// PendPaymTimeOut as a form), with the card provider's return the listed exception.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

const consent = (c: PortalClient, extra?: Parameters<PortalClient['put']>[2]) =>
  c.put('/zcp/customer/custUpdConsent/900001', { MARKETING_CONSENT: true }, extra);

async function andreas(ip: string) {
  const c = new PortalClient(s, { ip });
  expect((await c.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

describe('the CSRF token of a session', () => {
  it("refuses a customer's session cookie next to another browser's CSRF pair", async () => {
    const victim = await andreas('10.41.0.1');
    expect((await consent(victim)).statusCode).toBe(200);
    // Another browser, logged in or not, has a pair of its own.
    for (const other of [await andreas('10.41.0.2'), new PortalClient(s, { ip: '10.41.0.3' })]) {
      if (!other.csrf) await other.fetchCsrf();
      const csrfCookie = [...other.jar].find(([name]) => name.endsWith('zcp_csrf'));
      expect(csrfCookie).toBeDefined();
      const planted = new PortalClient(s, { ip: '10.41.0.1' });
      for (const [name, value] of victim.jar) if (!name.includes('csrf')) planted.jar.set(name, value);
      planted.jar.set(csrfCookie?.[0] ?? '', csrfCookie?.[1] ?? '');
      planted.csrf = other.csrf;
      const res = await consent(planted);
      expect(res.statusCode).toBe(403);
      expect(res.json().CODE).toBe('CSRF');
    }
  });

  it('a pair fetched before the login is no longer good after it, and logout changes it again', async () => {
    const c = new PortalClient(s, { ip: '10.41.1.1' });
    const before = await c.fetchCsrf();
    const cookieBefore = c.jar.get('zcp_csrf');
    expect((await c.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    expect(c.csrf).not.toBe(before);
    expect(c.jar.get('zcp_csrf')).toBe(c.csrf);
    const during = c.csrf;
    // The old pair with the new session: refused.
    const stale = new PortalClient(s, { ip: '10.41.1.1' });
    for (const [name, value] of c.jar) stale.jar.set(name, value);
    stale.jar.set('zcp_csrf', cookieBefore ?? '');
    stale.csrf = before;
    expect((await consent(stale)).json().CODE).toBe('CSRF');
    expect((await consent(c)).statusCode).toBe(200);

    expect((await c.post('/zcp/um/logout', {})).statusCode).toBe(204);
    expect(c.csrf).not.toBe(during);
    expect(c.csrf).not.toBe('');
    // The session's token is worth nothing once it is over, even for an anonymous form.
    const res = await c.post(
      '/zcp/um/login',
      { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD },
      { csrf: during },
    );
    expect(res.json().CODE).toBe('CSRF');
    expect((await c.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('GET /zcp/um/csrf answers the session token to a logged-in browser', async () => {
    const c = await andreas('10.41.2.1');
    const token = c.csrf;
    expect(await c.fetchCsrf()).toBe(token);
  });
});

describe('one rule for every state-changing call', () => {
  it('REGPAY as text/plain with a session and no token is refused as CSRF before its body is read', async () => {
    const c = await andreas('10.41.3.1');
    const res = await c.request('POST', '/zcp/jcc/JCCFunc/REGPAY', 'CONTRACT_NO=CY9000103', {
      headers: { 'content-type': 'text/plain' },
      csrf: null,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('CSRF');
  });

  it('PendPaymTimeOut with a session and no token is refused as CSRF, as JSON or as a form', async () => {
    const c = await andreas('10.41.4.1');
    const json = await c.post(
      '/zcp/jcc/PendPaymTimeOut/pendtimeout',
      { CONTRACT_NO: 'CY9000103' },
      { csrf: null },
    );
    expect([json.statusCode, json.json().CODE]).toEqual([403, 'CSRF']);
    const form = await c.request('POST', '/zcp/jcc/PendPaymTimeOut/pendtimeout', 'CONTRACT_NO=CY9000103', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      csrf: null,
    });
    expect([form.statusCode, form.json().CODE]).toEqual([403, 'CSRF']);
    expect(
      (await c.post('/zcp/jcc/PendPaymTimeOut/pendtimeout', { CONTRACT_NO: 'CY9000103' })).statusCode,
    ).not.toBe(403);
  });

  it('an anonymous call that a cross-site form could send (form or text body, no token) is refused as CSRF', async () => {
    for (const [url, type, payload] of [
      ['/zcp/jcc/PendPaymTimeOut/pendtimeout', 'application/x-www-form-urlencoded', 'CONTRACT_NO=CY9000103'],
      ['/zcp/jcc/JCCFunc/REGPAY', 'application/x-www-form-urlencoded', 'CS_POLICY[OFFER_NO]=OF1'],
      ['/zcp/jcc/JCCFunc/REGPAY', 'multipart/form-data; boundary=x', '--x--\r\n'],
    ]) {
      const res = await s.call({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
        lang: 'en',
      });
      expect([url, type, res.statusCode, res.json().CODE]).toEqual([url, type, 403, 'CSRF']);
    }
  });

  it("the card provider's return, a cross-site form post by design, is the exception: its signature decides", async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/jcc/return',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'OrderID=nothing&ResponseCode=1',
    });
    expect(res.statusCode).not.toBe(403);
  });
});
