// Every document in one place (issue 28 item 5): the list of what the customer has received (the
// policy schedule of each contract version, endorsement confirmations, the withdrawal
// confirmation, claim acknowledgements and decisions, certificates), newest first, filterable by
// contract; each downloadable by its owner only: another customer's id, a forged one and an
// unknown one get the same 403.

import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

let s: TestService;
let andreas: PortalClient;
let christina: PortalClient;

type Doc = {
  DOC_ID: string;
  KIND: string;
  CONTRACT_NO: string;
  AT: string;
  VERSION?: number;
  CLAIM_NO?: string;
  STATUS?: string;
};

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
  andreas = new PortalClient(s, { ip: '10.28.5.1', lang: 'en' });
  expect((await andreas.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  christina = new PortalClient(s, { ip: '10.28.5.2', lang: 'el' });
  expect((await christina.login('99000008', DEMO_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

const list = async (c: PortalClient, query = '') => {
  const res = await c.get(`/zcp/documents${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().DOCUMENTS as Doc[];
};
const download = (c: PortalClient, id: string) => c.post('/zcp/documents/download', { DOC_ID: id });

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  const text = (await parser.getText()).text;
  await parser.destroy();
  return text;
}

/** An endorsement of CY9000102 (Andreas's home) made as the service makes one: data, premium and version. */
async function endorseBuilding(from: number, to: number) {
  const db = s.testDb.db;
  const [row] = await db.query<{
    data: { CS_PROPERTY: Record<string, unknown> };
    premium_cents: number;
    version: number;
  }>(`SELECT data, premium_cents, version FROM contracts WHERE contract_no = 'CY9000102'`);
  const data = { ...row.data, CS_PROPERTY: { ...row.data.CS_PROPERTY, PROPERTY_VALUE: to } };
  const after = Number(row.premium_cents) + 1800;
  await db.query(
    `UPDATE contracts SET data = $1::jsonb, premium_cents = $2, version = version + 1 WHERE contract_no = 'CY9000102'`,
    [JSON.stringify(data), after],
  );
  await db.query(
    `INSERT INTO endorsements (contract_no, customer_no, endorsement_type, period_start, old_values, new_values,
       premium_before_cents, premium_after_cents, contract_version, created_at)
     SELECT 'CY9000102', '900001', 'BUILDING', start_date, $1::jsonb, $2::jsonb, $3, $4, $5, $6::timestamptz
       FROM contracts WHERE contract_no = 'CY9000102'`,
    [
      JSON.stringify({ PROPERTY_VALUE: from }),
      JSON.stringify({ PROPERTY_VALUE: to }),
      Number(row.premium_cents),
      after,
      Number(row.version) + 1,
      s.clock.now().toISOString(),
    ],
  );
}

describe('the documents page', () => {
  it('lists the schedules, claim acknowledgements and decisions of the customer’s own contracts, newest first', async () => {
    const docs = await list(andreas);
    expect(docs.length).toBeGreaterThan(5);
    const own = ['CY9000101', 'CY9000102', 'CY9000103', 'CY9000104', 'CY9000105', 'CY9000106'];
    expect(docs.every((d) => own.includes(d.CONTRACT_NO))).toBe(true);
    for (const no of own) expect(docs.some((d) => d.KIND === 'SCHEDULE' && d.CONTRACT_NO === no)).toBe(true);
    expect(
      docs
        .filter((d) => d.KIND === 'CLAIM_ACK')
        .map((d) => d.CLAIM_NO)
        .sort(),
    ).toEqual(['CL2026000101', 'CL2026000102', 'CL2026000103']);
    // CL2026000102 was approved, then paid: two decisions; a note without a move is none.
    expect(
      docs
        .filter((d) => d.KIND === 'CLAIM_DECISION' && d.CLAIM_NO === 'CL2026000102')
        .map((d) => d.STATUS)
        .sort(),
    ).toEqual(['APPROVED', 'PAID']);
    const times = docs.map((d) => d.AT);
    expect([...times].sort().reverse()).toEqual(times);
    // A claim's acknowledgement dates from its filing, before the decisions on it.
    const of102 = docs.filter((d) => d.CLAIM_NO === 'CL2026000102').map((d) => d.STATUS ?? d.KIND);
    expect(of102).toEqual(['PAID', 'APPROVED', 'CLAIM_ACK']);
  });

  it('filters by contract, and refuses another customer’s contract as a filter', async () => {
    const docs = await list(andreas, '?CONTRACT_NO=CY9000101&PRODUCT_ID=120');
    expect(docs.length).toBeGreaterThan(0);
    expect(new Set(docs.map((d) => d.CONTRACT_NO))).toEqual(new Set(['CY9000101']));
    expect((await christina.get('/zcp/documents?CONTRACT_NO=CY9000101&PRODUCT_ID=120')).statusCode).toBe(403);
  });

  it('downloads each kind for its owner, in the caller’s language', async () => {
    const docs = await list(andreas);
    const ack = docs.find((d) => d.KIND === 'CLAIM_ACK' && d.CLAIM_NO === 'CL2026000101') as Doc;
    const res = await download(andreas, ack.DOC_ID);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('claim-CL2026000101-en.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Acknowledgement of your claim');
    expect(text).toContain('CY9000101');

    const paid = docs.find((d) => d.KIND === 'CLAIM_DECISION' && d.STATUS === 'PAID') as Doc;
    const paidText = await pdfText((await download(andreas, paid.DOC_ID)).rawPayload);
    expect(paidText).toContain('PAY-2026-00412');
    expect(paidText).toContain('CY17 **** 7600');
    expect(paidText).toMatch(/€\s?640|640\s?€/);

    const schedule = docs.find((d) => d.KIND === 'SCHEDULE' && d.CONTRACT_NO === 'CY9000101') as Doc;
    const sched = await download(andreas, schedule.DOC_ID);
    expect(sched.statusCode).toBe(200);
    expect(await pdfText(sched.rawPayload)).toContain('Policy Schedule');
  });

  it('every version’s schedule: an endorsement adds its confirmation and the new schedule; the first shows the old value', async () => {
    await endorseBuilding(138000, 150000);
    const docs = await list(andreas, '?CONTRACT_NO=CY9000102&PRODUCT_ID=157');
    const schedules = docs.filter((d) => d.KIND === 'SCHEDULE').map((d) => d.VERSION);
    expect(schedules).toEqual([2, 1]);
    const confirmation = docs.find((d) => d.KIND === 'ENDORSEMENT') as Doc;
    expect(confirmation.VERSION).toBe(2);
    const confirmText = await pdfText((await download(andreas, confirmation.DOC_ID)).rawPayload);
    expect(confirmText).toContain('Confirmation of a policy change');
    expect(confirmText).toMatch(/138,000/);
    expect(confirmText).toMatch(/150,000/);

    const v1 = await pdfText((await download(andreas, 'SCHEDULE:CY9000102:1')).rawPayload);
    const v2 = await pdfText((await download(andreas, 'SCHEDULE:CY9000102:2')).rawPayload);
    expect(v1).toMatch(/138,000/);
    expect(v1).not.toMatch(/150,000/);
    expect(v2).toMatch(/150,000/);
    expect((await download(andreas, 'SCHEDULE:CY9000102:3')).statusCode).toBe(403);
  });

  it('the withdrawal confirmation of a withdrawn contract is among its owner’s documents', async () => {
    const withdrawn = await christina.post('/zcp/contract/withdraw', {
      CONTRACT_NO: 'CY9000801',
      PRODUCT_ID: '120',
      PASSWORD: DEMO_PASSWORD,
    });
    expect(withdrawn.statusCode).toBe(200);
    const docs = await list(christina);
    const confirmation = docs.find((d) => d.KIND === 'WITHDRAWAL') as Doc;
    expect(confirmation.CONTRACT_NO).toBe('CY9000801');
    expect(docs[0].KIND).toBe('WITHDRAWAL'); // the newest
    const res = await download(christina, confirmation.DOC_ID);
    expect(res.statusCode).toBe(200);
    expect(await pdfText(res.rawPayload)).toContain('Βεβαίωση υπαναχώρησης');
  });

  it('refuses another customer’s document ids, forged and unknown ones, with one answer; 401 without a login', async () => {
    const hers = await list(christina);
    const his = await list(andreas);
    const ids = [
      ...hers.map((d) => d.DOC_ID),
      'SCHEDULE:CY9000201:1',
      'CLAIM_ACK:CL2026000999',
      'CLAIM_DECISION:1',
      'ENDORSEMENT:999999',
      'WITHDRAWAL:CY9000801',
      'CERTIFICATE:CY9000801',
      'SCHEDULE:CY9000101',
      'BOGUS:1',
      "SCHEDULE:CY9000101' OR '1'='1:1",
      '',
    ];
    for (const id of ids) {
      if (his.some((d) => d.DOC_ID === id)) continue;
      const res = await download(andreas, id);
      expect([400, 403], id).toContain(res.statusCode);
      if (res.statusCode === 403) expect(res.json().MESSAGES[0].MSGTEXT, id).toBeTruthy();
    }
    for (const d of his) {
      if (d.KIND === 'CERTIFICATE') continue;
      expect((await download(christina, d.DOC_ID)).statusCode, d.DOC_ID).toBe(403);
    }
    const stranger = new PortalClient(s, { ip: '10.28.5.3', lang: 'en' });
    expect((await stranger.get('/zcp/documents')).statusCode).toBe(401);
  });
});
