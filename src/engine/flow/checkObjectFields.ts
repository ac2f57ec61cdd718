// flows:check's look at the object fields config (flows/_catalogues/contractObjectFields.json): what the contract page and
// the policy schedule show of each product's insured object. Every product named is a product
// flow's rulesKey, every field has its label in both languages, every list exists, a dependent
// list's key is another field of the product, and the formats are the known ones.

import { type FlowProblem, hasKey } from './check';
import type { ObjectField } from './objectFacts';
import type { Flow } from './types';

const FORMATS = new Set(['text', 'lov', 'choice', 'euro', 'number', 'year', 'days', 'area']);
/** The contracts: texts a format reads besides the field's label. */
const FORMAT_KEYS: Record<string, string[]> = {
  days: ['units.days_one', 'units.days_other'],
  area: ['units.area'],
};

export function checkObjectFields(
  file: string,
  config: unknown,
  flows: readonly { flow: unknown }[],
  locales: Record<string, Record<string, unknown>>,
  lovNames: readonly string[],
): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const problem = (pointer: string, message: string) => problems.push({ file, pointer, message });
  if (!config || typeof config !== 'object' || Array.isArray(config)) {
    problem('/', 'the object fields config is an object of product codes');
    return problems;
  }
  const products = new Set(
    flows.map(({ flow }) => (flow as Partial<Flow> | null)?.product?.rulesKey).filter(Boolean) as string[],
  );
  const langs = Object.keys(locales);
  const needText = (key: string, pointer: string) => {
    for (const lang of langs)
      if (!hasKey(locales[lang]?.contracts, key))
        problem(pointer, `locale key "contracts:${key}" is missing in locales/${lang}/contracts.json`);
  };
  for (const [code, list] of Object.entries(config as Record<string, unknown>)) {
    if (code.startsWith('$')) continue;
    if (!products.has(code)) problem(`/${code}`, `"${code}" is not the rulesKey of any product flow`);
    if (!Array.isArray(list)) {
      problem(`/${code}`, 'a product lists its fields in an array');
      continue;
    }
    const names = new Set(list.map((f) => (f as ObjectField)?.field));
    list.forEach((entry, i) => {
      const pointer = `/${code}/${i}`;
      const f = entry as Partial<ObjectField>;
      if (typeof f?.field !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(f.field)) {
        problem(`${pointer}/field`, 'every entry names a CS_OBJECT field (upper case)');
        return;
      }
      const format = f.format ?? 'text';
      if (!FORMATS.has(format))
        problem(`${pointer}/format`, `unknown format "${format}" (${[...FORMATS].join(', ')})`);
      needText(`object.${f.field}`, `${pointer}/field`);
      for (const key of FORMAT_KEYS[format] ?? []) needText(key, `${pointer}/format`);
      if (format === 'lov' && !f.lov) problem(`${pointer}/lov`, 'a "lov" field names its list');
      if (f.lov && !lovNames.includes(f.lov))
        problem(`${pointer}/lov`, `list of values "${f.lov}" is unknown to the service`);
      if (f.dependsOn && (!names.has(f.dependsOn) || f.dependsOn === f.field))
        problem(`${pointer}/dependsOn`, `"${f.dependsOn}" is not another field of ${code}`);
    });
  }
  for (const code of products)
    if (!(code in (config as Record<string, unknown>)))
      problem('/', `product "${code}" has no entry (an empty list shows no facts)`);
  return problems;
}
