// npm test — everything, in order: generated files, lint, types, flow checks, unit/API/scenario
// tests (also on PostgreSQL when PG_TEST_URL is set), then the browser tests in Chromium.
// Each runner ends with a plain "N passed, N failed" line; the exit code is non-zero on any failure.

import { spawnSync } from 'node:child_process';
import { ensureChromium } from './chromium';

interface Stage {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
}

const only = process.argv.slice(2);
const stages: Stage[] = [
  { name: 'validators', cmd: ['npm', 'run', '-s', 'validators'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'flows:check', cmd: ['npm', 'run', '-s', 'flows:check'] },
  { name: 'flows:paths', cmd: ['npm', 'run', '-s', 'flows:paths'] },
  { name: 'vitest', cmd: ['npx', 'vitest', 'run'] },
];
if (process.env.PG_TEST_URL) {
  // On PostgreSQL every API test runs against two service instances taking turns (a round-robin
  // balancer in-process), so the suite also proves the instances behave as one (docs/operations.md).
  stages.push({
    name: 'vitest (PostgreSQL)',
    cmd: ['npx', 'vitest', 'run', 'tests/api', 'tests/scenarios'],
    env: { TEST_DATABASE_URL: process.env.PG_TEST_URL, TEST_INSTANCES: '2' },
  });
}
stages.push(
  { name: 'build', cmd: ['npm', 'run', '-s', 'build'] },
  { name: 'playwright', cmd: ['npx', 'playwright', 'test'] },
);

const selected = only.length ? stages.filter((s) => only.some((o) => s.name.startsWith(o))) : stages;
const failed: string[] = [];
for (const stage of selected) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...stage.env };
  if (stage.name === 'playwright') {
    try {
      env.CHROME_PATH = ensureChromium();
    } catch (error) {
      console.error(`\n✗ playwright: ${(error as Error).message}`);
      failed.push(stage.name);
      continue;
    }
  }
  console.log(`\n▶ ${stage.name}: ${stage.cmd.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    failed.push(stage.name);
    console.log(`✗ ${stage.name} failed (${seconds} s)`);
  } else {
    console.log(`✓ ${stage.name} (${seconds} s)`);
  }
}
console.log(
  `\ntest stages: ${selected.length - failed.length} passed, ${failed.length} failed${failed.length ? ` (${failed.join(', ')})` : ''}`,
);
process.exit(failed.length ? 1 : 0);
