// The flow's fields as the rule editors offer them: their quote paths, types and, where the field
// has a fixed set of answers, those answers (a yes/no question answers 1 or 2, as the site sends).

import type { Json } from '../model/jsonText';
import type { ValueType } from './conditionModel';

export interface FlowField {
  path: string;
  id: string;
  labelKey: string;
  type: ValueType;
  choices?: { value: string; labelKey: string }[];
}

type Obj = Record<string, Json>;
const list = (v: Json | undefined): Obj[] => (Array.isArray(v) ? (v as Obj[]) : []);

export const YES = '1';
export const NO = '2';

export function flowFields(flow: Json | undefined): FlowField[] {
  const out: FlowField[] = [];
  for (const step of list((flow as Obj | undefined)?.steps))
    for (const sub of list(step.substeps))
      for (const f of list(sub.fields)) {
        if (typeof f.path !== 'string' || typeof f.id !== 'string') continue;
        const choices =
          f.widget === 'yesno'
            ? [
                { value: YES, labelKey: 'editor:answers.yes' },
                { value: NO, labelKey: 'editor:answers.no' },
              ]
            : list(f.options).map((o) => ({ value: String(o.value), labelKey: String(o.label) }));
        out.push({
          path: f.path,
          id: f.id,
          labelKey: typeof f.label === 'string' ? f.label : `fields.${f.id}.label`,
          type: (f.type as ValueType) ?? 'string',
          choices: choices.length ? choices : undefined,
        });
      }
  return out;
}
