// The service's own import rules (issue 23 items 3 and 5): src/server reads no browser code (the
// client, the renderer, the web app), and its modules import each other in one direction only, so
// no file is part of an import circle. Read from the source text, like layers.test.ts.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SRC = join(ROOT, 'src');
const SERVER = join(SRC, 'server');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

// Static imports (type-only ones too: a circle of types is still a circle to read), re-exports
// and dynamic import() calls.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]*)['"]/g;

function resolveFile(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Each file's relative imports, resolved to files. */
function importGraph(files: string[], read: (file: string) => string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = [...read(file).matchAll(IMPORT)]
      .map((m) => resolveFile(file, m[1]))
      .filter((t): t is string => t !== null && /\.(ts|tsx)$/.test(t));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle of the graph, each as the files along it (depth-first search, one per back edge). */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).concat(next));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const named = (files: string[]) => files.map((f) => relative(ROOT, f)).join(' -> ');

describe('the service imports', () => {
  it('finds a planted circle, and none in a chain', () => {
    const a = join(SERVER, 'payments', 'completion.ts');
    const b = join(SERVER, 'payments', 'contractOrders.ts');
    const c = join(SERVER, 'payments', 'orders.ts');
    const chain = new Map([
      [a, [b]],
      [b, [c]],
      [c, []],
    ]);
    expect(circles(chain)).toEqual([]);
    const circle = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(circles(circle).map(named)).toEqual([
      'src/server/payments/completion.ts -> src/server/payments/contractOrders.ts -> src/server/payments/orders.ts -> src/server/payments/completion.ts',
    ]);
  });

  it('reads type-only imports and re-exports as arrows', () => {
    const file = join(SERVER, 'payments', 'index.ts');
    const text = "import type { PaymentLog } from './completion';\nexport { findOrder } from './orders';";
    const graph = importGraph([file], () => text);
    expect((graph.get(file) ?? []).map((f) => relative(SERVER, f))).toEqual([
      join('payments', 'completion.ts'),
      join('payments', 'orders.ts'),
    ]);
  });

  it('src/server has no import circle', () => {
    const files = sourceFiles(SERVER);
    expect(circles(importGraph(files, (f) => readFileSync(f, 'utf8'))).map(named)).toEqual([]);
  });

  it('src/server imports no browser code (src/api, src/ui, src/app, src/portal)', () => {
    const browser = ['api', 'ui', 'app', 'portal'].map((layer) => join(SRC, layer));
    const offending = sourceFiles(SERVER).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)]
        .filter((m) => browser.some((dir) => resolve(dirname(file), m[1]).startsWith(`${dir}/`)))
        .map((m) => `${relative(ROOT, file)} imports ${m[1]}`),
    );
    expect(offending).toEqual([]);
  });
});
