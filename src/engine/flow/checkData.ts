// Data files checked against their JSON Schemas, a folder at a time (Node only, like ./files):
// every <name>.json of the folder has its schema, <schemaDir>/<name>.schema.json, and every such
// schema its file. flows:check runs it on the business catalogues (flows/_catalogues/, the product
// team's) and on the service's reference data (src/server/reference/). Every problem names the
// file and the JSON pointer of what is wrong.

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { type FlowProblem, schemaProblems } from './check';

export interface DataFolder {
  /** The folder of the data files. */
  dir: string;
  /** The folder of their schemas, one <name>.schema.json per <name>.json. */
  schemaDir: string;
  /** The folder as problems name it, from the project root ("flows/_catalogues"). */
  label: string;
  /** A folder that is not there at all is skipped (a copy of flows/ without catalogues), not refused. */
  optional?: boolean;
}

export interface DataFolderResult {
  problems: FlowProblem[];
  /** The files that parsed and passed their schema, by name (without .json), for further checks. */
  valid: Map<string, unknown>;
}

async function jsonNames(dir: string, suffix: string): Promise<string[] | null> {
  try {
    return (await readdir(dir))
      .filter((n) => n.endsWith(suffix))
      .map((n) => n.slice(0, -suffix.length))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** One parsed file against one parsed schema (pure). */
export function checkDataFile(file: string, data: unknown, schema: object): FlowProblem[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return validate(data) ? [] : schemaProblems(file, validate.errors);
}

/** Checks every file of a data folder against its schema; never stops at the first broken one. */
export async function checkDataFolder(folder: DataFolder): Promise<DataFolderResult> {
  const problems: FlowProblem[] = [];
  const valid = new Map<string, unknown>();
  const names = await jsonNames(folder.dir, '.json');
  const schemaNames = (await jsonNames(folder.schemaDir, '.schema.json')) ?? [];
  if (names === null) {
    if (!folder.optional)
      problems.push({ file: folder.label, pointer: '/', message: 'the folder is missing' });
    return { problems, valid };
  }
  for (const name of schemaNames.filter((n) => !names.includes(n)))
    problems.push({
      file: `${folder.label}/${name}.json`,
      pointer: '/',
      message: `the file is missing (its schema is ${name}.schema.json)`,
    });
  for (const name of names) {
    const file = `${folder.label}/${name}.json`;
    if (!schemaNames.includes(name)) {
      problems.push({
        file,
        pointer: '/',
        message: `no schema for this file (expected ${name}.schema.json)`,
      });
      continue;
    }
    let data: unknown;
    let schema: object;
    try {
      data = JSON.parse(await readFile(join(folder.dir, `${name}.json`), 'utf8'));
    } catch (error) {
      problems.push({ file, pointer: '/', message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    try {
      schema = JSON.parse(await readFile(join(folder.schemaDir, `${name}.schema.json`), 'utf8'));
    } catch (error) {
      problems.push({
        file,
        pointer: '/',
        message: `its schema does not parse: ${(error as Error).message}`,
      });
      continue;
    }
    const found = checkDataFile(file, data, schema);
    if (found.length) problems.push(...found);
    else valid.set(name, data);
  }
  return { problems, valid };
}
