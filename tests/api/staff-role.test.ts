// Changing a staff member's role (issue 26, the admin pages): PUT /zcp/studio/staff/:id/role is
// the admin's, audited with the account before and after, holds from the account's next call,
// refuses one's own role (so the last admin cannot lock everyone out), an unknown role (422,
// translated) and an unknown account (404).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../src/server/platform/config';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { startService, type TestService } from './support/app';
import { StaffClient } from './support/staff';

let s: TestService;
const EDITOR = 'marios.hadjigeorgiou@gic.com.cy';
const PUBLISHER = 'katerina.demetriou@gic.com.cy';
const ADMIN = 'christos.panayiotou@gic.com.cy';

beforeAll(async () => {
  s = await startService({
    config: { staff: { ...testConfig().staff, demoData: true, secondFactorRequired: true } },
  });
});
afterAll(async () => {
  await s?.close();
});

let seq = 0;
function client(lang: 'el' | 'en' = 'en') {
  seq += 1;
  s.clock.advance(31_000);
  return new StaffClient(s, { ip: `10.31.${seq}.1`, lang });
}

async function signedIn(email: string, password = DEMO_STAFF_PASSWORD, secret = DEMO_TOTP_SECRET) {
  const c = client();
  const res = await c.signIn(email, password, secret);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

const setRole = (c: StaffClient, id: string, role: unknown, lang?: 'el' | 'en') =>
  c.request('PUT', `/zcp/studio/staff/${id}/role`, { ROLE: role }, { lang });

async function freshStaff(admin: StaffClient, role: 'viewer' | 'editor') {
  seq += 1;
  const res = await admin.post('/zcp/studio/staff', {
    EMAIL: `niki.ioannou${seq}@gic.com.cy`,
    NAME: 'Νίκη Ιωάννου',
    ROLE: role,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    id: body.STAFF.STAFF_ID as string,
    email: body.STAFF.EMAIL as string,
    password: body.PASSWORD as string,
    secret: body.TOTP_SECRET as string,
  };
}

describe('changing a role', () => {
  it('an admin changes a role: audited before and after, and it holds from the next call', async () => {
    const admin = await signedIn(ADMIN);
    const fresh = await freshStaff(admin, 'viewer');
    const them = await signedIn(fresh.email, fresh.password, fresh.secret);
    expect((await them.get('/zcp/studio/staff')).statusCode).toBe(403);

    const res = await setRole(admin, fresh.id, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().STAFF).toMatchObject({ STAFF_ID: fresh.id, ROLE: 'admin', DISABLED: false });
    // The same session, no new sign-in: the role is read on every call.
    expect((await them.get('/zcp/studio/staff')).statusCode).toBe(200);
    expect((await them.get('/zcp/studio/session')).json().STAFF.ROLE).toBe('admin');

    expect((await setRole(admin, fresh.id, 'editor')).json().STAFF.ROLE).toBe('editor');
    expect((await them.get('/zcp/studio/staff')).statusCode).toBe(403);

    const records = await s.testDb.db.query<{ actor_label: string; before: unknown; after: unknown }>(
      "SELECT actor_label, before, after FROM audit_events WHERE action = 'staff.role' AND target = $1 ORDER BY event_id",
      [`staff:${fresh.id}`],
    );
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      actor_label: ADMIN,
      before: { ROLE: 'viewer' },
      after: { ROLE: 'admin' },
    });
    expect(records[1]).toMatchObject({ before: { ROLE: 'admin' }, after: { ROLE: 'editor' } });
    // The trail's own filter finds it.
    const trail = (await admin.get(`/zcp/studio/audit?ACTION=staff.role&TARGET=${fresh.id}`)).json().EVENTS;
    expect(trail.map((e: { AFTER: { ROLE: string } }) => e.AFTER.ROLE)).toEqual(['editor', 'admin']);
  });

  it('refuses changing one’s own role, so the last admin cannot lock everyone out', async () => {
    const admin = await signedIn(ADMIN);
    const me = (await admin.get('/zcp/studio/session')).json().STAFF.STAFF_ID as string;
    const res = await setRole(admin, me, 'viewer', 'el');
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES[0]).toMatchObject({ CODE: 'SELF', FIELD: 'ROLE' });
    expect(res.json().MESSAGES[0].MSGTEXT).toContain('δικό σας ρόλο');
    expect((await admin.get('/zcp/studio/session')).json().STAFF.ROLE).toBe('admin');
  });

  it('refuses an unknown role (422, translated) and an unknown account (404)', async () => {
    const admin = await signedIn(ADMIN);
    const fresh = await freshStaff(admin, 'editor');
    for (const role of ['owner', '', 'ADMIN']) {
      const res = await setRole(admin, fresh.id, role, 'el');
      expect(res.statusCode, role).toBe(422);
      expect(res.json().MESSAGES[0]).toMatchObject({ CODE: 'INVALID_DATA', FIELD: 'ROLE' });
      expect(res.json().MESSAGES[0].MSGTEXT).toBe('Επιλέξτε έναν από τους ρόλους του studio.');
    }
    const missing = await setRole(admin, 'S999999999', 'viewer');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().CODE).toBe('NOT_FOUND');
    // A malformed id never reaches the store.
    expect((await setRole(admin, 'x1', 'viewer')).statusCode).toBe(400);
    const [row] = await s.testDb.db.query<{ role: string }>(
      'SELECT role FROM staff_users WHERE staff_id = $1',
      [fresh.id],
    );
    expect(row.role).toBe('editor');
  });

  it('is the admin’s alone, and needs the session’s CSRF token', async () => {
    const admin = await signedIn(ADMIN);
    const fresh = await freshStaff(admin, 'viewer');
    for (const email of [EDITOR, PUBLISHER]) {
      const c = await signedIn(email);
      const res = await setRole(c, fresh.id, 'admin');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ CODE: 'FORBIDDEN_ROLE', NEEDED_ROLE: 'admin' });
    }
    const noToken = await admin.request(
      'PUT',
      `/zcp/studio/staff/${fresh.id}/role`,
      { ROLE: 'admin' },
      { csrf: null },
    );
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().CODE).toBe('CSRF');
    const anonymous = client();
    await anonymous.get('/zcp/studio/csrf');
    expect((await setRole(anonymous, fresh.id, 'admin')).statusCode).toBe(401);
    const [row] = await s.testDb.db.query<{ role: string }>(
      'SELECT role FROM staff_users WHERE staff_id = $1',
      [fresh.id],
    );
    expect(row.role).toBe('viewer');
  });
});
