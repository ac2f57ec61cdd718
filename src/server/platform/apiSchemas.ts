// The request and answer JSON Schemas of schemas/api/, shared by validation (Fastify's Ajv) and
// the OpenAPI document. Routes refer to them by $id: { $ref: 'quote#' }.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const API_SCHEMAS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'schemas',
  'api',
);

export interface ApiSchema {
  $id: string;
  [key: string]: unknown;
}

let cached: ApiSchema[] | undefined;

export function loadApiSchemas(): ApiSchema[] {
  if (cached) return cached;
  cached = readdirSync(API_SCHEMAS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const schema = JSON.parse(readFileSync(join(API_SCHEMAS_DIR, file), 'utf8')) as ApiSchema;
      if (typeof schema.$id !== 'string') throw new Error(`schemas/api/${file} has no $id`);
      return schema;
    });
  return cached;
}

export function registerApiSchemas(app: FastifyInstance): void {
  for (const schema of loadApiSchemas()) app.addSchema(schema);
}

/** A reference to a registered schema, or to one of its $defs. */
export function ref(id: string, def?: string): { $ref: string } {
  return { $ref: def ? `${id}#/$defs/${def}` : `${id}#` };
}

/** The usual error answers of a route, for the OpenAPI document. */
export const ERROR_ANSWERS = {
  '4xx': ref('messages'),
};
