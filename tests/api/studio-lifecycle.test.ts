// The studio API's life cycle, gates, checker, path map and diff (issue 29 items 2-4, 7; issue 26
// item 8): a change from draft to live by two people and rolled back; every refused transition
// with its code; each gate refusing (a broken reference, a path that no longer ends, a failing
// scenario, a missing Greek text) and self-approval; the checker's problems as file and pointer;
// the path map's ends; the diff in words kept with the published version; the audit rows.

import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestService } from './support/app';
import { raisedTariff } from './support/publishing';
import type { StaffClient } from './support/staff';
import { ADMIN, auditRows, EDITOR, PUBLISHER, signedIn, startStudioService, VIEWER } from './support/studio';

let s: TestService;
let scenarios: string;
let editor: StaffClient;
let publisher: StaffClient;
let viewer: StaffClient;

beforeAll(async () => {
  // One scenario of the hunter flow: the gates replay it against each hunter candidate.
  scenarios = await mkdtemp(join(tmpdir(), 'zcp-studio-scenarios-'));
  await copyFile(
    join('tests', 'scenarios', 'hunter-happy-path.json'),
    join(scenarios, 'hunter-happy-path.json'),
  );
  s = await startStudioService({ scenariosDir: scenarios });
  editor = await signedIn(s, EDITOR);
  publisher = await signedIn(s, PUBLISHER);
  viewer = await signedIn(s, VIEWER);
});
afterAll(async () => {
  await s?.close();
  await rm(scenarios, { recursive: true, force: true });
});

type Version = {
  ID: number;
  REVISION: number;
  STATUS: string;
  NUMBER: number | null;
  FILES: Record<string, string>;
};

async function draftOf(
  c: StaffClient,
  kind: string,
  key: string,
  change: (files: Record<string, string>) => Record<string, string>,
) {
  const made = await c.post(`/zcp/studio/items/${kind}/${key}/draft`);
  expect(made.statusCode, made.body).toBe(200);
  const draft = made.json() as Version;
  const saved = await c.request('PUT', `/zcp/studio/drafts/${draft.ID}`, {
    REVISION: draft.REVISION,
    FILES: change({ ...draft.FILES }),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json() as Version;
}

const post = (c: StaffClient, url: string, body?: unknown) => c.post(url, body);
const codeOf = async (p: Promise<{ json(): { CODE?: string } }>) => (await p).json().CODE;

/** The hunter texts with the Greek and English titles changed. */
function retitled(files: Record<string, string>) {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(files)) {
    const tree = JSON.parse(text);
    tree.title = `${tree.title} (${name === 'el.json' ? 'νέο' : 'new'})`;
    out[name] = `${JSON.stringify(tree, null, 2)}\n`;
  }
  return out;
}

describe('from draft to live, by two people', () => {
  it('submit, approve, publish (the next number), the diff kept, a rollback; each step audited', async () => {
    const draft = await draftOf(editor, 'texts', 'hunter', retitled);
    const liveBefore = (await viewer.get('/zcp/studio/items/texts/hunter')).json().LIVE as Version;

    // The editor may not approve or publish; the publisher may not approve an unsubmitted draft.
    expect(await codeOf(post(editor, `/zcp/studio/drafts/${draft.ID}/approve`))).toBe('FORBIDDEN_ROLE');
    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${draft.ID}/approve`))).toBe('NOT_IN_REVIEW');
    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${draft.ID}/publish`))).toBe('NOT_IN_REVIEW');

    const submitted = await post(editor, `/zcp/studio/drafts/${draft.ID}/submit`, { NOTE: 'Νέος τίτλος' });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ STATUS: 'in_review', NOTE: 'Νέος τίτλος' });
    expect(await codeOf(post(editor, `/zcp/studio/drafts/${draft.ID}/submit`))).toBe('NOT_A_DRAFT');
    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${draft.ID}/publish`))).toBe('NOT_APPROVED');

    const approved = await post(publisher, `/zcp/studio/drafts/${draft.ID}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const published = await post(publisher, `/zcp/studio/drafts/${draft.ID}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ ID: draft.ID, STATUS: 'live', NUMBER: liveBefore.NUMBER! + 1 });

    // Staff are named beside their ids, in the answers themselves: the version, the history, the list.
    expect(published.json()).toMatchObject({
      AUTHOR: expect.stringMatching(/^S/),
      AUTHOR_NAME: 'Μάριος Χατζηγεωργίου',
      APPROVER_NAME: 'Κατερίνα Δημητρίου',
    });
    const history = (await viewer.get('/zcp/studio/items/texts/hunter')).json();
    expect(history.HISTORY.find((v: Version) => v.ID === draft.ID)).toMatchObject({
      AUTHOR_NAME: 'Μάριος Χατζηγεωργίου',
      APPROVER_NAME: 'Κατερίνα Δημητρίου',
    });
    expect(history.LIVE).toMatchObject({ AUTHOR_NAME: 'Μάριος Χατζηγεωργίου' });
    const listed = (await viewer.get('/zcp/studio/items'))
      .json()
      .ITEMS.find((i: { KIND: string; KEY: string }) => i.KIND === 'texts' && i.KEY === 'hunter');
    expect(listed.LIVE).toMatchObject({
      AUTHOR_NAME: 'Μάριος Χατζηγεωργίου',
      APPROVER_NAME: 'Κατερίνα Δημητρίου',
    });
    const admin = await signedIn(s, ADMIN);
    const events = (await admin.get('/zcp/studio/audit?ACTION=texts.publish')).json().EVENTS;
    expect(events[0]).toMatchObject({ ACTOR: PUBLISHER, ACTOR_NAME: 'Κατερίνα Δημητρίου' });
    // The filter on who finds a name as it finds an e-mail.
    const byName = (
      await admin.get(`/zcp/studio/audit?ACTION=texts.&ACTOR=${encodeURIComponent('Δημητρ')}`)
    ).json().EVENTS as { ACTOR: string }[];
    expect(byName.length).toBeGreaterThan(0);
    expect(new Set(byName.map((e) => e.ACTOR))).toEqual(new Set([PUBLISHER]));

    // The diff in words, kept with the published version and computed between any two.
    const kept = (await viewer.get(`/zcp/studio/diff?to=${draft.ID}`)).json();
    expect(kept).toMatchObject({ FROM: liveBefore.ID, TO: draft.ID, KEPT: true });
    expect(kept.CHANGES).toEqual([
      expect.objectContaining({
        WHAT: 'text',
        CHANGE: 'changed',
        WHERE: 'el: title',
        AFTER: expect.stringContaining('(νέο)'),
      }),
      expect.objectContaining({
        WHAT: 'text',
        CHANGE: 'changed',
        WHERE: 'en: title',
        AFTER: expect.stringContaining('(new)'),
      }),
    ]);
    const back = (await viewer.get(`/zcp/studio/diff?from=${draft.ID}&to=${liveBefore.ID}`)).json();
    expect(back.CHANGES[0]).toMatchObject({
      WHAT: 'text',
      WHERE: 'el: title',
      BEFORE: expect.stringContaining('(νέο)'),
    });

    // Rollback: the earlier version again, as a new number; a live one and a draft are refused.
    expect(await codeOf(post(publisher, `/zcp/studio/versions/${draft.ID}/rollback`))).toBe('ALREADY_LIVE');
    const rolled = await post(publisher, `/zcp/studio/versions/${liveBefore.ID}/rollback`, { NOTE: 'πίσω' });
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect(rolled.json()).toMatchObject({
      STATUS: 'live',
      NUMBER: liveBefore.NUMBER! + 2,
      FILES: liveBefore.FILES,
    });
    expect(await codeOf(post(editor, `/zcp/studio/versions/${liveBefore.ID}/rollback`))).toBe(
      'FORBIDDEN_ROLE',
    );
    expect(await codeOf(post(publisher, '/zcp/studio/versions/999999/rollback'))).toBe('UNKNOWN_VERSION');

    expect((await auditRows(s, 'texts.submit')).at(-1)).toMatchObject({
      actor_label: EDITOR,
      target: 'texts:hunter',
    });
    expect((await auditRows(s, 'texts.approve')).at(-1)).toMatchObject({
      actor_label: PUBLISHER,
      before: { STATUS: 'in_review', APPROVER: null },
    });
    const publishRow = (await auditRows(s, 'texts.publish')).at(-1);
    expect(publishRow).toMatchObject({
      actor_label: PUBLISHER,
      before: { STATUS: 'in_review' },
      after: { STATUS: 'live' },
    });
    expect((await auditRows(s, 'texts.rollback')).at(-1)).toMatchObject({
      actor_label: PUBLISHER,
      after: { NOTE: 'πίσω' },
    });
  });

  it('refuses an unchanged draft, sends a change back with the reason, and refuses self-approval', async () => {
    const same = (await post(publisher, '/zcp/studio/items/catalogue/faqs/draft')).json() as Version;
    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${same.ID}/submit`))).toBe('UNCHANGED');
    await publisher.request('DELETE', `/zcp/studio/drafts/${same.ID}`);

    const mine = await draftOf(publisher, 'catalogue', 'faqs', (f) => ({
      'faqs.json': `${f['faqs.json'].trimEnd()}\n\n`,
    }));
    await post(publisher, `/zcp/studio/drafts/${mine.ID}/submit`);
    const self = await publisher.post(`/zcp/studio/drafts/${mine.ID}/approve`, {}, { lang: 'el' });
    expect(self.statusCode).toBe(403);
    expect(self.json().CODE).toBe('SELF_APPROVAL');
    expect(self.json().MESSAGES[0].MSGTEXT).toMatch(/άλλος εκδότης/);

    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${mine.ID}/refuse`, {}))).toBeUndefined();
    const refused = await post(publisher, `/zcp/studio/drafts/${mine.ID}/refuse`, {
      REASON: 'Λείπει η αγγλική απάντηση',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ STATUS: 'draft', NOTE: 'Λείπει η αγγλική απάντηση' });
    expect(await codeOf(post(publisher, `/zcp/studio/drafts/${mine.ID}/refuse`, { REASON: 'x' }))).toBe(
      'NOT_IN_REVIEW',
    );
    expect(await codeOf(post(publisher, `/zcp/studio/versions/${mine.ID}/rollback`))).toBe('NOT_PUBLISHED');
    expect((await auditRows(s, 'catalogue.refuse')).at(-1)).toMatchObject({ after: { STATUS: 'draft' } });
  });
});

describe('the gates', () => {
  /** Submitted by the editor, approved by the publisher, then published: the answer. */
  async function tryPublish(draft: Version) {
    expect((await post(editor, `/zcp/studio/drafts/${draft.ID}/submit`)).statusCode).toBe(200);
    expect((await post(publisher, `/zcp/studio/drafts/${draft.ID}/approve`)).statusCode).toBe(200);
    const res = await post(publisher, `/zcp/studio/drafts/${draft.ID}/publish`);
    await editor.request('DELETE', `/zcp/studio/drafts/${draft.ID}`);
    return res;
  }

  it('a broken reference: the checker names the file and the pointer, and publishing is refused', async () => {
    const draft = await draftOf(editor, 'flow', 'hunter', (f) => {
      const flow = JSON.parse(f['flow.json']);
      const field =
        flow.steps[0].substeps[0].fields.find((x: { lov?: string }) => x.lov) ??
        flow.steps[0].substeps[0].fields[0];
      field.lov = 'NO_SUCH_LIST';
      return { ...f, 'flow.json': `${JSON.stringify(flow, null, 2)}\n` };
    });
    const check = await viewer.post('/zcp/studio/check', { KIND: 'flow', KEY: 'hunter', FILES: draft.FILES });
    expect(check.statusCode, check.body).toBe(200);
    const problem = check
      .json()
      .PROBLEMS.find((p: { MESSAGE: string }) => p.MESSAGE.includes('NO_SUCH_LIST'));
    expect(problem).toMatchObject({
      FILE: 'flow.json',
      POINTER: expect.stringMatching(/^\/steps\/0\/substeps\/0\/fields\/\d+/),
    });
    // In Greek the checker's finding reads in Greek, the list's name kept.
    const el = await viewer.post(
      '/zcp/studio/check',
      { KIND: 'flow', KEY: 'hunter', FILES: draft.FILES },
      { lang: 'el' },
    );
    const said = el.json().PROBLEMS.filter((p: { MESSAGE: string }) => p.MESSAGE.includes('NO_SUCH_LIST'));
    expect(said.length, el.body).toBeGreaterThan(0);
    for (const p of said) expect(p.MESSAGE).toMatch(/^(Η υπηρεσία δεν γνωρίζει|Η λίστα τιμών|Η ερώτηση) /);
    const gates = (await post(viewer, `/zcp/studio/drafts/${draft.ID}/gates`)).json();
    expect(
      gates.REASONS.some(
        (r: { GATE: string; DETAIL: string }) => r.GATE === 'checker' && r.DETAIL.includes('NO_SUCH_LIST'),
      ),
    ).toBe(true);
    const res = await tryPublish(draft);
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('GATES_FAILED');
    expect(res.json().REASONS[0]).toMatchObject({
      GATE: 'checker',
      DETAIL: expect.stringContaining('flows/hunter/flow.json#'),
    });
    expect((await auditRows(s, 'flow.publish_refused')).at(-1)).toMatchObject({
      actor_label: PUBLISHER,
      after: { REASONS: expect.any(Array) },
    });
  });

  it('a path that no longer ends everywhere: the path map and the paths gate show it', async () => {
    const live = (await viewer.get('/zcp/studio/items/flow/hunter')).json().LIVE as Version;
    const map = (
      await viewer.post('/zcp/studio/paths', { KIND: 'flow', KEY: 'hunter', FILES: live.FILES })
    ).json();
    expect(map.NODES.length).toBeGreaterThanOrEqual(3);
    expect(map.NODES[0]).toMatchObject({
      ID: expect.stringContaining('__'),
      STEP: expect.any(String),
      LABEL_KEY: expect.any(String),
    });
    expect(map.EDGES[0]).toMatchObject({ FROM: map.NODES[0].ID, TO: map.NODES[1].ID });
    expect(new Set(map.ENDS.map((e: { KIND: string }) => e.KIND))).toEqual(new Set(['payment', 'referral']));
    expect(map.UNREACHABLE).toEqual([]);

    // A payment on leaving the first substep ends every path there: the rest is unreachable.
    const draft = await draftOf(editor, 'flow', 'hunter', (f) => {
      const flow = JSON.parse(f['flow.json']);
      flow.steps[0].substeps[0].onLeave = [{ payment: 'regpay' }];
      return { ...f, 'flow.json': `${JSON.stringify(flow, null, 2)}\n` };
    });
    const broken = (
      await viewer.post('/zcp/studio/paths', { KIND: 'flow', KEY: 'hunter', FILES: draft.FILES })
    ).json();
    expect(broken.UNREACHABLE.length).toBeGreaterThan(0);
    const gates = (await post(viewer, `/zcp/studio/drafts/${draft.ID}/gates`)).json();
    expect(
      gates.REASONS.filter((r: { GATE: string }) => r.GATE === 'paths').length,
      JSON.stringify(gates),
    ).toBeGreaterThan(0);
    await editor.request('DELETE', `/zcp/studio/drafts/${draft.ID}`);
  });

  it('a failing scenario: a raised tariff no longer prices the attached scenario as it expects', async () => {
    const draft = await draftOf(editor, 'flow', 'hunter', (f) => ({
      ...f,
      'tariff.json': raisedTariff(f['tariff.json']),
    }));
    const res = await tryPublish(draft);
    expect(res.statusCode, res.body).toBe(422);
    const reasons = res.json().REASONS as { GATE: string; DETAIL: string }[];
    expect(reasons.map((r) => r.GATE)).toEqual(['scenarios']);
    expect(reasons[0].DETAIL).toContain('hunter-happy-path.json');
  }, 120_000);

  it('a missing Greek text: the checker call names the key in the Greek file, and publishing is refused', async () => {
    const draft = await draftOf(editor, 'texts', 'hunter', (f) => {
      const en = JSON.parse(f['en.json']);
      en.studioTestOnly = 'Only in English';
      return { ...f, 'en.json': `${JSON.stringify(en, null, 2)}\n` };
    });
    const check = await viewer.post(
      '/zcp/studio/check',
      { KIND: 'texts', KEY: 'hunter', FILES: draft.FILES },
      { lang: 'el' },
    );
    expect(check.json().PROBLEMS).toContainEqual({
      FILE: 'el.json',
      POINTER: '/studioTestOnly',
      MESSAGE: 'Το κείμενο «studioTestOnly» δεν έχει ελληνική μετάφραση.',
    });
    // The gates speak the studio's language, English too (the audit keeps the English detail).
    const el = (await viewer.post(`/zcp/studio/drafts/${draft.ID}/gates`, undefined, { lang: 'el' })).json();
    expect(el.REASONS).toContainEqual({
      GATE: 'texts',
      DETAIL: 'Το κείμενο hunter:studioTestOnly δεν έχει ελληνική μετάφραση (locales/el/hunter.json).',
    });
    const res = await tryPublish(draft);
    expect(res.statusCode).toBe(422);
    expect(
      res.json().MESSAGES.map((m: { MSGTEXT: string }) => m.MSGTEXT),
      res.body,
    ).toContain('Texts: The text hunter:studioTestOnly has no Greek version (locales/el/hunter.json).');
    expect(res.json().REASONS).toContainEqual({
      GATE: 'texts',
      DETAIL: 'The text hunter:studioTestOnly has no Greek version (locales/el/hunter.json).',
    });
  });
});

describe('the diff in words of a flow', () => {
  it('names the tariff cells, fields, conditions and check points changed between two versions', async () => {
    const draft = await draftOf(editor, 'flow', 'travel', (f) => {
      const flow = JSON.parse(f['flow.json']);
      const sub = flow.steps[0].substeps[0];
      sub.fields.push({
        id: 'STUDIO_Q',
        path: 'CS_TRAVEL.STUDIO_Q',
        type: 'string',
        widget: 'yesno',
        label: 'travel:fields.studioQ',
      });
      sub.fields[0].visibleIf = { path: 'CS_TRAVEL.STUDIO_Q', eq: '1' };
      const rules = JSON.parse(f['rules.json']);
      rules.ET_CHECK_POINTS[0].FIELD_VALUE = '2';
      const tariff = JSON.parse(f['tariff.json']);
      tariff.minimumPremium = (tariff.minimumPremium ?? 0) + 1;
      return {
        'flow.json': `${JSON.stringify(flow, null, 2)}\n`,
        'rules.json': `${JSON.stringify(rules, null, 2)}\n`,
        'tariff.json': `${JSON.stringify(tariff, null, 2)}\n`,
      };
    });
    const live = (await viewer.get('/zcp/studio/items/flow/travel')).json().LIVE as Version;
    const res = await viewer.get(`/zcp/studio/diff?from=${live.ID}&to=${draft.ID}`);
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json().CHANGES as { WHAT: string; CHANGE: string; WHERE: string }[];
    const step = JSON.parse(live.FILES['flow.json']).steps[0];
    const where = `${step.id}/${step.substeps[0].id}`;
    expect(changes).toContainEqual(
      expect.objectContaining({
        WHAT: 'field',
        CHANGE: 'added',
        WHERE: `field CS_TRAVEL.STUDIO_Q (${where})`,
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        WHAT: 'condition',
        CHANGE: expect.any(String),
        WHERE: expect.stringContaining('visibleIf'),
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ WHAT: 'checkpoint', CHANGE: 'changed', WHERE: 'check point 1' }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({ WHAT: 'tariff_cell', CHANGE: 'changed', WHERE: 'tariff minimumPremium' }),
    );
    const other = (await viewer.get('/zcp/studio/items/flow/hunter')).json().LIVE as Version;
    expect((await viewer.get(`/zcp/studio/diff?from=${other.ID}&to=${draft.ID}`)).json().CODE).toBe(
      'NOT_SAME_ITEM',
    );
    await editor.request('DELETE', `/zcp/studio/drafts/${draft.ID}`);
  });
});
