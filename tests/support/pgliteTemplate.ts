// Vitest global setup: one migrated embedded database, dumped once per run, that every test
// database starts from (tests/api/support/db.ts). PGlite's initdb is about two thirds of what a
// fresh database costs, and the API tests open one per file.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../../src/server/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template's tar file, or '' on PostgreSQL (each test file has a schema there). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const file = join(dir, 'migrated.tar');
  const db = await openDb({ dataDir: 'memory://' });
  const dump = await db.dump?.();
  await db.close();
  if (!dump) throw new Error('the embedded database gave no dump');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}
