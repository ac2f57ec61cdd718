// Writes a brotli (.br) and a gzip (.gz) copy next to every script, style sheet and SVG of the build
// in dist/assets (and the studio's in dist/assets/studio), so the service sends them compressed (@fastify/static's `preCompressed`, in
// src/server/app.ts) without compressing on each request. Run by `npm run build` after `vite build`.
// Without these files the service sends the plain ones: nothing breaks, the site is only slower to
// load (bench/RESULTS.md, Lighthouse).

import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/** Smaller files gain nothing worth a second request header (and @fastify/static skips them). */
const MIN_BYTES = 1024;

export async function precompress(dir: string): Promise<{ files: number; bytes: number; brotli: number }> {
  let files = 0;
  let bytes = 0;
  let brotli = 0;
  for (const name of await readdir(dir)) {
    if (!COMPRESSIBLE.test(name)) continue;
    const body = await readFile(join(dir, name));
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    await writeFile(join(dir, `${name}.br`), br);
    await writeFile(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
    files++;
    bytes += body.length;
    brotli += br.length;
  }
  return { files, bytes, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // The site's assets, then the studio's (vite.studio.config.ts builds them into a folder of their own).
  const run = async () => {
    for (const folder of ['assets', 'assets/studio']) {
      const dir = fileURLToPath(new URL(`../dist/${folder}`, import.meta.url));
      const { files, bytes, brotli } = await precompress(dir);
      console.log(`precompress: ${files} files in dist/${folder}, ${bytes} bytes, ${brotli} with brotli`);
    }
  };
  run().catch((error: Error) => {
    console.error(`precompress: ${error.message}`);
    process.exit(1);
  });
}
