// The project's files as the command-line tools see them: flows, schemas and locales on disk.

import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckInputs } from '../engine/flow/check';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function readJsonFile<T = unknown>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

export async function readSchemas(): Promise<CheckInputs['schemas']> {
  const dir = join(ROOT, 'schemas');
  return {
    flow: await readJsonFile(join(dir, 'flow.schema.json')),
    rules: await readJsonFile(join(dir, 'rules.schema.json')),
    tariff: await readJsonFile(join(dir, 'tariff.schema.json')),
  };
}

/** locales[lang][namespace]; a file that does not parse is reported, not skipped. */
export async function readLocales(): Promise<CheckInputs['locales']> {
  const out: CheckInputs['locales'] = {};
  const dir = join(ROOT, 'locales');
  for (const lang of await readdir(dir)) {
    out[lang] = {};
    for (const file of (await readdir(join(dir, lang))).filter((f) => f.endsWith('.json'))) {
      try {
        out[lang][file.replace(/\.json$/, '')] = await readJsonFile(join(dir, lang, file));
      } catch (error) {
        throw new Error(`locales/${lang}/${file}: ${(error as Error).message}`);
      }
    }
  }
  return out;
}

/** LOV_NAMEs the service answers (from its reference data). */
export async function serviceLovNames(): Promise<string[]> {
  const data = await import('../server/data/index');
  return data.lovNames();
}
