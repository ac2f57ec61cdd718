// A claim followed to its payment, and work orders and requests moved along (issue 28 items 3
// and 4): the integration API refuses a missing or wrong token, unknown ids and moves the
// transitions do not allow, audits every call and is rate limited; each change reaches the
// customer's outbox (SMS only with their consent) in their language; the portal shows the history
// and the payment to the owner only; extra files only while more information is asked for; the
// testers' desk moves a case as the API does.

import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRules } from '../../src/server/claims/rules';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { ConfigError, loadConfig, testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

const TOKEN = 'core-system-token-5f1c9e0b7a2d4c6e8f0a1b3c5d7e9f21';
const RATE = 40;
let s: TestService;
let andreas: PortalClient;
let eleni: PortalClient;
const ANDREAS = 'andreas.georgiou@example.com.cy';

beforeAll(async () => {
  const base = testConfig();
  s = await startService({
    config: {
      portal: { ...base.portal, demoData: true },
      integration: { tokenSha256: createHash('sha256').update(TOKEN).digest('hex'), perMinute: RATE },
      publicUrl: 'https://online.gic.com.cy',
    },
  });
  andreas = new PortalClient(s, { ip: '10.28.0.1' });
  expect((await andreas.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  eleni = new PortalClient(s, { ip: '10.28.0.2' });
  expect((await eleni.login('99000002', DEMO_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

function core(
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  token: string | null = TOKEN,
  lang: 'el' | 'en' = 'en',
) {
  return s.call({
    method,
    url: `/zcp/integration${url}`,
    payload,
    lang,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
}

const audits = async (outcome: string) =>
  (
    await s.testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM integration_audit WHERE outcome = $1',
      [outcome],
    )
  )[0].n;

const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: '#c0392b' } })
    .jpeg()
    .toBuffer();

async function uploadExtra(client: PortalClient, claimNo: string, slot = 'EXTRA_1') {
  const [claim] = await s.testDb.db.query<{ claim_id: string }>(
    'SELECT claim_id::text AS claim_id FROM claims WHERE claim_no = $1',
    [claimNo],
  );
  return client.upload(
    '/zcp/claim/ClmUplDocuments',
    { name: 'invoice.jpg', bytes: await photo() },
    { CLAIM_NO: claimNo, CLAIM_ID: claim.claim_id, OBJECT_NO: '1', SLOT: slot },
  );
}

describe('the service token', () => {
  it('refuses a call without a token, or with a wrong one, and audits both', async () => {
    const none = await core('GET', '/claims/CL2026000103', undefined, null);
    expect(none.statusCode).toBe(401);
    expect(none.json().CODE).toBe('NO_TOKEN');
    expect(none.json().MESSAGES[0].MSGTEXT).toMatch(/no service token/);
    const wrong = await core('POST', '/claims/CL2026000103/status', { STATUS: 'IN_REVIEW' }, `${TOKEN}x`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().CODE).toBe('WRONG_TOKEN');
    const greek = await core('GET', '/claims/CL2026000103', undefined, 'nope', 'el');
    expect(greek.json().MESSAGES[0].MSGTEXT).toBe('Το κλειδί υπηρεσίας δεν είναι έγκυρο.');
    // Nothing moved, and each refusal is on record.
    const [claim] = await s.testDb.db.query<{ status: string }>(
      "SELECT status FROM claims WHERE claim_no = 'CL2026000103'",
    );
    expect(claim.status).toBe('SUBMITTED');
    expect(await audits('NO_TOKEN')).toBe(1);
    expect(await audits('WRONG_TOKEN')).toBe(2);
  });

  it('a token hash that is not a SHA-256 stops the service from starting', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', INTEGRATION_TOKEN_SHA256: 'secret' })).toThrow(ConfigError);
  });

  it('answers unknown ids with 404, for every kind', async () => {
    for (const url of [
      '/claims/CL2099999999',
      '/work-orders/WO1',
      '/requests/WO1',
      '/payment-reviews/ORD1',
    ]) {
      const res = await core('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().CODE).toBe('NOT_FOUND');
    }
    expect((await core('POST', '/claims/CL2099999999/status', { STATUS: 'IN_REVIEW' })).statusCode).toBe(404);
  });
});

describe('a claim followed to its payment', () => {
  const claimNo = 'CL2026000103';
  it('lists the moves the transitions allow, and refuses any other', async () => {
    const view = await core('GET', `/claims/${claimNo}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ STATUS: 'SUBMITTED', CUSTOMER_NO: '900001' });
    expect(view.json().NEXT.map((n: { STATUS: string }) => n.STATUS)).toEqual([
      'IN_REVIEW',
      'MORE_INFO',
      'REJECTED',
    ]);
    const paid = await core('POST', `/claims/${claimNo}/status`, { STATUS: 'PAID' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ CODE: 'NOT_ALLOWED', STATUS: 'SUBMITTED' });
    const invented = await core('POST', `/claims/${claimNo}/status`, { STATUS: 'WHATEVER' });
    expect(invented.statusCode).toBe(409);
    // Paying straight from "submitted" is not a move the data allows either.
    const pay = await core('POST', `/claims/${claimNo}/payment`, {
      AMOUNT: 420,
      PAYMENT_DATE: '2026-03-10',
      METHOD: 'BANK_TRANSFER',
    });
    expect(pay.statusCode).toBe(409);
    expect(await audits('NOT_ALLOWED')).toBe(3);
  });

  it('extra files are refused until more information is asked for, then taken, then refused again', async () => {
    const early = await uploadExtra(andreas, claimNo);
    expect(early.statusCode).toBe(422);
    expect(early.json().MESSAGES[0].CODE).toBe('NOT_ASKED_FOR_MORE');

    const review = await core('POST', `/claims/${claimNo}/status`, { STATUS: 'IN_REVIEW' });
    expect(review.json()).toEqual({ REF: claimNo, FROM_STATUS: 'SUBMITTED', STATUS: 'IN_REVIEW' });
    const ask = await core('POST', `/claims/${claimNo}/status`, {
      STATUS: 'MORE_INFO',
      NOTE: 'Παρακαλούμε στείλτε την προσφορά του συνεργείου για το παρμπρίζ.',
    });
    expect(ask.statusCode).toBe(200);

    const detail = (await andreas.get(`/zcp/claim/detail/${claimNo}`)).json();
    expect(detail.MORE_INFO).toBe(true);
    expect(detail.EXTRA_SLOTS).toHaveLength(6);
    const added = await uploadExtra(andreas, claimNo);
    expect(added.statusCode).toBe(200);
    expect(added.json().IT_ATTACHMENT_LIST.map((f: { SLOT: string }) => f.SLOT)).toContain('EXTRA_1');
    // A slot beyond the configured number is no slot at all.
    expect((await uploadExtra(andreas, claimNo, 'EXTRA_7')).json().MESSAGES[0].CODE).toBe('UNKNOWN_SLOT');
    // Another customer can neither see this claim nor add to it.
    expect((await eleni.get(`/zcp/claim/detail/${claimNo}`)).statusCode).toBe(403);
    expect((await uploadExtra(eleni, claimNo, 'EXTRA_2')).statusCode).toBe(403);
    expect((await eleni.post('/zcp/claim/GetPaymentDetails', { CLAIM_NO: claimNo })).statusCode).toBe(403);

    await core('POST', `/claims/${claimNo}/status`, { STATUS: 'IN_REVIEW', NOTE: 'Λάβαμε την προσφορά.' });
    expect((await uploadExtra(andreas, claimNo, 'EXTRA_2')).json().MESSAGES[0].CODE).toBe(
      'NOT_ASKED_FOR_MORE',
    );
    expect((await andreas.get(`/zcp/claim/detail/${claimNo}`)).json().EXTRA_SLOTS).toEqual([]);
  });

  it('is approved, then paid with the payment recorded; the portal shows the timeline and ET_PAYMENT', async () => {
    expect((await core('POST', `/claims/${claimNo}/status`, { STATUS: 'APPROVED' })).statusCode).toBe(200);
    // The paying move needs the payment: the status call alone is refused.
    const bare = await core('POST', `/claims/${claimNo}/status`, { STATUS: 'PAID' });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().CODE).toBe('PAYMENT_REQUIRED');
    const badDate = await core('POST', `/claims/${claimNo}/payment`, {
      AMOUNT: 380,
      PAYMENT_DATE: '2026-02-30',
      METHOD: 'BANK_TRANSFER',
    });
    expect(badDate.statusCode).toBe(422);
    const pay = await core('POST', `/claims/${claimNo}/payment`, {
      AMOUNT: 380,
      PAYMENT_DATE: '2026-03-10',
      METHOD: 'BANK_TRANSFER',
      ACCOUNT: 'CY17 0020 0128 0000 0012 0052 7600',
      REFERENCE: 'PAY-2026-00977',
    });
    expect(pay.json()).toEqual({ REF: claimNo, FROM_STATUS: 'APPROVED', STATUS: 'PAID' });
    // Nothing moves a paid claim on.
    expect((await core('POST', `/claims/${claimNo}/status`, { STATUS: 'IN_REVIEW' })).statusCode).toBe(409);

    const detail = (await andreas.get(`/zcp/claim/detail/${claimNo}`, { lang: 'en' })).json();
    expect(detail.STATUS).toBe('PAID');
    expect(detail.ET_HISTORY.map((h: { STATUS: string }) => h.STATUS)).toEqual([
      'SUBMITTED',
      'IN_REVIEW',
      'MORE_INFO',
      'IN_REVIEW',
      'APPROVED',
      'PAID',
    ]);
    expect(detail.ET_HISTORY[2]).toMatchObject({
      STATUS_DESC: 'More information needed',
      NOTE: 'Παρακαλούμε στείλτε την προσφορά του συνεργείου για το παρμπρίζ.',
      DATE: '2026-03-10',
    });
    const payments = (await andreas.post('/zcp/claim/GetPaymentDetails', { CLAIM_NO: claimNo })).json();
    expect(payments.ET_PAYMENT[0]).toMatchObject({
      PAYMENT_STATUS: 'PAID',
      PAID_AMOUNT: 380,
      PAYMENT_DATE: '2026-03-10',
      PAYMENT_METHOD: 'BANK_TRANSFER',
      PAYMENT_METHOD_DESC: 'bank transfer',
      ACCOUNT: 'CY17 **** 7600',
    });
    // The full account number is kept nowhere.
    const stored = await s.testDb.db.query("SELECT 1 FROM claim_payments WHERE account_masked LIKE '%0052%'");
    expect(stored).toHaveLength(0);
  });

  it('a decided claim offers no slot and takes no file, with the reason in Greek and English', async () => {
    const detail = (await andreas.get(`/zcp/claim/detail/${claimNo}`)).json();
    expect(detail).toMatchObject({
      STATUS: 'PAID',
      FILES_OPEN: false,
      SLOTS: [],
      MISSING_SLOTS: [],
      EXTRA_SLOTS: [],
    });
    const slot = claimRules().products[detail.PRODUCT_CODE].slots[0].id;
    const [claim] = await s.testDb.db.query<{ claim_id: string }>(
      'SELECT claim_id::text AS claim_id FROM claims WHERE claim_no = $1',
      [claimNo],
    );
    const late = (lang: 'el' | 'en') =>
      andreas.upload(
        '/zcp/claim/ClmUplDocuments',
        { name: 'late.jpg', bytes: photoBytes },
        { CLAIM_NO: claimNo, CLAIM_ID: claim.claim_id, OBJECT_NO: '1', SLOT: slot },
        { lang },
      );
    const photoBytes = await photo();
    const el = await late('el');
    expect(el.statusCode).toBe(422);
    expect(el.json().MESSAGES[0]).toMatchObject({ CODE: 'CLAIM_DECIDED' });
    expect(el.json().MESSAGES[0].MSGTEXT).toMatch(/απόφαση/);
    const en = await late('en');
    expect(en.json().MESSAGES[0].MSGTEXT).toMatch(/decision has been made/);
  });

  it('every change reached the customer by e-mail in the claim’s language, with the note and the payment', async () => {
    const mails = (await s.mailbox(ANDREAS)).filter((m) => m.template === 'caseChanged');
    // In review, more information, in review, approved, paid.
    expect(mails).toHaveLength(5);
    expect(mails.every((m) => m.language === 'el')).toBe(true);
    const [paid] = mails;
    expect(paid.subject).toBe(`Ζημιά ${claimNo}: Πληρώθηκε`);
    // Whole euro, as the formatter writes them (a no-break space before the sign).
    expect(paid.text).toMatch(
      /Πληρώθηκαν 380\s€ στις 10\/03\/2026, με τραπεζικό έμβασμα \(λογαριασμός CY17 \*{4} 7600\)/,
    );
    expect(paid.text).toContain(`https://online.gic.com.cy/my-claims/${claimNo}`);
    expect(mails.find((m) => m.subject?.endsWith('Χρειάζονται περισσότερα στοιχεία'))?.text).toContain(
      'Σημείωση της εταιρείας: Παρακαλούμε στείλτε την προσφορά του συνεργείου',
    );
    // No SMS: Andreas has not consented to texts.
    expect((await s.mailbox('99000001')).filter((m) => m.template === 'caseChanged')).toHaveLength(0);
  });

  it('texts the customer too once they consented to SMS; a note alone is a change as well', async () => {
    await s.testDb.db.query("UPDATE customers SET sms_consent = true WHERE customer_no = '900001'");
    const note = await core('POST', '/claims/CL2026000101/notes', {
      NOTE: 'Η επιθεώρηση ορίστηκε για την Πέμπτη.',
    });
    expect(note.json()).toMatchObject({ FROM_STATUS: 'IN_REVIEW', STATUS: 'IN_REVIEW' });
    const sms = (await s.mailbox('99000001')).filter((m) => m.template === 'caseChanged');
    expect(sms).toHaveLength(1);
    expect(sms[0].text).toContain('CL2026000101');
    const blank = await core('POST', '/claims/CL2026000101/notes', { NOTE: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().CODE).toBe('NOTE_REQUIRED');
  });
});

describe('work orders and requests', () => {
  it('a request moves on with a note the customer reads in the list and in an e-mail', async () => {
    const moved = await core('POST', '/requests/WO200102/status', {
      STATUS: 'CLOSED',
      NOTE: 'Ο Μάριος προστέθηκε ως οδηγός· το επιπλέον ασφάλιστρο είναι 64 €.',
    });
    expect(moved.statusCode).toBe(200);
    const list = (await andreas.get('/zcp/request')).json().CT_REQUESTS;
    const request = list.find((r: { WORKORDER_ID: string }) => r.WORKORDER_ID === 'WO200102');
    expect(request.STATUS).toBe('CLOSED');
    expect(request.ET_HISTORY.at(-1)).toMatchObject({ FROM_STATUS: 'IN_PROGRESS', STATUS: 'CLOSED' });
    const mail = (await s.mailbox(ANDREAS)).find((m) => m.subject === 'Αίτημα WO200102: Ολοκληρώθηκε');
    expect(mail?.text).toContain('Ο Μάριος προστέθηκε ως οδηγός');
    expect((await core('POST', '/requests/WO200102/status', { STATUS: 'OPEN' })).statusCode).toBe(409);
  });

  it('an endorsement work order is told in the language it was asked in', async () => {
    await s.testDb.db.query(
      `INSERT INTO work_orders (workorder_id, customer_no, contract_no, product_id, endorsement_type, language)
       SELECT 'WO399001', '900002', contract_no, product_id, 'VEHICLE_VALUE', 'en' FROM contracts WHERE customer_no = '900002' LIMIT 1`,
    );
    const moved = await core('POST', '/work-orders/WO399001/status', { STATUS: 'IN_PROGRESS' });
    expect(moved.statusCode).toBe(200);
    const mail = (await s.mailbox('eleni.charalambous@example.com.cy')).find(
      (m) => m.template === 'caseChanged',
    );
    expect(mail).toMatchObject({ language: 'en', subject: 'Work order WO399001: In progress' });
    expect((await core('GET', '/work-orders/WO399001')).json().ET_HISTORY).toHaveLength(1);
  });

  it('a payment review shows on its contract with its status and history', async () => {
    const [k] = await s.testDb.db.query<{ contract_no: string; offer_no: string; product_id: string }>(
      `SELECT contract_no, offer_no, product_id FROM contracts WHERE customer_no = '900002' LIMIT 1`,
    );
    await s.testDb.db.query(
      `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, status, contract_no, review_reason)
       VALUES ('ORDREV1', $1, 9, 21450, 'APPROVED', $2, 'DIRECT_DEBIT_NOT_RECORDED')`,
      [k.offer_no, k.contract_no],
    );
    const moved = await core('POST', '/payment-reviews/ORDREV1/status', {
      STATUS: 'IN_PROGRESS',
      NOTE: 'Επικοινωνούμε με την τράπεζά σας.',
    });
    expect(moved.statusCode).toBe(200);
    const detail = (await eleni.get(`/zcp/contract/detail/${k.contract_no}/${k.product_id}`)).json();
    expect(detail.CT_PAYMENT_REVIEWS).toEqual([
      expect.objectContaining({
        REF: 'ORDREV1',
        REASON: 'DIRECT_DEBIT_NOT_RECORDED',
        STATUS: 'IN_PROGRESS',
        STATUS_DESC: 'Under review',
        ET_HISTORY: [
          expect.objectContaining({ STATUS: 'IN_PROGRESS', NOTE: 'Επικοινωνούμε με την τράπεζά σας.' }),
        ],
      }),
    ]);
    expect(detail.CT_PAYMENT_REVIEWS[0].REASON_DESC).toMatch(/direct debit/);
    expect((await andreas.get(`/zcp/contract/detail/${k.contract_no}/${k.product_id}`)).statusCode).toBe(403);
  });

  it('the customer sees their work order, its status and history on /my-requests; no one else does', async () => {
    await core('POST', '/work-orders/WO399001/status', {
      STATUS: 'DONE',
      NOTE: 'Η νέα αξία του οχήματος ισχύει από σήμερα.',
    });
    const own = (await eleni.get('/zcp/request')).json().CT_WORK_ORDERS as Record<string, unknown>[];
    const order = own.find((w) => w.WORKORDER_ID === 'WO399001') as Record<string, unknown> & {
      ET_HISTORY: { STATUS: string; NOTE: string }[];
    };
    expect(order).toMatchObject({
      ENDORSEMENT_TYPE: 'VEHICLE_VALUE',
      STATUS: 'DONE',
      STATUS_DESC: 'Completed',
      TYPE_DESC: 'Vehicle value',
    });
    expect(order.ET_HISTORY.map((h) => h.STATUS)).toEqual(['IN_PROGRESS', 'DONE']);
    expect(order.ET_HISTORY.at(-1)?.NOTE).toBe('Η νέα αξία του οχήματος ισχύει από σήμερα.');
    const others = (await andreas.get('/zcp/request')).json().CT_WORK_ORDERS as { WORKORDER_ID: string }[];
    expect(others.map((w) => w.WORKORDER_ID)).not.toContain('WO399001');
  });
});

describe('the testers’ desk', () => {
  it('lists the cases in Greek and English and moves one as the API would', async () => {
    const el = await s.app.inject({ url: '/dev/desk' });
    expect(el.statusCode).toBe(200);
    expect(el.body).toContain('<html lang="el">');
    expect(el.body).toContain('data-case="CL2026000101"');
    const en = await s.app.inject({ url: '/dev/desk?lang=en' });
    expect(en.body).toContain('Claims and work orders desk');
    const post = await s.app.inject({
      method: 'POST',
      url: '/dev/desk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=move&lang=en&kind=CLAIM&ref=CL2026000101&to=MORE_INFO&note=Send+the+police+report',
    });
    expect(post.statusCode).toBe(303);
    expect(decodeURIComponent(post.headers.location as string)).toContain(
      'CL2026000101: More information needed',
    );
    const history = (await core('GET', '/claims/CL2026000101')).json().ET_HISTORY;
    expect(history.at(-1)).toMatchObject({ STATUS: 'MORE_INFO', NOTE: 'Send the police report' });
    const refused = await s.app.inject({
      method: 'POST',
      url: '/dev/desk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=move&lang=en&kind=CLAIM&ref=CL2026000101&to=PAID',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('cannot move to PAID');
  });
});

describe('the OpenAPI document', () => {
  it('documents the integration calls with their service-token security', () => {
    const spec = s.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const path of [
      '/zcp/integration/claims/{ref}',
      '/zcp/integration/claims/{ref}/status',
      '/zcp/integration/claims/{ref}/notes',
      '/zcp/integration/claims/{ref}/payment',
      '/zcp/integration/work-orders/{ref}/status',
      '/zcp/integration/requests/{ref}/status',
      '/zcp/integration/payment-reviews/{ref}/status',
    ]) {
      expect(spec.paths[path], path).toBeDefined();
    }
    expect(spec.paths['/zcp/integration/claims/{ref}/status'].post.security).toEqual([
      { integrationToken: [] },
    ]);
    expect(spec.components.securitySchemes.integrationToken).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});

describe('the rate limit', () => {
  it('refuses calls beyond INTEGRATION_RATE_PER_MINUTE, and lets them through the next minute', async () => {
    let limited = 0;
    for (let i = 0; i < RATE + 2; i++) {
      if ((await core('GET', '/claims/CL2026000102')).statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    expect(await audits('RATE_LIMITED')).toBe(limited);
    s.clock.advance(61_000);
    expect((await core('GET', '/claims/CL2026000102')).statusCode).toBe(200);
  });
});
