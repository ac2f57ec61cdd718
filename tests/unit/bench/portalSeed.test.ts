// The portal load's bench-only seeding (bench/portal/seed.ts): each bench customer has an account,
// the template customer's contracts and offers renumbered as theirs, and seeding twice adds nothing.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argon2Parameters, seedBenchCustomers } from '../../../bench/portal/seed';
import { type Db, openDb } from '../../../src/server/db';

let db: Db;
beforeAll(async () => {
  db = await openDb({ dataDir: 'memory://' });
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe('bench customers for the portal load', () => {
  it('seeds customers with accounts, their own contracts and offers, idempotently', async () => {
    const seeded = await seedBenchCustomers(db, 3);
    expect(seeded.map((c) => c.customerNo)).toEqual(['700000', '700001', '700002']);
    expect(new Set(seeded.map((c) => c.mobile)).size).toBe(3);
    for (const c of seeded) {
      const [user] = await db.query<{ mobile: string }>(
        'SELECT mobile FROM portal_users WHERE customer_no = $1',
        [c.customerNo],
      );
      expect(user.mobile).toBe(c.mobile);
      const contracts = await db.query<{ contract_no: string; offer_no: string; no: string }>(
        "SELECT contract_no, offer_no, data->'CS_POLICY'->>'CONTRACT_NO' AS no FROM contracts WHERE customer_no = $1 ORDER BY 1",
        [c.customerNo],
      );
      expect(contracts.map((x) => x.contract_no)).toEqual(c.contracts.map((x) => x.contractNo));
      expect(contracts.length).toBeGreaterThan(0);
      for (const x of contracts) {
        expect(x.no).toBe(x.contract_no);
        expect(x.offer_no.startsWith(`OF${c.customerNo}`)).toBe(true);
      }
      const [offers] = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM offers WHERE customer_no = $1 AND status = 'OPEN'",
        [c.customerNo],
      );
      expect(offers.n).toBeGreaterThan(0);
    }
    const count = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contracts'))[0].n;
    const before = await count();
    await seedBenchCustomers(db, 3);
    expect(await count()).toBe(before);
  }, 120_000);

  it('states the Argon2id parameters of the stored hashes', async () => {
    const p = await argon2Parameters();
    expect(p.memoryKiB).toBeGreaterThanOrEqual(19_456);
    expect(p.iterations).toBeGreaterThanOrEqual(2);
  });
});
