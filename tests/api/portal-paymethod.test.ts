// Payment-method change (issue 14 item 5): the IBAN check (mod-97 and the Cyprus rules), the
// certificate upload by content, direct debit with its rules (bank agrees with the IBAN, holder
// confirmation, minimum instalment at and past its limit, cash refused, the blocked contract), a
// card registered through the provider sandbox (only the binding stored, a replayed return applied
// once), a new expiry, the pending balance paid by card, and another customer's contract refused on
// every call.

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { hiddenInputs, postFormTo, unescapeHtml } from './support/html';
import { PortalClient } from './support/portal';

let s: TestService;
const DOCUMENT_MAX = 200_000;

beforeAll(async () => {
  const base = testConfig();
  s = await startService({
    config: {
      portal: { ...base.portal, demoData: true },
      uploads: { ...base.uploads, documentMaxBytes: DOCUMENT_MAX },
    },
  });
});
afterAll(async () => {
  await s?.close();
});

const db = () => s.testDb.db;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const GOOD_IBAN = 'CY17002001280000001200527600'; // Bank of Cyprus (002)
const HELLENIC_IBAN = 'CY32005001230000000012345678'; // Hellenic Bank (005)

let ipSeq = 0;
async function loggedIn(mobile = '99000001', lang: 'el' | 'en' = 'en') {
  const c = new PortalClient(s, { ip: `10.77.0.${++ipSeq}`, lang });
  expect((await c.login(mobile, DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

async function productOf(contractNo: string): Promise<string> {
  const [row] = await db().query<{ product_id: string }>(
    'SELECT product_id FROM contracts WHERE contract_no = $1',
    [contractNo],
  );
  return row.product_id;
}

function firstMessage(res: LightMyRequestResponse): string {
  return res.json().MESSAGES[0].MSGTEXT;
}

async function uploadCertificate(
  c: PortalClient,
  contractNo: string,
  bytes: Buffer = PDF,
  name = 'iban.pdf',
) {
  return c.upload(
    '/zcp/PayMeth/MUPLOAD',
    { name, bytes, type: 'application/pdf', field: 'FILE' },
    { CONTRACT_NO: contractNo, PRODUCT_ID: await productOf(contractNo) },
  );
}

describe('GET /zcp/paymeth/CHECKIBAN', () => {
  const check = (c: PortalClient, iban: string, lang?: 'el' | 'en') =>
    c.get(`/zcp/paymeth/CHECKIBAN?IBAN=${encodeURIComponent(iban)}`, { lang });

  it('accepts a good Cypriot IBAN, lower case and spaced, and names its bank', async () => {
    const c = await loggedIn();
    for (const typed of [
      GOOD_IBAN,
      'cy17 0020 0128 0000 0012 0052 7600',
      ' CY17-0020-0128-0000-0012-0052-7600 ',
    ]) {
      const res = await check(c, typed);
      expect(res.statusCode, typed).toBe(200);
      expect(res.json()).toEqual({
        IBAN: GOOD_IBAN,
        IBAN_DISPLAY: 'CY17 0020 0128 0000 0012 0052 7600',
        BANK: 'BCYPCY2N',
        BANK_CODE: '002',
      });
    }
    expect((await check(c, HELLENIC_IBAN)).json().BANK).toBe('HEBACY2N');
  });

  it('refuses a bad checksum, too long, too short and foreign IBANs with 422 MESSAGES/MSGTEXT', async () => {
    const c = await loggedIn();
    const cases: [string, string, string][] = [
      ['CY18002001280000001200527600', 'IBAN_INVALID', 'The IBAN you entered is incorrect.'],
      [`${GOOD_IBAN}0`, 'IBAN_INVALID', 'The IBAN you entered is incorrect.'],
      [GOOD_IBAN.slice(0, -1), 'IBAN_INVALID', 'The IBAN you entered is incorrect.'],
      ['CY17 0020 0128 0000 0012 0052 76O0', 'IBAN_INVALID', 'The IBAN you entered is incorrect.'],
      ['DE89370400440532013000', 'IBAN_COUNTRY', 'Only an account with a bank in Cyprus'],
      ['GR1601101250000000012300695', 'IBAN_COUNTRY', 'Only an account with a bank in Cyprus'],
      // A valid Cypriot IBAN of a bank we do not collect from (001, the Central Bank).
      ['CY11001001230000000012345678', 'IBAN_BANK', 'belongs to a bank we cannot collect direct debits from'],
    ];
    for (const [iban, code, text] of cases) {
      const res = await check(c, iban);
      expect(res.statusCode, iban).toBe(422);
      expect(res.json().CODE, iban).toBe(code);
      expect(res.json().MESSAGES[0].FIELD).toBe('IBAN');
      expect(firstMessage(res), iban).toContain(text);
    }
    const greek = await check(c, 'CY18002001280000001200527600', 'el');
    expect(firstMessage(greek)).toBe('Ο κωδικός IBAN που καταχωρίσατε είναι λανθασμένος.');
    expect((await check(c, '')).statusCode).toBe(422);
  });

  it('needs a login', async () => {
    const res = await new PortalClient(s).get(`/zcp/paymeth/CHECKIBAN?IBAN=${GOOD_IBAN}`);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /zcp/PayMeth/MUPLOAD', () => {
  it('stores a PDF certificate for the owner, recognised by its content', async () => {
    const c = await loggedIn();
    const res = await uploadCertificate(c, 'CY9000104');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      FILE_NAME: 'iban.pdf',
      MIME_TYPE: 'application/pdf',
      SIZE: PDF.length,
    });
    const [row] = await db().query<{ purpose: string; customer_no: string }>(
      'SELECT purpose, customer_no FROM uploads WHERE upload_id = $1',
      [res.json().UPLOAD_ID],
    );
    expect(row).toEqual({ purpose: 'paymethod-certificate', customer_no: '900001' });
  });

  it('refuses a wrong type under a right name, an oversized file and an empty one, in the language asked', async () => {
    const c = await loggedIn();
    const script = Buffer.from('#!/bin/sh\necho pwned\n');
    const wrong = await uploadCertificate(c, 'CY9000104', script, 'certificate.pdf');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().MESSAGES[0].FIELD).toBe('CERTIFICATE');
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]);
    expect((await uploadCertificate(c, 'CY9000104', zip, 'scan.jpg')).statusCode).toBe(422);
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX + 1)]);
    const oversized = await uploadCertificate(c, 'CY9000104', big, 'big.pdf');
    expect(oversized.statusCode).toBe(422);
    const empty = await uploadCertificate(c, 'CY9000104', Buffer.alloc(0), 'empty.pdf');
    expect(empty.statusCode).toBe(422);
    for (const res of [wrong, oversized, empty]) expect(firstMessage(res).length).toBeGreaterThan(10);
    const greek = await c.upload(
      '/zcp/PayMeth/MUPLOAD',
      { name: 'x.pdf', bytes: script, field: 'FILE' },
      { CONTRACT_NO: 'CY9000104', PRODUCT_ID: await productOf('CY9000104') },
      { lang: 'el' },
    );
    expect(firstMessage(greek)).toMatch(/[α-ω]/);
    const [{ n }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM uploads WHERE original_name IN ('certificate.pdf', 'scan.jpg', 'big.pdf', 'empty.pdf')`,
    );
    expect(n).toBe(0);
  });
});

describe('POST /zcp/contract/chgpaymeth (direct debit)', () => {
  async function change(c: PortalClient, contractNo: string, extra: Record<string, unknown> = {}) {
    return c.post('/zcp/contract/chgpaymeth', {
      CONTRACT_NO: contractNo,
      PRODUCT_ID: await productOf(contractNo),
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      IBAN: 'cy32 0050 0123 0000 0000 1234 5678',
      BANK: 'HEBACY2N',
      ACCOUNT_HOLDER_CONFIRMED: true,
      ...extra,
    });
  }

  it('switches a contract to direct debit; the detail then shows the IBAN masked', async () => {
    const c = await loggedIn();
    const certificate = (await uploadCertificate(c, 'CY9000104')).json().UPLOAD_ID;
    const res = await change(c, 'CY9000104', { CERTIFICATE_ID: certificate });
    expect(res.statusCode).toBe(200);
    // 2026-03-10 is a Tuesday: two working days later is Thursday.
    expect(res.json()).toMatchObject({
      CONTRACT_NO: 'CY9000104',
      EFFECTIVE_DATE: '2026-03-12',
      CS_PAYMENT_DATA: {
        PAYMENT_METHOD: 'DIRECT_DEBIT',
        IBAN: 'CY32 •••• •••• •••• •••• •••• 5678',
        BANK: 'HEBACY2N',
        ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
      },
    });
    const detail = await c.get(`/zcp/contract/detail/CY9000104/${await productOf('CY9000104')}`);
    expect(detail.json().CS_CUST_ENTITIES.CS_PAYMENT_DATA).toMatchObject({
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      IBAN: 'CY32 •••• •••• •••• •••• •••• 5678',
      CARD_NUMBER: '',
    });
    expect(detail.json().CS_CONTRACT.CONTRACT_VERSION).toBe(res.json().CONTRACT_VERSION);
    const [logged] = await db().query<{ iban: string; certificate_id: string }>(
      `SELECT iban, certificate_id::text FROM paymethod_changes WHERE contract_no = 'CY9000104'`,
    );
    expect(logged).toEqual({ iban: HELLENIC_IBAN, certificate_id: certificate });
  });

  it('refuses cash, a bank that is not the IBAN’s, no confirmation, no or a stranger’s certificate, and loses nothing', async () => {
    const c = await loggedIn();
    const certificate = (await uploadCertificate(c, 'CY9000106')).json().UPLOAD_ID;
    const before = await db().query('SELECT data, version FROM contracts WHERE contract_no = $1', [
      'CY9000106',
    ]);

    const cash = await change(c, 'CY9000106', { PAYMENT_METHOD: 'CASH', CERTIFICATE_ID: certificate });
    expect([cash.statusCode, cash.json().CODE]).toEqual([422, 'CASH_NOT_ALLOWED']);
    expect(firstMessage(cash)).toBe('Cash payment is not available in the portal.');
    const bank = await change(c, 'CY9000106', { BANK: 'BCYPCY2N', CERTIFICATE_ID: certificate });
    expect([bank.statusCode, bank.json().CODE, bank.json().MESSAGES[0].FIELD]).toEqual([
      422,
      'BANK_MISMATCH',
      'BANK',
    ]);
    const holder = await change(c, 'CY9000106', {
      ACCOUNT_HOLDER_CONFIRMED: false,
      CERTIFICATE_ID: certificate,
    });
    expect(holder.json().CODE).toBe('HOLDER_CONFIRMATION');
    expect((await change(c, 'CY9000106')).json().CODE).toBe('CERTIFICATE_REQUIRED');
    const badIban = await change(c, 'CY9000106', {
      IBAN: 'DE89370400440532013000',
      CERTIFICATE_ID: certificate,
    });
    expect(badIban.json().CODE).toBe('IBAN_COUNTRY');

    const other = await loggedIn('99000002');
    const strangers = (await uploadCertificate(other, 'CY9000201')).json().UPLOAD_ID;
    expect(strangers).toBeTruthy();
    expect((await change(c, 'CY9000106', { CERTIFICATE_ID: strangers })).json().CODE).toBe(
      'CERTIFICATE_REQUIRED',
    );

    const greek = await c.post(
      '/zcp/contract/chgpaymeth',
      { CONTRACT_NO: 'CY9000106', PRODUCT_ID: await productOf('CY9000106'), PAYMENT_METHOD: 'CASH' },
      { lang: 'el' },
    );
    expect(firstMessage(greek)).toBe('Η πληρωμή με μετρητά δεν είναι διαθέσιμη μέσω της πύλης πελατών.');
    const after = await db().query('SELECT data, version FROM contracts WHERE contract_no = $1', [
      'CY9000106',
    ]);
    expect(after).toEqual(before);
  });

  it('holds the minimum instalment of 5 euro: at the limit accepted, one cent below refused', async () => {
    const c = await loggedIn();
    const certificate = (await uploadCertificate(c, 'CY9000103')).json().UPLOAD_ID;
    const setPremium = (cents: number) =>
      db().query(
        `UPDATE contracts SET premium_cents = $2,
           data = jsonb_set(data, '{CS_POLICY,INSTALLMENT_NUMBER}', '10', true) WHERE contract_no = $1`,
        ['CY9000103', cents],
      );
    await setPremium(4999);
    const below = await change(c, 'CY9000103', { CERTIFICATE_ID: certificate });
    expect([below.statusCode, below.json().CODE]).toEqual([422, 'MIN_INSTALMENT']);
    expect(firstMessage(below)).toBe('The minimum instalment for direct debit is €5.');
    const options = await c.get(`/zcp/paymeth/options/CY9000103/${await productOf('CY9000103')}`);
    expect(options.json()).toMatchObject({ DIRECT_DEBIT_AVAILABLE: false, INSTALLMENT_AMOUNT: 4.99 });
    await setPremium(5000);
    expect((await change(c, 'CY9000103', { CERTIFICATE_ID: certificate })).statusCode).toBe(200);
    await setPremium(3800);
  });

  it('says "temporarily unavailable" for the blocked demo contract, on every changing call', async () => {
    const c = await loggedIn();
    const product = await productOf('CY9000105');
    const options = await c.get(`/zcp/paymeth/options/CY9000105/${product}`);
    expect(options.json()).toMatchObject({ CHANGE_AVAILABLE: false });
    const certificate = (await uploadCertificate(c, 'CY9000105')).json().UPLOAD_ID;
    const answers = [
      await change(c, 'CY9000105', { CERTIFICATE_ID: certificate }),
      await c.post('/zcp/jcc/JCCFunc/REGCARD', { CONTRACT_NO: 'CY9000105', PRODUCT_ID: product }),
    ];
    for (const res of answers) {
      expect([res.statusCode, res.json().CODE]).toEqual([422, 'PAYMETH_UNAVAILABLE']);
      expect(firstMessage(res)).toBe(
        'Changing the payment method is temporarily unavailable for this contract.',
      );
    }
  });
});

// ---- card through the provider sandbox ----------------------------------------------------------

const postForm = (url: string, fields: Record<string, string>) => postFormTo(s.app, url, fields);

/** The provider's page: posts the signed form, pays with a test card, answers the signed return. */
async function payOnProvider(esReturn: { URL: string; FIELDS: Record<string, string> }, cardNumber: string) {
  const cardPage = await postForm(new URL(esReturn.URL).pathname, esReturn.FIELDS);
  expect(cardPage.statusCode).toBe(200);
  const result = await postForm('/sandbox/jcc/pay', {
    ...hiddenInputs(cardPage.body),
    action: 'pay',
    cardNumber,
    expiry: '11/29',
    cvv: '123',
    holder: 'ANDREAS GEORGIOU',
  });
  expect(result.statusCode).toBe(200);
  const action = /<form id="merchant-return" method="post" action="([^"]+)">/.exec(result.body);
  expect(action).not.toBeNull();
  return { path: new URL(unescapeHtml(action![1])).pathname, fields: hiddenInputs(result.body) };
}

describe('card: REGCARD, the provider return, ORDSTAT, CHGEXPDATE', () => {
  it('registers a card: only the binding, the masked number and the expiry are kept; a replayed return applies once', async () => {
    const c = await loggedIn();
    const product = await productOf('CY9000102');
    const reg = await c.post('/zcp/jcc/JCCFunc/REGCARD', { CONTRACT_NO: 'CY9000102', PRODUCT_ID: product });
    expect(reg.statusCode).toBe(200);
    const data = reg.json().ES_RETURN_DATA;
    expect(data.FIELDS).toMatchObject({ CaptureFlag: 'M', PurchaseAmt: '000000000100' });
    const orderId = data.ORDER_ID as string;

    const back = await payOnProvider(data, '4000000000000002');
    const first = await postForm(back.path, back.fields);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(
      `${s.config.payment.publicUrl}/my-contract/CY9000102/payment-method-details?ORDER_ID=${orderId}`,
    );
    const replay = await postForm(back.path, back.fields);
    expect(replay.statusCode).toBe(303);

    const changes = await db().query<{ binding_id: string }>(
      `SELECT binding_id FROM paymethod_changes WHERE contract_no = 'CY9000102'`,
    );
    expect(changes).toHaveLength(1);
    const [contract] = await db().query<{ data: Record<string, unknown>; version: number }>(
      `SELECT data, version FROM contracts WHERE contract_no = 'CY9000102'`,
    );
    const stored = contract.data.CS_PAYMENT_DATA as Record<string, string>;
    expect(stored).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_EXPIRY: '11/2029',
      CARD_NUMBER: '•••• 0002',
    });
    expect(stored.BINDING_ID).toBe(changes[0].binding_id);
    expect(stored.BINDING_ID).toMatch(/^BND-/);
    expect(stored.IBAN).toBeUndefined();
    // No card number anywhere: the contract, the order and the provider sandbox's own record.
    for (const table of ['contracts', 'payment_orders', 'sandbox_orders', 'paymethod_changes']) {
      const rows = await db().query(`SELECT * FROM ${table}`);
      expect(JSON.stringify(rows), table).not.toContain('4000000000000002');
    }

    const status = await c.get(`/zcp/paymeth/ORDSTAT?ORDER_ID=${orderId}`);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ ORDER_ID: orderId, CONTRACT_NO: 'CY9000102' });
    expect(['SUCCESS', 'SUCCESS_PENDING']).toContain(status.json().STATUS);

    const detail = await c.get(`/zcp/contract/detail/CY9000102/${product}`);
    expect(detail.json().CS_CUST_ENTITIES.CS_PAYMENT_DATA).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 0002',
      CARD_EXPIRY: '11/2029',
      IBAN: '',
    });

    // A new expiry for that binding; a past one, a wrong binding and a stranger's customer number refused.
    const expiry = (extra: Record<string, string>) =>
      c.post('/zcp/jcc/ChgExpDate/CHGEXPDATE', {
        CUSTOMER_NO: '900001',
        CONTRACT_NO: 'CY9000102',
        PRODUCT_ID: product,
        BINDING_ID: stored.BINDING_ID,
        NEW_EXPIRY: '04/31',
        ...extra,
      });
    const ok = await expiry({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().CS_PAYMENT_DATA.CARD_EXPIRY).toBe('04/2031');
    expect((await expiry({ NEW_EXPIRY: '02/26' })).json().CODE).toBe('EXPIRY_INVALID');
    expect((await expiry({ NEW_EXPIRY: '13/30' })).json().CODE).toBe('EXPIRY_INVALID');
    expect((await expiry({ NEW_EXPIRY: '03/26' })).statusCode).toBe(200);
    expect((await expiry({ BINDING_ID: 'BND-somebody-else' })).json().CODE).toBe('BINDING_NOT_FOUND');
    expect((await expiry({ CUSTOMER_NO: '900002' })).json().CODE).toBe('BINDING_NOT_FOUND');
  });

  it('a declined card changes nothing', async () => {
    const c = await loggedIn();
    const product = await productOf('CY9000101');
    const before = await db().query(`SELECT data FROM contracts WHERE contract_no = 'CY9000101'`);
    const reg = await c.post('/zcp/jcc/JCCFunc/REGCARD', { CONTRACT_NO: 'CY9000101', PRODUCT_ID: product });
    const back = await payOnProvider(reg.json().ES_RETURN_DATA, '4000000000000028');
    await postForm(back.path, back.fields);
    const status = await c.get(`/zcp/paymeth/ORDSTAT?ORDER_ID=${reg.json().ES_RETURN_DATA.ORDER_ID}`);
    expect(status.json().STATUS).toBe('FAILED');
    expect(await db().query(`SELECT data FROM contracts WHERE contract_no = 'CY9000101'`)).toEqual(before);
  });

  it('pays a pending balance with REGPAY (CONTRACT_NO) once, and PendPaymTimeOut answers the owner', async () => {
    const c = await loggedIn();
    const product = await productOf('CY9000103');
    const reg = await c.post('/zcp/jcc/JCCFunc/REGPAY', { CONTRACT_NO: 'CY9000103', PRODUCT_ID: product });
    expect(reg.statusCode).toBe(200);
    expect(reg.json().ES_RETURN_DATA.FIELDS).toMatchObject({ CaptureFlag: 'A', PurchaseAmt: '000000003800' });
    const back = await payOnProvider(reg.json().ES_RETURN_DATA, '4000000000000002');
    await postForm(back.path, back.fields);
    await postForm(back.path, back.fields);
    const [row] = await db().query<{ balance_cents: number; status: string }>(
      `SELECT balance_cents, status FROM contracts WHERE contract_no = 'CY9000103'`,
    );
    expect(row).toEqual({ balance_cents: 0, status: 'ACTIVE' });
    const again = await c.post('/zcp/jcc/JCCFunc/REGPAY', { CONTRACT_NO: 'CY9000103', PRODUCT_ID: product });
    expect([again.statusCode, again.json().CODE]).toEqual([422, 'NO_BALANCE']);

    const pend = await c.post('/zcp/jcc/PendPaymTimeOut/pendtimeout', {
      CONTRACT_NO: 'CY9000103',
      PRODUCT_ID: product,
      I_MODE: '1',
    });
    expect(pend.statusCode).toBe(200);
    expect(pend.json()).toMatchObject({ CONTRACT_NO: 'CY9000103', STATUS: 'ACTIVE' });
    // Without the CSRF token the balance payment is refused like every portal change.
    const noCsrf = await c.post(
      '/zcp/jcc/JCCFunc/REGPAY',
      { CONTRACT_NO: 'CY9000103', PRODUCT_ID: product },
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe("another customer's contract", () => {
  it('is refused on every payment-method call, and their orders are not readable', async () => {
    const owner = await loggedIn('99000001');
    const product = await productOf('CY9000101');
    const reg = await owner.post('/zcp/jcc/JCCFunc/REGCARD', {
      CONTRACT_NO: 'CY9000101',
      PRODUCT_ID: product,
    });
    const ownersOrder = reg.json().ES_RETURN_DATA.ORDER_ID;

    const c = await loggedIn('99000002');
    const key = { CONTRACT_NO: 'CY9000101', PRODUCT_ID: product };
    const calls = [
      await c.get(`/zcp/paymeth/options/CY9000101/${product}`),
      await c.post('/zcp/contract/chgpaymeth', { ...key, PAYMENT_METHOD: 'DIRECT_DEBIT', IBAN: GOOD_IBAN }),
      await c.post('/zcp/jcc/JCCFunc/REGCARD', key),
      await c.post('/zcp/jcc/JCCFunc/REGPAY', key),
      await c.post('/zcp/jcc/ChgExpDate/CHGEXPDATE', {
        ...key,
        CUSTOMER_NO: '900002',
        BINDING_ID: 'BND-900101-7f3a',
        NEW_EXPIRY: '10/30',
      }),
      await c.upload('/zcp/PayMeth/MUPLOAD', { name: 'a.pdf', bytes: PDF, field: 'FILE' }, key),
    ];
    for (const [i, res] of calls.entries()) expect(res.statusCode, `call ${i}`).toBe(403);
    expect((await c.get(`/zcp/paymeth/ORDSTAT?ORDER_ID=${ownersOrder}`)).statusCode).toBe(404);
    const pend = await c.post('/zcp/jcc/PendPaymTimeOut/pendtimeout', { ...key, I_MODE: '1' });
    expect(pend.statusCode).toBe(404);
    // Anonymous: no login, no answer.
    const anonymous = new PortalClient(s);
    expect((await anonymous.get(`/zcp/paymeth/options/CY9000101/${product}`)).statusCode).toBe(401);
    expect((await anonymous.get(`/zcp/paymeth/ORDSTAT?ORDER_ID=${ownersOrder}`)).statusCode).toBe(404);
    const [{ n }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_orders WHERE contract_no = 'CY9000101' AND customer_no <> '900001'`,
    );
    expect(n).toBe(0);
  });
});
