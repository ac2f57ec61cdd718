// Every POST endpoint, fuzzed with bodies generated from its own schema (fixed seed, a few dozen
// bodies each, so it stays quick): never a 5xx, every refusal a translated MESSAGES body with no
// internals, and the quote calls of every product answer only 200, 400 or 422.
// The long run is `npm run fuzz` (scripts/fuzz.ts), with the same generator.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';
import { answersHtml, type FuzzEndpoint, fuzzEndpoint, postEndpoints } from './support/fuzz';
import { driverQuote, hunterQuote } from './support/quotes';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

let s: TestService;
let endpoints: FuzzEndpoint[] = [];
let components: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  s = await startService({
    config: {
      rateLimit: {
        perMinute: 0,
        otpPerAddressHour: 1_000_000,
        otpPerIpHour: 1_000_000,
        contactPerIpHour: 1_000_000,
      },
    },
  });
  ({ endpoints, components } = postEndpoints(s.app));
});
afterAll(async () => {
  await s?.close();
});

describe('generated bodies on every POST endpoint', () => {
  it('finds the endpoints in the route schemas', () => {
    const paths = endpoints.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/zcp/driver/quotation',
        '/zcp/otp/generate',
        '/zcp/jcc/JCCFunc/REGPAY',
        '/zcp/log/validations',
      ]),
    );
    expect(endpoints.length).toBeGreaterThan(25);
  });

  it('never answer 5xx, never show internals, and quote calls answer only 200/400/422', async () => {
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const quoteCall = /^\/zcp\/[a-z]+\/[a-z]*(calc|pckcalculate|quotation)$/.test(endpoint.path);
      const samples = endpoint.path.startsWith('/zcp/driver/')
        ? [driverQuote()]
        : endpoint.path.startsWith('/zcp/hunter/')
          ? [hunterQuote()]
          : [];
      const report = await fuzzEndpoint(s.app, endpoint, components, {
        runs: RUNS,
        seed: SEED,
        allowed: quoteCall ? [200, 400, 422] : undefined,
        samples,
        html: answersHtml(endpoint.path),
      });
      for (const p of report.problems) failures.push(`${endpoint.path}: ${p.problem} for ${p.body}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
