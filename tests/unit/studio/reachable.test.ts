// Every module of the studio is reached from its entry (src/studio/main.tsx) by static or lazy
// imports: a component nothing imports is dead code and is removed, not kept "for later".

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const STUDIO = join(import.meta.dirname, '../../../src/studio');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function resolve(from: string, spec: string): string | null {
  const base = join(dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ])
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  return null;
}

describe('the studio has no module nothing imports', () => {
  it('reaches every .ts and .tsx under src/studio from main.tsx', () => {
    const seen = new Set<string>();
    const queue = [join(STUDIO, 'main.tsx')];
    while (queue.length) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
        const target = resolve(file, m[1]);
        if (target?.startsWith(STUDIO)) queue.push(target);
      }
    }
    const unreached = sources(STUDIO)
      .filter((f) => !seen.has(f) && !f.endsWith('.d.ts'))
      .map((f) => relative(STUDIO, f));
    expect(unreached).toEqual([]);
  });
});
