// The production build the weight and Lighthouse figures are taken on: `npm run build` when dist/
// is missing or older than what it is built from; `npm run validators` when only the generated
// validators are missing (the service's in-process replay needs them).

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';
import { run } from './processes';

const SOURCES = ['src', 'flows', 'locales', 'schemas', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (path.endsWith('src') && entry === 'generated') continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/** Why dist/ must be rebuilt, or null when it is up to date. */
export function staleBuild(): string | null {
  const index = join(ROOT, 'dist', 'index.html');
  if (!existsSync(index)) return 'no dist/index.html';
  const built = statSync(index).mtimeMs;
  const changed = SOURCES.find((s) => newest(join(ROOT, s)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

export async function ensureBuilt(options: {
  needDist: boolean;
  log: (line: string) => void;
}): Promise<void> {
  const reason = options.needDist ? staleBuild() : null;
  if (reason) {
    options.log(`npm run build (${reason})`);
    await run('npm', ['run', 'build'], { timeoutMs: 600_000 });
  } else if (!existsSync(join(ROOT, 'src', 'generated', 'index.ts'))) {
    options.log('npm run validators (src/generated/ is missing)');
    await run('npm', ['run', 'validators'], { timeoutMs: 300_000 });
  }
}
