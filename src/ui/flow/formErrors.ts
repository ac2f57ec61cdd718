// Errors of a form substep, in RJSF's errorSchema shape: the precompiled JSON Schema validator's
// (type, lengths, bounds) plus the engine's (required-by-flag, dates, field rules), translated,
// without hidden or disabled fields, and only where the visitor has been (eager validation).

import type { ErrorObject } from 'ajv';
import type { Field } from '../../engine/flow/types';
import type { FieldError } from '../../engine/flow/validate';

export interface ShownError {
  /** Field id, or "FIELD.index.ITEM" for a field of a list item. */
  id: string;
  message: string;
}

const AJV_KEYS: Record<string, string> = {
  type: 'validation:text',
  maxLength: 'validation:max_length',
  minLength: 'validation:min_length',
  minimum: 'validation:minimum',
  maximum: 'validation:maximum',
  maxItems: 'validation:max_items',
  pattern: 'validation:pattern',
  multipleOf: 'validation:number',
};

export function fromAjv(
  errors: readonly ErrorObject[],
  t: (key: string, values?: Record<string, unknown>) => string,
): ShownError[] {
  return errors.map((e) => {
    const parts = e.instancePath.split('/').filter(Boolean);
    const params = e.params as { limit?: number; type?: string };
    const key =
      e.keyword === 'type' && (params.type === 'integer' || params.type === 'number')
        ? 'validation:number'
        : (AJV_KEYS[e.keyword] ?? 'validation:pattern');
    return { id: parts.join('.'), message: t(key, { p0: params.limit }) };
  });
}

export function fromEngine(
  errors: readonly FieldError[],
  t: (key: string, values?: Record<string, unknown>) => string,
): ShownError[] {
  return errors.map((e) => ({
    id: e.item ? `${e.fieldId}.${e.item.index}.${e.item.fieldId}` : e.fieldId,
    message: t(e.key, e.params),
  }));
}

/** RJSF's ErrorSchema for `extraErrors`, one message per field (the first found). */
export function toErrorSchema(errors: readonly ShownError[]): Record<string, unknown> {
  const schema: Record<string, unknown> = {};
  for (const error of errors) {
    let node = schema;
    for (const part of error.id.split('.')) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node.__errors ??= [];
    const list = node.__errors as string[];
    if (list.length === 0) list.push(error.message);
  }
  return schema;
}

/** An RJSF element id ("root_GUNS_0_COST") as our error id ("GUNS.0.COST"); field ids hold underscores too. */
export function idFromElement(elementId: string, fields: readonly Field[]): string {
  const rest = elementId.replace(/^root_/, '');
  const field = [...fields]
    .sort((a, b) => b.id.length - a.id.length)
    .find((f) => rest === f.id || rest.startsWith(`${f.id}_`));
  if (!field) return rest;
  const m = new RegExp(`^${field.id}_(\\d+)_(.+)$`).exec(rest);
  return m ? `${field.id}.${m[1]}.${m[2]}` : field.id;
}
