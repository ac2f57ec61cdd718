// The studio's staff (issue 26 item 1, issue 29 item 7): sign-in with password and TOTP, wrong
// password and code, the lock (atomic, as the portal's), disable ending sessions, the role
// hierarchy, the append-only audit trail and its CSV export, and the two principals kept apart: a
// customer's session opens no studio call and a staff session no portal call (each route tried).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { audit } from '../../src/server/staff/audit';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { StaffClient } from './support/staff';

let s: TestService;
const VIEWER = 'eleni.charalambous@gic.com.cy';
const EDITOR = 'marios.hadjigeorgiou@gic.com.cy';
const PUBLISHER = 'katerina.demetriou@gic.com.cy';
const ADMIN = 'christos.panayiotou@gic.com.cy';
const MIN = 60_000;

beforeAll(async () => {
  s = await startService({
    config: {
      portal: { ...testConfig().portal, demoData: true },
      staff: { ...testConfig().staff, demoData: true, secondFactorRequired: true },
    },
  });
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
/** A client on an IP of its own, the clock moved a step on (so each sign-in has a fresh code). */
function client(lang: 'el' | 'en' = 'en') {
  seq += 1;
  s.clock.advance(31_000);
  return new StaffClient(s, { ip: `10.30.${seq}.1`, lang });
}

async function signedIn(email: string) {
  const c = client();
  const res = await c.signIn(email, DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

/** An account of its own for tests that lock or disable it; answers its one-time password and secret. */
async function freshStaff(role: 'viewer' | 'editor' = 'editor') {
  const admin = await signedIn(ADMIN);
  seq += 1;
  const res = await admin.post('/zcp/studio/staff', {
    EMAIL: `andreas.georgiou${seq}@gic.com.cy`,
    NAME: 'Ανδρέας Γεωργίου',
    ROLE: role,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    admin,
    email: body.STAFF.EMAIL as string,
    id: body.STAFF.STAFF_ID as string,
    password: body.PASSWORD as string,
    secret: body.TOTP_SECRET as string,
  };
}

async function events(action: string) {
  return s.testDb.db.query<{ actor_label: string; target: string; before: unknown; after: unknown }>(
    'SELECT actor_label, target, before, after FROM audit_events WHERE action = $1 ORDER BY event_id',
    [action],
  );
}

describe('sign-in', () => {
  it('password, then the authenticator code: HttpOnly SameSite=Strict zcp_staff_* cookies, the session, audited', async () => {
    const c = client();
    const first = await c.password(EDITOR, DEMO_STAFF_PASSWORD);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ SIGNED_IN: false, TOTP_REQUIRED: true });
    // The pending session opens no studio call.
    expect((await c.get('/zcp/studio/flows')).statusCode).toBe(401);
    const done = await c.post('/zcp/studio/signin/totp', { CODE: c.code(DEMO_TOTP_SECRET) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      SIGNED_IN: true,
      STAFF: { EMAIL: EDITOR, ROLE: 'editor', TOTP: true },
    });
    const cookies = done.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    expect(cookies.find((k) => k.name === 'zcp_staff_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    });
    expect(cookies.find((k) => k.name === 'zcp_staff_csrf')?.httpOnly).toBeFalsy();
    expect(JSON.stringify(done.json())).not.toContain(c.jar.get('zcp_staff_session'));
    const session = await c.get('/zcp/studio/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().STAFF.NAME).toBe('Μάριος Χατζηγεωργίου');
    const signins = await events('staff.signin');
    expect(signins.at(-1)).toMatchObject({ actor_label: EDITOR });
  });

  it('refuses a wrong password in both languages, in the MESSAGES shape, and audits it', async () => {
    const el = await client('el').password(EDITOR, 'Wrong!Pass2026');
    expect(el.statusCode).toBe(401);
    expect(el.json()).toMatchObject({ CODE: 'WRONG_LOGIN', MESSAGES: [{ CODE: 'WRONG_LOGIN' }] });
    expect(el.json().MESSAGES[0].MSGTEXT).toBe('Το e-mail ή ο κωδικός πρόσβασης είναι λάθος.');
    const en = await client('en').password('nobody@gic.com.cy', 'Wrong!Pass2026');
    expect(en.statusCode).toBe(401);
    expect(en.json().MESSAGES[0].MSGTEXT).toBe('The e-mail or password is wrong.');
    const refused = await events('staff.signin-refused');
    expect(refused.map((r) => (r.after as { REASON: string }).REASON)).toEqual(
      expect.arrayContaining(['WRONG_PASSWORD', 'UNKNOWN_EMAIL']),
    );
    // An editor who then signs in is unharmed by one wrong try.
    await signedIn(EDITOR);
  });

  it('refuses a wrong code and a code used twice', async () => {
    const c = client();
    await c.password(PUBLISHER, DEMO_STAFF_PASSWORD);
    const wrong = await c.post('/zcp/studio/signin/totp', { CODE: c.code(DEMO_TOTP_SECRET, 5) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().MESSAGES[0]).toMatchObject({ CODE: 'INVALID', FIELD: 'CODE' });
    const code = c.code(DEMO_TOTP_SECRET);
    expect((await c.post('/zcp/studio/signin/totp', { CODE: code })).statusCode).toBe(200);
    // Someone who saw that code cannot use it again within its 30 seconds.
    const other = new StaffClient(s, { ip: '10.31.0.1' });
    await other.password(PUBLISHER, DEMO_STAFF_PASSWORD);
    const replay = await other.post('/zcp/studio/signin/totp', { CODE: code });
    expect(replay.statusCode).toBe(422);
  });

  it('refuses a studio call without the session CSRF token', async () => {
    const c = await signedIn(ADMIN);
    const res = await c.post(
      '/zcp/studio/staff',
      { EMAIL: 'x@gic.com.cy', NAME: 'X Y', ROLE: 'viewer' },
      { csrf: null },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('CSRF');
    // The anonymous token fetched before the sign-in is not the session's.
    const before = new StaffClient(s, { ip: '10.32.0.1' });
    await before.get('/zcp/studio/csrf');
    const stale = before.csrf;
    s.clock.advance(31_000);
    await before.signIn(ADMIN, DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET);
    expect(before.csrf).not.toBe(stale);
    const res2 = await before.post('/zcp/studio/staff/S1/unlock', {}, { csrf: stale });
    expect(res2.statusCode).toBe(403);
  });

  it('ends a session after inactivity and at its absolute limit', async () => {
    const c = await signedIn(VIEWER);
    s.clock.advance(29 * MIN);
    expect((await c.get('/zcp/studio/flows')).statusCode).toBe(200);
    s.clock.advance(31 * MIN);
    const idle = await c.get('/zcp/studio/session');
    expect(idle.statusCode).toBe(401);
    expect(idle.json().CODE).toBe('SESSION_EXPIRED');
    const d = await signedIn(VIEWER);
    for (let i = 0; i < 20; i++) {
      s.clock.advance(29 * MIN);
      expect((await d.get('/zcp/studio/flows')).statusCode).toBe(200);
    }
    s.clock.advance(29 * MIN);
    expect((await d.get('/zcp/studio/flows')).statusCode).toBe(401);
  });

  it('signs out: the session is revoked on the server', async () => {
    const c = await signedIn(VIEWER);
    const token = c.jar.get('zcp_staff_session') as string;
    expect((await c.post('/zcp/studio/signout')).statusCode).toBe(204);
    expect(c.jar.has('zcp_staff_session')).toBe(false);
    const replay = await c.get('/zcp/studio/session', { cookie: `zcp_staff_session=${token}` });
    expect(replay.statusCode).toBe(401);
    expect((await events('staff.signout')).length).toBeGreaterThan(0);
  });
});

describe('lock', () => {
  it('locks after five wrong passwords, even sent at once, until an admin unlocks', async () => {
    const { admin, email, id, password } = await freshStaff();
    const c = client();
    await c.get('/zcp/studio/csrf');
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        c.post('/zcp/studio/signin', { EMAIL: email, PASSWORD: 'Wrong!Pass2026' }),
      ),
    );
    const codes = tries.map((r) => r.json().CODE);
    expect(codes.filter((x) => x === 'WRONG_LOGIN').length).toBeLessThanOrEqual(4);
    expect(codes).toContain('LOCKED');
    const right = await c.post('/zcp/studio/signin', { EMAIL: email, PASSWORD: password });
    expect(right.statusCode).toBe(403);
    expect(right.json().CODE).toBe('LOCKED');
    expect((await events('staff.lock')).some((e) => e.target === `staff:${id}`)).toBe(true);
    const unlock = await admin.post(`/zcp/studio/staff/${id}/unlock`);
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().STAFF.LOCKED).toBe(false);
    expect(
      (await c.post('/zcp/studio/signin', { EMAIL: email, PASSWORD: password })).json().TOTP_REQUIRED,
    ).toBe(true);
  });

  it('wrong codes count towards the lock too', async () => {
    const { email, password, secret } = await freshStaff();
    const c = client();
    let last = 0;
    for (let i = 0; i < 5; i++) {
      await c.password(email, password);
      last = (await c.post('/zcp/studio/signin/totp', { CODE: c.code(secret, 7) })).statusCode;
    }
    expect(last).toBe(403);
    expect((await c.password(email, password)).json().CODE).toBe('LOCKED');
  });
});

describe('staff accounts', () => {
  it('an admin creates an account: a one-time password and an authenticator secret it signs in with', async () => {
    const { email, password, secret, id } = await freshStaff('viewer');
    const c = client();
    const res = await c.signIn(email, password, secret);
    expect(res.statusCode).toBe(200);
    expect(res.json().STAFF.ROLE).toBe('viewer');
    const created = (await events('staff.create')).find((e) => e.target === `staff:${id}`);
    expect(created?.actor_label).toBe(ADMIN);
    expect(JSON.stringify(created)).not.toContain(password);
    expect(JSON.stringify(created)).not.toContain(secret);
  });

  it('refuses a duplicate e-mail and bad input, translated', async () => {
    const admin = await signedIn(ADMIN);
    const dup = await admin.post(
      '/zcp/studio/staff',
      { EMAIL: EDITOR.toUpperCase(), NAME: 'Μάριος Χ.', ROLE: 'editor' },
      { lang: 'el' },
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().MESSAGES[0]).toMatchObject({ CODE: 'ALREADY_EXISTS', FIELD: 'EMAIL' });
    expect(dup.json().MESSAGES[0].MSGTEXT).toContain('Υπάρχει ήδη');
    const bad = await admin.post('/zcp/studio/staff', { EMAIL: 'not-an-email', NAME: 'Α Β', ROLE: 'editor' });
    expect(bad.json().MESSAGES[0]).toMatchObject({ FIELD: 'EMAIL' });
  });

  it('refuses an unknown role with 422 and a translated error on ROLE, creating nothing', async () => {
    const admin = await signedIn(ADMIN);
    for (const [lang, message] of [
      ['el', 'Επιλέξτε έναν από τους ρόλους του studio.'],
      ['en', "Choose one of the studio's roles."],
    ] as const) {
      for (const ROLE of ['owner', '', 'ADMIN']) {
        const res = await admin.post(
          '/zcp/studio/staff',
          { EMAIL: 'new.role@gic.com.cy', NAME: 'Άννα Β.', ROLE },
          { lang },
        );
        expect(res.statusCode, `${lang} ${ROLE}`).toBe(422);
        expect(res.json().MESSAGES[0]).toMatchObject({
          CODE: 'INVALID_DATA',
          FIELD: 'ROLE',
          MSGTEXT: message,
        });
      }
    }
    const list = await admin.get('/zcp/studio/staff');
    expect(list.json().STAFF.map((s: { EMAIL: string }) => s.EMAIL)).not.toContain('new.role@gic.com.cy');
  });

  it('disabling ends the account sessions at once; enabling lets it sign in again', async () => {
    const { admin, email, id, password, secret } = await freshStaff();
    const c = client();
    expect((await c.signIn(email, password, secret)).statusCode).toBe(200);
    expect((await c.get('/zcp/studio/flows')).statusCode).toBe(200);
    const off = await admin.post(`/zcp/studio/staff/${id}/disable`);
    expect(off.statusCode).toBe(200);
    expect(off.json().STAFF.DISABLED).toBe(true);
    expect((await c.get('/zcp/studio/flows')).statusCode).toBe(401);
    const again = await client().password(email, password);
    expect(again.statusCode).toBe(403);
    expect(again.json().CODE).toBe('DISABLED');
    const record = (await events('staff.disable')).find((e) => e.target === `staff:${id}`);
    expect(record).toMatchObject({
      actor_label: ADMIN,
      before: { DISABLED: false },
      after: { DISABLED: true, SESSIONS_ENDED: 1 },
    });
    expect((await admin.post(`/zcp/studio/staff/${id}/enable`)).json().STAFF.DISABLED).toBe(false);
    s.clock.advance(31_000);
    expect((await client().signIn(email, password, secret)).statusCode).toBe(200);
  });

  it('an admin cannot disable their own account', async () => {
    const admin = await signedIn(ADMIN);
    const me = (await admin.get('/zcp/studio/session')).json().STAFF.STAFF_ID;
    const res = await admin.post(`/zcp/studio/staff/${me}/disable`);
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('SELF');
  });
});

describe('roles', () => {
  it('viewer < editor < publisher < admin: staff and audit calls are the admin’s', async () => {
    for (const [email, staffList] of [
      [VIEWER, 403],
      [EDITOR, 403],
      [PUBLISHER, 403],
      [ADMIN, 200],
    ] as const) {
      const c = await signedIn(email);
      expect((await c.get('/zcp/studio/flows')).statusCode).toBe(200);
      const list = await c.get('/zcp/studio/staff');
      expect(list.statusCode).toBe(staffList);
      expect((await c.get('/zcp/studio/audit')).statusCode).toBe(staffList);
      if (staffList === 403) {
        expect(list.json()).toMatchObject({ CODE: 'FORBIDDEN_ROLE', NEEDED_ROLE: 'admin' });
        const create = await c.post('/zcp/studio/staff', {
          EMAIL: 'z@gic.com.cy',
          NAME: 'Ζ Ζ',
          ROLE: 'admin',
        });
        expect(create.statusCode).toBe(403);
      }
    }
  });

  it('lists the product flows and portal wizards the service serves, named in both languages', async () => {
    const c = await signedIn(VIEWER);
    const flows = (await c.get('/zcp/studio/flows')).json().FLOWS as {
      ID: string;
      AREA: string;
      TITLE: { el: string; en: string };
      FIELDS: number;
    }[];
    expect(flows.map((f) => f.ID).sort()).toEqual(s.app.zcpStaff?.bundles.map((b) => b.flow.id).sort());
    expect(flows.find((f) => f.ID === 'travel')).toMatchObject({
      AREA: 'public',
      TITLE: { el: 'Ταξιδιωτική ασφάλεια', en: 'Travel insurance' },
    });
    expect(flows.find((f) => f.ID === 'motor-claim')).toMatchObject({
      AREA: 'portal',
      TITLE: { en: 'Motor claim' },
    });
    expect(flows.every((f) => f.FIELDS >= 0)).toBe(true);
  });
});

describe('audit trail', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await audit(s.testDb.db, { actor: 'cli:test', action: 'test.append', target: 'x', after: { A: 1 } });
    await expect(
      s.testDb.db.query("UPDATE audit_events SET action = 'changed' WHERE action = 'test.append'"),
    ).rejects.toThrow(/append-only/);
    await expect(s.testDb.db.query("DELETE FROM audit_events WHERE action = 'test.append'")).rejects.toThrow(
      /append-only/,
    );
    await expect(s.testDb.db.query('TRUNCATE audit_events')).rejects.toThrow(/append-only/);
    expect((await events('test.append')).length).toBe(1);
  });

  it('filters by actor, action, target and dates', async () => {
    const { admin, id } = await freshStaff();
    const byAction = (await admin.get(`/zcp/studio/audit?ACTION=staff.create&TARGET=${id}`)).json().EVENTS;
    expect(byAction).toHaveLength(1);
    expect(byAction[0]).toMatchObject({
      ACTOR: ADMIN,
      ACTION: 'staff.create',
      TARGET: `staff:${id}`,
      BEFORE: null,
    });
    const day = s.clock.now().toISOString().slice(0, 10);
    expect(
      (await admin.get(`/zcp/studio/audit?ACTOR=christos&FROM=${day}&TO=${day}`)).json().EVENTS.length,
    ).toBeGreaterThan(0);
    expect((await admin.get('/zcp/studio/audit?FROM=2020-01-01&TO=2020-01-02')).json().EVENTS).toEqual([]);
    const bad = await admin.get('/zcp/studio/audit?FROM=2026-03-10&TO=2026-03-01', { lang: 'el' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().MESSAGES[0].MSGTEXT).toBe('Η ημερομηνία λήξης είναι πριν από την ημερομηνία έναρξης.');
  });

  it('exports CSV (formulas defused) and records the export', async () => {
    await audit(s.testDb.db, {
      actor: 'cli:test',
      action: 'test.csv',
      target: '=HYPERLINK("x")',
      after: { NOTE: 'a, "b"' },
    });
    const admin = await signedIn(ADMIN);
    const res = await admin.get('/zcp/studio/audit.csv?ACTION=test.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('event_id,at,actor,actor_id,action,target,before,after,ip');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`cli:test,,test.csv,"'=HYPERLINK(""x"")",,"{""NOTE"":""a, \\""b\\""""}"`);
    const exported = await events('audit.export');
    expect(exported.at(-1)).toMatchObject({ actor_label: ADMIN, after: { ROWS: 1 } });
  });
});

/** Every operation of the OpenAPI document: [method, url with sample parameters, tags]. */
function operations(prefix: RegExp) {
  const paths = (s.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> }).paths;
  return Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase() as 'GET' | 'POST',
        url: path.replace(/\{id\}/g, 'S100001').replace(/\{[^}]+\}/g, '1'),
        tags: op.tags ?? [],
      }))
      .filter((op) => prefix.test(op.url)),
  );
}

describe('principals', () => {
  it('a customer session opens no studio call: every studio route refuses it', async () => {
    const customer = new PortalClient(s, { ip: '10.40.0.1' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const studio = operations(/^\/zcp\/studio\//);
    expect(studio.length).toBeGreaterThanOrEqual(12);
    for (const op of studio) {
      const res = await customer.request(op.method, op.url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
      expect(res.json().CODE, `${op.method} ${op.url}`).toBe('CUSTOMER_SESSION');
    }
    // Even beside a live staff session, a customer's cookie is refused.
    const staff = await signedIn(ADMIN);
    const both = await staff.get('/zcp/studio/staff', { cookie: customer.cookieHeader() });
    expect(both.json().CODE).toBe('CUSTOMER_SESSION');
  });

  it('without a staff session every studio call but the sign-in steps answers 401', async () => {
    const anonymous = client();
    await anonymous.get('/zcp/studio/csrf');
    const open = new Set([
      '/zcp/studio/csrf',
      '/zcp/studio/signin',
      '/zcp/studio/signout',
      '/zcp/studio/signin/totp',
    ]);
    for (const op of operations(/^\/zcp\/studio\//).filter((o) => !open.has(o.url))) {
      const res = await anonymous.request(op.method, op.url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
    }
  });

  it('a staff session never acts as a customer: every portal route refuses it', async () => {
    const staff = await signedIn(EDITOR);
    const portal = operations(/^\/zcp\//).filter((op) => op.tags.some((t) => t.startsWith('portal')));
    expect(portal.length).toBeGreaterThan(30);
    for (const op of portal) {
      const res = await staff.request(op.method, op.url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
      expect(res.json().CODE, `${op.method} ${op.url}`).toBe('STAFF_SESSION');
    }
    // Not even with a customer's own cookies beside it: a login is refused too.
    const customer = new PortalClient(s, { ip: '10.41.0.1' });
    await customer.fetchCsrf();
    const login = await staff.post(
      '/zcp/um/login',
      { USERNAME: '99000001', PASSWORD: DEMO_PASSWORD },
      { cookie: customer.cookieHeader(), csrf: customer.csrf },
    );
    expect(login.statusCode).toBe(403);
    expect(login.json().MESSAGES[0].MSGTEXT).toContain('Sign out of the studio');
  });

  it('in production a second factor is mandatory: an account without one cannot sign in', async () => {
    await s.testDb.db.query('UPDATE staff_users SET totp_secret = NULL WHERE email = $1', [VIEWER]);
    const res = await client().password(VIEWER, DEMO_STAFF_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('SECOND_FACTOR_MISSING');
  });
});
