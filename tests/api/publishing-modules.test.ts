// The browser's copy of the live configuration (issue 29, "live without a rebuild"): the manifest
// names each live flow's compiled module and each text namespace's version; both are served
// immutable by hash; a publication changes the manifest at once; a draft's module is the studio's
// (staff only).

import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import {
  approve,
  newDraftFromLive,
  publish,
  saveDraft,
  submitForReview,
} from '../../src/server/publishing/lifecycle';
import { readBuiltVersions } from '../../src/server/publishing/modules';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/staff/demo';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';
import { EDITOR, lifeCycle, PUBLISHER } from './support/publishing';
import { StaffClient } from './support/staff';

const PROMO_URL = '/zcp/promo/validate';

let s: TestService;
beforeAll(async () => {
  s = await startService({
    config: {
      portal: { ...testConfig().portal, demoData: true },
      staff: { ...testConfig().staff, demoData: true, secondFactorRequired: true },
    },
  });
});
afterAll(() => s?.close());

type Manifest = Record<string, string> & { texts: Record<string, string> };

async function manifest(): Promise<Manifest> {
  const res = await s.call({ method: 'GET', url: '/zcp/flows/manifest' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json();
}

/** Waits (up to 10 s) until the manifest differs from `before` where `changed` looks. */
async function manifestAfter(before: Manifest, changed: (m: Manifest) => boolean): Promise<Manifest> {
  const deadline = Date.now() + 10_000;
  let now = await manifest();
  while (!changed(now) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    now = await manifest();
  }
  expect(changed(now), JSON.stringify({ before, now })).toBe(true);
  return now;
}

/** Imports a served module in Node, as the browser would (it imports nothing itself). */
async function importModule(code: string) {
  const file = join(tmpdir(), `zcp-module-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`);
  await writeFile(file, code);
  return (await import(file)) as {
    flow: { id: string; steps: unknown[] };
    validators: Record<string, Record<string, ((data: unknown) => boolean) & { errors?: unknown[] }>>;
  };
}

async function publishChange(
  kind: 'flow' | 'texts' | 'catalogue',
  key: string,
  edit: (files: Record<string, string>) => Record<string, string>,
) {
  const deps = lifeCycle(s.testDb.db);
  const draft = await newDraftFromLive(deps, EDITOR, { kind, key });
  await saveDraft(deps, EDITOR, draft.id, { files: edit(draft.files), revision: 1 });
  await submitForReview(deps, EDITOR, draft.id, `${key}: a change for the browser`);
  await approve(deps, PUBLISHER, draft.id);
  return publish(deps, PUBLISHER, draft.id);
}

describe('the manifest and the modules', () => {
  it('names every live flow by the hash of the module the build also bundles', async () => {
    const m = await manifest();
    const built = readBuiltVersions();
    for (const id of ['travel', 'motor', 'property', 'motor-claim']) expect(m[id]).toMatch(/^[0-9a-f]{20}$/);
    // The CLI (npm run validators) and the service compile with one implementation: equal hashes.
    expect(m.travel).toBe(built.flows.travel);
    expect(m.texts.travel).toBe(built.texts.travel);
    expect(m.texts.common).toBe(built.texts.common);
    // The service's own namespaces never reach the browser.
    expect(m.texts.mail).toBeUndefined();
  });

  it('serves a module immutable, as JavaScript, with the flow and working validators', async () => {
    const m = await manifest();
    const res = await s.call({ method: 'GET', url: `/assets/flows/travel.${m.travel}.js` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing a browser could not resolve, nothing evaluated from a string.
    expect(res.body).not.toMatch(/^\s*import\s/m);
    expect(res.body).not.toMatch(/new Function|eval\(/);
    const module = await importModule(res.body);
    expect(module.flow.id).toBe('travel');
    const trip = Object.values(module.validators.travel__trip)[0];
    expect(trip({ OBJECT_TYPE: 'I' })).toBe(true);
    expect(trip({ OBJECT_TYPE: 7 })).toBe(false);
    // Another flow's name with this hash, or a hash no module has: not found.
    expect((await s.call({ method: 'GET', url: `/assets/flows/motor.${m.travel}.js` })).statusCode).toBe(404);
    expect(
      (await s.call({ method: 'GET', url: '/assets/flows/travel.0123456789abcdef0123.js' })).statusCode,
    ).toBe(404);
  });

  it('serves a published text version by hash; the manifest names it at once, the old hash still answers', async () => {
    const before = await manifest();
    const label = 'Where are you travelling from? (published)';
    await publishChange('texts', 'travel', (files) => {
      const en = JSON.parse(files['en.json']);
      en.fields.OBJECT_TYPE.label = label;
      return { ...files, 'en.json': `${JSON.stringify(en, null, 2)}\n` };
    });
    const after = await manifestAfter(before, (m) => m.texts.travel !== before.texts.travel);
    expect(after.travel).toBe(before.travel);
    const res = await s.call({ method: 'GET', url: `/assets/texts/travel.${after.texts.travel}.en.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.json().fields.OBJECT_TYPE.label).toBe(label);
    const old = await s.call({ method: 'GET', url: `/assets/texts/travel.${before.texts.travel}.en.json` });
    expect(old.statusCode).toBe(200);
    expect(old.json().fields.OBJECT_TYPE.label).toBe('Individual or family cover?');
    // Service-only namespaces are not served.
    expect(
      (await s.call({ method: 'GET', url: `/assets/texts/mail.${before.texts.travel}.en.json` })).statusCode,
    ).toBe(404);
  });

  it('a published flow change is a new module; a journey pinned to the old one still gets it', async () => {
    const before = await manifest();
    await publishChange('flow', 'travel', (files) => {
      const flow = JSON.parse(files['flow.json']);
      flow.steps[0].substeps[0].fields[0].required = !flow.steps[0].substeps[0].fields[0].required;
      return { ...files, 'flow.json': `${JSON.stringify(flow, null, 2)}\n` };
    });
    const after = await manifestAfter(before, (m) => m.travel !== before.travel);
    expect(after.motor).toBe(before.motor);
    const fresh = await s.call({ method: 'GET', url: `/assets/flows/travel.${after.travel}.js` });
    expect(fresh.statusCode).toBe(200);
    const old = await s.call({ method: 'GET', url: `/assets/flows/travel.${before.travel}.js` });
    expect(old.statusCode).toBe(200);
    expect(old.body).not.toBe(fresh.body);
    // Kept in the database: a second instance (or a restart) reads it instead of compiling again.
    const rows = await s.testDb.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM config_modules WHERE flow_id = $1',
      ['travel'],
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(2);
  });
});

describe('the service reads the live catalogues and texts', () => {
  async function checkPromo(code: string, lang: 'el' | 'en' = 'en') {
    return s.call({ method: 'POST', url: PROMO_URL, payload: { PROMO_CODE: code }, lang });
  }

  it('a published promo code and a published message take effect without a restart', async () => {
    const wrong = await checkPromo('LIMASSOL26');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().MESSAGES[0].MSGTEXT).toBe('The promo code is wrong.');
    await publishChange('catalogue', 'promoCodes', (files) => {
      const codes = JSON.parse(files['promoCodes.json']);
      codes.push({ CODE: 'LIMASSOL26', KIND: 'PROMO_CODE_CP', PERCENT: 5 });
      return { 'promoCodes.json': `${JSON.stringify(codes, null, 2)}\n` };
    });
    await publishChange('texts', 'mail', (files) => {
      const en = JSON.parse(files['en.json']);
      en.errors.promo.wrong = 'This promo code is not one of ours.';
      return { ...files, 'en.json': `${JSON.stringify(en, null, 2)}\n` };
    });
    const deadline = Date.now() + 10_000;
    let res = await checkPromo('LIMASSOL26');
    while (res.statusCode !== 204 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      res = await checkPromo('LIMASSOL26');
    }
    expect(res.statusCode).toBe(204);
    const refused = await checkPromo('PAPHOS99');
    expect(refused.json().MESSAGES[0].MSGTEXT).toBe('This promo code is not one of ours.');
    expect((await checkPromo('PAPHOS99', 'el')).json().MESSAGES[0].MSGTEXT).toBe(
      'Ο προωθητικός κωδικός είναι λανθασμένος.',
    );
  });
});

describe('the service reads the live business configuration', () => {
  it('a published call-centre number and claims line are answered without a restart', async () => {
    const badLink = async () =>
      (
        await s.call({ method: 'POST', url: '/zcp/withdrawal/link', payload: { TOKEN: 'x'.repeat(43) } })
      ).json();
    expect((await badLink()).CALL_CENTRE).toBe('8000 8787');
    await publishChange('catalogue', 'callCentre', (files) => {
      const centre = JSON.parse(files['callCentre.json']);
      centre.phone = '8000 9090';
      return { 'callCentre.json': `${JSON.stringify(centre, null, 2)}\n` };
    });
    await publishChange('catalogue', 'claimRules', (files) => {
      const rules = JSON.parse(files['claimRules.json']);
      rules.claimsLine = '8000 7575';
      return { 'claimRules.json': `${JSON.stringify(rules, null, 2)}\n` };
    });
    const deadline = Date.now() + 10_000;
    let answer = await badLink();
    while (answer.CALL_CENTRE !== '8000 9090' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await badLink();
    }
    expect(answer.CALL_CENTRE).toBe('8000 9090');
    const customer = new PortalClient(s, { ip: '10.60.0.9' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const search = await customer.post('/zcp/claim/SrchPolicy', { PRODUCT_CODE: 'MOTOR' });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().CLAIMS_LINE).toBe('8000 7575');
  });
});

describe("a draft's module for the studio's preview", () => {
  it('is served to staff for the revision asked, refused to customers and to the anonymous', async () => {
    const deps = lifeCycle(s.testDb.db);
    const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'property' });
    const url = `/zcp/studio/drafts/${draft.id}/module.js?revision=1`;

    const anonymous = new StaffClient(s, { ip: '10.60.0.1' });
    expect((await anonymous.get(url)).statusCode).toBe(401);

    const customer = new PortalClient(s, { ip: '10.60.0.2' });
    expect((await customer.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
    const refused = await customer.request('GET', url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().CODE).toBe('CUSTOMER_SESSION');

    s.clock.advance(31_000);
    const viewer = new StaffClient(s, { ip: '10.60.0.3' });
    const signed = await viewer.signIn(
      'eleni.charalambous@gic.com.cy',
      DEMO_STAFF_PASSWORD,
      DEMO_TOTP_SECRET,
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const res = await viewer.get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect((await importModule(res.body)).flow.id).toBe('property');

    // Another revision than the draft's: stale; a published version is no draft.
    const stale = await viewer.get(`/zcp/studio/drafts/${draft.id}/module.js?revision=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().CODE).toBe('DRAFT_STALE');
    const live = (
      await s.testDb.db.query<{ id: string | number }>(
        `SELECT v.id FROM config_versions v JOIN config_items i ON i.id = v.item_id
        WHERE i.kind = 'flow' AND i.key = 'motor' AND v.status = 'live'`,
      )
    )[0];
    const published = await viewer.get(`/zcp/studio/drafts/${live.id}/module.js?revision=1`);
    expect(published.statusCode).toBe(409);
    expect(published.json().CODE).toBe('NOT_A_DRAFT');
  });
});
