// What flows:check needs to check one flow folder, read as the CLI reads it: the format's schemas,
// the locales, the field sets, the service's lists of values and the folder's files.

import type { CheckInputs } from '../../../src/engine/flow/check';
import { readFormatSchemas, readLocaleFiles } from '../../../src/engine/flow/checkAll';
import { readFieldSets, readFlowFiles } from '../../../src/engine/flow/files';
import { lovNames } from '../../../src/server/reference/index';

export async function flowCheckInputs(
  id: string,
): Promise<{ base: Omit<CheckInputs, 'files'>; files: CheckInputs['files'] }> {
  const [schemas, locales, fieldSets, raw] = await Promise.all([
    readFormatSchemas(),
    readLocaleFiles(),
    readFieldSets(),
    readFlowFiles(id),
  ]);
  return { base: { schemas, locales, fieldSets, lovNames: lovNames() }, files: { id, ...raw } };
}
