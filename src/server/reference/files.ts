// This folder's JSON files as flows:check reads them: each against its schema in schemas/reference/
// (reference data is the service's, not the product team's, and is checked all the same).

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataFolder } from '../../engine/flow/checkData';

const HERE = dirname(fileURLToPath(import.meta.url));

export const REFERENCE_DATA: DataFolder = {
  dir: HERE,
  schemaDir: join(HERE, '..', '..', '..', 'schemas', 'reference'),
  label: 'src/server/reference',
};
