// Portal sessions (spec §4 Session, issue 12): login 200/401/403, lock after five wrong passwords,
// unlock and reset by SMS code + identity, two-factor login, legal entities, per-IP throttling,
// refresh rotation and reuse revocation, access-token expiry, inactivity and absolute expiry on an
// injected clock, logout revocation, CSRF refusal, cookie flags.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { housekeeping } from '../../src/server/outbox/sender';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { FIXTURE_PASSWORD, lastSmsCode, makeAccount, PortalClient } from './support/portal';

let s: TestService;
const MIN = 60_000;

beforeAll(async () => {
  s = await startService({
    config: {
      portal: { ...testConfig().portal, demoData: true, loginFailuresPerIpHour: 12, sessionHours: 2 },
    },
  });
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
/** A fresh account per test (so lock and reset tests do not share state) and a client on its own IP. */
async function fresh(options: { twoFactor?: boolean } = {}) {
  seq += 1;
  const mobile = `9770${String(seq).padStart(4, '0')}`;
  const idNumber = String(500000 + seq);
  const birthDate = '1986-04-12';
  const { userId } = await makeAccount(s.testDb.db, {
    customerNo: `T${seq}`,
    mobile,
    idNumber,
    birthDate,
    twoFactor: options.twoFactor,
  });
  const client = new PortalClient(s, { ip: `10.9.${seq}.1` });
  return { mobile, idNumber, birthDate, userId, client };
}

describe('login', () => {
  it('logs a demo customer in: 200, the session body, HttpOnly SameSite=Strict cookies', async () => {
    const c = new PortalClient(s, { ip: '10.0.0.1' });
    const res = await c.login('99000001', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      LOGGED_IN: true,
      TWO_FA_REQUIRED: false,
      USERNAME: '99000001',
      CUSTOMER_NO: '900001',
      CONTACT_ID: '790001',
      OUTDATED_DATA: false,
      INACTIVITY_SECONDS: 900,
    });
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    for (const name of ['zcp_at', 'zcp_rt']) {
      const cookie = cookies.find((k) => k.name === name);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    }
    expect(JSON.stringify(res.json())).not.toContain(c.jar.get('zcp_rt'));
    // The page's hint that a silent login can succeed: readable, no secret, the refresh cookie's life.
    const hint = cookies.find((k) => k.name === 'zcp_rt_hint') as {
      value?: string;
      httpOnly?: boolean;
      maxAge?: number;
    };
    const refresh = cookies.find((k) => k.name === 'zcp_rt') as { maxAge?: number };
    expect(hint).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(hint.httpOnly).toBeFalsy();
    expect(hint.maxAge).toBe(refresh.maxAge);
    expect((await c.get('/zcp/um/session')).statusCode).toBe(200);
  });

  it('accepts the number written with +357 and spaces', async () => {
    const c = new PortalClient(s, { ip: '10.0.0.2' });
    expect((await c.login('+357 99 000001', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('answers 401 WRONG_LOGIN alike for a wrong password and an unknown number, in el and en', async () => {
    const { mobile, client } = await fresh();
    await client.fetchCsrf();
    const wrong = await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Nope!12345x' });
    const unknown = await client.post('/zcp/um/login', { USERNAME: '99887766', PASSWORD: 'Nope!12345x' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      CODE: 'WRONG_LOGIN',
      LOCKED: false,
      MESSAGES: [{ MSGTEXT: 'The login details are wrong. Please try again.' }],
    });
    const greek = await client.post(
      '/zcp/um/login',
      { USERNAME: mobile, PASSWORD: 'Nope!12345x' },
      { lang: 'el' },
    );
    expect(greek.json().MESSAGES[0].MSGTEXT).toBe(
      'Τα στοιχεία σύνδεσης είναι λανθασμένα. Παρακαλούμε δοκιμάστε ξανά.',
    );
  });

  it('locks after five wrong passwords: 401 four times, 403 LOCKED on the fifth and then even with the right one', async () => {
    const { mobile, client } = await fresh();
    await client.fetchCsrf();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: `Wrong!${i}pass` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 403]);
    const right = await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: FIXTURE_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(right.json()).toMatchObject({ CODE: 'LOCKED', LOCKED: true });
    expect(right.json().MESSAGES[0].MSGTEXT).toMatch(/locked/);
  });

  it('a successful login resets the count of wrong passwords', async () => {
    const { mobile, client } = await fresh();
    await client.fetchCsrf();
    for (let i = 0; i < 4; i++)
      await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Wrong!0pass' });
    expect(
      (await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: FIXTURE_PASSWORD })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect(
        (await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Wrong!0pass' })).statusCode,
      ).toBe(401);
    }
  });

  it('the demo account 99000003 is locked: 403 with the right password', async () => {
    const c = new PortalClient(s, { ip: '10.0.0.3' });
    const res = await c.login('99000003', DEMO_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('LOCKED');
  });

  it('refuses a legal-entity policyholder (99000005) with 422 LEGAL_ENTITY, but only after the right password', async () => {
    const c = new PortalClient(s, { ip: '10.0.0.4' });
    const res = await c.login('99000005', DEMO_PASSWORD);
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('LEGAL_ENTITY');
    expect(c.jar.has('zcp_at')).toBe(false);
    expect(
      (await c.post('/zcp/um/login', { USERNAME: '99000005', PASSWORD: 'Wrong!0pass' })).statusCode,
    ).toBe(401);
  });

  it('throttles failed logins per client IP across accounts (429), other IPs unaffected', async () => {
    const c = new PortalClient(s, { ip: '10.66.0.1' });
    await c.fetchCsrf();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push(
        (
          await c.post('/zcp/um/login', {
            USERNAME: `9660${String(i).padStart(4, '0')}`,
            PASSWORD: 'Wrong!0pass',
          })
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 12).every((x) => x === 401)).toBe(true);
    expect(statuses[12]).toBe(429);
    expect(
      (await c.post('/zcp/um/login', { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD })).statusCode,
    ).toBe(429);
    const other = new PortalClient(s, { ip: '10.66.0.2' });
    expect((await other.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('reset password and unlock', () => {
  async function reset(
    f: Awaited<ReturnType<typeof fresh>>,
    password: string,
    identity: { id?: string; birth?: string } = {},
  ) {
    const { client, mobile } = f;
    if (!client.csrf) await client.fetchCsrf();
    expect((await client.post('/zcp/um/createotp', { RECIPIENT: mobile, PURPOSE: 'RESET' })).statusCode).toBe(
      204,
    );
    const code = await lastSmsCode(s, mobile);
    expect(
      (await client.post('/zcp/um/validateotp', { RECIPIENT: mobile, CODE: code, PURPOSE: 'RESET' }))
        .statusCode,
    ).toBe(204);
    const details = { CLIENT_ID: identity.id ?? f.idNumber, BIRTH_DATE: identity.birth ?? f.birthDate };
    const match = await client.post('/zcp/customer/MatchingLogin', {
      USERNAME: mobile,
      CODE: code,
      ...details,
    });
    const done = await client.post('/zcp/um/resetpassword', {
      USERNAME: mobile,
      CODE: code,
      PASSWORD: password,
      ...details,
    });
    return { match, done, code };
  }

  it('unlocks a locked account: SMS code, personal details, new password; login works, the count starts over', async () => {
    const f = await fresh();
    await f.client.fetchCsrf();
    for (let i = 0; i < 5; i++)
      await f.client.post('/zcp/um/login', { USERNAME: f.mobile, PASSWORD: 'Wrong!0pass' });
    expect(
      (await f.client.post('/zcp/um/login', { USERNAME: f.mobile, PASSWORD: FIXTURE_PASSWORD })).statusCode,
    ).toBe(403);
    const { match, done } = await reset(f, 'Larnaka!2027');
    expect(match.statusCode).toBe(204);
    expect(done.statusCode).toBe(204);
    expect(
      (await f.client.post('/zcp/um/login', { USERNAME: f.mobile, PASSWORD: FIXTURE_PASSWORD })).statusCode,
    ).toBe(401);
    expect(
      (await f.client.post('/zcp/um/login', { USERNAME: f.mobile, PASSWORD: 'Larnaka!2027' })).statusCode,
    ).toBe(200);
    const [row] = await s.testDb.db.query<{ locked: boolean; failed_logins: number }>(
      'SELECT locked, failed_logins FROM portal_users WHERE mobile = $1',
      [f.mobile],
    );
    expect(row).toMatchObject({ locked: false, failed_logins: 0 });
  });

  it('refuses personal details that are not the account holder’s: 422 USER_NOT_FOUND, nothing changed', async () => {
    const f = await fresh();
    const { match, done } = await reset(f, 'Larnaka!2027', { birth: '1986-04-13' });
    expect(match.statusCode).toBe(422);
    expect(match.json().CODE).toBe('USER_NOT_FOUND');
    expect(done.statusCode).toBe(422);
    expect(done.json().MESSAGES[0].MSGTEXT).toBe(
      'We could not find a user with these details. Please check your personal details again.',
    );
    expect((await f.client.login(f.mobile, FIXTURE_PASSWORD)).statusCode).toBe(200);
  });

  it('the code is single-use, and a reset ends every open session of the account', async () => {
    const f = await fresh();
    const other = new PortalClient(s, { ip: '10.8.8.8' });
    expect((await other.login(f.mobile, FIXTURE_PASSWORD)).statusCode).toBe(200);
    const { done, code } = await reset(f, 'Paphos!2027x');
    expect(done.statusCode).toBe(204);
    const again = await f.client.post('/zcp/um/resetpassword', {
      USERNAME: f.mobile,
      CODE: code,
      PASSWORD: 'Another!2027',
      CLIENT_ID: f.idNumber,
      BIRTH_DATE: f.birthDate,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().CODE).toBe('EXPIRED');
    const dead = await other.get('/zcp/um/session');
    expect(dead.statusCode).toBe(401);
    expect(dead.json().CODE).toBe('SESSION_EXPIRED');
  });

  it('applies the portal password rule: 422 WEAK_PASSWORD with the rule’s text', async () => {
    const f = await fresh();
    const { done } = await reset(f, `Ab!${f.mobile}`);
    expect(done.statusCode).toBe(422);
    expect(done.json()).toMatchObject({ CODE: 'WEAK_PASSWORD', MESSAGES: [{ FIELD: 'PASSWORD' }] });
    expect(done.json().MESSAGES[0].MSGTEXT).toBe('The password must not contain your mobile number.');
  });

  it('sends no reset SMS for a number without an account, with the same 204', async () => {
    const c = new PortalClient(s, { ip: '10.0.0.9' });
    await c.fetchCsrf();
    expect((await c.post('/zcp/um/createotp', { RECIPIENT: '99445566', PURPOSE: 'RESET' })).statusCode).toBe(
      204,
    );
    await expect(lastSmsCode(s, '99445566')).rejects.toThrow();
  });
});

describe('SMS codes', () => {
  it('wrong code 422 INVALID ("The code you entered is incorrect."), expired after the TTL, 429 past the hourly limit', async () => {
    const c = new PortalClient(s, { ip: '10.5.5.5' });
    await c.fetchCsrf();
    const mobile = '99551100';
    expect((await c.post('/zcp/um/createotp', { RECIPIENT: mobile })).statusCode).toBe(204);
    const code = await lastSmsCode(s, mobile);
    const wrong = await c.post('/zcp/um/validateotp', {
      RECIPIENT: mobile,
      CODE: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      CODE: 'INVALID',
      MESSAGES: [{ MSGTEXT: 'The code you entered is incorrect.' }],
    });
    s.clock.advance(11 * MIN);
    const late = await c.post('/zcp/um/validateotp', { RECIPIENT: mobile, CODE: code });
    expect(late.json().CODE).toBe('EXPIRED');
    for (let i = 0; i < 4; i++) await c.post('/zcp/um/createotp', { RECIPIENT: mobile });
    const tooMany = await c.post('/zcp/um/createotp', { RECIPIENT: mobile });
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().CODE).toBe('TOO_MANY');
  });

  it('refuses a number that is not a Cypriot mobile', async () => {
    const c = new PortalClient(s, { ip: '10.5.5.6' });
    await c.fetchCsrf();
    const res = await c.post('/zcp/um/createotp', { RECIPIENT: '22123456' });
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0].FIELD).toBe('RECIPIENT');
  });
});

describe('two-factor login', () => {
  it('99000004: password, then the SMS code; the pending session opens nothing else', async () => {
    const c = new PortalClient(s, { ip: '10.4.4.4' });
    const first = await c.login('99000004', DEMO_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ LOGGED_IN: false, TWO_FA_REQUIRED: true, TWO_FA_METHODS: ['SMS'] });
    expect(first.json().MOBILE_HINT).toBe('99●●●●04');
    expect((await c.get('/zcp/um/session')).statusCode).toBe(401);
    expect((await c.get('/zcp/customer/900004')).statusCode).toBe(401);
    expect((await c.post('/zcp/um/refreshtoken')).statusCode).toBe(401);
    // Typing the code may take longer than an access token lives (5 minutes), not longer than the code.
    s.clock.advance(6 * MIN);
    expect((await c.post('/zcp/um/2falogin', { METHOD: 'SMS' })).statusCode).toBe(204);
    const code = await lastSmsCode(s, '99000004');
    const wrong = await c.post('/zcp/um/2favalidateotp', { CODE: code === '111111' ? '222222' : '111111' });
    expect(wrong.json().CODE).toBe('INVALID');
    const done = await c.post('/zcp/um/2favalidateotp', { CODE: code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ LOGGED_IN: true, CUSTOMER_NO: '900004' });
    expect((await c.get('/zcp/customer/900004')).statusCode).toBe(200);
    expect((await c.post('/zcp/um/2favalidateotp', { CODE: code })).statusCode).toBe(401);
  });
});

describe('refresh, expiry and logout', () => {
  it('rotates the refresh token on every use; a reused one revokes the whole session', async () => {
    const { mobile, client } = await fresh();
    expect((await client.login(mobile, FIXTURE_PASSWORD)).statusCode).toBe(200);
    const first = client.jar.get('zcp_rt') as string;
    const r1 = await client.request('POST', '/zcp/um/refreshtoken', undefined);
    expect(r1.statusCode).toBe(200);
    const second = client.jar.get('zcp_rt') as string;
    expect(second).not.toBe(first);
    const r2 = await client.post('/zcp/um/refreshtoken');
    expect(r2.statusCode).toBe(200);

    // An attacker replays the first token.
    const thief = new PortalClient(s, { ip: '10.7.7.7' });
    await thief.fetchCsrf();
    thief.jar.set('zcp_rt', first);
    const reuse = await thief.post('/zcp/um/refreshtoken');
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().CODE).toBe('TOKEN_REUSED');

    // The legitimate client's tokens are dead too.
    const after = await client.get('/zcp/um/session');
    expect(after.statusCode).toBe(401);
    expect(after.json().CODE).toBe('SESSION_EXPIRED');
    expect((await client.post('/zcp/um/refreshtoken')).json().CODE).toBe('SESSION_EXPIRED');
  });

  it('an access token expires after 5 minutes (401 TOKEN_EXPIRED); a refresh renews it', async () => {
    const { mobile, client } = await fresh();
    await client.login(mobile, FIXTURE_PASSWORD);
    s.clock.advance(5 * MIN + 1000);
    const stale = await client.get('/zcp/um/session');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().CODE).toBe('TOKEN_EXPIRED');
    expect((await client.post('/zcp/um/refreshtoken')).statusCode).toBe(200);
    expect((await client.get('/zcp/um/session')).statusCode).toBe(200);
  });

  it('ends a session after 15 minutes without requests, on the server', async () => {
    const { mobile, client, userId } = await fresh();
    await client.login(mobile, FIXTURE_PASSWORD);
    s.clock.advance(4 * MIN);
    expect((await client.get('/zcp/um/session')).statusCode).toBe(200);
    s.clock.advance(4 * MIN);
    expect((await client.post('/zcp/um/refreshtoken')).statusCode).toBe(200);
    s.clock.advance(14 * MIN);
    expect((await client.post('/zcp/um/refreshtoken')).statusCode).toBe(200);
    s.clock.advance(15 * MIN);
    const dead = await client.post('/zcp/um/refreshtoken');
    expect(dead.statusCode).toBe(401);
    expect(dead.json().CODE).toBe('SESSION_EXPIRED');
    const [row] = await s.testDb.db.query<{ revoked_reason: string }>(
      'SELECT revoked_reason FROM portal_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [userId],
    );
    expect(row.revoked_reason).toBe('INACTIVITY');
  });

  it('ends a session at its absolute lifetime however active (2 hours here)', async () => {
    const { mobile, client } = await fresh();
    await client.login(mobile, FIXTURE_PASSWORD);
    let status = 200;
    let steps = 0;
    while (status === 200 && steps < 20) {
      s.clock.advance(10 * MIN);
      status = (await client.post('/zcp/um/refreshtoken')).statusCode;
      steps++;
    }
    expect(status).toBe(401);
    expect(steps).toBe(12);
  });

  it('logout revokes on the server: the old cookies no longer work', async () => {
    const { mobile, client } = await fresh();
    await client.login(mobile, FIXTURE_PASSWORD);
    const saved = new Map(client.jar);
    // A POST with no body at all, as fetch sends it.
    expect((await client.request('POST', '/zcp/um/logout', undefined)).statusCode).toBe(204);
    expect(client.jar.has('zcp_at')).toBe(false);
    expect(client.jar.has('zcp_rt_hint')).toBe(false);
    const replay = new PortalClient(s, { ip: '10.9.9.9' });
    for (const [k, v] of saved) replay.jar.set(k, v);
    // Every old cookie replayed, the session's CSRF token included (logout gave the client a new one).
    replay.csrf = saved.get('zcp_csrf') ?? '';
    const res = await replay.get('/zcp/um/session');
    expect(res.statusCode).toBe(401);
    expect(res.json().CODE).toBe('SESSION_EXPIRED');
    expect((await replay.post('/zcp/um/refreshtoken')).statusCode).toBe(401);
    expect((await client.post('/zcp/um/logout', {})).statusCode).toBe(204);
  });

  it('housekeeping removes sessions ended over 30 days ago and their refresh tokens', async () => {
    const { mobile, client, userId } = await fresh();
    await client.login(mobile, FIXTURE_PASSWORD);
    await client.post('/zcp/um/refreshtoken');
    await client.post('/zcp/um/logout', {});
    const count = async () =>
      (
        await s.testDb.db.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM portal_refresh_tokens t JOIN portal_sessions p USING (session_id)
            WHERE p.user_id = $1`,
          [userId],
        )
      )[0].n;
    expect(await count()).toBe('2');
    await housekeeping(s.testDb.db, new Date(s.clock.now().getTime() + 29 * 24 * 3600_000));
    expect(await count()).toBe('2');
    await housekeeping(s.testDb.db, new Date(s.clock.now().getTime() + 31 * 24 * 3600_000));
    expect(await count()).toBe('0');
    expect(
      await s.testDb.db.query('SELECT 1 FROM portal_sessions WHERE user_id = $1', [userId]),
    ).toHaveLength(0);
  });

  it('answers 401 NOT_LOGGED_IN without a token and for a forged one', async () => {
    const c = new PortalClient(s, { ip: '10.9.9.10' });
    expect((await c.get('/zcp/um/session')).json().CODE).toBe('NOT_LOGGED_IN');
    c.jar.set('zcp_at', 'abc.9999999999.forged');
    expect((await c.get('/zcp/um/session')).json().CODE).toBe('NOT_LOGGED_IN');
  });
});

describe('CSRF', () => {
  it('refuses state-changing calls without the token or with a wrong one: 403 CODE CSRF (not LOCKED)', async () => {
    const c = new PortalClient(s, { ip: '10.3.3.3' });
    const none = await c.post(
      '/zcp/um/login',
      { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD },
      { csrf: null },
    );
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ CODE: 'CSRF' });
    await c.fetchCsrf();
    expect(c.jar.get('zcp_csrf')).toBe(c.csrf);
    const wrong = await c.post(
      '/zcp/um/login',
      { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD },
      { csrf: 'x'.repeat(40) },
    );
    expect(wrong.json().CODE).toBe('CSRF');
    // A token without the secret cookie (another browser's token) is refused too.
    const stranger = new PortalClient(s, { ip: '10.3.3.4' });
    stranger.csrf = c.csrf;
    expect((await stranger.post('/zcp/um/logout', {})).json().CODE).toBe('CSRF');
    expect(
      (await c.post('/zcp/um/login', { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
    // Logged in, every state-changing call still needs it.
    const put = await c.put(
      '/zcp/customer/custUpdConsent/900001',
      { MARKETING_CONSENT: true },
      { csrf: null },
    );
    expect(put.json().CODE).toBe('CSRF');
  });
});

describe('cookies over https', () => {
  it('are __Host- prefixed and Secure; CSRF and login work with them', async () => {
    const secure = await startService({
      config: { portal: { ...testConfig().portal, demoData: false, secureCookies: true } },
    });
    try {
      await makeAccount(secure.testDb.db, {
        customerNo: 'H1',
        mobile: '97990001',
        idNumber: '400001',
        birthDate: '1980-01-01',
      });
      const c = new PortalClient(secure, { ip: '10.77.0.1' });
      await c.fetchCsrf();
      // The anonymous double-submit token (the session's own replaces it at login).
      expect([...c.jar.keys()].sort()).toEqual(['__Host-zcp_csrf']);
      const res = await c.post('/zcp/um/login', { USERNAME: '97990001', PASSWORD: FIXTURE_PASSWORD });
      expect(res.statusCode).toBe(200);
      const cookies = res.cookies as { name: string; secure?: boolean; httpOnly?: boolean; path?: string }[];
      expect(cookies.map((k) => k.name).sort()).toEqual([
        '__Host-zcp_at',
        '__Host-zcp_csrf',
        '__Host-zcp_rt',
        '__Host-zcp_rt_hint',
      ]);
      expect(cookies.every((k) => k.secure && k.path === '/')).toBe(true);
      const readable = ['__Host-zcp_rt_hint', '__Host-zcp_csrf'];
      expect(cookies.every((k) => Boolean(k.httpOnly) === !readable.includes(k.name))).toBe(true);
      expect((await c.get('/zcp/um/session')).statusCode).toBe(200);
    } finally {
      await secure.close();
    }
    // A second service instance (a fresh database) takes a while on a busy machine.
  }, 60_000);
});
