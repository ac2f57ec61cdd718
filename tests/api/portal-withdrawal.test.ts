// The right of withdrawal (issue 28 item 1): within the product's 14 days from the policy's issue
// and without a claim, the portal's contract page offers it with the engine's refund; confirmed by
// the password (its lock counts), the card is refunded through the sandbox provider's refund call
// (or the refund recorded for the back office), the contract shows WITHDRAWN and a confirmation
// mail with its PDF is queued. Day 0, 14 and 15; a claim; twice and in parallel; another
// customer; the guest link of the policy e-mail (bad and expired tokens, one-time code); and the
// live-mode refund client speaking refund.do to the sandbox over HTTP; a card refund cut off by a
// stopped instance, resumed once without refunding twice.

import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, policyEndDate } from '../../src/engine/dates';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { withdrawalTerms } from '../../src/engine/withdrawal';
import {
  createHttpRefundClient,
  createSandboxRefundClient,
  type RefundClient,
} from '../../src/server/cardProvider/refunds';
import { createWithdrawalLink } from '../../src/server/contracts/withdrawal/links';
import {
  resumeWithdrawalRefunds,
  STALE_REFUND_MS,
  type WithdrawalDeps,
  withdraw,
} from '../../src/server/contracts/withdrawal/service';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { SANDBOX_MERCHANT } from '../../src/server/payments/config';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { SoftAuthenticator } from './support/softAuthenticator';

let s: TestService;
const TODAY = '2026-03-10'; // the test clock's day in Cyprus

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

async function loggedIn(mobile: string, ip: string, lang: 'el' | 'en' = 'en') {
  const c = new PortalClient(s, { ip, lang });
  expect((await c.login(mobile, DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

let seq = 0;
/**
 * A motor contract of customer 900008 (or of nobody: a purchase without an account) issued on
 * `issuedOn`, its cover from that day for a year, paid by card through the sandbox unless `card`
 * is false.
 */
async function contract(
  issuedOn: string,
  opts: { card?: boolean; customerNo?: string | null; cents?: number; mail?: string } = {},
) {
  const db = s.testDb.db;
  seq += 1;
  const no = `CYW${String(seq).padStart(4, '0')}`;
  const offerNo = `OFW${String(seq).padStart(4, '0')}`;
  const cents = opts.cents ?? 36_500;
  const expiry = policyEndDate(issuedOn);
  const quote = {
    CS_POLICY: { PRODUCT_ID: '120', PACKAGE_ID: 'COMP', CONTRACT_NO: no },
    CS_POLICY_HOLDER: {
      FIRST_NAME: 'Χριστίνα',
      LAST_NAME: 'Παπαδοπούλου',
      MAIL_ADDRESS: opts.mail ?? 'christina.papadopoulou@example.com.cy',
      MOB_PHONE_NO: '99000008',
    },
    CS_VEHICLE: { LICENSE_PLATE: 'KXR204', MANUFACTURER: 'TOYOTA', MODEL: 'YARIS' },
    ...(opts.card === false ? {} : { PAYMENT: { PADDED_CARD_NO: '431280******7315' } }),
  };
  const customerNo = opts.customerNo === undefined ? '900008' : opts.customerNo;
  await db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, customer_no,
       status, expiry_date)
     VALUES ($1, 'motor', '120', 'COMP', $2::jsonb, $3, $4, $5, 'PAID', $6::date)`,
    [
      offerNo,
      JSON.stringify(quote),
      cents,
      quote.CS_POLICY_HOLDER.MAIL_ADDRESS,
      customerNo,
      addDays(issuedOn, 30),
    ],
  );
  await db.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data, created_at)
     VALUES ($1, $2, '120', 'COMP', $3, $4::date, $5::date, $6, 0, 'ACTIVE', $7::jsonb, $8::timestamptz)`,
    [no, offerNo, customerNo, issuedOn, expiry, cents, JSON.stringify(quote), `${issuedOn}T08:00:00Z`],
  );
  if (opts.card !== false) {
    await db.query(
      `INSERT INTO sandbox_orders (mer_id, order_id, acq_id, amount_cents, currency, capture_flag, mer_resp_url,
         page_token, order_status, action_code, response_code, reason_code)
       VALUES ($1, $2, $3, $4, '978', 'A', 'http://localhost/zcp/jcc/return', 't', 2, 0, '1', '1')`,
      [SANDBOX_MERCHANT.merchantId, `${offerNo}-1`, SANDBOX_MERCHANT.acquirerId, cents],
    );
    await db.query(
      `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, status, contract_no, provider_order_status)
       VALUES ($1, $2, 1, $3, 'APPROVED', $4, 2)`,
      [`${offerNo}-1`, offerNo, cents, no],
    );
  }
  return { no, offerNo, cents, expiry, orderId: `${offerNo}-1` };
}

const refunded = async (orderId: string) =>
  Number(
    (
      await s.testDb.db.query<{ refunded_cents: number }>(
        'SELECT refunded_cents FROM sandbox_orders WHERE order_id = $1',
        [orderId],
      )
    )[0]?.refunded_cents ?? 0,
  );

const withdrawOf = (c: PortalClient, no: string, password = DEMO_PASSWORD) =>
  c.post('/zcp/contract/withdraw', { CONTRACT_NO: no, PRODUCT_ID: '120', PASSWORD: password });

describe('withdrawal in the portal', () => {
  let c: PortalClient;
  beforeAll(async () => {
    c = await loggedIn('99000008', '10.28.1.1');
  });

  it('on the day of issue offers the refund the engine computes, to the card', async () => {
    const k = await contract(TODAY);
    const res = await c.get(`/zcp/contract/withdrawal/${k.no}/120`);
    expect(res.statusCode).toBe(200);
    const terms = withdrawalTerms({
      premiumCents: k.cents,
      paidCents: k.cents,
      startDate: TODAY,
      expiryDate: k.expiry,
      issuedOn: TODAY,
      today: TODAY,
      periodDays: 14,
      hasClaim: false,
    });
    expect(res.json()).toMatchObject({
      ELIGIBLE: true,
      REASON: null,
      PERIOD_DAYS: 14,
      LAST_DAY: '2026-03-24',
      COVERED_DAYS: 1,
      REFUND_AMOUNT: terms.refundCents / 100,
      REFUND_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 7315',
      WITHDRAWAL: null,
    });
  });

  it('on day 14 withdraws once: card refunded by the sandbox, WITHDRAWN, mail with the PDF; a second time refunds nothing', async () => {
    const k = await contract(addDays(TODAY, -14));
    const done = await withdrawOf(c, k.no);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toMatchObject({
      STATUS: 'WITHDRAWN',
      WITHDRAWAL: { REFUND_STATUS: 'REFUNDED', REFUND_METHOD: 'CARD' },
    });
    // 15 of 365 days covered (the issue day and today included).
    expect(body.WITHDRAWAL.COVERED_DAYS).toBe(15);
    expect(body.WITHDRAWAL.REFUND_AMOUNT).toBe(350);
    expect(await refunded(k.orderId)).toBe(35_000);

    const detail = await c.get(`/zcp/contract/detail/${k.no}/120`);
    expect(detail.json().CS_CONTRACT).toMatchObject({ STATUS: 'WITHDRAWN', STATUS_DESC: 'Withdrawn' });
    // Kept in the list, with its new status.
    const list = (await c.get('/zcp/contract/search/900008')).json().CT_CONTRACTS as Record<
      string,
      unknown
    >[];
    expect(list.find((e) => e.CONTRACT_NO === k.no)).toMatchObject({
      STATUS: 'WITHDRAWN',
      STATUS_DESC: 'Withdrawn',
    });

    const again = await withdrawOf(c, k.no);
    expect(again.statusCode).toBe(409);
    expect(again.json().CODE).toBe('WITHDRAWN');
    expect(await refunded(k.orderId)).toBe(35_000);
    const state = (await c.get(`/zcp/contract/withdrawal/${k.no}/120`)).json();
    expect(state).toMatchObject({ ELIGIBLE: false, REASON: 'WITHDRAWN', WITHDRAWAL: { REFUND_AMOUNT: 350 } });

    const [mail] = await s.testDb.db.query<{ id: number; subject: string; body_text: string }>(
      `SELECT id, subject, body_text FROM outbox WHERE template = 'withdrawalConfirmed' AND subject LIKE $1`,
      [`%${k.no}%`],
    );
    expect(mail.subject).toBe(`Withdrawal from policy ${k.no}`);
    expect(mail.body_text).toContain('€350');
    const [file] = await s.testDb.db.query<{ file_name: string; content: Uint8Array }>(
      'SELECT file_name, content FROM outbox_attachments WHERE outbox_id = $1',
      [mail.id],
    );
    expect(file.file_name).toBe(`withdrawal-${k.no}-en.pdf`);
    const text = (await new PDFParse({ data: Buffer.from(file.content) }).getText()).text;
    expect(text).toContain('Withdrawal confirmation');
    expect(text).toContain('350.00');

    const pdf = await c.post(
      '/zcp/contract/withdrawal/print',
      { CONTRACT_NO: k.no, PRODUCT_ID: '120' },
      { lang: 'el' },
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const greek = (await new PDFParse({ data: pdf.rawPayload }).getText()).text;
    expect(greek).toContain('Βεβαίωση υπαναχώρησης');
  });

  it('on day 15 refuses with the reason and the call centre, in Greek too', async () => {
    const k = await contract(addDays(TODAY, -15));
    const state = (await c.get(`/zcp/contract/withdrawal/${k.no}/120`, { lang: 'el' })).json();
    expect(state).toMatchObject({ ELIGIBLE: false, REASON: 'PERIOD_OVER', CALL_CENTRE: '8000 8787' });
    expect(state.REASON_TEXT).toContain('έληξε στις 09/03/2026');
    const res = await withdrawOf(c, k.no);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ CODE: 'PERIOD_OVER', CALL_CENTRE: '8000 8787' });
    expect(res.json().MESSAGES[0].MSGTEXT).toContain('8000 8787');
    expect(await refunded(k.orderId)).toBe(0);
  });

  it('refuses within the period when a claim is recorded', async () => {
    const k = await contract(addDays(TODAY, -3));
    await s.testDb.db.query(
      `INSERT INTO claims (claim_no, customer_no, contract_no, product_code, incident_date, submitted_on)
       VALUES ($1, '900008', $2, 'MOTOR', $3::date, $3::date)`,
      [`CLW${k.no}`, k.no, addDays(TODAY, -1)],
    );
    expect((await c.get(`/zcp/contract/withdrawal/${k.no}/120`)).json()).toMatchObject({ REASON: 'CLAIM' });
    const res = await withdrawOf(c, k.no);
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('CLAIM');
    expect(await refunded(k.orderId)).toBe(0);
  });

  it('a double click (parallel requests) withdraws and refunds exactly once', async () => {
    const k = await contract(addDays(TODAY, -5));
    const answers = await Promise.all(Array.from({ length: 5 }, () => withdrawOf(c, k.no)));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const rows = await s.testDb.db.query('SELECT * FROM withdrawals WHERE contract_no = $1', [k.no]);
    expect(rows).toHaveLength(1);
    expect(await refunded(k.orderId)).toBe(Number(rows[0].refund_cents));
    const mails = await s.testDb.db.query(
      `SELECT 1 FROM outbox WHERE template = 'withdrawalConfirmed' AND subject LIKE $1`,
      [`%${k.no}%`],
    );
    expect(mails).toHaveLength(1);
  });

  it('a wrong password withdraws nothing and counts towards the lock', async () => {
    const k = await contract(addDays(TODAY, -1));
    const res = await withdrawOf(c, k.no, 'Wrong!Password1');
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('WRONG_PASSWORD');
    const [user] = await s.testDb.db.query<{ failed_logins: number }>(
      `SELECT failed_logins FROM portal_users WHERE user_id = 'U900008'`,
    );
    expect(Number(user.failed_logins)).toBe(1);
    expect((await c.get(`/zcp/contract/withdrawal/${k.no}/120`)).json().ELIGIBLE).toBe(true);
    expect((await withdrawOf(c, k.no)).statusCode).toBe(200);
  });

  it('is confirmed by a passkey instead of the password: this session, this user, its own challenge', async () => {
    const k = await contract(addDays(TODAY, -3));
    const noPassword = () => c.post('/zcp/contract/withdraw', { CONTRACT_NO: k.no, PRODUCT_ID: '120' });
    const before = await noPassword();
    expect(before.json()).toMatchObject({ CODE: 'PASSWORD_REQUIRED' });
    const phone = new SoftAuthenticator(s.config.portal.webauthnOrigin, s.config.portal.webauthnRpId);
    const registration = (await c.post('/zcp/um/passkey/register/options')).json();
    expect(
      (
        await c.post('/zcp/um/passkey/register/verify', {
          RESPONSE: phone.create(registration),
          NAME: 'Κινητό',
        })
      ).statusCode,
    ).toBe(200);
    // Another customer's session cannot use this customer's passkey, nor this session's challenge.
    const other = await loggedIn('99000001', '10.28.1.9');
    const options = (await c.post('/zcp/um/reauthpasskey/options')).json();
    expect(
      (await other.post('/zcp/um/reauthpasskey/verify', { RESPONSE: phone.get(options) })).json().CODE,
    ).toBe('PASSKEY_FAILED');
    expect((await other.post('/zcp/um/reauthpasskey/options')).json().CODE).toBe('PASSKEY_FAILED');
    // For another site (a phishing page) the assertion is refused too.
    const fresh = (await c.post('/zcp/um/reauthpasskey/options')).json();
    const phished = phone.get(fresh, 'https://gic-login.example.net');
    expect((await c.post('/zcp/um/reauthpasskey/verify', { RESPONSE: phished })).statusCode).toBe(422);
    expect((await noPassword()).json().CODE).toBe('PASSWORD_REQUIRED');

    const good = (await c.post('/zcp/um/reauthpasskey/options')).json();
    expect((await c.post('/zcp/um/reauthpasskey/verify', { RESPONSE: phone.get(good) })).statusCode).toBe(
      204,
    );
    const done = await noPassword();
    expect(done.statusCode).toBe(200);
    expect(done.json().STATUS).toBe('WITHDRAWN');
    // The re-confirmation lasts the portal's re-auth minutes, not for ever.
    const later = await contract(addDays(TODAY, -3));
    await s.testDb.db.query(
      `UPDATE portal_sessions SET reauth_at = $1::timestamptz WHERE user_id = 'U900008' AND reauth_at IS NOT NULL`,
      [new Date(s.clock.now().getTime() - (s.config.portal.reauthMinutes + 1) * 60_000).toISOString()],
    );
    const stale = await c.post('/zcp/contract/withdraw', { CONTRACT_NO: later.no, PRODUCT_ID: '120' });
    expect(stale.json().CODE).toBe('PASSWORD_REQUIRED');
  });

  it('a contract paid otherwise is recorded for the back office', async () => {
    const k = await contract(addDays(TODAY, -2), { card: false });
    const state = (await c.get(`/zcp/contract/withdrawal/${k.no}/120`)).json();
    expect(state).toMatchObject({ ELIGIBLE: true, REFUND_METHOD: 'BACK_OFFICE', CARD_NUMBER: '' });
    const res = await withdrawOf(c, k.no);
    expect(res.json().WITHDRAWAL).toMatchObject({ REFUND_METHOD: 'BACK_OFFICE', REFUND_STATUS: 'RECORDED' });
  });

  it("answers 403 for another customer's contract on every call, and 401 without a login", async () => {
    const k = await contract(addDays(TODAY, -1));
    const other = await loggedIn('99000001', '10.28.1.2');
    expect((await other.get(`/zcp/contract/withdrawal/${k.no}/120`)).statusCode).toBe(403);
    expect((await withdrawOf(other, k.no)).statusCode).toBe(403);
    expect(
      (await other.post('/zcp/contract/withdrawal/print', { CONTRACT_NO: k.no, PRODUCT_ID: '120' }))
        .statusCode,
    ).toBe(403);
    const anonymous = new PortalClient(s, { ip: '10.28.1.3' });
    await anonymous.fetchCsrf();
    expect((await anonymous.get(`/zcp/contract/withdrawal/${k.no}/120`)).statusCode).toBe(401);
    expect((await withdrawOf(anonymous, k.no)).statusCode).toBe(401);
    expect((await c.get(`/zcp/contract/withdrawal/${k.no}/120`)).json().ELIGIBLE).toBe(true);
  });

  it('the demo contract CY9000801 is within its period, paid by card through the sandbox', async () => {
    const state = (await c.get('/zcp/contract/withdrawal/CY9000801/120')).json();
    expect(state).toMatchObject({ ELIGIBLE: true, REFUND_METHOD: 'CARD', LAST_DAY: addDays(TODAY, 12) });
  });
});

describe('withdrawal by the link of the policy e-mail', () => {
  const mail = 'nikos.antoniou@example.com.cy';
  const link = (token: unknown) =>
    s.call({ method: 'POST', url: '/zcp/withdrawal/link', payload: { TOKEN: token }, lang: 'en' });

  it('refuses a bad or an expired token with one answer', async () => {
    for (const token of ['nope', 'A'.repeat(43), 42]) {
      const res = await link(token);
      expect([400, 404]).toContain(res.statusCode);
    }
    expect((await link('A'.repeat(43))).json().CODE).toBe('BAD_LINK');
    const k = await contract(addDays(TODAY, -1), { customerNo: null, mail });
    const token = await createWithdrawalLink(s.testDb.db, k.no, new Date(s.clock.now().getTime() - 1000));
    expect((await link(token)).json().CODE).toBe('BAD_LINK');
  });

  it('withdraws with a code mailed to the policy address, once', async () => {
    const k = await contract(addDays(TODAY, -4), { customerNo: null, mail });
    const token = await createWithdrawalLink(s.testDb.db, k.no, new Date(`${addDays(TODAY, 40)}T00:00:00Z`));
    const state = (await link(token)).json();
    expect(state).toMatchObject({ ELIGIBLE: true, REFUND_METHOD: 'CARD', MAIL_HINT: 'n•••@example.com.cy' });
    expect(state.MOBILE_HINT).toMatch(/08$/);

    const post = (url: string, payload: Record<string, unknown>) =>
      s.call({ method: 'POST', url, payload: { TOKEN: token, CHANNEL: 'MAIL', ...payload }, lang: 'en' });
    expect((await post('/zcp/withdrawal/link/code', {})).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    const wrong = await post('/zcp/withdrawal/link/withdraw', {
      CODE: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().CODE).toBe('CODE_INVALID');
    const done = await post('/zcp/withdrawal/link/withdraw', { CODE: code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ STATUS: 'WITHDRAWN', WITHDRAWAL: { REFUND_STATUS: 'REFUNDED' } });
    expect(await refunded(k.orderId)).toBeGreaterThan(0);
    const again = await post('/zcp/withdrawal/link/withdraw', { CODE: code });
    expect(again.statusCode).toBe(409);
    expect((await post('/zcp/withdrawal/link/code', {})).statusCode).toBe(409);
    expect((await s.mailbox(mail)).some((m) => m.template === 'withdrawalConfirmed')).toBe(true);
  });

  it('the code’s e-mail names the contract; an expired code withdraws nothing, in Greek too', async () => {
    const k = await contract(addDays(TODAY, -2), { customerNo: null, mail });
    const token = await createWithdrawalLink(s.testDb.db, k.no, new Date(`${addDays(TODAY, 40)}T00:00:00Z`));
    const post = (url: string, payload: Record<string, unknown>, lang: 'el' | 'en' = 'en') =>
      s.call({ method: 'POST', url, payload: { TOKEN: token, CHANNEL: 'MAIL', ...payload }, lang });
    expect((await post('/zcp/withdrawal/link/code', {}, 'el')).statusCode).toBe(204);
    const [codeMail] = await s.mailbox(mail);
    expect(codeMail.template).toBe('withdrawalCode');
    expect(codeMail.subject).toContain(k.no);
    expect(codeMail.text).toContain(k.no);
    const code = await s.lastCode(mail);
    expect(codeMail.subject).toContain(code);

    const ttl = testConfig().otpTtlMinutes * 60_000;
    s.clock.advance(ttl + 60_000);
    try {
      const late = await post('/zcp/withdrawal/link/withdraw', { CODE: code }, 'el');
      expect(late.statusCode).toBe(422);
      expect(late.json().CODE).toBe('CODE_EXPIRED');
      expect(late.json().MESSAGES[0].MSGTEXT).toMatch(/κωδικ/i);
    } finally {
      s.clock.advance(-(ttl + 60_000));
    }
    expect((await link(token)).json()).toMatchObject({ ELIGIBLE: true, WITHDRAWAL: null });
    expect(await refunded(k.orderId)).toBe(0);
  });

  it('a code is bound to its channel: the mailed code does not withdraw by SMS', async () => {
    const k = await contract(addDays(TODAY, -3), { customerNo: null, mail });
    const token = await createWithdrawalLink(s.testDb.db, k.no, new Date(`${addDays(TODAY, 40)}T00:00:00Z`));
    const post = (url: string, payload: Record<string, unknown>) =>
      s.call({ method: 'POST', url, payload: { TOKEN: token, ...payload }, lang: 'en' });
    expect((await post('/zcp/withdrawal/link/code', { CHANNEL: 'MAIL' })).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    const wrongWay = await post('/zcp/withdrawal/link/withdraw', { CHANNEL: 'SMS', CODE: code });
    expect(wrongWay.statusCode).toBe(422);
    expect(['CODE_INVALID', 'CODE_EXPIRED']).toContain(wrongWay.json().CODE);
    expect((await link(token)).json().ELIGIBLE).toBe(true);
  });

  it('the demo guests: the policy e-mail’s link opens their withdrawal, within and past the period', async () => {
    const tokenOf = async (to: string) => {
      const policy = (await s.mailbox(to)).find((m) => m.template === 'policyIssued');
      const token = /\/withdraw#([A-Za-z0-9_-]{43})/.exec(policy?.text ?? '')?.[1];
      expect(token, `the withdrawal link mailed to ${to}`).toBeTruthy();
      return token as string;
    };
    const within = (await link(await tokenOf('kyriakos.ioannou@example.com.cy'))).json();
    expect(within).toMatchObject({ CONTRACT_NO: 'CY9000901', ELIGIBLE: true, REFUND_METHOD: 'CARD' });
    expect(within.PRODUCT_DESC).toBeTruthy();
    expect(within.REFUND_AMOUNT).toBeGreaterThan(0);
    const past = (await link(await tokenOf('panagiota.sokratous@example.com.cy'))).json();
    expect(past).toMatchObject({ CONTRACT_NO: 'CY9000902', ELIGIBLE: false, REASON: 'PERIOD_OVER' });
  });

  it('a code for the SMS goes to the policy mobile; past the period the page says why', async () => {
    const k = await contract(addDays(TODAY, -20), { customerNo: null, mail });
    const token = await createWithdrawalLink(s.testDb.db, k.no, new Date(`${addDays(TODAY, 40)}T00:00:00Z`));
    expect((await link(token)).json()).toMatchObject({
      ELIGIBLE: false,
      REASON: 'PERIOD_OVER',
      CALL_CENTRE: '8000 8787',
    });
    const res = await s.call({
      method: 'POST',
      url: '/zcp/withdrawal/link/code',
      payload: { TOKEN: token, CHANNEL: 'SMS' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('PERIOD_OVER');
  });
});

describe('a card refund cut off by a stopped instance', () => {
  const quiet = { info: () => {}, error: () => {} };
  const sandbox = () => createSandboxRefundClient(s.testDb.db, SANDBOX_MERCHANT.merchantId, s.clock.now);
  const never = new Promise<never>(() => {});
  /** The provider does the refund (or not, with `refundFirst` false), then the instance stops. */
  const stopping = (refundFirst: boolean): RefundClient => ({
    refundedCents: (orderId) => sandbox().refundedCents(orderId),
    refund: async (orderId, cents) => {
      if (refundFirst) await sandbox().refund(orderId, cents);
      return never;
    },
  });
  let bundles: WithdrawalDeps['bundles'];
  beforeAll(async () => {
    bundles = await loadFlowBundles();
  });
  const deps = (refunds: RefundClient): WithdrawalDeps => ({
    db: s.testDb.db,
    bundles,
    refunds,
    now: s.clock.now,
    today: () => TODAY,
    log: quiet,
  });
  const row = async (no: string) =>
    (
      await s.testDb.db.query<{ refund_status: string; refund_orders: unknown }>(
        'SELECT refund_status, refund_orders FROM withdrawals WHERE contract_no = $1',
        [no],
      )
    )[0];
  const confirmations = async (to: string) =>
    (await s.mailbox(to)).filter((m) => m.template === 'withdrawalConfirmed').length;
  /** Withdraws through a client that stops the instance; the withdrawal is written, its refund left PENDING. */
  const cutOff = async (refundFirst: boolean, mail: string) => {
    const k = await contract(addDays(TODAY, -2), { customerNo: null, mail });
    void withdraw(deps(stopping(refundFirst)), k.no, 'LINK', 'el', mail);
    await expect.poll(async () => (await row(k.no))?.refund_status).toBe('PENDING');
    return k;
  };
  const later = async (ms: number, run: () => Promise<unknown>) => {
    s.clock.advance(ms);
    try {
      return await run();
    } finally {
      s.clock.advance(-ms);
    }
  };

  it('refunded by the provider before the stop: resumed without a second refund, mailed once', async () => {
    const mail = 'loukia.charalambous@example.com.cy';
    const k = await cutOff(true, mail);
    await expect.poll(() => refunded(k.orderId)).toBeGreaterThan(0);
    const paid = await refunded(k.orderId);
    expect(await confirmations(mail)).toBe(0);

    // Not while a request could still be at it.
    expect(await resumeWithdrawalRefunds(deps(sandbox()))).toEqual({ resumed: 0 });
    const resumed = await later(STALE_REFUND_MS + 60_000, () => resumeWithdrawalRefunds(deps(sandbox())));
    expect(resumed).toEqual({ resumed: 1 });
    expect(await row(k.no)).toMatchObject({
      refund_status: 'REFUNDED',
      refund_orders: [{ orderId: k.orderId, cents: paid }],
    });
    expect(await refunded(k.orderId)).toBe(paid);
    expect(await confirmations(mail)).toBe(1);
    // Settled: a later pass finds nothing.
    expect(await later(2 * STALE_REFUND_MS, () => resumeWithdrawalRefunds(deps(sandbox())))).toEqual({
      resumed: 0,
    });
    expect(await confirmations(mail)).toBe(1);
  });

  it('stopped before the provider was asked: resumed once by two instances at once, refunded once', async () => {
    const mail = 'stelios.antoniou@example.com.cy';
    const k = await cutOff(false, mail);
    expect(await refunded(k.orderId)).toBe(0);
    const terms = withdrawalTerms({
      premiumCents: k.cents,
      paidCents: k.cents,
      startDate: addDays(TODAY, -2),
      expiryDate: k.expiry,
      issuedOn: addDays(TODAY, -2),
      today: TODAY,
      periodDays: 14,
      hasClaim: false,
    });
    const both = await later(STALE_REFUND_MS + 60_000, () =>
      Promise.all([resumeWithdrawalRefunds(deps(sandbox())), resumeWithdrawalRefunds(deps(sandbox()))]),
    );
    expect((both as { resumed: number }[]).reduce((n, r) => n + r.resumed, 0)).toBe(1);
    expect(await refunded(k.orderId)).toBe(terms.refundCents);
    expect((await row(k.no))?.refund_status).toBe('REFUNDED');
    expect(await confirmations(mail)).toBe(1);
  });
});

describe("the live refund client (the provider's refund.do)", () => {
  it('reads the provider order id from the status and refunds through refund.do, never more than was paid', async () => {
    const k = await contract(addDays(TODAY, -1), { customerNo: null });
    const viaInject: typeof fetch = async (url, init) => {
      const res = await s.app.inject({
        method: 'POST',
        url: new URL(String(url)).pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: String(init?.body ?? ''),
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    const options = {
      statusUrl: 'http://sandbox.test/sandbox/jcc/rest/getOrderStatusExtended.do',
      refundUrl: 'http://sandbox.test/sandbox/jcc/rest/refund.do',
      userName: SANDBOX_MERCHANT.apiUser,
      password: SANDBOX_MERCHANT.apiPassword,
      fetch: viaInject,
    };
    const client = createHttpRefundClient(options);
    expect(await client.refundedCents(k.orderId)).toBe(0);
    expect(await client.refund(k.orderId, 10_000)).toEqual({ ok: true });
    expect(await refunded(k.orderId)).toBe(10_000);
    // What is refunded so far, as the status answer's paymentAmountInfo says it.
    expect(await client.refundedCents(k.orderId)).toBe(10_000);
    expect(await client.refundedCents('NO-SUCH-ORDER')).toBeNull();
    const tooMuch = await client.refund(k.orderId, k.cents);
    expect(tooMuch).toMatchObject({ ok: false, code: '7' });
    expect(await refunded(k.orderId)).toBe(10_000);
    expect(await client.refund('NO-SUCH-ORDER', 100)).toMatchObject({ ok: false, code: '6' });
    await expect(
      createHttpRefundClient({ ...options, password: 'wrong' }).refund(k.orderId, 100),
    ).rejects.toThrow();
  });
});
