// Two service instances on one PostgreSQL (issue 29 item 5): a version published on one is served
// by the other within 10 seconds (LISTEN/NOTIFY; polling set too slow to be what delivers it), and
// a quotation in flight on the other when the version is published finishes on the version it
// started with, and records it. Needs PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Db } from '../../src/server/db';
import {
  approve,
  newDraftFromLive,
  publish,
  saveDraft,
  submitForReview,
} from '../../src/server/publishing/lifecycle';
import { startService, type TestService } from './support/app';
import { EDITOR, lifeCycle, liveOf, PUBLISHER, raisedTariff } from './support/publishing';
import { driverQuote } from './support/quotes';

const url = process.env.TEST_DATABASE_URL;
const MAIL = 'stavros.christodoulou@example.com.cy';
const CALC = '/zcp/driver/drivercalc';
const QUOTATION = '/zcp/driver/quotation';

describe.skipIf(!url)('publishing across two instances on PostgreSQL', () => {
  let s: TestService;
  let other: FastifyInstance;
  let otherDb: Db;

  beforeAll(async () => {
    // Polling every minute: within the test's 10 s only a notification can deliver a publication.
    s = await startService({ config: { configPollMs: 60_000 } });
    otherDb = await (s.testDb.openAnother as () => Promise<Db>)();
    other = await buildApp(s.config, { db: otherDb, now: s.clock.now, transports: {} });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await s?.close();
  });

  const plusPremium = async (app: FastifyInstance) => {
    const res = await app.inject({
      method: 'POST',
      url: CALC,
      payload: driverQuote(),
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    return Number(
      res.json().CT_PACKAGES.find((p: { PACKAGE_ID: string }) => p.PACKAGE_ID === 'DRV_PLUS').AMOUNT,
    );
  };

  it('the other instance serves a publication within 10 s; a quotation in flight finishes on its version', async () => {
    const admin = await (await import('pg')).default;
    const before = await plusPremium(other);
    expect(await plusPremium(s.app)).toBe(before);
    const v1 = await liveOf(s.testDb.db, 'flow', 'driver');

    // The visitor's e-mail confirmed on the other instance (its client cookie kept).
    const gen = await other.inject({
      method: 'POST',
      url: '/zcp/otp/generate',
      payload: { I_MAIL_ADDRESS: MAIL },
    });
    expect(gen.statusCode).toBe(204);
    const cookie = gen.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const code = await s.lastCode(MAIL);
    const validated = await other.inject({
      method: 'POST',
      url: '/zcp/otp/validate',
      payload: { I_TOKEN: code, I_MAIL_ADDRESS: MAIL },
      headers: { cookie },
    });
    expect(validated.statusCode).toBe(204);

    // The quotation is held at its offer insert by a lock on the offers table, after it was priced.
    const schemaUrl = new URL(url as string);
    const searchPath = (await s.testDb.db.query<{ p: string }>('SELECT current_schema() AS p'))[0].p;
    schemaUrl.searchParams.set('options', `-c search_path=${searchPath}`);
    const blocker = new admin.Client({ connectionString: schemaUrl.toString() });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE offers IN EXCLUSIVE MODE');
    const quote = driverQuote({ policy: { PACKAGE_ID: 'DRV_PLUS' }, holder: { MAIL_ADDRESS: MAIL } });
    const inFlight = other.inject({
      method: 'POST',
      url: QUOTATION,
      payload: { ...quote, CS_CONFIRMATION: { EMAIL: MAIL, CONFIRMED: 'X' } },
      headers: { cookie, 'accept-language': 'en' },
    });
    const waiting = async () =>
      Number(
        (
          await s.testDb.db.query<{ n: string }>(
            `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%INSERT INTO offers%'`,
          )
        )[0].n,
      );
    for (let i = 0; i < 100 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await waiting()).toBe(1);

    // Published on the first instance.
    const deps = lifeCycle(s.testDb.db);
    const draft = await newDraftFromLive(deps, EDITOR, { kind: 'flow', key: 'driver' });
    await saveDraft(deps, EDITOR, draft.id, {
      files: { ...draft.files, 'tariff.json': raisedTariff(draft.files['tariff.json'], 1.25) },
      revision: 1,
    });
    await submitForReview(deps, EDITOR, draft.id, 'Driver +25 %');
    await approve(deps, PUBLISHER, draft.id);
    const published = Date.now();
    const v2 = await publish(deps, PUBLISHER, draft.id);
    let after = await plusPremium(other);
    while (after === before && Date.now() - published < 10_000) {
      await new Promise((r) => setTimeout(r, 50));
      after = await plusPremium(other);
    }
    const took = Date.now() - published;
    expect(after).toBeGreaterThan(before);
    expect(took).toBeLessThan(10_000);
    expect(await plusPremium(s.app)).toBe(after);

    // The quotation started before: it finishes on version 1, and records it.
    await blocker.query('COMMIT');
    await blocker.end();
    const res = await inFlight;
    expect(res.statusCode).toBe(200);
    const offer = res.json();
    expect(offer.CT_PACKAGES.find((p: { PACKAGE_ID: string }) => p.PACKAGE_ID === 'DRV_PLUS').AMOUNT).toBe(
      before,
    );
    const [row] = await s.testDb.db.query<{ premium_cents: number; config_versions: { flow: number } }>(
      'SELECT premium_cents, config_versions FROM offers WHERE offer_no = $1',
      [offer.CS_POLICY.OFFER_NO],
    );
    expect(Number(row.premium_cents)).toBe(Math.round(before * 100));
    expect(row.config_versions.flow).toBe(v1.id);
    expect(row.config_versions.flow).not.toBe(v2.id);
  });
});
