// npm run fuzz [-- --runs 10000] [--seed 42] [--only /zcp/otp] [--portal]: the long fuzz run. Every POST
// endpoint gets `runs` bodies generated from its route schema (tests/api/support/fuzz.ts), on a
// fresh embedded database (or TEST_DATABASE_URL's PostgreSQL). Prints the answers counted by
// status per endpoint and every rule broken; exits 1 on any 5xx or broken rule.

import { parseArgs } from 'node:util';
import { DEMO_PASSWORD } from '../src/server/demo/customers';
import { testConfig } from '../src/server/platform/config';
import { startService } from '../tests/api/support/app';
import { answersHtml, fuzzEndpoint, postEndpoints } from '../tests/api/support/fuzz';
import { foreignIdProbe, loggedInFuzz, portalFuzzConfig } from '../tests/api/support/fuzzPortal';
import { driverQuote, hunterQuote } from '../tests/api/support/quotes';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    only: { type: 'string' },
    portal: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const seed = values.seed ? Number(values.seed) : Date.now() % 2 ** 31;

// The limits that would stop a long run, as the portal's fuzz lifts them (the public calls need only those).
const service = await startService({ config: { rateLimit: portalFuzzConfig(testConfig()).rateLimit } });
const { endpoints, components } = postEndpoints(service.app);
const selected = endpoints.filter((e) => !values.only || e.path.startsWith(values.only));
console.log(
  `fuzz: ${selected.length} POST endpoints × ${runs} bodies, seed ${seed} (${service.testDb.kind})`,
);

let broken = 0;
let total = 0;
for (const endpoint of selected) {
  const started = Date.now();
  const quoteCall = /^\/zcp\/[a-z]+\/[a-z]*(calc|pckcalculate|quotation)$/.test(endpoint.path);
  const report = await fuzzEndpoint(service.app, endpoint, components, {
    runs,
    seed,
    allowed: quoteCall ? [200, 400, 422] : undefined,
    samples: endpoint.path.startsWith('/zcp/driver/')
      ? [driverQuote()]
      : endpoint.path.startsWith('/zcp/hunter/')
        ? [hunterQuote()]
        : [],
    html: answersHtml(endpoint.path),
  });
  total += runs;
  const counts = Object.entries(report.counts)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${report.problems.length ? '✗' : '✓'} ${endpoint.path}  ${counts}  (${seconds} s)`);
  for (const p of report.problems) console.log(`    ${p.problem}: ${p.body}`);
  if (report.problems.length) broken++;
}
if (values.portal) {
  // Logged in: every state-changing operation with a session and CSRF token (multipart raw bytes
  // for the uploads), then every operation with another customer's ids (tests/api/support/fuzzPortal.ts).
  const portal = await startService({ config: portalFuzzConfig(testConfig()) });
  const { reports } = await loggedInFuzz(portal, {
    runs,
    seed,
    password: DEMO_PASSWORD,
    only: values.only,
    onReport: (report, ms) => {
      const counts = Object.entries(report.counts)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      console.log(
        `${report.problems.length ? '✗' : '✓'} logged in ${report.path}  ${counts}  (${(ms / 1000).toFixed(1)} s)`,
      );
      for (const p of report.problems) console.log(`    ${p.problem}: ${p.body}`);
    },
  });
  broken += reports.filter((r) => r.problems.length > 0).length;
  total += reports.length * runs;
  const probe = await foreignIdProbe(portal, { seed, password: DEMO_PASSWORD });
  for (const leak of probe.leaks) console.log(`✗ another customer's ids: ${leak}`);
  console.log(`another customer's ids on ${probe.operations} operations: ${probe.leaks.length} leaks`);
  broken += probe.leaks.length;
  await portal.close();
}
await service.close();
console.log(
  `\nfuzz: ${total} bodies; endpoints: ${selected.length - broken} passed, ${broken} failed (seed ${seed})`,
);
process.exit(broken ? 1 : 0);
