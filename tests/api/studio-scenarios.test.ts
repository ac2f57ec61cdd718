// A flow's scenarios in the studio (issue 29 item 8): attached by an editor (audited), listed with
// the flow's files of tests/scenarios/, run against the live version, a given version or the draft
// with pass or fail per scenario and where it diverged (the step, the substep and its answers),
// replayed by the publication gates like the repository's files, detached (audited); a bad
// scenario refused in Greek and English, and who may call.

import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import type { TestService } from './support/app';
import { PortalClient } from './support/portal';
import type { StaffClient } from './support/staff';
import { auditRows, EDITOR, signedIn, staffClient, startStudioService, VIEWER } from './support/studio';

let s: TestService;
let dir: string;
let editor: StaffClient;
let viewer: StaffClient;
let happy: {
  steps: { substep: string; answers?: Record<string, unknown> }[];
  expect: Record<string, unknown>;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zcp-studio-scenarios-'));
  const file = join('tests', 'scenarios', 'hunter-happy-path.json');
  await copyFile(file, join(dir, 'hunter-happy-path.json'));
  happy = JSON.parse(await readFile(file, 'utf8'));
  s = await startStudioService({ scenariosDir: dir });
  editor = await signedIn(s, EDITOR);
  viewer = await signedIn(s, VIEWER);
});
afterAll(async () => {
  await s?.close();
  await rm(dir, { recursive: true, force: true });
});

const BASE = '/zcp/studio/items/flow/hunter/scenarios';
type Run = {
  SOURCE: string;
  ID: string;
  NAME: string;
  PASSED: boolean;
  PROBLEMS: string[];
  DIVERGED: { STEP: number; SUBSTEP: string; ANSWERS: Record<string, unknown> } | null;
  OUTCOME: { PREMIUM: number | null } | null;
};

async function attach(name: string, scenario: unknown) {
  const res = await editor.post(BASE, { NAME: name, SCENARIO: scenario });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ID: string; SOURCE: string; NAME: string };
}

describe("a flow's scenarios", () => {
  let wrongPremium: string;
  let wrongPath: string;

  it('attaches scenarios (audited) and lists them with the repository file', async () => {
    wrongPremium = (
      await attach('Plus package at a premium it does not have', {
        ...happy,
        expect: { ...happy.expect, premium: 999 },
      })
    ).ID;
    const path = structuredClone(happy);
    path.steps[1].substep = 'plans__nowhere';
    wrongPath = (await attach('A substep the flow does not go to', path)).ID;

    const list = await viewer.get(BASE);
    expect(list.statusCode, list.body).toBe(200);
    const all = list.json().SCENARIOS as {
      SOURCE: string;
      ID: string;
      NAME: string;
      AUTHOR: string | null;
      AUTHOR_NAME: string | null;
    }[];
    expect(all.map((x) => [x.SOURCE, x.ID])).toEqual([
      ['repository', 'hunter-happy-path.json'],
      ['studio', wrongPremium],
      ['studio', wrongPath],
    ]);
    expect(all[1]).toMatchObject({ NAME: 'Plus package at a premium it does not have' });
    expect(all[1].AUTHOR).toBeTruthy();
    // Named as the studio shows staff: by name, not by id; the repository's file has no author.
    expect(all[1].AUTHOR_NAME).toMatch(/\S+ \S+/);
    expect(all[0].AUTHOR_NAME).toBeNull();
    const rows = await auditRows(s, 'flow.scenario.attach');
    expect(rows.at(-1)).toMatchObject({ actor_label: EDITOR, target: 'flow:hunter' });
    expect(rows.at(-1)?.after).toMatchObject({ ID: wrongPath, STEPS: happy.steps.length });
  });

  it('runs them against the live version: pass or fail each, and where each diverged', async () => {
    const res = await viewer.post(`${BASE}/run`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().VERSION).toMatchObject({ STATUS: 'live', NUMBER: 1 });
    const runs = res.json().RUNS as Run[];
    expect(runs.map((r) => [r.ID, r.PASSED])).toEqual([
      ['hunter-happy-path.json', true],
      [wrongPremium, false],
      [wrongPath, false],
    ]);
    expect(runs[0]).toMatchObject({
      PROBLEMS: [],
      DIVERGED: null,
      OUTCOME: { PREMIUM: happy.expect.premium },
    });
    expect(runs[1].PROBLEMS).toEqual([
      `The premium came out at ${happy.expect.premium}, while 999 was expected.`,
    ]);
    expect(runs[1].DIVERGED?.SUBSTEP).toBe(happy.steps.at(-1)?.substep);
    // The second step names a substep the flow never goes to: it went astray after the first one.
    expect(runs[2].PROBLEMS[0]).toBe(
      'The scenario expected the page plans__nowhere, but the flow is on plans__packages.',
    );
    expect(runs[2].DIVERGED).toEqual({
      STEP: 0,
      SUBSTEP: 'hunter__details',
      ANSWERS: happy.steps[0].answers,
    });
    const rows = await auditRows(s, 'flow.scenario.run');
    expect(rows.at(-1)?.after).toMatchObject({
      RUN: 3,
      FAILED: [`studio:${wrongPremium}`, `studio:${wrongPath}`],
    });
  }, 120_000);

  it('runs chosen ones against a given version or the draft, and the gates replay them too', async () => {
    const { LIVE } = (await viewer.get('/zcp/studio/items/flow/hunter')).json();
    const one = await viewer.post(`${BASE}/run`, { VERSION: LIVE.ID, IDS: [wrongPremium] });
    expect(one.statusCode, one.body).toBe(200);
    expect((one.json().RUNS as Run[]).map((r) => r.ID)).toEqual([wrongPremium]);

    const made = await editor.post('/zcp/studio/items/flow/hunter/draft');
    const draft = made.json();
    const saved = await editor.request('PUT', `/zcp/studio/drafts/${draft.ID}`, {
      REVISION: draft.REVISION,
      FILES: { ...draft.FILES, 'flow.json': `${draft.FILES['flow.json'].trimEnd()}\n\n` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const onDraft = await viewer.post(`${BASE}/run`, { IDS: ['hunter-happy-path.json'] });
    expect(onDraft.json().VERSION).toMatchObject({ ID: draft.ID, STATUS: 'draft' });
    expect((onDraft.json().RUNS as Run[])[0].PASSED).toBe(true);

    const gates = await viewer.post(`/zcp/studio/drafts/${draft.ID}/gates`, undefined, { lang: 'en' });
    expect(gates.statusCode, gates.body).toBe(200);
    const details = (gates.json().REASONS as { GATE: string; DETAIL: string }[]).map((r) => r.DETAIL);
    expect(details).toContain(
      `studio scenario ${wrongPremium} (Plus package at a premium it does not have): The premium came out at ${happy.expect.premium}, while 999 was expected.`,
    );
    const el = await viewer.post(`/zcp/studio/drafts/${draft.ID}/gates`, undefined, { lang: 'el' });
    expect((el.json().REASONS as { DETAIL: string }[]).map((r) => r.DETAIL)).toContain(
      `σενάριο του studio ${wrongPremium} (Plus package at a premium it does not have): Το ασφάλιστρο βγήκε ${happy.expect.premium}, ενώ αναμενόταν 999.`,
    );
    expect(details.some((d) => d.startsWith(`studio scenario ${wrongPath} `))).toBe(true);
    expect(details.some((d) => d.includes('hunter-happy-path.json'))).toBe(false);
    expect((await editor.request('DELETE', `/zcp/studio/drafts/${draft.ID}`)).statusCode).toBe(204);
  }, 180_000);

  it('refuses a version of another flow and a scenario it does not have', async () => {
    const { LIVE } = (await viewer.get('/zcp/studio/items/flow/travel')).json();
    const other = await viewer.post(`${BASE}/run`, { VERSION: LIVE.ID }, { lang: 'el' });
    expect(other.statusCode).toBe(404);
    expect(other.json().CODE).toBe('UNKNOWN_VERSION');
    expect(other.json().MESSAGES[0].MSGTEXT).toMatch(/Δεν υπάρχει/);
    const none = await viewer.post(`${BASE}/run`, { IDS: ['travel-family.json'] });
    expect(none.statusCode).toBe(404);
    expect(none.json().CODE).toBe('UNKNOWN_SCENARIO');
  });

  it('detaches a scenario (audited with it); the gates no longer replay it', async () => {
    const res = await editor.request('DELETE', `/zcp/studio/scenarios/${wrongPath}`);
    expect(res.statusCode, res.body).toBe(204);
    const rows = await auditRows(s, 'flow.scenario.detach');
    expect(rows.at(-1)).toMatchObject({ actor_label: EDITOR, target: 'flow:hunter' });
    expect(rows.at(-1)?.before).toMatchObject({ ID: wrongPath, NAME: 'A substep the flow does not go to' });
    const ids = ((await viewer.get(BASE)).json().SCENARIOS as { ID: string }[]).map((x) => x.ID);
    expect(ids).not.toContain(wrongPath);
    const again = await editor.request('DELETE', `/zcp/studio/scenarios/${wrongPath}`, undefined, {
      lang: 'el',
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().CODE).toBe('UNKNOWN_SCENARIO');
    expect(again.json().MESSAGES[0].MSGTEXT).toMatch(/σενάριο/);
  });
});

describe('refusals', () => {
  it('refuses a scenario without steps or expectation, or of another flow, in both languages', async () => {
    const cases: [unknown, string][] = [
      [{ ...happy, steps: [] }, 'noSteps'],
      [{ ...happy, steps: [{ answers: {} }] }, 'badStep'],
      [{ steps: happy.steps }, 'noExpect'],
      [{ ...happy, flow: 'travel' }, 'otherFlow'],
    ];
    for (const [scenario, reason] of cases) {
      const en = await editor.post(BASE, { NAME: 'x', SCENARIO: scenario }, { lang: 'en' });
      const el = await editor.post(BASE, { NAME: 'x', SCENARIO: scenario }, { lang: 'el' });
      for (const res of [en, el]) {
        expect(res.statusCode, `${reason} ${res.body}`).toBe(422);
        expect(res.json()).toMatchObject({ CODE: 'INVALID_SCENARIO', REASON: reason });
      }
      expect(el.json().MESSAGES[0].MSGTEXT).toMatch(/[α-ω]{3}/);
      expect(el.json().MESSAGES[0].MSGTEXT).not.toBe(en.json().MESSAGES[0].MSGTEXT);
    }
    const unknownFlow = await editor.post('/zcp/studio/items/flow/boat/scenarios', {
      NAME: 'x',
      SCENARIO: happy,
    });
    expect(unknownFlow.statusCode).toBe(404);
    expect(unknownFlow.json().CODE).toBe('UNKNOWN_ITEM');
  });

  it('refuses attaching and detaching to a viewer, and every call to a customer and to no session', async () => {
    const attachRes = await viewer.post(BASE, { NAME: 'x', SCENARIO: happy });
    expect(attachRes.statusCode).toBe(403);
    expect(attachRes.json().CODE).toBe('FORBIDDEN_ROLE');
    expect((await viewer.request('DELETE', '/zcp/studio/scenarios/1')).json().CODE).toBe('FORBIDDEN_ROLE');

    const customer = new PortalClient(s, { ip: '10.63.0.1' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const anonymous = staffClient(s);
    await anonymous.get('/zcp/studio/csrf');
    const calls = [
      ['GET', BASE],
      ['POST', BASE],
      ['POST', `${BASE}/run`],
      ['DELETE', '/zcp/studio/scenarios/1'],
    ] as const;
    for (const [method, url] of calls) {
      const payload = method === 'POST' ? {} : undefined;
      const c = await customer.request(method, url, payload);
      expect([c.statusCode, c.json().CODE], `${method} ${url}`).toEqual([403, 'CUSTOMER_SESSION']);
      const a = await anonymous.request(method, url, payload);
      expect([a.statusCode, a.json().CODE], `${method} ${url}`).toEqual([401, 'NOT_SIGNED_IN']);
    }
  });
});
