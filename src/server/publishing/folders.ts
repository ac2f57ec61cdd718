// The repository as a faithful copy of the live configuration: `npm run flows:export` writes every
// live version back to folders (byte-identical when nothing changed, so git review stays possible)
// and `npm run flows:import` brings a folder in as a draft, to go through review like any edit.

import type { Db } from '../db';
import { type ItemContent, readImportFolder, readRepositoryItems, writeItems } from './items';
import { type Actor, importDraft, type LifeCycleDeps } from './lifecycle';
import { type ConfigVersion, liveVersions, seedFromRepository } from './store';

/** Writes the live versions under root (flows/…, locales/…); a database never started is seeded first. */
export async function exportLive(db: Db, root: string, now = new Date()): Promise<string[]> {
  await seedFromRepository(db, await readRepositoryItems(), { followDisk: false, now });
  const live: ItemContent[] = (await liveVersions(db)).map((v) => ({
    kind: v.kind,
    key: v.key,
    files: v.files,
  }));
  return writeItems(root, live);
}

/** Each item of the folder as a draft (refused, item by item, where a draft is already open). */
export async function importFolder(
  deps: LifeCycleDeps,
  actor: Actor,
  folder: string,
): Promise<ConfigVersion[]> {
  await seedFromRepository(deps.db, await readRepositoryItems(), { followDisk: false, now: deps.now() });
  const drafts: ConfigVersion[] = [];
  for (const item of await readImportFolder(folder)) drafts.push(await importDraft(deps, actor, item));
  return drafts;
}
