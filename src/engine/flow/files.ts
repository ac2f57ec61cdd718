// Reads flows/<id>/ folders from disk (Node only: the server and the CLI; the browser gets flows
// bundled by Vite). Validation against schemas/flow.schema.json happens in ./check.

import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FlowBundle, RulesFile } from './bundle';
import { expandFieldSets, type FieldSets } from './expand';
import type { Field, Flow } from './types';

export const FLOWS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'flows');

/** flows/_catalogues/: the business catalogues beside the flows (promo codes, claim rules, texts …). */
export const CATALOGUES_FOLDER = '_catalogues';

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

export async function listFlowIds(root = FLOWS_DIR): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort();
}

/** Raw files of one folder, unvalidated. */
export async function readFlowFiles(id: string, root = FLOWS_DIR) {
  const dir = join(root, id);
  return {
    dir,
    flow: await readJson(join(dir, 'flow.json')),
    rules: await readJson(join(dir, 'rules.json')),
    tariff: await readJson(join(dir, 'tariff.json')),
  };
}

/** The shared field sets of flows/_shared/, by name. */
export async function readFieldSets(root = FLOWS_DIR): Promise<FieldSets> {
  const dir = join(root, '_shared');
  const sets: FieldSets = {};
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return sets;
  }
  for (const name of names) sets[name.replace(/\.json$/, '')] = (await readJson(join(dir, name))) as Field[];
  return sets;
}

/** Every flow folder as a bundle, field sets expanded (no schema validation: use checkFlows for that). */
export async function loadFlowBundles(root = FLOWS_DIR): Promise<FlowBundle[]> {
  const sets = await readFieldSets(root);
  const bundles: FlowBundle[] = [];
  for (const id of await listFlowIds(root)) {
    const files = await readFlowFiles(id, root);
    if (!files.flow) continue;
    bundles.push({
      dir: files.dir,
      flow: expandFieldSets(files.flow as Flow, sets),
      rules: (files.rules as RulesFile) ?? { ET_TEXTS: [], ET_CHECK_POINTS: [] },
      tariff: files.tariff as FlowBundle['tariff'],
    });
  }
  return bundles;
}
