// Parallel guesses against the portal's lock (issue 25 item 2): 20 wrong passwords and the right
// one sent at once, several times, must never get more than five wrong passwords checked before an
// account locks, and a right password checked after the fifth wrong one is refused as locked. The
// same for the SMS codes (second factor, re-authentication). With TEST_DATABASE_URL it runs on
// PostgreSQL, with two instances taking turns.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { FIXTURE_PASSWORD, lastSmsCode, makeAccount, PortalClient } from './support/portal';

let s: TestService;
const MAX = 5;

beforeAll(async () => {
  s = await startService({
    config: { portal: { ...testConfig().portal, loginFailuresPerIpHour: 100_000, smsPerIpHour: 1000 } },
  });
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
async function account(twoFactor = false) {
  seq += 1;
  const mobile = `9771${String(seq).padStart(4, '0')}`;
  await makeAccount(s.testDb.db, {
    customerNo: `B${seq}`,
    mobile,
    idNumber: String(610000 + seq),
    birthDate: '1984-02-11',
    twoFactor,
  });
  return mobile;
}

async function userRow(mobile: string) {
  const [row] = await s.testDb.db.query<{ failed_logins: number; locked: boolean }>(
    'SELECT failed_logins, locked FROM portal_users WHERE mobile = $1',
    [mobile],
  );
  return { failed: Number(row.failed_logins), locked: row.locked };
}

/** 21 requests at once: 20 wrong, the right one at `rightAt` (among the first three). */
function burst<T>(rightAt: number, send: (right: boolean, i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: 21 }, (_, i) => send(i === rightAt, i)));
}

describe('a burst of logins on an account with four wrong passwords', () => {
  it('checks at most five wrong passwords in all, whatever the order, six bursts', async () => {
    for (let round = 0; round < 6; round++) {
      const mobile = await account();
      const clients = Array.from(
        { length: 21 },
        (_, i) => new PortalClient(s, { ip: `10.25.${round}.${i}` }),
      );
      await Promise.all(clients.map((c) => c.fetchCsrf()));
      for (let i = 0; i < MAX - 1; i++) {
        const res = await clients[0].post('/zcp/um/login', { USERNAME: mobile, PASSWORD: `Wrong!${i}pass` });
        expect(res.statusCode).toBe(401);
      }
      const answers = await burst(round % 3, (right, i) =>
        clients[i].post('/zcp/um/login', {
          USERNAME: mobile,
          PASSWORD: right ? FIXTURE_PASSWORD : `Guess!${i}pass`,
        }),
      );
      const statuses = answers.map((a) => a.statusCode);
      const after = await userRow(mobile);
      // Every wrong password checked counts; a right one checked resets the count to zero, so the
      // count never passes five, and an account that took a fifth wrong password is locked.
      expect(after.failed, `round ${round}: ${statuses.join(',')}`).toBeLessThanOrEqual(MAX);
      const loggedIn = statuses.filter((c) => c === 200).length;
      expect(loggedIn).toBeLessThanOrEqual(1);
      if (loggedIn === 0) {
        expect(after.locked).toBe(true);
        // One wrong password was left before the lock: it is the only one checked, and it locks.
        expect(statuses.filter((c) => c === 401)).toEqual([]);
      }
      for (const a of answers) {
        if (a.statusCode === 403) expect(a.json()).toMatchObject({ CODE: 'LOCKED', LOCKED: true });
        else expect([200, 401]).toContain(a.statusCode);
      }
    }
  }, 60_000);

  it('checks only one of a wrong and the right password sent together with one try left', async () => {
    const mobile = await account();
    const client = new PortalClient(s, { ip: '10.25.9.1' });
    await client.fetchCsrf();
    for (let i = 0; i < MAX - 1; i++)
      await client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Nope!0pass' });
    // One try is left: whichever of the two takes it is the only one checked. A wrong one checked
    // locks, and the right one is then refused as locked; the right one checked first logs in, and
    // the wrong one, finding no try left, is refused without being checked.
    const [w, r] = await Promise.all([
      client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Nope!1pass' }),
      client.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: FIXTURE_PASSWORD }),
    ]);
    expect(w.statusCode).toBe(403);
    expect(w.json().CODE).toBe('LOCKED');
    const after = await userRow(mobile);
    if (r.statusCode === 200) expect(after).toEqual({ failed: 0, locked: false });
    else {
      expect(r.statusCode).toBe(403);
      expect(r.json().CODE).toBe('LOCKED');
      expect(after.locked).toBe(true);
    }
  });

  it('re-authentication (verifypassword) counts the same way under a burst', async () => {
    const mobile = await account();
    const client = new PortalClient(s, { ip: '10.25.10.1' });
    expect((await client.login(mobile, FIXTURE_PASSWORD)).statusCode).toBe(200);
    const answers = await burst(1, (right, i) =>
      client.post('/zcp/um/verifypassword', { PASSWORD: right ? FIXTURE_PASSWORD : `Guess!${i}pass` }),
    );
    const after = await userRow(mobile);
    expect(after.failed, answers.map((a) => a.statusCode).join(',')).toBeLessThanOrEqual(MAX);
    expect(answers.filter((a) => a.statusCode === 422).length).toBeLessThanOrEqual(MAX);
  });
});

describe('a burst of SMS codes', () => {
  it('checks at most five codes of a second-factor login, and the right one after them is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const mobile = await account(true);
      const client = new PortalClient(s, { ip: `10.26.${round}.1` });
      const first = await client.login(mobile, FIXTURE_PASSWORD);
      expect(first.json().TWO_FA_REQUIRED).toBe(true);
      expect((await client.post('/zcp/um/2falogin', { METHOD: 'SMS' })).statusCode).toBe(204);
      const code = await lastSmsCode(s, mobile);
      const wrongCode = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await burst(round % 3, (right, i) =>
        client.post('/zcp/um/2favalidateotp', { CODE: right ? code : wrongCode(i) }),
      );
      const [row] = await s.testDb.db.query<{ attempts: number }>(
        `SELECT attempts FROM otp_codes WHERE purpose = 'LOGIN' AND recipient = $1 ORDER BY id DESC LIMIT 1`,
        [mobile],
      );
      expect(Number(row.attempts)).toBeLessThanOrEqual(MAX);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((c) => c === 200).length).toBeLessThanOrEqual(1);
      // After the login the pending session is spent: the calls still in flight are 401.
      expect(
        statuses.every((c) => c === 200 || c === 422 || c === 401),
        statuses.join(','),
      ).toBe(true);
    }
  }, 60_000);
});
