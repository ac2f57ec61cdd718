// Builds the four engine pages of the rendering benchmark (one entry each) into bench/work/render.
// FormSubstep imports src/generated/index.ts for its validator loaders; here that import is served
// by bench/work/generated/index.ts, written by ./build.ts with the bench step's validator.

import { join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { ROOT, WORK } from '../lib/paths';

export const ENGINES = ['ours', 'rjsf', 'jsonforms', 'survey'] as const;
export type Engine = (typeof ENGINES)[number];

const HERE = join(ROOT, 'bench', 'render');
const APP_GENERATED = join(ROOT, 'src', 'generated');

function benchGenerated(): Plugin {
  return {
    name: 'bench-generated',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.')) return null;
      const target = resolve(join(importer, '..'), source);
      if (
        target === APP_GENERATED ||
        target === join(APP_GENERATED, 'index') ||
        target === join(APP_GENERATED, 'index.ts')
      )
        return join(WORK, 'generated', 'index.ts');
      return null;
    },
  };
}

export default defineConfig({
  root: HERE,
  base: './',
  logLevel: 'warn',
  plugins: [react(), benchGenerated()],
  build: {
    outDir: join(WORK, 'render'),
    emptyOutDir: true,
    target: 'es2022',
    // BENCH_PROFILE=1 keeps names readable for a CPU profile of the pages (bench/RESULTS.md).
    minify: !process.env.BENCH_PROFILE,
    // Each page is one engine in one bundle on purpose (SurveyJS alone is over 1 MB).
    chunkSizeWarningLimit: 4000,
    rolldownOptions: { input: Object.fromEntries(ENGINES.map((e) => [e, join(HERE, `${e}.html`)])) },
  },
});
