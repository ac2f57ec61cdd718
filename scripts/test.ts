// npm test — everything, in order: generated files, lint, types, flow checks, import layers, unit/API/scenario
// tests (also on PostgreSQL when PG_TEST_URL is set), then the browser tests in Chromium.
// Each runner ends with a plain "N passed, N failed" line; the exit code is non-zero on any failure.

import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { ensureChromium } from './chromium';

interface Stage {
  name: string;
  cmd: string[];
  env?: Record<string, string>;
}

const only = process.argv.slice(2);

/**
 * The browser suite as two groups of spec files run at once, each against its own server, port,
 * database and output folder (so no test sees the other group's state). Each group prints its lines with a prefix; the
 * plain totals of both are summed into one "playwright: N passed, N failed" line.
 */
async function browserTestsInTwoGroups(env: NodeJS.ProcessEnv): Promise<number> {
  const specs = readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts'));
  // About equal halves by their time (docs/decisions.md, "Browser suite time"): the portal, the
  // site's pages, the guards, offer links, the prerendered pages, promo codes, terms and the
  // studio's shell and texts (which publish nothing); then the purchases, the completion page and
  // the rest of the studio. Measured 2026-12-08 before the studio's two moved: 11.5 and 14.1 min.
  const first = specs.filter((f) =>
    /^(portal|pages|guards|offerLink|prerender|promo|terms|studio-shell|studio-texts)/.test(f),
  );
  // E2E_GROUPS=1 runs them one after another (a slower machine, or to rule the parallel run out).
  const groups = process.env.E2E_GROUPS === '1' ? [specs] : [first, specs.filter((f) => !first.includes(f))];
  const totals = { passed: 0, failed: 0 };
  const codes = await Promise.all(
    groups.map(
      (files, i) =>
        new Promise<number>((resolve) => {
          const child = spawn('npx', ['playwright', 'test', ...files.map((f) => `tests/e2e/${f}`)], {
            env: { ...env, E2E_PORT: String(8181 + i * 10), E2E_OUTPUT: `test-results/group-${i + 1}` },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          const prefix = `[${i + 1}] `;
          let rest = '';
          const onData = (chunk: Buffer) => {
            const lines = (rest + chunk.toString()).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) {
              const plain = /^playwright: (\d+) passed, (\d+) failed/.exec(line);
              if (plain) {
                totals.passed += Number(plain[1]);
                totals.failed += Number(plain[2]);
              }
              process.stdout.write(`${prefix}${line}\n`);
            }
          };
          child.stdout.on('data', onData);
          child.stderr.on('data', onData);
          child.on('close', (code) => {
            if (rest) process.stdout.write(`${prefix}${rest}\n`);
            resolve(code ?? 1);
          });
        }),
    ),
  );
  console.log(`\nplaywright: ${totals.passed} passed, ${totals.failed} failed`);
  return codes.every((c) => c === 0) ? 0 : 1;
}
const stages: Stage[] = [
  { name: 'validators', cmd: ['npm', 'run', '-s', 'validators'] },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'flows:check', cmd: ['npm', 'run', '-s', 'flows:check'] },
  { name: 'flows:paths', cmd: ['npm', 'run', '-s', 'flows:paths'] },
  // The import rules of .dependency-cruiser.cjs (layers, siblings, no circles) over src/.
  { name: 'layers', cmd: ['npm', 'run', '-s', 'layers'] },
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
  const status =
    stage.name === 'playwright'
      ? await browserTestsInTwoGroups(env)
      : spawnSync(stage.cmd[0], stage.cmd.slice(1), { stdio: 'inherit', env }).status;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
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
