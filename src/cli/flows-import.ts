// npm run flows:import -- <folder> — brings a flow folder (flows/<id>), flows/_shared,
// flows/_catalogues, a locales folder or a whole repository-shaped folder into the database as
// drafts; they are published through review (docs/publishing.md). The author is STAFF_ID, or the
// system user when unset.

import { userInfo } from 'node:os';
import { openDb } from '../server/db';
import { importFolder } from '../server/publishing/folders';
import { publicationGates } from '../server/publishing/gates';
import { refusalCodeOf } from '../server/publishing/lifecycle';
import { startInProcessService } from './replay/inProcess';

async function main(argv: string[]): Promise<number> {
  const folder = argv.find((a) => !a.startsWith('--'));
  if (!folder) {
    console.error('usage: npm run flows:import -- <folder>');
    return 2;
  }
  const db = await openDb({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data/db' });
  try {
    const actor = { staffId: process.env.STAFF_ID ?? `cli:${userInfo().username}`, role: 'editor' };
    const drafts = await importFolder(
      { db, now: () => new Date(), gates: publicationGates({ startService: startInProcessService }) },
      actor,
      folder,
    );
    for (const d of drafts) console.log(`draft ${d.id}: ${d.kind} ${d.key}`);
    console.log(`flows:import: ${drafts.length} draft(s)`);
    return 0;
  } catch (error) {
    const code = refusalCodeOf(error);
    console.error(`flows:import: ${code ?? (error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`flows:import: ${error.message}`);
    process.exit(1);
  },
);
