// Publishing without a rebuild (issue 29): the repository becomes version 1 on the first start
// (once, however many instances start), the export writes it back byte for byte, an import is a
// draft, every transition of the life cycle and every refused one, and a published tariff change
// prices the next quote of a running service without a restart.

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOWS_DIR } from '../../src/engine/flow/files';
import { ApiError } from '../../src/server/platform/errors';
import { exportLive, importFolder } from '../../src/server/publishing/folders';
import { itemFilePath, REPO_ROOT, readRepositoryItems } from '../../src/server/publishing/items';
import {
  approve,
  discardDraft,
  newDraftFromLive,
  publish,
  refusalCodeOf,
  refuse,
  rollback,
  saveDraft,
  submitForReview,
} from '../../src/server/publishing/lifecycle';
import { seedFromRepository, versionById, versionsOf } from '../../src/server/publishing/store';
import { startService, type TestService } from './support/app';
import { openTestDb, type TestDb } from './support/db';
import { EDITOR, lifeCycle, liveOf, OTHER_PUBLISHER, PUBLISHER, raisedTariff } from './support/publishing';
import { driverQuote } from './support/quotes';

async function refusedWith(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return refusalCodeOf(error) ?? `not a refusal: ${(error as Error).message}`;
  }
  return 'not refused';
}

describe('first start, export and import', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
  });
  afterAll(() => testDb.close());

  it('brings every flow folder, the field sets, each catalogue and each text namespace in once, as version 1 live', async () => {
    const items = await readRepositoryItems();
    const now = new Date('2026-03-10T09:00:00Z');
    const other = testDb.openAnother ? await testDb.openAnother() : testDb.db;
    // Two instances starting at once: one imports, the other finds it done.
    const reports = await Promise.all([
      seedFromRepository(testDb.db, items, { followDisk: false, now }),
      seedFromRepository(other, items, { followDisk: false, now }),
    ]);
    expect(reports.map((r) => r.imported).sort()).toEqual([0, items.length]);
    const rows = await testDb.db.query<{ kind: string; n: string | number }>(
      `SELECT i.kind, count(*) AS n FROM config_versions v JOIN config_items i ON i.id = v.item_id
        WHERE v.status = 'live' AND v.number = 1 GROUP BY i.kind ORDER BY i.kind`,
    );
    const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
    expect(count('flow')).toBe(items.filter((i) => i.kind === 'flow').length);
    expect(count('flow')).toBeGreaterThanOrEqual(14);
    expect(count('fieldset')).toBe(1);
    expect(count('catalogue')).toBeGreaterThanOrEqual(9);
    expect(count('texts')).toBeGreaterThanOrEqual(20);
    const travel = await liveOf(testDb.db, 'flow', 'travel');
    expect(Object.keys(travel.files).sort()).toEqual(['flow.json', 'rules.json', 'tariff.json']);
    expect(travel.author).toBe('repository');
    const texts = await liveOf(testDb.db, 'texts', 'travel');
    expect(Object.keys(texts.files).sort()).toEqual(['el.json', 'en.json']);
  });

  it('exports the live versions to folders byte-identical to the repository', async () => {
    const out = await mkdtemp(join(tmpdir(), 'zcp-export-'));
    try {
      const written = await exportLive(testDb.db, out);
      expect(written.length).toBeGreaterThan(60);
      for (const file of written) {
        const original = join(REPO_ROOT, relative(out, file));
        expect(await readFile(file)).toEqual(await readFile(original));
      }
      // And nothing of the repository's configuration is left out.
      for (const item of await readRepositoryItems())
        for (const name of Object.keys(item.files)) expect(written).toContain(itemFilePath(out, item, name));
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('imports a changed flow folder as a draft (and a second import while it is open is refused)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'zcp-import-'));
    try {
      const folder = join(dir, 'driver');
      await cp(join(FLOWS_DIR, 'driver'), folder, { recursive: true });
      const tariff = await readFile(join(folder, 'tariff.json'), 'utf8');
      await writeFile(join(folder, 'tariff.json'), raisedTariff(tariff));
      const deps = lifeCycle(testDb.db);
      const [draft] = await importFolder(deps, EDITOR, folder);
      expect(draft).toMatchObject({
        kind: 'flow',
        key: 'driver',
        status: 'draft',
        number: null,
        author: EDITOR.staffId,
      });
      expect(draft.files['tariff.json']).toBe(raisedTariff(tariff));
      expect(draft.basedOn).toBe((await liveOf(testDb.db, 'flow', 'driver')).id);
      expect(await refusedWith(importFolder(deps, EDITOR, folder))).toBe('DRAFT_EXISTS');
      await discardDraft(deps, EDITOR, draft.id);
      expect(await versionById(testDb.db, draft.id)).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the life cycle', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openTestDb();
    await seedFromRepository(testDb.db, await readRepositoryItems(), { followDisk: false, now: new Date() });
  });
  afterAll(() => testDb.close());

  it('draft → review → approval by another publisher → publish: the next number, the previous live archived', async () => {
    const deps = lifeCycle(testDb.db);
    const before = await liveOf(testDb.db, 'flow', 'hunter');
    const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'hunter' });
    expect(draft).toMatchObject({ status: 'draft', revision: 1, basedOn: before.id, files: before.files });
    const files = { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json']) };
    const saved = await saveDraft(deps, EDITOR, draft.id, { files, revision: 1 });
    expect(saved.revision).toBe(2);
    const inReview = await submitForReview(deps, EDITOR, draft.id, 'Hunter premiums up 10 % from April');
    expect(inReview).toMatchObject({ status: 'in_review', note: 'Hunter premiums up 10 % from April' });
    const approved = await approve(deps, PUBLISHER, draft.id);
    expect(approved.approver).toBe(PUBLISHER.staffId);
    const live = await publish(deps, OTHER_PUBLISHER, draft.id);
    expect(live).toMatchObject({
      id: draft.id,
      status: 'live',
      number: 2,
      author: EDITOR.staffId,
      approver: PUBLISHER.staffId,
      note: 'Hunter premiums up 10 % from April',
    });
    expect(live.publishedAt).not.toBeNull();
    expect((await versionById(testDb.db, before.id))?.status).toBe('archived');
    // A published version is immutable: it is no draft to save, submit or discard.
    expect(await refusedWith(saveDraft(deps, EDITOR, live.id, { files, revision: live.revision }))).toBe(
      'NOT_A_DRAFT',
    );
    expect(await refusedWith(discardDraft(deps, EDITOR, live.id))).toBe('NOT_A_DRAFT');
    expect(await refusedWith(discardDraft(deps, EDITOR, before.id))).toBe('NOT_A_DRAFT');

    // Rollback: version 1 published again, as version 3; version 2 archived.
    expect(await refusedWith(rollback(deps, PUBLISHER, live.id, ''))).toBe('ALREADY_LIVE');
    expect(await refusedWith(rollback(deps, EDITOR, before.id, ''))).toBe('FORBIDDEN_ROLE');
    const back = await rollback(deps, PUBLISHER, before.id, 'Back to the March tariff');
    expect(back).toMatchObject({
      status: 'live',
      number: 3,
      basedOn: before.id,
      files: before.files,
      note: 'Back to the March tariff',
    });
    expect((await versionById(testDb.db, live.id))?.status).toBe('archived');
    const history = await versionsOf(testDb.db, 'flow', 'hunter');
    expect(history.map((v) => [v.number, v.status])).toEqual([
      [3, 'live'],
      [2, 'archived'],
      [1, 'archived'],
    ]);
  });

  it('refuses every transition out of turn, and says why', async () => {
    const deps = lifeCycle(testDb.db);
    const item = { kind: 'flow' as const, key: 'cyber' };
    expect(await refusedWith(newDraftFromLive(deps, { staffId: 'st-9', role: 'viewer' }, item))).toBe(
      'FORBIDDEN_ROLE',
    );
    expect(await refusedWith(newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'no-such-flow' }))).toBe(
      'UNKNOWN_ITEM',
    );
    const draft = await newDraftFromLive(deps, EDITOR, item);
    expect(await refusedWith(newDraftFromLive(deps, PUBLISHER, item))).toBe('DRAFT_EXISTS');
    // Nothing changed yet: nothing to review.
    expect(await refusedWith(submitForReview(deps, EDITOR, draft.id, ''))).toBe('UNCHANGED');
    // Approve and publish only what is in review.
    expect(await refusedWith(approve(deps, PUBLISHER, draft.id))).toBe('NOT_IN_REVIEW');
    expect(await refusedWith(publish(deps, PUBLISHER, draft.id))).toBe('NOT_IN_REVIEW');
    expect(await refusedWith(refuse(deps, PUBLISHER, draft.id, 'no'))).toBe('NOT_IN_REVIEW');
    const files = { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json'], 1.05) };
    await saveDraft(deps, EDITOR, draft.id, { files, revision: 1 });
    // A second editor saving over the first one's revision 2 from revision 1: stale.
    expect(await refusedWith(saveDraft(deps, PUBLISHER, draft.id, { files: draft.files, revision: 1 }))).toBe(
      'DRAFT_STALE',
    );
    await submitForReview(deps, EDITOR, draft.id, 'Cyber +5 %');
    expect(await refusedWith(saveDraft(deps, EDITOR, draft.id, { files, revision: 2 }))).toBe('NOT_A_DRAFT');
    expect(await refusedWith(submitForReview(deps, EDITOR, draft.id, ''))).toBe('NOT_A_DRAFT');
    // An editor may not approve; an author may not approve their own change, even as a publisher.
    expect(await refusedWith(approve(deps, EDITOR, draft.id))).toBe('FORBIDDEN_ROLE');
    const own = await newDraftFromLive(deps, PUBLISHER, { kind: 'flow', key: 'driver' });
    await saveDraft(deps, PUBLISHER, own.id, {
      files: { ...own.files, 'tariff.json': raisedTariff(own.files['tariff.json']) },
      revision: 1,
    });
    await submitForReview(deps, PUBLISHER, own.id, 'Driver +10 %');
    expect(await refusedWith(approve(deps, PUBLISHER, own.id))).toBe('SELF_APPROVAL');
    // Not approved yet: not published.
    expect(await refusedWith(publish(deps, OTHER_PUBLISHER, draft.id))).toBe('NOT_APPROVED');
    expect(await refusedWith(publish(deps, EDITOR, draft.id))).toBe('FORBIDDEN_ROLE');
    // Refused: back to draft with the reason, approval cleared; then it can be edited again.
    await approve(deps, PUBLISHER, draft.id);
    const refused = await refuse(deps, OTHER_PUBLISHER, draft.id, 'Wait for the April price list');
    expect(refused).toMatchObject({ status: 'draft', approver: null, note: 'Wait for the April price list' });
    expect(await refusedWith(publish(deps, PUBLISHER, draft.id))).toBe('NOT_IN_REVIEW');
    await saveDraft(deps, EDITOR, draft.id, { files, revision: refused.revision });
    // A draft was never published: it cannot be rolled back to.
    expect(await refusedWith(rollback(deps, PUBLISHER, draft.id, ''))).toBe('NOT_PUBLISHED');
    expect(await refusedWith(rollback(deps, PUBLISHER, 999_999, ''))).toBe('UNKNOWN_VERSION');
    await discardDraft(deps, EDITOR, draft.id);
    await discardDraft(deps, EDITOR, own.id);
    expect((await liveOf(testDb.db, 'flow', 'cyber')).number).toBe(1);
  });

  it('refuses to publish while a gate finds anything, every reason listed and translated', async () => {
    const reasons = [
      { gate: 'checker' as const, detail: 'flows/travel/flow.json#/steps/0: unknown field' },
      { gate: 'texts' as const, detail: 'travel:steps.trip has no el text' },
    ];
    const deps = lifeCycle(testDb.db, async () => reasons);
    const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'travel' });
    await saveDraft(deps, EDITOR, draft.id, {
      files: { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json']) },
      revision: 1,
    });
    await submitForReview(deps, EDITOR, draft.id, '');
    await approve(deps, PUBLISHER, draft.id);
    let error: unknown;
    try {
      await publish(deps, PUBLISHER, draft.id);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    const refusal = error as ApiError;
    expect(refusal.statusCode).toBe(422);
    expect(refusal.extra).toMatchObject({
      CODE: 'GATES_FAILED',
      REASONS: reasons.map((r) => ({ GATE: r.gate, DETAIL: r.detail })),
    });
    expect(refusal.messages.map((m) => m.key)).toEqual([
      'errors.publishing.gatesFailed',
      'errors.publishing.gate.checker',
      'errors.publishing.gate.texts',
    ]);
    expect((await versionById(testDb.db, draft.id))?.status).toBe('in_review');
    await discardDraft(deps, EDITOR, draft.id);
  });
});

describe('a running service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  async function premium(): Promise<number> {
    const res = await service.call({
      method: 'POST',
      url: '/zcp/driver/drivercalc',
      payload: driverQuote(),
      lang: 'en',
    });
    expect(res.statusCode).toBe(200);
    const packages = res.json().CT_PACKAGES as { PACKAGE_ID: string; AMOUNT: number }[];
    return Number(packages.find((p) => p.PACKAGE_ID === 'DRV_PLUS')?.AMOUNT);
  }

  it('prices the next quote by a published tariff change, without a restart', async () => {
    const db = service.testDb.db;
    const before = await premium();
    const deps = lifeCycle(db);
    const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'driver' });
    await saveDraft(deps, EDITOR, draft.id, {
      files: { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json'], 1.2) },
      revision: 1,
    });
    await submitForReview(deps, EDITOR, draft.id, 'Driver +20 %');
    await approve(deps, PUBLISHER, draft.id);
    await publish(deps, PUBLISHER, draft.id);
    // Every instance of the test service (two on PostgreSQL with TEST_INSTANCES=2) within 10 s.
    const deadline = Date.now() + 10_000;
    let after = await premium();
    while (after === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      after = await premium();
    }
    expect(after).toBeGreaterThan(before);
    for (const instance of service.instances) {
      const res = await instance.inject({
        method: 'POST',
        url: '/zcp/driver/drivercalc',
        payload: driverQuote(),
      });
      expect(
        res.json().CT_PACKAGES.find((p: { PACKAGE_ID: string }) => p.PACKAGE_ID === 'DRV_PLUS').AMOUNT,
      ).toBe(after);
    }
  });
});
