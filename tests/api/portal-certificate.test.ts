// The certificate of insurance (issue 28 item 6): the motor contract's PDF with its QR code's
// address, the public verification answer (valid or not, plate and period, nothing personal), the
// same code on every copy until revoked, not valid once revoked or once the contract is not in
// force, refused for another customer, without a session, and for a product without a certificate.

import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verdict } from '../../src/server/contracts/certificate/routes';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

let s: TestService;
const MOTOR = { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' };

beforeAll(async () => {
  const base = testConfig();
  s = await startService({
    config: {
      portal: { ...base.portal, demoData: true },
      rateLimit: { ...base.rateLimit, verifyPerIpHour: 5 },
    },
  });
});
afterAll(async () => {
  await s?.close();
});

async function loggedIn(mobile: string, ip: string, lang: 'el' | 'en' = 'en') {
  const c = new PortalClient(s, { ip, lang });
  expect((await c.login(mobile, DEMO_PASSWORD)).statusCode).toBe(200);
  return c;
}

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

async function tokenOf(contractNo: string): Promise<string> {
  const [row] = await s.testDb.db.query<{ token: string }>(
    'SELECT token FROM certificates WHERE contract_no = $1 AND revoked_at IS NULL',
    [contractNo],
  );
  return row.token;
}

let ipSeq = 0;
/** Each check from its own address, so the per-address limit is tested on its own. */
const check = (token: string, lang: 'el' | 'en' = 'en') =>
  s.call({ method: 'GET', url: `/zcp/verify/${token}`, lang, remoteAddress: `10.77.0.${++ipSeq}` });

describe('certificate of insurance', () => {
  it('is offered on the motor contract only, while it is in force', async () => {
    const c = await loggedIn('99000001', '10.77.1.1');
    expect((await c.get('/zcp/contract/detail/CY9000101/120')).json().CS_CONTRACT.CERTIFICATE).toBe(true);
    expect((await c.get('/zcp/contract/detail/CY9000102/157')).json().CS_CONTRACT.CERTIFICATE).toBe(false);
    const home = await c.post('/zcp/contract/certificate', { CONTRACT_NO: 'CY9000102', PRODUCT_ID: '157' });
    expect(home.statusCode).toBe(409);
    expect(home.json()).toMatchObject({ CODE: 'NO_CERTIFICATE' });
    expect(home.json().MESSAGES[0].MSGTEXT).toBe('This policy has no certificate of insurance.');
  });

  it('draws the vehicle, the policyholder, the period and the QR code address, in both languages', async () => {
    const en = await loggedIn('99000001', '10.77.1.2', 'en');
    const pdf = await en.post('/zcp/contract/certificate', MOTOR);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      'attachment; filename="certificate-of-insurance-CY9000101-en.pdf"',
    );
    const token = await tokenOf('CY9000101');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const text = await pdfText(pdf.rawPayload);
    for (const part of [
      'Certificate of motor insurance',
      'NNT240',
      'CY9000101',
      'Comprehensive',
      `/verify/${token}`,
    ])
      expect(text).toContain(part);
    const el = await loggedIn('99000001', '10.77.1.3', 'el');
    const greek = await pdfText((await el.post('/zcp/contract/certificate', MOTOR)).rawPayload);
    expect(greek).toContain('Πιστοποιητικό ασφάλισης οχήματος');
    expect(greek).not.toContain('Certificate of motor insurance');
    // Every copy carries the same code until it is revoked.
    expect(greek).toContain(`/verify/${token}`);
  });

  it('answers valid with the plate and the period only, to anyone', async () => {
    const c = await loggedIn('99000001', '10.77.1.4');
    await c.post('/zcp/contract/certificate', MOTOR);
    const res = await check(await tokenOf('CY9000101'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual([
      'EXPIRY_DATE',
      'LICENSE_PLATE',
      'START_DATE',
      'STATUS',
      'VALID',
    ]);
    expect(body).toMatchObject({ VALID: true, STATUS: 'VALID', LICENSE_PLATE: 'NNT240' });
    const detail = (await c.get('/zcp/contract/detail/CY9000101/120')).json().CS_CONTRACT;
    expect([body.START_DATE, body.EXPIRY_DATE]).toEqual([detail.START_DATE, detail.EXPIRY_DATE]);
  });

  it('is not valid once revoked, and the next copy gets a new code', async () => {
    const c = await loggedIn('99000001', '10.77.1.5');
    await c.post('/zcp/contract/certificate', MOTOR);
    const old = await tokenOf('CY9000101');
    expect((await c.post('/zcp/contract/certificate/revoke', MOTOR)).statusCode).toBe(204);
    expect((await check(old)).json()).toMatchObject({
      VALID: false,
      STATUS: 'REVOKED',
      LICENSE_PLATE: 'NNT240',
    });
    await c.post('/zcp/contract/certificate', MOTOR);
    const fresh = await tokenOf('CY9000101');
    expect(fresh).not.toBe(old);
    expect((await check(fresh)).json()).toMatchObject({ VALID: true });
  });

  it("refuses another customer's contract and a caller without a session", async () => {
    const other = await loggedIn('99000002', '10.77.1.6');
    for (const url of ['/zcp/contract/certificate', '/zcp/contract/certificate/revoke']) {
      const res = await other.post(url, MOTOR);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ CODE: 'FORBIDDEN' });
    }
    const anonymous = new PortalClient(s, { ip: '10.77.1.7' });
    await anonymous.fetchCsrf();
    expect((await anonymous.post('/zcp/contract/certificate', MOTOR)).statusCode).toBe(401);
  });

  it('answers an unknown or malformed code as unknown, in the reader’s language', async () => {
    const unknown = await check('A'.repeat(43), 'el');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().MESSAGES[0].MSGTEXT).toMatch(/^Δεν υπάρχει πιστοποιητικό ασφάλισης/);
    const malformed = await check('not-a-code');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().MESSAGES[0].MSGTEXT).toMatch(/^No certificate of insurance has this code/);
  });

  it('limits the checks of one address', async () => {
    const from = () =>
      s.call({ method: 'GET', url: `/zcp/verify/${'B'.repeat(43)}`, remoteAddress: '10.77.9.9', lang: 'en' });
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await from()).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429]);
  });

  it('is not valid once the contract is no longer in force, and no new copy is issued', async () => {
    const c = await loggedIn('99000001', '10.77.1.8');
    await c.post('/zcp/contract/certificate', MOTOR);
    const token = await tokenOf('CY9000101');
    await s.testDb.db.query(`UPDATE contracts SET status = 'CANCELLED' WHERE contract_no = 'CY9000101'`);
    try {
      expect((await check(token)).json()).toMatchObject({ VALID: false, STATUS: 'NOT_IN_FORCE' });
      const refused = await c.post('/zcp/contract/certificate', MOTOR);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ CODE: 'NOT_IN_FORCE' });
    } finally {
      await s.testDb.db.query(`UPDATE contracts SET status = 'ACTIVE' WHERE contract_no = 'CY9000101'`);
    }
  });
});

describe('the verdict on a day', () => {
  const cert = { revoked: false, status: 'ACTIVE', start_date: '2026-03-01', expiry_date: '2027-02-28' };
  it.each([
    ['2026-02-28', 'NOT_YET_VALID'],
    ['2026-03-01', 'VALID'],
    ['2027-02-28', 'VALID'],
    ['2027-03-01', 'EXPIRED'],
  ])('on %s: %s', (on, status) => {
    expect(verdict(cert, on)).toBe(status);
  });
  it('revoked and not in force come first', () => {
    expect(verdict({ ...cert, revoked: true }, '2026-06-01')).toBe('REVOKED');
    expect(verdict({ ...cert, status: 'WITHDRAWN' }, '2026-06-01')).toBe('NOT_IN_FORCE');
  });
});
