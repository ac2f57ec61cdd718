// The project's files as the command-line tools see them: flows, schemas and locales on disk.

import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function readJsonFile<T = unknown>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** LOV_NAMEs the service answers (from its reference data). */
export async function serviceLovNames(): Promise<string[]> {
  const data = await import('../server/reference/index');
  return data.lovNames();
}

/** The values of every whole list the service answers (dependent lists need their keys: left out). */
export async function serviceLovValues(): Promise<Record<string, string[]>> {
  const data = await import('../server/reference/index');
  const out: Record<string, string[]> = {};
  for (const name of data.lovNames()) {
    const list = data.lovList(name, 'en');
    if (list) out[name] = list.LOV_VALUE.map((v) => v.VALUE);
  }
  return out;
}

// The format's schemas and the locale files, as the engine's flow check reads them.
export { readFormatSchemas as readSchemas, readLocaleFiles as readLocales } from '../engine/flow/checkAll';
/** The service's reference data and its schemas, which flows:check checks beside the flows. */
export { REFERENCE_DATA } from '../server/reference/files';
