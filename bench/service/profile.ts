// node --import tsx bench/service/profile.ts [motor|driver|quotation] [seconds] [postgres://… or -]
// (a database URL runs the service on PostgreSQL; with PROFILE=0 nothing is profiled: a plain load run)
// Profiles the service under load: starts it with --cpu-prof, drives one call with autocannon
// (the bodies the benchmark uses), stops it (the profile is written on exit) and prints the
// functions with the most self time and the files they live in. How the causes in
// bench/report/analysis.ts were found.

import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startApp } from '../lib/appServer';
import { ROOT } from '../lib/paths';
import { freePort } from '../lib/ports';
import { captureBodies } from './bodies';
import { checkAnswers, confirmEmail, load } from './load';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per function and per file, in percent of all samples. */
export function summarise(profile: Profile, top = 30, skipUs = 0): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    // Start-up (migrations, demo data, module loading) is not what the load test measures.
    if (at >= skipUs) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const where = f.url.startsWith('file://') ? relative(ROOT, f.url.slice(7)) : f.url || '(native)';
    const key = `${f.functionName || '(anonymous)'}  ${where}:${f.lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const group = where.includes('node_modules/')
      ? where.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, 'npm:$1')
      : where;
    file.set(group, (file.get(group) ?? 0) + us);
  }
  const lines = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`)
      .join('\n');
  return `self time by function\n${lines(fn)}\n\nself time by file or package\n${lines(file)}`;
}

async function main() {
  const what = process.argv[2] ?? 'motor';
  const seconds = Number(process.argv[3] ?? 6);
  const flow = what === 'quotation' ? 'driver' : what;
  const [captured] = await captureBodies([flow]);
  const dir = mkdtempSync(join(tmpdir(), 'svc-prof-'));
  const spawned = Date.now();
  let loadStart = 0;
  const profiling = process.env.PROFILE !== '0';
  const databaseUrl = process.argv[4] && process.argv[4] !== '-' ? process.argv[4] : undefined;
  const app = await startApp({
    port: await freePort(),
    name: 'service-profile',
    databaseUrl,
    nodeArgs: profiling ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [],
  });
  try {
    const settings = { seconds, connections: 10, maxRequests: 2_000_000 };
    loadStart = Date.now();
    if (what === 'quotation') {
      const q = captured.quotation;
      if (!q) throw new Error('no quotation body');
      const cookie = await confirmEmail(app.url, q.mail);
      await checkAnswers(`${app.url}${q.path}`, q.body, cookie);
      console.log(
        await load({ url: `${app.url}${q.path}`, method: 'POST', body: q.body, cookie, ...settings }),
      );
    } else {
      const c = captured.calc;
      if (!c) throw new Error('no calc body');
      await checkAnswers(`${app.url}${c.path}`, c.body);
      console.log(await load({ url: `${app.url}${c.path}`, method: 'POST', body: c.body, ...settings }));
    }
  } finally {
    await app.stop();
  }
  if (!profiling) return;
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile written in ${dir}`);
  console.log(`profile: ${join(dir, file)}`);
  console.log(
    summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile, 30, (loadStart - spawned) * 1000),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: Error) => {
    console.error(error.stack);
    process.exit(1);
  });
}
