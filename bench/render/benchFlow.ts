// The rendering benchmark's step as one of our flows: a form substep whose fields live under
// BENCH.<id> in the quote. The bench build compiles its validator exactly as `npm run validators`
// compiles a product flow's (src/engine/flow/forms.ts), and the page renders it with FormSubstep.

import type { Field, Flow } from '../../src/engine/flow/types';
import { FIELDS, initialData } from './fields';

export const NAMESPACE = 'bench';

function field(f: (typeof FIELDS)[number]): Field {
  const schema: Record<string, unknown> = {};
  if (f.maxLength !== undefined) schema.maxLength = f.maxLength;
  if (f.pattern !== undefined) schema.pattern = f.pattern;
  if (f.minimum !== undefined) schema.minimum = f.minimum;
  if (f.maximum !== undefined) schema.maximum = f.maximum;
  const out: Field = {
    id: f.id,
    path: `BENCH.${f.id}`,
    type: f.kind === 'integer' || f.kind === 'number' ? f.kind : 'string',
    widget: f.kind === 'integer' || f.kind === 'number' ? 'number' : f.kind,
  };
  if (f.required) out.required = true;
  if (Object.keys(schema).length > 0) out.schema = schema;
  if (f.kind === 'date') out.date = { min: f.minDate, max: f.maxDate };
  if (f.options)
    out.options = f.options.map((o) => ({ value: o.value, label: `options.${f.id}.${o.value}` }));
  if (f.visibleIf) out.visibleIf = { path: `BENCH.${f.visibleIf.id}`, eq: f.visibleIf.eq };
  return out;
}

export const benchFlow: Flow = {
  id: 'bench',
  area: 'public',
  namespace: NAMESPACE,
  steps: [
    {
      id: 'details',
      label: 'steps.details',
      substeps: [{ id: 'form', kind: 'form', title: 'form.title', fields: FIELDS.map(field) }],
    },
  ],
};

/** The flow's locale strings (English): labels and option texts. */
export function benchStrings(): Record<string, unknown> {
  const fields: Record<string, { label: string }> = {};
  const options: Record<string, Record<string, string>> = {};
  for (const f of FIELDS) {
    fields[f.id] = { label: f.label };
    if (f.options) options[f.id] = Object.fromEntries(f.options.map((o) => [o.value, o.label]));
  }
  return { fields, options, steps: { details: 'Vehicle and driver' }, form: { title: 'Your details' } };
}

export function initialQuote(): Record<string, unknown> {
  return { BENCH: initialData() };
}
