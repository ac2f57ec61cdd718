// npm run flows:export [-- <dir>] — writes the live versions of the flows, catalogues and texts
// from the database (DATABASE_URL, or the embedded one in DATA_DIR) to <dir>/flows and
// <dir>/locales; <dir> is the repository itself unless given. docs/publishing.md.

import { resolve } from 'node:path';
import { openDb } from '../server/db';
import { exportLive } from '../server/publishing/folders';
import { REPO_ROOT } from '../server/publishing/items';

async function main(argv: string[]): Promise<number> {
  const dir = resolve(argv.find((a) => !a.startsWith('--')) ?? REPO_ROOT);
  const db = await openDb({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data/db' });
  try {
    const written = await exportLive(db, dir);
    console.log(`flows:export: ${written.length} file(s) written under ${dir}`);
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`flows:export: ${error.message}`);
    process.exit(1);
  },
);
