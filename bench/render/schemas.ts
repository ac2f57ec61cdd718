// The bench step as JSON Schema, for the two JSON Schema engines (bare RJSF and JSON Forms):
// selects and yes/no as oneOf with titles, dates as format "date", the conditional field in an
// if / then branch (shown and required only when its yes/no is answered yes).

import { type BenchField, FIELDS, YES_NO } from './fields';

export type Schema = Record<string, unknown>;

export function propertySchema(f: BenchField): Schema {
  const s: Schema = { title: f.label };
  switch (f.kind) {
    case 'integer':
    case 'number':
      s.type = f.kind;
      if (f.minimum !== undefined) s.minimum = f.minimum;
      if (f.maximum !== undefined) s.maximum = f.maximum;
      return s;
    case 'date':
      return { ...s, type: 'string', format: 'date' };
    case 'select':
    case 'yesno':
      return {
        ...s,
        type: 'string',
        oneOf: (f.options ?? YES_NO).map((o) => ({ const: o.value, title: o.label })),
      };
    default:
      s.type = 'string';
      if (f.maxLength !== undefined) s.maxLength = f.maxLength;
      if (f.pattern !== undefined) s.pattern = f.pattern;
      return s;
  }
}

export function stepSchema(fields: readonly BenchField[] = FIELDS): Schema {
  const always = fields.filter((f) => !f.visibleIf);
  const properties: Record<string, Schema> = {};
  for (const f of always) properties[f.id] = propertySchema(f);
  const conditional = fields
    .filter((f) => f.visibleIf)
    .map((f) => ({
      if: { properties: { [f.visibleIf!.id]: { const: f.visibleIf!.eq } }, required: [f.visibleIf!.id] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema keyword
      then: { properties: { [f.id]: propertySchema(f) }, required: f.required ? [f.id] : [] },
    }));
  return {
    type: 'object',
    properties,
    required: always.filter((f) => f.required).map((f) => f.id),
    ...(conditional.length ? { allOf: conditional } : {}),
  };
}

/** JSON Forms' UI schema of the fields: one control each, the conditional ones behind a SHOW rule. */
export function jsonFormsUiSchema(fields: readonly BenchField[] = FIELDS): Schema {
  return {
    type: 'VerticalLayout',
    elements: fields.map((f) => ({
      type: 'Control',
      scope: `#/properties/${f.id}`,
      label: f.label,
      ...(f.kind === 'yesno' ? { options: { format: 'radio' } } : {}),
      ...(f.visibleIf
        ? {
            rule: {
              effect: 'SHOW',
              condition: { scope: `#/properties/${f.visibleIf.id}`, schema: { const: f.visibleIf.eq } },
            },
          }
        : {}),
    })),
  };
}
