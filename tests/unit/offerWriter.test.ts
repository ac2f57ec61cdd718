// Issue 16: the group-commit offer writer stores exactly what the one-at-a-time quotation path
// stored. 10,000 seeded motor quotes are priced (priceQuote, as the service prices them); 200 of
// the offers are written both ways into the test database, emptied in between, leaving identical rows
// (offers and rate-limit counts, including the offers one address has too many of), and 800 more
// are written by the writer alone, each keeping its priced premium and quote. The 100,000-quote
// run is `node --import tsx bench/service/equivalence.ts` (too slow for CI on two shared cores).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOfferEquivalence } from '../../bench/service/equivalence';
import { openTestDb, type TestDb } from '../api/support/db';

describe('offer writer equivalence', () => {
  let test: TestDb;
  beforeAll(async () => {
    test = await openTestDb();
  }, 120_000);
  afterAll(() => test?.close());

  it('prices 10,000 generated quotes and writes identical offers batched and one at a time', async () => {
    const report = await checkOfferEquivalence({ quotes: 10_000, written: 200, stored: 800, db: test.db });
    expect(report.mismatches).toEqual([]);
    expect(report.priced + report.refused).toBe(10_000);
    // The generated quotes exercise both outcomes: priced offers and referrals.
    expect(report.priced).toBeGreaterThan(5_000);
    expect(report.refused).toBeGreaterThan(0);
    // The limited address went over its limit, so refusals were compared too.
    expect(report.overLimit).toBeGreaterThan(0);
    expect(report.written).toBe(1_000);
  }, 120_000);
});
