// The JSON Schema of the value at a pointer of a document: walks properties, items and
// additionalProperties from the file's schema, resolving `$ref`s and choosing, among `oneOf` /
// `anyOf` branches, the one the value matches by its required keys (a derived value's `expr`).

import type { Json } from '../model/jsonText';
import { getAt, splitPointer } from '../model/pointer';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  required?: string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  pattern?: string;
  description?: string;
  definitions?: Record<string, Schema>;
  [key: string]: unknown;
};

/** Follows `$ref`s (local ones: "#/definitions/x") to the schema they name. */
export function deref(root: Schema, schema: Schema | undefined, seen = 0): Schema {
  if (!schema) return {};
  if (!schema.$ref || seen > 20) return schema;
  const target = getAt(root as unknown as Json, schema.$ref.replace(/^#/, '')) as Schema | undefined;
  const { $ref: _ref, ...rest } = schema;
  return deref(root, { ...(target ?? {}), ...rest }, seen + 1);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** The branch of a oneOf/anyOf the value fits: its required keys present, its type right. */
export function branchFor(root: Schema, schema: Schema, value: unknown): Schema {
  const branches = schema.oneOf ?? schema.anyOf;
  if (!branches) return schema;
  const resolved = branches.map((b) => deref(root, b));
  const fits = (b: Schema) => {
    const type = Array.isArray(b.type) ? b.type : b.type ? [b.type] : [];
    if (isObject(value)) {
      if (type.length && !type.includes('object')) return false;
      return (b.required ?? []).every((k) => k in value);
    }
    if (Array.isArray(value)) return type.includes('array');
    return type.length === 0 || type.includes(typeof value === 'number' ? 'number' : typeof value);
  };
  const chosen = resolved.find(fits) ?? resolved[0];
  const { oneOf: _o, anyOf: _a, ...outer } = schema;
  // A schema with properties and a oneOf of `required` only (derived) keeps its own properties.
  return { ...outer, ...chosen, properties: { ...(outer.properties ?? {}), ...(chosen.properties ?? {}) } };
}

/** The schema of the value at `pointer` of `data` (undefined when the schema says nothing there). */
export function schemaAt(root: Schema, data: Json, pointer: string): Schema | undefined {
  let schema: Schema = branchFor(root, deref(root, root), data);
  let at = '';
  for (const key of splitPointer(pointer)) {
    at += `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const value = getAt(data, at);
    let next: Schema | undefined;
    if (schema.properties && key in schema.properties) next = schema.properties[key];
    else if (schema.items && /^\d+$/.test(key)) next = schema.items;
    else if (isObject(schema.additionalProperties)) next = schema.additionalProperties;
    if (!next) return undefined;
    schema = branchFor(root, deref(root, next), value);
  }
  return schema;
}

export type PropertyControl =
  | { kind: 'text'; pattern?: string }
  | { kind: 'number'; integer: boolean }
  | { kind: 'boolean' }
  | { kind: 'choice'; values: string[] }
  | { kind: 'condition' }
  | { kind: 'json' };

export interface Property {
  name: string;
  control: PropertyControl;
  required: boolean;
  description?: string;
}

const CONDITION_REF = '#/definitions/condition';

/** How each property of an object schema is edited: a simple control, the condition builder, or JSON. */
export function propertiesOf(root: Schema, schema: Schema): Property[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => name !== '$schema')
    .map(([name, raw]) => {
      const s = deref(root, raw);
      const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
      const branches = s.oneOf ?? s.anyOf ?? [];
      let control: PropertyControl;
      if (raw.$ref === CONDITION_REF || branches.some((b) => b.$ref === CONDITION_REF))
        control = { kind: 'condition' };
      else if (s.enum?.every((v) => typeof v === 'string'))
        control = { kind: 'choice', values: s.enum as string[] };
      else if (types.length === 1 && types[0] === 'string') control = { kind: 'text', pattern: s.pattern };
      else if (types.length === 1 && (types[0] === 'number' || types[0] === 'integer'))
        control = { kind: 'number', integer: types[0] === 'integer' };
      else if (types.length === 1 && types[0] === 'boolean') control = { kind: 'boolean' };
      else control = { kind: 'json' };
      return { name, control, required: required.has(name), description: s.description ?? raw.description };
    });
}
