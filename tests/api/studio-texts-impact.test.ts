// The studio's texts and impact calls (issue 26 items 5 and 6): a customer's session is refused
// by each, a viewer reads (rows, exports, impact), only an editor imports; an import with a bad
// row is refused with the row named in the caller's language and merges nothing; a good one is
// merged onto the open draft and saved with its revision; the impact of a one-cell change.

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { newDraftFromLive, saveDraft } from '../../src/server/publishing/lifecycle';
import { versionsOf } from '../../src/server/publishing/store';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { EDITOR as EDITOR_ACTOR, lifeCycle } from './support/publishing';
import { StaffClient } from './support/staff';

let s: TestService;
const VIEWER = 'eleni.charalambous@gic.com.cy';
const EDITOR = 'marios.hadjigeorgiou@gic.com.cy';

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
async function signedIn(email: string, lang: 'el' | 'en' = 'en') {
  seq += 1;
  s.clock.advance(31_000);
  const c = new StaffClient(s, { ip: `10.50.${seq}.1`, lang });
  const res = await c.signIn(email, DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

const CALLS = [
  ['GET', '/zcp/studio/texts/travel'],
  ['GET', '/zcp/studio/texts/travel/export.csv'],
  ['GET', '/zcp/studio/texts/travel/export.xlsx'],
  ['POST', '/zcp/studio/texts/travel/import'],
  ['POST', '/zcp/studio/impact'],
] as const;

describe('who may call', () => {
  it("refuses a customer's session on every call", async () => {
    const customer = new PortalClient(s, { ip: '10.51.0.1' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    for (const [method, url] of CALLS) {
      const res = await customer.request(
        method,
        url,
        method === 'GET' ? undefined : { FORMAT: 'csv', DATA: '' },
      );
      expect(res.statusCode, url).toBe(403);
      expect(res.json().CODE, url).toBe('CUSTOMER_SESSION');
    }
  });

  it('lets a viewer read and price, not import', async () => {
    const viewer = await signedIn(VIEWER);
    const rows = await viewer.get('/zcp/studio/texts/travel');
    expect(rows.statusCode, rows.body).toBe(200);
    const body = rows.json();
    expect(body.LIVE.STATUS).toBe('live');
    expect(body.ROWS.find((r: { KEY: string }) => r.KEY === 'title')).toMatchObject({
      EL: 'Ταξιδιωτική ασφάλεια',
      EN: 'Travel insurance',
    });
    const csv = await viewer.get('/zcp/studio/texts/travel/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('title,Ταξιδιωτική ασφάλεια,Travel insurance');
    const xlsx = await viewer.get('/zcp/studio/texts/travel/export.xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const refused = await viewer.post('/zcp/studio/texts/travel/import', {
      FORMAT: 'csv',
      DATA: 'KEY,EL,EN\n',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().CODE).toBe('FORBIDDEN_ROLE');
    const impact = await viewer.post('/zcp/studio/impact', {
      KEY: 'travel',
      FILES: await liveTariffFiles(),
      QUOTES: 200,
    });
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toMatchObject({ QUOTES: 200, CHANGED: 0 });
    const audited = await s.testDb.db.query<{ after: { FORMAT: string } }>(
      "SELECT after FROM audit_events WHERE action = 'texts.export' AND actor_label = $1",
      [VIEWER],
    );
    expect(audited.map((a) => a.after.FORMAT).sort()).toEqual(['csv', 'xlsx']);
  });

  it('answers 404 for a texts item that does not exist, in the caller language', async () => {
    const viewer = await signedIn(VIEWER, 'el');
    const res = await viewer.get('/zcp/studio/texts/nope');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('«nope»');
  });
});

async function liveTariffFiles() {
  const live = (await versionsOf(s.testDb.db, 'flow', 'travel')).find((v) => v.status === 'live');
  if (!live) throw new Error('travel');
  return live.files;
}

describe('the import', () => {
  it('refuses a spreadsheet with bad rows, each named in Greek, and merges nothing', async () => {
    const editor = await signedIn(EDITOR, 'el');
    const csv = 'KEY,EL,EN\ntitle,Ταξίδι,Trip\nnot.a.key,Όχι,No\n';
    const res = await editor.post('/zcp/studio/texts/travel/import', { FORMAT: 'csv', DATA: csv });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.CODE).toBe('IMPORT_REFUSED');
    expect(body.ROWS).toEqual([
      expect.objectContaining({
        ROW: 3,
        KEY: 'not.a.key',
        REASON: 'unknownKey',
        MESSAGE: expect.stringContaining('Γραμμή 3'),
      }),
    ]);
    const refused = await s.testDb.db.query(
      "SELECT 1 FROM audit_events WHERE action = 'texts.import.refused'",
    );
    expect(refused.length).toBe(1);
  });

  it('merges a good XLSX onto the open draft, which the editor saves with its revision', async () => {
    const deps = lifeCycle(s.testDb.db);
    const draft = await newDraftFromLive(deps, EDITOR_ACTOR, { kind: 'texts', key: 'travel' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('travel');
    sheet.addRow(['KEY', 'EL', 'EN']);
    sheet.addRow(['title', 'Ταξιδιωτική ασφάλιση', '']);
    const DATA = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const editor = await signedIn(EDITOR);
    const res = await editor.post('/zcp/studio/texts/travel/import', { FORMAT: 'xlsx', DATA });
    expect(res.statusCode, res.body).toBe(200);
    const merged = res.json();
    expect(merged).toMatchObject({
      CHANGED: 1,
      ROWS: 1,
      BASE: { ID: draft.id, STATUS: 'draft', REVISION: draft.revision },
    });
    expect(JSON.parse(merged.FILES['el.json']).title).toBe('Ταξιδιωτική ασφάλιση');
    expect(merged.FILES['en.json']).toBe(draft.files['en.json']);
    await saveDraft(deps, EDITOR_ACTOR, draft.id, { files: merged.FILES, revision: draft.revision });
    // The Greek changed on its own: the English is now marked as left behind.
    const rows = (await editor.get('/zcp/studio/texts/travel')).json();
    expect(rows.CHANGE).toMatchObject({ ID: draft.id, STATUS: 'draft' });
    expect(rows.ROWS.find((r: { KEY: string }) => r.KEY === 'title')).toMatchObject({
      EL: 'Ταξιδιωτική ασφάλιση',
      MARKS: ['stale_en'],
    });
  });
});

describe('the impact', () => {
  it('prices a one-cell change: only the premiums of that package move', async () => {
    const viewer = await signedIn(VIEWER);
    const files = await liveTariffFiles();
    const tariff = JSON.parse(files['tariff.json']);
    tariff.packages[2].base.add[0] += 5;
    const res = await viewer.post('/zcp/studio/impact', {
      KEY: 'travel',
      FILES: { ...files, 'tariff.json': JSON.stringify(tariff) },
      QUOTES: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const impact = res.json();
    expect(impact.CHANGED).toBeGreaterThan(50);
    expect(impact.DOWN).toBe(0);
    expect(new Set(impact.MOVERS.map((m: { PACKAGE_ID: string }) => m.PACKAGE_ID))).toEqual(
      new Set([tariff.packages[2].PACKAGE_ID]),
    );
    expect(impact.MOVERS[0].ANSWERS).toBeTypeOf('object');
  });

  it('refuses an unknown product and a tariff that is not JSON', async () => {
    const viewer = await signedIn(VIEWER);
    const unknown = await viewer.post('/zcp/studio/impact', { KEY: 'register', FILES: {} });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().CODE).toBe('NOT_RATED');
    const bad = await viewer.post('/zcp/studio/impact', {
      KEY: 'travel',
      FILES: { 'tariff.json': '{ nope' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().CODE).toBe('BAD_TARIFF');
  });
});
