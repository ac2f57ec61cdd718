// Checks every flow folder on disk (Node only, like ./files): the format's schemas, the locale
// files and the shared field sets are read once, then each folder goes through checkFlowFolder.
// `npm run flows:check` and the service's development route (/dev/flows/check) both call this;
// the caller says which lists of values exist, since those are the service's reference data.

import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CheckInputs, checkClaimWizards, checkFlowFolder, type FlowProblem } from './check';
import { checkBesideFlows } from './checkCatalogues';
import { checkDataFolder, type DataFolder } from './checkData';
import { checkObjectFields } from './checkObjectFields';
import { FLOWS_DIR, listFlowIds, readFieldSets, readFlowFiles } from './files';

/** The project's root folder (schemas/ and locales/ sit there beside flows/). */
export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

async function readJsonFile(path: string): Promise<unknown> {
  return JSON.parse(await readFile(path, 'utf8'));
}

export async function readFormatSchemas(root = PROJECT_ROOT): Promise<CheckInputs['schemas']> {
  const dir = join(root, 'schemas');
  return {
    flow: (await readJsonFile(join(dir, 'flow.schema.json'))) as object,
    rules: (await readJsonFile(join(dir, 'rules.schema.json'))) as object,
    tariff: (await readJsonFile(join(dir, 'tariff.schema.json'))) as object,
  };
}

/** locales[lang][namespace]; a file that does not parse is reported, not skipped. */
export async function readLocaleFiles(root = PROJECT_ROOT): Promise<CheckInputs['locales']> {
  const out: CheckInputs['locales'] = {};
  const dir = join(root, 'locales');
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

export interface CheckAllOptions {
  /** The folder of flow folders (flows/ unless given: the dev route's tests pass a copy). */
  flowsDir?: string;
  /** LOV_NAMEs the service answers. */
  lovNames: readonly string[];
  /** The values of each list the service answers (checks defaults on the spec's bound paths). */
  lovValues?: CheckInputs['lovValues'];
  /** Further data folders checked against their schemas (flows:check passes the service's reference data). */
  dataFolders?: readonly DataFolder[];
  /** The folder holding locales/ (the project's unless given: the publishing gates check a candidate's copy). */
  localesRoot?: string;
}

/** flows/_lov-bindings.json: the quote paths spec §3 ties to a list of values ({} when absent). */
export async function readLovBindings(flowsDir = FLOWS_DIR): Promise<Record<string, string>> {
  try {
    const file = (await readJsonFile(join(flowsDir, '_lov-bindings.json'))) as {
      fields?: Record<string, string>;
    };
    return file.fields ?? {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`flows/_lov-bindings.json: ${(error as Error).message}`);
  }
}

/** The object fields config: what the contract page and the policy schedule show per product. */
export const OBJECT_FIELDS_FILE = 'flows/_catalogues/contractObjectFields.json';

async function checkObjectFieldsFile(
  flowsDir: string,
  read: { flow: unknown }[],
  locales: CheckInputs['locales'],
  lovNames: readonly string[],
): Promise<FlowProblem[]> {
  let config: unknown;
  try {
    config = await readJsonFile(join(flowsDir, '_catalogues', 'contractObjectFields.json'));
  } catch (error) {
    // A folder of flows without the catalogue (a test's copy) has nothing of it to check.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    return [{ file: OBJECT_FIELDS_FILE, pointer: '/', message: (error as Error).message }];
  }
  return checkObjectFields(OBJECT_FIELDS_FILE, config, read, locales, lovNames);
}

/** Checks every flow folder; never stops at the first broken one. */
export async function checkAllFlows({
  flowsDir = FLOWS_DIR,
  lovNames,
  lovValues,
  dataFolders = [],
  localesRoot = PROJECT_ROOT,
}: CheckAllOptions): Promise<{ ids: string[]; problems: FlowProblem[] }> {
  const problems: FlowProblem[] = [];
  const [schemas, locales, fieldSets, ids, lovBindings] = await Promise.all([
    readFormatSchemas(),
    readLocaleFiles(localesRoot),
    readFieldSets(flowsDir),
    listFlowIds(flowsDir),
    readLovBindings(flowsDir),
  ]);
  for (const [path, name] of Object.entries(lovBindings))
    if (!lovNames.includes(name))
      problems.push({
        file: 'flows/_lov-bindings.json',
        pointer: `/fields/${path}`,
        message: `list of values "${name}" is unknown to the service`,
      });
  const read: { id: string; flow: unknown }[] = [];
  for (const id of ids) {
    let files: Awaited<ReturnType<typeof readFlowFiles>>;
    try {
      files = await readFlowFiles(id, flowsDir);
    } catch (error) {
      problems.push({ file: `flows/${id}`, pointer: '/', message: (error as Error).message });
      continue;
    }
    read.push({ id, flow: files.flow });
    problems.push(
      ...checkFlowFolder({
        schemas,
        files: { id, ...files },
        fieldSets,
        locales,
        lovNames,
        lovBindings,
        lovValues,
      }),
    );
  }
  // What names a product (claim wizards, the catalogues) is checked once every flow folder could be
  // read: a flow that does not parse hides its product, and each mention of it would be reported too.
  const allRead = read.length === ids.length;
  if (allRead) problems.push(...checkClaimWizards(read));
  if (allRead) problems.push(...(await checkObjectFieldsFile(flowsDir, read, locales, lovNames)));
  problems.push(
    ...(await checkBesideFlows({
      flowsDir,
      schemasDir: join(PROJECT_ROOT, 'schemas'),
      flows: read,
      ids,
      lovNames,
      lovValues,
      crossChecks: allRead,
    })),
  );
  for (const folder of dataFolders) problems.push(...(await checkDataFolder(folder)).problems);
  return { ids, problems };
}
