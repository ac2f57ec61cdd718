// The studio API's items and drafts (issue 26 items 2, 8): every studio call refused
// for a customer's session, for no session and for a role too low; the items list; an item with
// its history; a new draft, a save, a stale save refused with the current draft; discard; and
// the audit rows of each write.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import type { TestService } from './support/app';
import { PortalClient } from './support/portal';
import {
  ADMIN,
  auditRows,
  EDITOR,
  PUBLISHER,
  signedIn,
  staffClient,
  startStudioService,
  studioOperations,
  VIEWER,
} from './support/studio';

let s: TestService;
beforeAll(async () => {
  s = await startStudioService();
});
afterAll(async () => {
  await s?.close();
});

describe('who may call the studio API', () => {
  it('lists the studio calls in the OpenAPI document, tagged and summarised', () => {
    const ops = studioOperations(s);
    for (const path of ['/zcp/studio/items', '/zcp/studio/drafts/1', '/zcp/studio/versions/1'])
      expect(ops.map((o) => o.url)).toContain(path);
    const doc = s.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const [path, methods] of Object.entries(doc.paths).filter(([p]) => p.startsWith('/zcp/studio/')))
      for (const op of Object.values(methods)) {
        expect(op.tags, path).toContain('studio');
        expect(op.summary, path).toBeTruthy();
      }
  });

  it("refuses every studio call for a customer's session (403 CUSTOMER_SESSION)", async () => {
    const customer = new PortalClient(s, { ip: '10.61.0.1' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const ops = studioOperations(s);
    expect(ops.length).toBeGreaterThanOrEqual(6);
    for (const op of ops) {
      const res = await customer.request(op.method, op.url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(403);
      expect(res.json().CODE, `${op.method} ${op.url}`).toBe('CUSTOMER_SESSION');
    }
  });

  it('refuses every studio call without a staff session (401 NOT_SIGNED_IN)', async () => {
    const anonymous = staffClient(s);
    await anonymous.get('/zcp/studio/csrf');
    for (const op of studioOperations(s)) {
      const res = await anonymous.request(op.method, op.url, op.method === 'GET' ? undefined : {});
      expect(res.statusCode, `${op.method} ${op.url}`).toBe(401);
      expect(res.json().CODE, `${op.method} ${op.url}`).toBe('NOT_SIGNED_IN');
    }
  });

  it('refuses a write to a viewer (403 FORBIDDEN_ROLE), before anything is read or changed', async () => {
    const viewer = await signedIn(s, VIEWER);
    const writes = [
      ['POST', '/zcp/studio/items/flow/travel/draft'],
      ['PUT', '/zcp/studio/drafts/1'],
      ['DELETE', '/zcp/studio/drafts/1'],
    ] as const;
    for (const [method, url] of writes) {
      const res = await viewer.request(method, url, method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().CODE).toBe('FORBIDDEN_ROLE');
    }
    expect((await viewer.get('/zcp/studio/items/flow/travel')).json().CHANGE).toBeNull();
  });

  it('refuses a state-changing call without the staff CSRF token', async () => {
    const editor = await signedIn(s, EDITOR);
    const res = await editor.post('/zcp/studio/items/flow/travel/draft', {}, { csrf: null });
    expect(res.statusCode).toBe(403);
    expect(res.json().CODE).toBe('CSRF');
  });
});

describe('items and versions', () => {
  it('lists every item with its live version and its titles in both languages', async () => {
    const viewer = await signedIn(s, VIEWER);
    const res = await viewer.get('/zcp/studio/items');
    expect(res.statusCode).toBe(200);
    const items = res.json().ITEMS as {
      KIND: string;
      KEY: string;
      AREA: string;
      TITLE: { el: string; en: string };
      LIVE: { ID: number; NUMBER: number; AUTHOR: string } | null;
      CHANGE: unknown;
    }[];
    const travel = items.find((i) => i.KIND === 'flow' && i.KEY === 'travel');
    expect(travel).toMatchObject({ AREA: 'public', LIVE: { NUMBER: 1, AUTHOR: 'repository' }, CHANGE: null });
    expect(travel?.TITLE.el).not.toBe(travel?.TITLE.en);
    expect(items.find((i) => i.KIND === 'fieldset')?.TITLE.en).toBe('Shared question groups');
    expect(items.find((i) => i.KIND === 'catalogue' && i.KEY === 'promoCodes')?.TITLE.el).toBe(
      'Κωδικοί προσφοράς',
    );
    expect(items.find((i) => i.KIND === 'texts' && i.KEY === 'travel')?.TITLE.en).toBe('Texts: travel');
    // Flows first, then the field sets, the catalogues and the texts.
    const kinds = items.map((i) => i.KIND);
    expect(kinds.indexOf('fieldset')).toBeGreaterThan(kinds.lastIndexOf('flow'));
    expect(kinds.indexOf('texts')).toBeGreaterThan(kinds.lastIndexOf('catalogue'));
  });

  it('answers an item with its live version, files and history, and a version by id', async () => {
    const viewer = await signedIn(s, VIEWER);
    const res = await viewer.get('/zcp/studio/items/flow/travel');
    expect(res.statusCode).toBe(200);
    const { LIVE, CHANGE, HISTORY } = res.json();
    expect(LIVE).toMatchObject({ KIND: 'flow', KEY: 'travel', STATUS: 'live', NUMBER: 1 });
    expect(Object.keys(LIVE.FILES).sort()).toEqual(['flow.json', 'rules.json', 'tariff.json']);
    expect(CHANGE).toBeNull();
    expect(HISTORY[0]).toMatchObject({ ID: LIVE.ID, STATUS: 'live' });
    expect(HISTORY[0].FILES).toBeUndefined();
    const one = await viewer.get(`/zcp/studio/versions/${LIVE.ID}`);
    expect(one.json()).toEqual(LIVE);
  });

  it('refuses an unknown item and an unknown version with a translated message', async () => {
    const viewer = await signedIn(s, VIEWER, 'el');
    const item = await viewer.get('/zcp/studio/items/flow/no-such-flow');
    expect(item.statusCode).toBe(404);
    expect(item.json()).toMatchObject({ CODE: 'UNKNOWN_ITEM' });
    expect(item.json().MESSAGES[0].MSGTEXT).toMatch(/Δεν υπάρχει/);
    const version = await viewer.get('/zcp/studio/versions/999999');
    expect(version.statusCode).toBe(404);
    expect(version.json().CODE).toBe('UNKNOWN_VERSION');
    expect((await viewer.get('/zcp/studio/items/robot/travel')).statusCode).toBe(400);
  });
});

describe('drafts', () => {
  it('a new draft from live, saved at its revision; a stale save refused with the current draft; audited', async () => {
    const editor = await signedIn(s, EDITOR);
    const made = await editor.post('/zcp/studio/items/flow/hunter/draft');
    expect(made.statusCode, made.body).toBe(200);
    const draft = made.json();
    expect(draft).toMatchObject({ KIND: 'flow', KEY: 'hunter', STATUS: 'draft', NUMBER: null, REVISION: 1 });
    const live = (await editor.get('/zcp/studio/items/flow/hunter')).json().LIVE;
    expect(draft.BASED_ON).toBe(live.ID);
    expect(draft.FILES).toEqual(live.FILES);

    const again = await editor.post('/zcp/studio/items/flow/hunter/draft');
    expect(again.statusCode).toBe(409);
    expect(again.json().CODE).toBe('DRAFT_EXISTS');

    const changed = { ...draft.FILES, 'flow.json': `${draft.FILES['flow.json'].trimEnd()}\n\n` };
    const saved = await editor.request('PUT', `/zcp/studio/drafts/${draft.ID}`, {
      REVISION: 1,
      FILES: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ID: draft.ID, REVISION: 2, STATUS: 'draft' });
    expect(saved.json().FILES['flow.json']).toBe(changed['flow.json']);

    // A second editor (the publisher may write drafts too) still holding revision 1.
    const other = await signedIn(s, PUBLISHER, 'el');
    const stale = await other.request('PUT', `/zcp/studio/drafts/${draft.ID}`, {
      REVISION: 1,
      FILES: draft.FILES,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ CODE: 'DRAFT_STALE', CURRENT: { ID: draft.ID, REVISION: 2 } });
    expect(stale.json().CURRENT.FILES['flow.json']).toBe(changed['flow.json']);
    expect(stale.json().MESSAGES[0].MSGTEXT).toMatch(/αποθήκευσε/);

    const listed = (await editor.get('/zcp/studio/items'))
      .json()
      .ITEMS.find((i: { KEY: string }) => i.KEY === 'hunter');
    expect(listed.CHANGE).toMatchObject({ ID: draft.ID, STATUS: 'draft', REVISION: 2 });

    const [created] = await auditRows(s, 'flow.draft');
    expect(created).toMatchObject({
      actor_label: EDITOR,
      target: 'flow:hunter',
      after: { ID: draft.ID, REVISION: 1 },
    });
    const saves = await auditRows(s, 'flow.save');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      actor_label: EDITOR,
      target: 'flow:hunter',
      before: { ID: draft.ID, REVISION: 1 },
      after: { ID: draft.ID, REVISION: 2, CHANGED: ['flow.json'] },
    });
    expect(saves[0].before?.CONTENT_HASH).not.toBe(saves[0].after?.CONTENT_HASH);
  });

  it('refuses files the kind does not have, and a save of a published version', async () => {
    const editor = await signedIn(s, EDITOR);
    const draft = (await editor.post('/zcp/studio/items/catalogue/faqs/draft')).json();
    const wrong = await editor.request('PUT', `/zcp/studio/drafts/${draft.ID}`, {
      REVISION: 1,
      FILES: { 'promoCodes.json': '{}' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ CODE: 'INVALID_FILES', FILE: 'promoCodes.json' });
    expect(wrong.json().MESSAGES[0].MSGTEXT).toContain('promoCodes.json');
    const live = (await editor.get('/zcp/studio/items/catalogue/faqs')).json().LIVE;
    const published = await editor.request('PUT', `/zcp/studio/drafts/${live.ID}`, {
      REVISION: 1,
      FILES: live.FILES,
    });
    expect(published.statusCode).toBe(409);
    expect(published.json().CODE).toBe('NOT_A_DRAFT');
    const deleted = await editor.request('DELETE', `/zcp/studio/drafts/${live.ID}`);
    expect(deleted.json().CODE).toBe('NOT_A_DRAFT');
  });

  it('discards a draft (the audit keeps it), and an admin may write drafts too', async () => {
    const admin = await signedIn(s, ADMIN);
    const draft = (await admin.post('/zcp/studio/items/texts/hunter/draft')).json();
    expect(draft.STATUS).toBe('draft');
    const gone = await admin.request('DELETE', `/zcp/studio/drafts/${draft.ID}`);
    expect(gone.statusCode).toBe(204);
    expect((await admin.get(`/zcp/studio/versions/${draft.ID}`)).statusCode).toBe(404);
    expect((await admin.get('/zcp/studio/items/texts/hunter')).json().CHANGE).toBeNull();
    const [row] = await auditRows(s, 'texts.discard');
    expect(row).toMatchObject({
      actor_label: ADMIN,
      target: 'texts:hunter',
      before: { ID: draft.ID, STATUS: 'draft' },
    });
    expect(row.after).toBeNull();
  });
});
