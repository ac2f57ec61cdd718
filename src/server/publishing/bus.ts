// How instances learn of a publication. On PostgreSQL, a NOTIFY on one channel, sent in the
// publishing transaction (so delivered when it commits) and heard by every instance's LISTEN; on
// the embedded database, which one process owns, an in-process event (PGlite runs one statement at
// a time, so a registry reading on hearing it waits for the transaction to end).

import { EventEmitter } from 'node:events';
import type { Db } from '../db';

export const PUBLISHED_CHANNEL = 'config_published';

const local = new EventEmitter();
local.setMaxListeners(0);

/** Tells every registry that a version was published (`versionId` 0: many at once, the first import). */
export async function announcePublished(tx: Db, versionId: number): Promise<void> {
  if (tx.kind === 'postgres')
    await tx.query('SELECT pg_notify($1, $2)', [PUBLISHED_CHANNEL, String(versionId)]);
  else local.emit(PUBLISHED_CHANNEL, versionId);
}

/** Calls `heard` on every publication; answers how to stop listening. */
export async function onPublished(db: Db, heard: () => void): Promise<() => Promise<void>> {
  if (db.kind === 'postgres' && db.listen) return db.listen(PUBLISHED_CHANNEL, heard);
  local.on(PUBLISHED_CHANNEL, heard);
  return async () => {
    local.off(PUBLISHED_CHANNEL, heard);
  };
}
