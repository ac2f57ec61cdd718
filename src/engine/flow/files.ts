// Reads flows/<id>/ folders from disk (Node only: the server and the CLI; the browser gets flows
// bundled by Vite). Validation against schemas/flow.schema.json happens in ./check.

import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FlowBundle, RulesFile } from './bundle';

export const FLOWS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'flows');

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

/** Every flow folder as a bundle (no schema validation: use checkFlows for that). */
export async function loadFlowBundles(root = FLOWS_DIR): Promise<FlowBundle[]> {
  const bundles: FlowBundle[] = [];
  for (const id of await listFlowIds(root)) {
    const files = await readFlowFiles(id, root);
    if (!files.flow) continue;
    bundles.push({
      dir: files.dir,
      flow: files.flow as FlowBundle['flow'],
      rules: (files.rules as RulesFile) ?? { ET_TEXTS: [], ET_CHECK_POINTS: [] },
      tariff: files.tariff as FlowBundle['tariff'],
    });
  }
  return bundles;
}
