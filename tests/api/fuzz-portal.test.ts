// The fuzz logged in (issue 25): every state-changing /zcp operation (path parameters included)
// under a valid portal session and CSRF token, JSON bodies from its schema and, for the uploads,
// raw multipart bytes; never a 5xx, every refusal a MESSAGES body. Then every operation with
// another customer's ids: nothing of theirs in the answer, nothing of theirs changed. Operations
// are read from the route schemas, so the next one added is covered without anyone remembering to.
// The long run is `npm run fuzz -- --portal`.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { foreignIdProbe, loggedInFuzz, portalFuzzConfig } from './support/fuzzPortal';

const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: portalFuzzConfig(testConfig()) });
});
afterAll(async () => {
  await s?.close();
});

describe('every state-changing operation, logged in', () => {
  it('never answers 5xx nor shows internals, multipart raw bytes included', async () => {
    const { reports, operations } = await loggedInFuzz(s, {
      runs: RUNS,
      seed: SEED,
      password: DEMO_PASSWORD,
    });
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.some((o) => o.multipart)).toBe(true);
    const failures = reports.flatMap((r) => r.problems.map((p) => `${r.path}: ${p.problem} for ${p.body}`));
    expect(failures).toEqual([]);
  }, 300_000);

  it("with another customer's ids: nothing of theirs answered, nothing of theirs changed", async () => {
    const { leaks, operations } = await foreignIdProbe(s, { seed: SEED, password: DEMO_PASSWORD });
    expect(operations).toBeGreaterThan(60);
    expect(leaks).toEqual([]);
  }, 300_000);
});
