// The product team's configuration as items (what is published as a whole) and their files' text,
// read from and written to a repository-shaped folder: flows/<id>/, flows/_shared/,
// flows/_catalogues/<name>.json and locales/<lang>/<namespace>.json. The text is kept as written,
// so a folder exported from unchanged versions is byte-identical to the one imported.

import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { CATALOGUES_FOLDER, FLOWS_DIR } from '../../engine/flow/files';

export type ItemKind = 'flow' | 'fieldset' | 'catalogue' | 'texts';
export const ITEM_KINDS: readonly ItemKind[] = ['flow', 'fieldset', 'catalogue', 'texts'];

/** An item's files by name: flow.json, rules.json, tariff.json; holder.json …; el.json and en.json (texts). */
export type ItemFiles = Record<string, string>;

export interface ItemContent {
  kind: ItemKind;
  key: string;
  files: ItemFiles;
}

/** The shared field sets are one item (flows/_shared), keyed so. */
export const FIELDSET_KEY = '_shared';
const FLOW_FILES = ['flow.json', 'rules.json', 'tariff.json'];

/** The repository's root: the folder holding flows/ and locales/. */
export const REPO_ROOT = resolve(FLOWS_DIR, '..');

/** A stable hash of an item's files (names sorted, each name and text length-prefixed). */
export function contentHash(files: ItemFiles): string {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) {
    hash.update(`${name.length}:${name}${Buffer.byteLength(files[name])}:`);
    hash.update(files[name]);
  }
  return hash.digest('hex');
}

async function jsonFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();
}

async function readFiles(dir: string, names: string[]): Promise<ItemFiles> {
  const files: ItemFiles = {};
  for (const name of names) {
    const file = join(dir, name);
    if (existsSync(file)) files[name] = await readFile(file, 'utf8');
  }
  return files;
}

/** One flow folder (flows/<id>) as an item, or undefined when it holds no flow.json. */
export async function readFlowItem(dir: string): Promise<ItemContent | undefined> {
  const files = await readFiles(dir, FLOW_FILES);
  return files['flow.json'] ? { kind: 'flow', key: basename(dir), files } : undefined;
}

/** Every item of a repository-shaped folder (root holds flows/ and locales/), in a stable order. */
export async function readRepositoryItems(root = REPO_ROOT): Promise<ItemContent[]> {
  const flowsDir = join(root, 'flows');
  const items: ItemContent[] = [];
  const entries = existsSync(flowsDir) ? await readdir(flowsDir, { withFileTypes: true }) : [];
  for (const entry of entries.filter((e) => e.isDirectory() && !e.name.startsWith('_')).sort(byName)) {
    const item = await readFlowItem(join(flowsDir, entry.name));
    if (item) items.push(item);
  }
  const shared = join(flowsDir, FIELDSET_KEY);
  const sets = await readFiles(shared, await jsonFiles(shared));
  if (Object.keys(sets).length > 0) items.push({ kind: 'fieldset', key: FIELDSET_KEY, files: sets });
  const catalogues = join(flowsDir, CATALOGUES_FOLDER);
  for (const name of await jsonFiles(catalogues)) {
    items.push({
      kind: 'catalogue',
      key: name.replace(/\.json$/, ''),
      ...{ files: await readFiles(catalogues, [name]) },
    });
  }
  items.push(...(await readTextItems(join(root, 'locales'))));
  return items;
}

/** locales/<lang>/<namespace>.json as one item per namespace, its files named <lang>.json. */
export async function readTextItems(localesDir: string): Promise<ItemContent[]> {
  if (!existsSync(localesDir)) return [];
  const langs = (await readdir(localesDir, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const byNamespace = new Map<string, ItemFiles>();
  for (const lang of langs) {
    for (const name of await jsonFiles(join(localesDir, lang))) {
      const key = name.replace(/\.json$/, '');
      const files = byNamespace.get(key) ?? {};
      files[`${lang}.json`] = await readFile(join(localesDir, lang, name), 'utf8');
      byNamespace.set(key, files);
    }
  }
  return [...byNamespace.keys()]
    .sort()
    .map((key) => ({ kind: 'texts', key, files: byNamespace.get(key) ?? {} }));
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Where an item's file lives under a repository-shaped root. */
export function itemFilePath(root: string, item: Pick<ItemContent, 'kind' | 'key'>, name: string): string {
  switch (item.kind) {
    case 'flow':
      return join(root, 'flows', item.key, name);
    case 'fieldset':
      return join(root, 'flows', FIELDSET_KEY, name);
    case 'catalogue':
      return join(root, 'flows', CATALOGUES_FOLDER, name);
    case 'texts':
      return join(root, 'locales', name.replace(/\.json$/, ''), `${item.key}.json`);
  }
}

/** Writes items' files under root (folders made as needed); answers the files written. */
export async function writeItems(root: string, items: ItemContent[]): Promise<string[]> {
  const written: string[] = [];
  for (const item of items) {
    for (const [name, text] of Object.entries(item.files)) {
      const file = itemFilePath(root, item, name);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, text);
      written.push(file);
    }
  }
  return written;
}

/**
 * A folder given to flows:import as items: a flow folder (holding flow.json), flows/_shared, a
 * catalogues folder (each file one item), a locales folder, or a repository-shaped root.
 */
export async function readImportFolder(folder: string): Promise<ItemContent[]> {
  const dir = resolve(folder);
  if (existsSync(join(dir, 'flow.json'))) {
    const item = await readFlowItem(dir);
    return item ? [item] : [];
  }
  const name = basename(dir);
  if (name === FIELDSET_KEY)
    return [{ kind: 'fieldset', key: FIELDSET_KEY, files: await readFiles(dir, await jsonFiles(dir)) }];
  if (name === CATALOGUES_FOLDER) {
    const out: ItemContent[] = [];
    for (const file of await jsonFiles(dir))
      out.push({ kind: 'catalogue', key: file.replace(/\.json$/, ''), files: await readFiles(dir, [file]) });
    return out;
  }
  if (name === 'locales') return readTextItems(dir);
  if (existsSync(join(dir, 'flows'))) return readRepositoryItems(dir);
  throw new Error(
    `${folder}: neither a flow folder (flow.json), flows/_shared, flows/_catalogues, locales nor a repository`,
  );
}
