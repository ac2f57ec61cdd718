// flows:check's look at the object fields config (issue 23 item 5): a wrong product, a missing
// label, an unknown list or format and a dependent list without its key are each reported with the
// file and pointer; the real config passes.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serviceLovNames } from '../../src/cli/workspace';
import { OBJECT_FIELDS_FILE, PROJECT_ROOT, readLocaleFiles } from '../../src/engine/flow/checkAll';
import { checkObjectFields } from '../../src/engine/flow/checkObjectFields';
import { loadFlowBundles } from '../../src/engine/flow/files';

async function inputs() {
  const bundles = await loadFlowBundles();
  return {
    flows: bundles.map((b) => ({ flow: b.flow })),
    locales: await readLocaleFiles(),
    lovNames: await serviceLovNames(),
    config: JSON.parse(await readFile(join(PROJECT_ROOT, OBJECT_FIELDS_FILE), 'utf8')),
  };
}

describe('the object fields config in flows:check', () => {
  it('passes as it is', async () => {
    const { flows, locales, lovNames, config } = await inputs();
    expect(checkObjectFields(OBJECT_FIELDS_FILE, config, flows, locales, lovNames)).toEqual([]);
  });

  it('reports each broken entry by file and pointer', async () => {
    const { flows, locales, lovNames, config } = await inputs();
    const { CYBER: _cyber, ...rest } = config;
    const broken = {
      ...rest,
      BOAT: [],
      PROPERTY: [
        { field: 'NOT_LABELLED' },
        { field: 'ALARM', format: 'lov', lov: 'NO_SUCH_LIST' },
        { field: 'MODEL', format: 'lov', lov: 'MODEL', dependsOn: 'MAKE' },
        { field: 'POSTAL_CODE', format: 'postcode' },
      ],
    };
    const problems = checkObjectFields(OBJECT_FIELDS_FILE, broken, flows, locales, lovNames);
    const at = (pointer: string) => problems.filter((p) => p.pointer === pointer).map((p) => p.message);
    expect(problems.every((p) => p.file === OBJECT_FIELDS_FILE)).toBe(true);
    expect(at('/BOAT')[0]).toMatch(/not the rulesKey of any product flow/);
    expect(at('/PROPERTY/0/field')).toEqual([
      'locale key "contracts:object.NOT_LABELLED" is missing in locales/el/contracts.json',
      'locale key "contracts:object.NOT_LABELLED" is missing in locales/en/contracts.json',
    ]);
    expect(at('/PROPERTY/1/lov')[0]).toMatch(/"NO_SUCH_LIST" is unknown/);
    expect(at('/PROPERTY/2/dependsOn')[0]).toMatch(/"MAKE" is not another field of PROPERTY/);
    expect(at('/PROPERTY/3/format')[0]).toMatch(/unknown format "postcode"/);
    expect(at('/').some((m) => m.includes('"CYBER" has no entry'))).toBe(true);
  });
});
