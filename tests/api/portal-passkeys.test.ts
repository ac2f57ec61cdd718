// Passkeys (issue 12 item 5) against a software authenticator: add one in the profile, list it, log
// in with it instead of the password, use it as the second factor instead of the SMS code, remove
// it; replayed challenges, another origin and a locked account are refused.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { SoftAuthenticator } from './support/softAuthenticator';

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

const device = () => new SoftAuthenticator(s.config.portal.webauthnOrigin, s.config.portal.webauthnRpId);

async function addPasskey(c: PortalClient, authenticator: SoftAuthenticator, name = 'Κινητό') {
  const options = (await c.post('/zcp/um/passkey/register/options')).json();
  expect(options.rp.id).toBe(s.config.portal.webauthnRpId);
  return c.post('/zcp/um/passkey/register/verify', { RESPONSE: authenticator.create(options), NAME: name });
}

describe('passkeys', () => {
  it('adds, lists, logs in with and removes a passkey', async () => {
    const c = new PortalClient(s, { ip: '10.30.0.1' });
    await c.login('99000001', DEMO_PASSWORD);
    const phone = device();
    const added = await addPasskey(c, phone);
    expect(added.statusCode).toBe(200);
    expect(added.json().PASSKEY).toMatchObject({ ID: phone.id, NAME: 'Κινητό', LAST_USED_AT: null });
    expect((await c.get('/zcp/um/passkeys')).json().CT_PASSKEYS).toHaveLength(1);

    const browser = new PortalClient(s, { ip: '10.30.0.2' });
    await browser.fetchCsrf();
    const options = (await browser.post('/zcp/um/passkey/login/options', {})).json();
    const assertion = phone.get(options);
    const login = await browser.post('/zcp/um/passkey/login/verify', { RESPONSE: assertion });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ LOGGED_IN: true, CUSTOMER_NO: '900001' });
    expect((await browser.get('/zcp/um/session')).statusCode).toBe(200);

    // The same assertion (its challenge spent) is refused.
    const replay = new PortalClient(s, { ip: '10.30.0.3' });
    await replay.fetchCsrf();
    expect((await replay.post('/zcp/um/passkey/login/verify', { RESPONSE: assertion })).json().CODE).toBe(
      'WRONG_LOGIN',
    );

    expect((await c.request('DELETE', `/zcp/um/passkeys/${phone.id}`)).statusCode).toBe(204);
    expect((await c.get('/zcp/um/passkeys')).json().CT_PASSKEYS).toEqual([]);
    const after = (await replay.post('/zcp/um/passkey/login/options', {})).json();
    expect(
      (await replay.post('/zcp/um/passkey/login/verify', { RESPONSE: phone.get(after) })).statusCode,
    ).toBe(401);
  });

  it('refuses an assertion made for another origin (phishing site)', async () => {
    const c = new PortalClient(s, { ip: '10.30.0.4' });
    await c.login('99000002', DEMO_PASSWORD);
    const phone = device();
    expect((await addPasskey(c, phone)).statusCode).toBe(200);
    const options = (await c.post('/zcp/um/passkey/login/options', { USERNAME: '99000002' })).json();
    expect(options.allowCredentials.map((x: { id: string }) => x.id)).toEqual([phone.id]);
    const res = await c.post('/zcp/um/passkey/login/verify', {
      RESPONSE: phone.get(options, 'https://gic-login.example.net'),
    });
    expect(res.statusCode).toBe(401);
  });

  it('serves as the second factor instead of the SMS code (99000004)', async () => {
    const c = new PortalClient(s, { ip: '10.30.0.5' });
    // Add the passkey in a full session first (password + SMS).
    await c.login('99000004', DEMO_PASSWORD);
    await c.post('/zcp/um/2falogin', {});
    const sms = await s.app.inject({ method: 'GET', url: '/dev/sms.json?to=99000004' });
    await c.post('/zcp/um/2favalidateotp', { CODE: sms.json()[0].code });
    const key = device();
    expect((await addPasskey(c, key, 'Security key')).statusCode).toBe(200);
    await c.post('/zcp/um/logout', {});

    const again = await c.login('99000004', DEMO_PASSWORD);
    expect(again.json()).toMatchObject({ TWO_FA_REQUIRED: true, TWO_FA_METHODS: ['SMS', 'PASSKEY'] });
    const options = (await c.post('/zcp/um/2fapasskey/options')).json();
    const done = await c.post('/zcp/um/2fapasskey/verify', { RESPONSE: key.get(options) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ LOGGED_IN: true, CUSTOMER_NO: '900004' });
  });

  it('a passkey does not open a locked account', async () => {
    const c = new PortalClient(s, { ip: '10.30.0.6' });
    await c.login('99000001', DEMO_PASSWORD);
    const phone = device();
    await addPasskey(c, phone);
    await s.testDb.db.query(`UPDATE portal_users SET locked = true WHERE user_id = 'U900001'`);
    const options = (await c.post('/zcp/um/passkey/login/options', {})).json();
    const res = await c.post('/zcp/um/passkey/login/verify', { RESPONSE: phone.get(options) });
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('LOCKED');
    await s.testDb.db.query(`UPDATE portal_users SET locked = false WHERE user_id = 'U900001'`);
  });
});
