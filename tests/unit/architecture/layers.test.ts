// The layers of DESIGN.md: the renderer (src/ui) serves both the public site and the portal, so it
// imports neither; the service (src/server) never imports the command-line tools; the engine
// imports no layer above it. Read from the source text, so a new file breaks the test at once.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

// Static imports, re-exports and dynamic import() calls alike.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

/** The src/ folders a file's relative imports reach ('app', 'ui', 'cli' …). */
function importedLayers(file: string, text: string): { spec: string; layer: string }[] {
  const out: { spec: string; layer: string }[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1];
    if (!spec.startsWith('.')) continue;
    const target = relative(SRC, resolve(dirname(file), spec));
    if (target.startsWith('..')) continue;
    out.push({ spec, layer: target.split(/[\\/]/)[0] });
  }
  return out;
}

function violations(layer: string, forbidden: readonly string[]): string[] {
  return sourceFiles(join(SRC, layer)).flatMap((file) =>
    importedLayers(file, readFileSync(file, 'utf8'))
      .filter((i) => forbidden.includes(i.layer))
      .map((i) => `${relative(ROOT, file)} imports ${i.spec}`),
  );
}

describe('layers', () => {
  it('the import reader sees static, re-exported and dynamic imports', () => {
    const file = join(SRC, 'ui', 'flow', 'X.tsx');
    const text = [
      "import { a } from '../../app/lazy';",
      "export { b } from '../../portal/x';",
      "const c = import('../../cli/flows-check');",
      "import '../styles/flow.css';",
      "import React from 'react';",
    ].join('\n');
    expect(importedLayers(file, text).map((i) => i.layer)).toEqual(['app', 'portal', 'cli', 'ui']);
  });

  it('src/ui imports nothing from src/app or src/portal', () => {
    expect(violations('ui', ['app', 'portal'])).toEqual([]);
  });

  it('src/server imports nothing from src/cli', () => {
    expect(violations('server', ['cli'])).toEqual([]);
  });

  it('src/engine imports no layer above it', () => {
    expect(violations('engine', ['ui', 'app', 'portal', 'server', 'cli', 'api'])).toEqual([]);
  });

  it('src/app imports nothing from src/portal except through its route hooks', () => {
    // The public site must build without the portal's pages; main.tsx wires the two together.
    expect(violations('app', ['portal'])).toEqual([]);
  });

  it('src/portal imports nothing from src/app: what both use is in src/shell', () => {
    expect(violations('portal', ['app'])).toEqual([]);
  });

  it('src/shell, below both halves, imports neither', () => {
    expect(violations('shell', ['app', 'portal'])).toEqual([]);
  });
});
