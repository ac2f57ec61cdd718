// Writes the OpenAPI document of the zcp service to docs/api/openapi.json, from the same route
// schemas the service validates with:  node --import tsx src/server/platform/openapi.ts [output-file]

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app';
import { openDb } from '../db';
import { loadConfig } from './config';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', OUTBOX_POLL_MS: '0' });
  const db = await openDb({ dataDir: 'memory://' });
  const app = await buildApp(config, { db });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.close();
  }
}

async function main(): Promise<void> {
  const output = resolve(process.argv[2] ?? join(root, 'docs', 'api', 'openapi.json'));
  const doc = await openApiDocument();
  await mkdir(dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(doc, null, 2)}\n`);
  process.stdout.write(`OpenAPI document written to ${output}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
