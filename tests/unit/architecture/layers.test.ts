// The layers of .dependency-cruiser.cjs (run over src/ by npm test's "layers" stage, scripts/layers.ts):
// each rule is shown to catch an import planted in a throw-away tree shaped like src/, and to let
// the imports the layering allows through. The tree borrows the project's node_modules so package
// imports (react, fastify) resolve as they do in src/.

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayers, describeViolations } from '../../../scripts/layers';

type Tree = Record<string, string>;

const made: string[] = [];

function plant(tree: Tree): string {
  const dir = mkdtempSync(join(tmpdir(), 'layers-'));
  made.push(dir);
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

async function broken(tree: Tree): Promise<string[]> {
  const { violations } = await checkLayers(['src'], { baseDir: plant(tree), tsConfig: null });
  return describeViolations(violations);
}

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Files every planted tree may import: one per layer, importing nothing. */
const LEAVES: Tree = Object.fromEntries(
  [
    'src/engine/leaf.ts',
    'src/ui/leaf.tsx',
    'src/shell/leaf.ts',
    'src/app/leaf.tsx',
    'src/portal/leaf.tsx',
    'src/api/leaf.ts',
    'src/server/leaf.ts',
    'src/cli/leaf.ts',
    'src/dev/leaf.tsx',
    'src/studio/leaf.tsx',
    'src/prerender/pages.ts',
  ].map((path) => [path, 'export const leaf = 1;\n']),
);

/** Each planted file breaks exactly the rule its line names. */
const PLANTED: [file: string, text: string, rule: string][] = [
  ['src/engine/a.ts', "import { leaf } from '../ui/leaf';", 'engine-imports-nothing-above-it'],
  ['src/engine/b.ts', "import { leaf } from '../server/leaf';", 'engine-imports-nothing-above-it'],
  ['src/engine/c.ts', "import { leaf } from '../api/leaf';", 'engine-imports-nothing-above-it'],
  ['src/engine/d.ts', "import { leaf } from '../cli/leaf';", 'engine-imports-nothing-above-it'],
  ['src/engine/e.ts', "import { leaf } from '../shell/leaf';", 'engine-imports-nothing-above-it'],
  ['src/engine/f.ts', "import { useState } from 'react';", 'engine-uses-no-react-or-fastify'],
  ['src/engine/g.ts', "import Fastify from 'fastify';", 'engine-uses-no-react-or-fastify'],
  ['src/ui/a.tsx', "import { leaf } from '../app/leaf';", 'ui-serves-both-halves'],
  ['src/ui/b.tsx', "import { leaf } from '../portal/leaf';", 'ui-serves-both-halves'],
  ['src/shell/a.ts', "import { leaf } from '../app/leaf';", 'shell-is-below-both-halves'],
  ['src/shell/b.ts', "import { leaf } from '../portal/leaf';", 'shell-is-below-both-halves'],
  // The three kinds of import besides a plain one: re-export, dynamic and type-only.
  ['src/app/a.tsx', "export { leaf } from '../portal/leaf';", 'app-does-not-import-portal'],
  ['src/app/b.tsx', "export const later = () => import('../portal/leaf');", 'app-does-not-import-portal'],
  [
    'src/portal/a.tsx',
    "import type { leaf } from '../app/leaf';\nexport type L = typeof leaf;",
    'portal-does-not-import-app',
  ],
  ['src/server/a.ts', "import { leaf } from '../api/leaf';", 'server-reaches-no-browser-code'],
  ['src/server/b.ts', "import { leaf } from '../ui/leaf';", 'server-reaches-no-browser-code'],
  ['src/server/c.ts', "import { renderToString } from 'react-dom/server';", 'server-reaches-no-browser-code'],
  ['src/server/d.ts', "import { leaf } from '../cli/leaf';", 'server-reaches-no-cli'],
  ['src/server/e.ts', "import { leaf } from '../studio/leaf';", 'server-reaches-no-browser-code'],
  ['src/studio/a.tsx', "import { leaf } from '../app/leaf';", 'studio-builds-on-engine-ui-shell'],
  [
    'src/studio/b.tsx',
    "export const later = () => import('../portal/leaf');",
    'studio-builds-on-engine-ui-shell',
  ],
  ['src/studio/c.ts', "import { leaf } from '../api/leaf';", 'studio-builds-on-engine-ui-shell'],
  ['src/studio/d.ts', "import { leaf } from '../server/leaf';", 'studio-builds-on-engine-ui-shell'],
  ['src/app/c.tsx', "import { leaf } from '../studio/leaf';", 'site-does-not-import-studio'],
  ['src/portal/b.tsx', "export { leaf } from '../studio/leaf';", 'site-does-not-import-studio'],
  ['src/shell/c.ts', "import { leaf } from '../studio/leaf';", 'site-does-not-import-studio'],
  ['src/main.tsx', "export const later = () => import('./studio/leaf');", 'site-does-not-import-studio'],
  ['src/engine/h.ts', "import { leaf } from './nowhere';", 'every-import-resolves'],
  // A circle is named once, from one of its modules (./two, below, closes it).
  [
    'src/server/payments/one.ts',
    "import { two } from './two';\nexport const one = two;",
    'no-circular-imports',
  ],
];
const CIRCLE_CLOSER: Tree = {
  'src/server/payments/two.ts': "import { one } from './one';\nexport const two = () => one;\n",
};

describe('layers', () => {
  let lines: string[] = [];
  beforeAll(async () => {
    const planted = Object.fromEntries(PLANTED.map(([file, text]) => [file, `${text}\n`]));
    lines = await broken({ ...LEAVES, ...CIRCLE_CLOSER, ...planted });
  }, 60_000);

  it.each(PLANTED.map(([file, text, rule]) => ({ file, text, rule })))(
    '$rule: catches $file',
    ({ file, rule }) => {
      expect(lines.filter((line) => line.startsWith(`${rule}: ${file} → `))).toHaveLength(1);
    },
  );

  it('flags nothing but the planted imports', () => {
    expect(lines).toHaveLength(PLANTED.length);
  });

  it('sees the service reach browser code through a module in between', async () => {
    const lines = await broken({
      ...LEAVES,
      'src/prerender/pages.ts': "export { leaf } from '../app/leaf';\n",
      'src/server/web.ts': "import { leaf } from '../prerender/pages';\nexport const x = leaf;\n",
    });
    expect(lines).toEqual(['server-reaches-no-browser-code: src/prerender/pages.ts → src/app/leaf.tsx']);
  });

  it('lets through every import the layering allows', async () => {
    const allowed: Tree = {
      'src/engine/uses.ts': "import { leaf } from './leaf';\nimport Ajv from 'ajv';\nexport { leaf, Ajv };\n",
      'src/ui/uses.tsx':
        "import { useState } from 'react';\nimport { leaf } from '../engine/leaf';\nexport { leaf, useState };\n",
      'src/shell/uses.ts':
        "import { leaf } from '../ui/leaf';\nimport { leaf as api } from '../api/leaf';\nexport { leaf, api };\n",
      'src/app/uses.tsx': "import { leaf } from '../shell/leaf';\nexport { leaf };\n",
      'src/portal/uses.tsx':
        "import { leaf } from '../shell/leaf';\nimport { leaf as ui } from '../ui/leaf';\nexport { leaf, ui };\n",
      'src/main.tsx':
        "import { leaf } from './app/leaf';\nimport { leaf as p } from './portal/leaf';\nexport { leaf, p };\n",
      'src/server/uses.ts':
        "import Fastify from 'fastify';\nimport { leaf } from '../engine/leaf';\nimport { leaf as pages } from '../prerender/pages';\nexport { Fastify, leaf, pages };\n",
      'src/cli/uses.ts': "import { leaf } from '../server/leaf';\nexport { leaf };\n",
      'src/studio/uses.tsx':
        "import { leaf } from '../engine/leaf';\nimport { leaf as ui } from '../ui/leaf';\nimport { leaf as shell } from '../shell/leaf';\nimport { useState } from 'react';\nexport { leaf, ui, shell, useState };\n",
    };
    expect(await broken({ ...LEAVES, ...allowed })).toEqual([]);
  });
});
