import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '../../../..');

/** Every JSON file of the repository's flows, schemas and locales, by path from the root. */
export function repositoryJson(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) out[path] = readFileSync(join(ROOT, path), 'utf8');
    }
  };
  for (const dir of ['flows', 'schemas', 'locales']) walk(dir);
  return out;
}

/** A flow folder's files as the studio API sends them (FILES). */
export function flowFiles(id: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(join(ROOT, 'flows', id)))
    if (name.endsWith('.json')) out[name] = readFileSync(join(ROOT, 'flows', id, name), 'utf8');
  return out;
}

export function scenarioFiles(): Record<
  string,
  { flow: string; steps: { substep: string; answers?: Record<string, unknown> }[] }
> {
  const dir = join(ROOT, 'tests/scenarios');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((n) => n.endsWith('.json'))
      .map((n) => [n, JSON.parse(readFileSync(join(dir, n), 'utf8'))]),
  );
}
