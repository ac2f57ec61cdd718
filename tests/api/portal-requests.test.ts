// Requests (issue 15 item 3 and the requests half of 6): the 1024-character message limit at and
// past it, another customer's contract refused, every missing field named in the customer's
// language, the list of one's own requests only, the contract list of values, and the service
// mailbox's notification queued in the outbox with the right address and language.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

const SERVICE_MAIL = 'requests.test@gic.com.cy';
let s: TestService;

beforeAll(async () => {
  const base = testConfig().portal;
  s = await startService({
    config: { portal: { ...base, demoData: true, serviceMail: SERVICE_MAIL, requestsPerCustomerDay: 8 } },
  });
});
afterAll(async () => {
  await s?.close();
});

async function loggedIn(mobile: string, ip: string, lang: 'el' | 'en' = 'en') {
  const c = new PortalClient(s, { ip, lang });
  const res = await c.login(mobile, DEMO_PASSWORD);
  expect(res.statusCode).toBe(200);
  return c;
}

const valid = (extra: Record<string, unknown> = {}) => ({
  SUBJECT: 'Αλλαγή διεύθυνσης αλληλογραφίας',
  CONTRACT_NO: 'CY9000101',
  TYPE: 'CHANGE',
  CATEGORY: 'PERSONAL',
  MESSAGE:
    'Μετακόμισα στη Λεωφόρο Αρχιεπισκόπου Μακαρίου Γ΄ 45, 1065 Λευκωσία. Παρακαλώ ενημερώστε το συμβόλαιό μου.',
  ...extra,
});

type Outbox = { recipient: string; subject: string; body_text: string; template: string; language: string };
const mailsFor = (workorderId: string) =>
  s.testDb.db.query<Outbox>(
    "SELECT recipient, subject, body_text, template, language FROM outbox WHERE channel = 'MAIL' AND subject LIKE $1 ORDER BY id",
    [`%${workorderId}%`],
  );

describe('new request', () => {
  it('accepts a message of exactly 1024 characters (Greek letters count as one each) and stores it', async () => {
    const c = await loggedIn('99000001', '10.50.0.1', 'el');
    const message = 'α'.repeat(1024);
    const res = await c.post('/zcp/request', valid({ MESSAGE: message }));
    expect(res.statusCode).toBe(200);
    const { WORKORDER_ID } = res.json();
    expect(WORKORDER_ID).toMatch(/^WO\d+$/);
    const [row] = await s.testDb.db.query<{ message: string; customer_no: string; status: string }>(
      'SELECT message, customer_no, status FROM portal_requests WHERE workorder_id = $1',
      [WORKORDER_ID],
    );
    expect(row).toMatchObject({ message, customer_no: '900001', status: 'OPEN' });
  });

  it('refuses 1025 characters with the limit and the count, in the customer’s language, storing nothing', async () => {
    const c = await loggedIn('99000001', '10.50.0.2', 'en');
    const before = await s.testDb.db.query('SELECT 1 FROM portal_requests');
    const res = await c.post('/zcp/request', valid({ MESSAGE: 'a'.repeat(1025) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().MESSAGES).toEqual([
      {
        MSGTEXT: 'The message can be at most 1024 characters long (you wrote 1025).',
        FIELD: 'MESSAGE',
        CODE: 'TOO_LONG',
      },
    ]);
    const el = await c.post('/zcp/request', valid({ MESSAGE: 'α'.repeat(1025) }), { lang: 'el' });
    expect(el.json().MESSAGES[0].MSGTEXT).toBe(
      'Το μήνυμα μπορεί να έχει έως 1024 χαρακτήρες (γράψατε 1025).',
    );
    expect(await s.testDb.db.query('SELECT 1 FROM portal_requests')).toHaveLength(before.length);
  });

  it('names every missing field at once, translated (en and el)', async () => {
    const c = await loggedIn('99000001', '10.50.0.3', 'en');
    const res = await c.post('/zcp/request', { MESSAGE: '   ' });
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('INVALID');
    const byField = Object.fromEntries(
      (res.json().MESSAGES as { FIELD: string; MSGTEXT: string }[]).map((m) => [m.FIELD, m.MSGTEXT]),
    );
    expect(byField).toEqual({
      SUBJECT: 'Please enter a subject for your request.',
      CONTRACT_NO: 'Please choose the contract your request is about.',
      TYPE: 'Please choose the type of request.',
      CATEGORY: 'Please choose a category.',
      MESSAGE: 'Please write your message.',
    });
    const el = await c.post('/zcp/request', valid({ SUBJECT: '' }), { lang: 'el' });
    expect(el.json().MESSAGES).toEqual([
      { MSGTEXT: 'Συμπληρώστε το θέμα του αιτήματός σας.', FIELD: 'SUBJECT', CODE: 'REQUIRED' },
    ]);
    const unknownType = await c.post('/zcp/request', valid({ TYPE: 'BRIBE' }));
    expect(unknownType.json().MESSAGES[0]).toMatchObject({ FIELD: 'TYPE', CODE: 'NOT_IN_LIST' });
  });

  it('refuses another customer’s contract, and an unknown one, with 403 and stores nothing', async () => {
    const c = await loggedIn('99000002', '10.50.0.4', 'en');
    const own = (await c.get('/zcp/request/contracts')).json().LOV_VALUE as { VALUE: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.map((o) => o.VALUE)).not.toContain('CY9000101');
    for (const contractNo of ['CY9000101', 'CY0000000']) {
      const res = await c.post('/zcp/request', valid({ CONTRACT_NO: contractNo }));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ CODE: 'FORBIDDEN' });
      expect(res.json().MESSAGES[0].MSGTEXT).toBe(
        'This contract is not one of yours. Please choose one of your contracts from the list.',
      );
    }
    expect(
      await s.testDb.db.query(
        "SELECT 1 FROM portal_requests WHERE customer_no = '900002' AND contract_no = 'CY9000101'",
      ),
    ).toHaveLength(0);
  });

  it('queues the notification to SERVICE_MAIL_TO and the acknowledgement to the customer, in the customer’s language', async () => {
    const el = await loggedIn('99000001', '10.50.0.5', 'el');
    const greek = (await el.post('/zcp/request', valid())).json().WORKORDER_ID as string;
    const mails = await mailsFor(greek);
    const staff = mails.find((m) => m.template === 'serviceRequest');
    expect(staff).toMatchObject({ recipient: SERVICE_MAIL, language: 'el' });
    expect(staff?.subject).toBe(`Νέο αίτημα πελάτη ${greek}: Αλλαγή διεύθυνσης αλληλογραφίας`);
    expect(staff?.body_text).toContain('Συμβόλαιο: CY9000101');
    expect(staff?.body_text).toContain('Είδος: Αλλαγή στοιχείων');
    expect(staff?.body_text).toContain('Λεωφόρο Αρχιεπισκόπου Μακαρίου');
    const ack = mails.find((m) => m.template === 'requestReceived');
    expect(ack?.recipient).not.toBe(SERVICE_MAIL);
    expect(ack?.language).toBe('el');

    const en = await loggedIn('99000001', '10.50.0.6', 'en');
    const english = (
      await en.post('/zcp/workorder/newConnection', valid({ SUBJECT: 'Green card for Turkey' }))
    ).json().WORKORDER_ID as string;
    const [staffEn] = (await mailsFor(english)).filter((m) => m.template === 'serviceRequest');
    expect(staffEn).toMatchObject({ recipient: SERVICE_MAIL, language: 'en' });
    expect(staffEn.subject).toBe(`New customer request ${english}: Green card for Turkey`);
    expect(staffEn.body_text).toContain('Type: Change of details');
  });
});

describe('request list', () => {
  it('shows the demo customer’s handled and open requests on a fresh start', async () => {
    const c = await loggedIn('99000001', '10.50.0.12', 'el');
    const list = (await c.get('/zcp/request')).json().CT_REQUESTS as Record<string, unknown>[];
    expect(list.find((r) => r.WORKORDER_ID === 'WO200101')).toMatchObject({
      CONTRACT_NO: 'CY9000102',
      STATUS: 'CLOSED',
      STATUS_DESC: 'Ολοκληρώθηκε',
      TYPE_DESC: 'Αίτημα εγγράφου ή βεβαίωσης',
    });
    expect(list.find((r) => r.WORKORDER_ID === 'WO200102')).toMatchObject({ STATUS: 'IN_PROGRESS' });
  });

  it('lists only the customer’s own requests, newest first, with translated type, category and status', async () => {
    const mine = await loggedIn('99000001', '10.50.0.7', 'en');
    const created = (await mine.post('/zcp/request', valid({ SUBJECT: 'Newest one' }))).json().WORKORDER_ID;
    const list = (await mine.get('/zcp/request')).json().CT_REQUESTS as Record<string, unknown>[];
    expect(list[0]).toMatchObject({
      WORKORDER_ID: created,
      SUBJECT: 'Newest one',
      CONTRACT_NO: 'CY9000101',
      TYPE_DESC: 'Change of details',
      CATEGORY_DESC: 'Personal details',
      STATUS: 'OPEN',
      STATUS_DESC: 'Received',
    });
    expect(list[0].CREATED_ON).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const other = await loggedIn('99000002', '10.50.0.8', 'el');
    const theirs = (await other.get('/zcp/request')).json().CT_REQUESTS as { WORKORDER_ID: string }[];
    expect(theirs.map((r) => r.WORKORDER_ID)).not.toContain(created);
  });

  it('answers 401 without a login and 403 without the CSRF token', async () => {
    const anonymous = new PortalClient(s, { ip: '10.50.0.9' });
    expect((await anonymous.get('/zcp/request')).statusCode).toBe(401);
    expect((await anonymous.get('/zcp/request/contracts')).statusCode).toBe(401);
    const c = await loggedIn('99000001', '10.50.0.10');
    expect((await c.post('/zcp/request', valid(), { csrf: null })).statusCode).toBe(403);
  });

  it('stops a customer after the day’s limit of requests (429, translated)', async () => {
    const c = await loggedIn('99000002', '10.50.0.11', 'en');
    const contract = ((await c.get('/zcp/request/contracts')).json().LOV_VALUE as { VALUE: string }[])[0]
      ?.VALUE;
    if (!contract) return expect.unreachable('demo customer 99000002 has a contract');
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await c.post('/zcp/request', valid({ CONTRACT_NO: contract }))).statusCode);
    expect(statuses.slice(0, 8).every((code) => code === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('announcements on the dashboard', () => {
  it('serves the content file’s entries in force on the day, in the asked language', async () => {
    s.clock.set('2026-12-01T09:00:00.000Z');
    const el = (await s.call({ method: 'GET', url: '/zcp/announcement', lang: 'el' })).json()
      .CT_ANNOUNCEMENTS;
    expect(el).toContainEqual(
      expect.objectContaining({ ID: 'PORTAL-REQUESTS', TITLE: 'Νέο: τα αιτήματά σας online', LEVEL: 'info' }),
    );
    const en = (await s.call({ method: 'GET', url: '/zcp/announcement', lang: 'en' })).json()
      .CT_ANNOUNCEMENTS;
    expect(en.find((a: { ID: string }) => a.ID === 'PORTAL-REQUESTS')?.TITLE).toBe(
      'New: your requests online',
    );
    // Holiday hours start on 22/12: inclusive bounds.
    s.clock.set('2026-12-22T08:00:00.000Z');
    const holidays = (await s.call({ method: 'GET', url: '/zcp/announcement', lang: 'en' })).json()
      .CT_ANNOUNCEMENTS;
    expect(holidays.map((a: { ID: string }) => a.ID)).toEqual(['PORTAL-REQUESTS', 'HOLIDAY-HOURS']);
    s.clock.set('2027-04-01T09:00:00.000Z');
    const after = (await s.call({ method: 'GET', url: '/zcp/announcement', lang: 'en' })).json()
      .CT_ANNOUNCEMENTS;
    expect(after).toEqual([]);
  });
});
