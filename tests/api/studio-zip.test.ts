// The studio's zip of an item's folder (issue 29): exported in the repository's format from any
// version, brought back in as the item's draft (audited), and every bad zip refused with a
// translated message and nothing kept: not a zip, cut short, not text, too large (sent and
// unpacked), paths outside the item's folder, two items, a file the item does not have, an item
// that does not exist, an item with a draft already; and who may call either.

import { randomBytes } from 'node:crypto';
import { strToU8, unzipSync, type Zippable, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { ZIP_LIMIT } from '../../src/server/studio/zip/itemZip';
import type { TestService } from './support/app';
import { PortalClient } from './support/portal';
import type { StaffClient } from './support/staff';
import { auditRows, EDITOR, signedIn, staffClient, startStudioService, VIEWER } from './support/studio';

let s: TestService;
let editor: StaffClient;
beforeAll(async () => {
  s = await startStudioService();
  editor = await signedIn(s, EDITOR);
});
afterAll(async () => {
  await s?.close();
});

const IMPORT = '/zcp/studio/items/import';
const sendZip = (c: StaffClient, bytes: Uint8Array, lang: 'el' | 'en' = 'en') =>
  c.request('POST', IMPORT, Buffer.from(bytes), { contentType: 'application/zip', lang });
const zipOf = (entries: Record<string, string | Uint8Array>) =>
  zipSync(
    Object.fromEntries(
      Object.entries(entries).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
    ) as Zippable,
  );
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function item(kind: string, key: string) {
  const res = await editor.get(`/zcp/studio/items/${kind}/${key}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    LIVE: { ID: number; FILES: Record<string, string> };
    CHANGE: { ID: number; STATUS: string; FILES: Record<string, string>; BASED_ON: number } | null;
  };
}

async function exported(c: StaffClient, url: string) {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return { res, entries: unzipSync(res.rawPayload) };
}

/** Refused in both languages with the code (and reason), nothing of the zip kept. */
async function refused(bytes: Uint8Array, status: number, code: string, reason?: string) {
  const drafts = await s.testDb.db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM config_versions WHERE status IN ('draft', 'in_review')",
  );
  const en = await sendZip(editor, bytes, 'en');
  const el = await sendZip(editor, bytes, 'el');
  for (const res of [en, el]) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().CODE).toBe(code);
    if (reason) expect(res.json().REASON).toBe(reason);
  }
  const [enText, elText] = [en, el].map((r) => r.json().MESSAGES[0].MSGTEXT as string);
  expect(enText).toMatch(/[a-z]{3}/);
  expect(elText).toMatch(/[α-ω]{3}/);
  expect(elText).not.toBe(enText);
  const after = await s.testDb.db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM config_versions WHERE status IN ('draft', 'in_review')",
  );
  expect(Number(after[0].n)).toBe(Number(drafts[0].n));
  return en.json();
}

describe('export', () => {
  it("writes the live flow's folder in the repository's format, byte for byte, and audits it", async () => {
    const { LIVE } = await item('flow', 'travel');
    const { res, entries } = await exported(editor, '/zcp/studio/items/flow/travel/export.zip');
    expect(Object.keys(entries).sort()).toEqual([
      'flows/travel/flow.json',
      'flows/travel/rules.json',
      'flows/travel/tariff.json',
    ]);
    for (const name of Object.keys(LIVE.FILES))
      expect(text(entries[`flows/travel/${name}`])).toBe(LIVE.FILES[name]);
    expect(res.headers['content-disposition']).toBe('attachment; filename="flow-travel-v1.zip"');
    const rows = await auditRows(s, 'flow.export');
    expect(rows.at(-1)).toMatchObject({ actor_label: EDITOR, target: 'flow:travel' });
    expect(rows.at(-1)?.after).toMatchObject({ VERSION: LIVE.ID, FORMAT: 'zip' });
  });

  it('writes a texts item as locales/el and locales/en, and a viewer may export', async () => {
    const viewer = await signedIn(s, VIEWER);
    const { LIVE } = await item('texts', 'travel');
    const { entries } = await exported(viewer, '/zcp/studio/items/texts/travel/export.zip');
    expect(Object.keys(entries).sort()).toEqual(['locales/el/travel.json', 'locales/en/travel.json']);
    expect(text(entries['locales/el/travel.json'])).toBe(LIVE.FILES['el.json']);
  });

  it("refuses a version of another item, and an unknown item, in the caller's language", async () => {
    const { LIVE } = await item('flow', 'motor');
    const other = await editor.get(`/zcp/studio/items/flow/travel/export.zip?version=${LIVE.ID}`, {
      lang: 'el',
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().CODE).toBe('UNKNOWN_VERSION');
    expect(other.json().MESSAGES[0].MSGTEXT).toMatch(/Δεν υπάρχει/);
    const none = await editor.get('/zcp/studio/items/flow/no-such-flow/export.zip');
    expect(none.statusCode).toBe(404);
    expect(none.json().CODE).toBe('UNKNOWN_ITEM');
  });
});

describe('import', () => {
  it('brings an edited export back as the draft of that item, audited; a second one is refused', async () => {
    const { LIVE } = await item('flow', 'travel');
    const { entries } = await exported(editor, '/zcp/studio/items/flow/travel/export.zip');
    const tariff = text(entries['flows/travel/tariff.json']).replace(/\d+/, (n) => String(Number(n) + 1));
    expect(tariff).not.toBe(LIVE.FILES['tariff.json']);
    entries['flows/travel/tariff.json'] = strToU8(tariff);
    const zip = zipSync(entries as Zippable);

    const res = await sendZip(editor, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ KIND: 'flow', KEY: 'travel', STATUS: 'draft', BASED_ON: LIVE.ID });
    expect(res.json().FILES).toEqual({ ...LIVE.FILES, 'tariff.json': tariff });
    const { CHANGE } = await item('flow', 'travel');
    expect(CHANGE?.ID).toBe(res.json().ID);
    const rows = await auditRows(s, 'flow.import');
    expect(rows.at(-1)).toMatchObject({ actor_label: EDITOR, target: 'flow:travel' });
    expect(rows.at(-1)?.after).toMatchObject({ ID: res.json().ID, STATUS: 'draft', FORMAT: 'zip' });

    // The draft exports as it is: the open change by default, or by its id.
    const again = await exported(editor, '/zcp/studio/items/flow/travel/export.zip');
    expect(text(again.entries['flows/travel/tariff.json'])).toBe(tariff);
    const live = await exported(editor, `/zcp/studio/items/flow/travel/export.zip?version=${LIVE.ID}`);
    expect(text(live.entries['flows/travel/tariff.json'])).toBe(LIVE.FILES['tariff.json']);

    const body = await refused(zip, 409, 'DRAFT_EXISTS');
    expect(body.MESSAGES[0].MSGTEXT).toMatch(/already has an open draft/);
    expect((await item('flow', 'travel')).CHANGE?.FILES['tariff.json']).toBe(tariff);
    const refusals = await auditRows(s, 'item.import.refused');
    expect(refusals.at(-1)).toMatchObject({ actor_label: EDITOR, target: 'flow:travel' });
    expect(refusals.at(-1)?.after).toMatchObject({ CODE: 'DRAFT_EXISTS' });
    expect((await editor.request('DELETE', `/zcp/studio/drafts/${res.json().ID}`)).statusCode).toBe(204);
  });

  it("takes a desktop archiver's zip (folder entries, macOS extras) of a catalogue", async () => {
    const { LIVE } = await item('catalogue', 'promoCodes');
    const changed = LIVE.FILES['promoCodes.json'].replace(/\n$/, '\n\n');
    const zip = zipOf({
      'flows/': new Uint8Array(),
      'flows/_catalogues/': new Uint8Array(),
      'flows/_catalogues/promoCodes.json': changed,
      '__MACOSX/flows/_catalogues/._promoCodes.json': randomBytes(40),
      'flows/_catalogues/.DS_Store': randomBytes(40),
    });
    const res = await sendZip(editor, zip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      KIND: 'catalogue',
      KEY: 'promoCodes',
      FILES: { 'promoCodes.json': changed },
    });
    expect((await editor.request('DELETE', `/zcp/studio/drafts/${res.json().ID}`)).statusCode).toBe(204);
  });

  it('refuses what is not a zip, a zip cut short, and a file that is not text', async () => {
    await refused(randomBytes(3000), 422, 'ZIP_MALFORMED', 'malformed');
    const whole = zipOf({ 'flows/travel/flow.json': '{"id":"travel"}'.repeat(200) });
    await refused(whole.subarray(0, whole.length - 30), 422, 'ZIP_MALFORMED', 'malformed');
    await refused(zipOf({}), 422, 'ZIP_MALFORMED', 'empty');
    const latin1 = zipOf({ 'flows/travel/flow.json': new Uint8Array([0x7b, 0xe9, 0xff, 0x7d]) });
    const body = await refused(latin1, 422, 'ZIP_MALFORMED', 'notText');
    expect(body.PATH).toBe('flows/travel/flow.json');
    await refused(zipOf({ 'flows/travel/flow.json': '{"a":"\u0000"}' }), 422, 'ZIP_MALFORMED', 'notText');
  });

  it('refuses a zip too large to send, and one that unpacks to far more than a folder', async () => {
    await refused(randomBytes(ZIP_LIMIT + 1000), 413, 'ZIP_TOO_LARGE', 'tooLarge');
    const bomb = zipOf({ 'flows/travel/flow.json': ' '.repeat(9 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(100_000);
    await refused(bomb, 413, 'ZIP_TOO_LARGE', 'tooLarge');
    // Past twice the limit the body is not even read: the service's own translated "too large".
    const huge = await sendZip(editor, randomBytes(2 * ZIP_LIMIT + 10));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().MESSAGES[0].MSGTEXT).toBeTruthy();
  });

  it("refuses paths outside one item's folder, two items, and a file the item does not have", async () => {
    const flow = (await item('flow', 'travel')).LIVE.FILES['flow.json'];
    for (const path of [
      '../flows/travel/flow.json',
      'flows/travel/../../package.json',
      '/flows/travel/flow.json',
      'flows\\travel\\flow.json',
      'flows/travel/sub/flow.json',
      'travel/flow.json',
      'flow.json',
      'locales/fr/travel.json',
    ]) {
      const body = await refused(zipOf({ [path]: flow }), 422, 'ZIP_OUTSIDE_FOLDER', 'outside');
      expect(body.PATH).toBe(path);
      expect(body.MESSAGES[0].MSGTEXT).toContain(path);
    }
    const two = zipOf({ 'flows/travel/flow.json': flow, 'flows/motor/flow.json': flow });
    await refused(two, 422, 'ZIP_OUTSIDE_FOLDER', 'twoItems');
    const extra = zipOf({ 'flows/travel/flow.json': flow, 'flows/travel/notes.json': '{}' });
    const body = await refused(extra, 422, 'INVALID_FILES');
    expect(body.FILE).toBe('notes.json');
    await refused(zipOf({ 'flows/travel/rules.json': '{}' }), 422, 'INVALID_FILES');
  });

  it('refuses an item that does not exist, and makes none', async () => {
    const flow = (await item('flow', 'travel')).LIVE.FILES['flow.json'];
    await refused(zipOf({ 'flows/boat/flow.json': flow }), 404, 'UNKNOWN_ITEM');
    await refused(zipOf({ 'locales/el/boat.json': '{}', 'locales/en/boat.json': '{}' }), 404, 'UNKNOWN_ITEM');
    const items = await s.testDb.db.query("SELECT id FROM config_items WHERE key = 'boat'");
    expect(items).toEqual([]);
  });

  it('refuses a body that is not a zip file', async () => {
    const res = await editor.post(IMPORT, { ZIP: 'UEsDBA==' }, { lang: 'el' });
    expect(res.statusCode).toBe(415);
    expect(res.json().CODE).toBe('ZIP_EXPECTED');
    expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/zip/);
  });
});

describe('who may call', () => {
  const zip = () => zipOf({ 'flows/_catalogues/promoCodes.json': '[]' });

  it("refuses a customer's session and no session, for the export and the import", async () => {
    const customer = new PortalClient(s, { ip: '10.62.0.1' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const exportRes = await customer.get('/zcp/studio/items/flow/travel/export.zip');
    expect(exportRes.statusCode).toBe(403);
    expect(exportRes.json().CODE).toBe('CUSTOMER_SESSION');
    const importRes = await customer.request('POST', IMPORT, Buffer.from(zip()), {
      headers: { 'content-type': 'application/zip' },
    });
    expect(importRes.statusCode).toBe(403);
    expect(importRes.json().CODE).toBe('CUSTOMER_SESSION');

    const anonymous = staffClient(s);
    await anonymous.get('/zcp/studio/csrf');
    expect((await anonymous.get('/zcp/studio/items/flow/travel/export.zip')).json().CODE).toBe(
      'NOT_SIGNED_IN',
    );
    const anon = await sendZip(anonymous, zip());
    expect(anon.statusCode).toBe(401);
    expect(anon.json().CODE).toBe('NOT_SIGNED_IN');
  });

  it('refuses the import to a viewer and without the CSRF token; nothing is kept', async () => {
    const viewer = await signedIn(s, VIEWER, 'el');
    const res = await sendZip(viewer, zip(), 'el');
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('FORBIDDEN_ROLE');
    expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/[α-ω]{3}/);
    const noCsrf = await editor.request('POST', IMPORT, Buffer.from(zip()), {
      contentType: 'application/zip',
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().CODE).toBe('CSRF');
    expect((await item('catalogue', 'promoCodes')).CHANGE).toBeNull();
  });
});
