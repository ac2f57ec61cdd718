// Generated request bodies for every POST endpoint, derived from the route schemas the service
// validates with (its OpenAPI document): bodies shaped like the schema with valid-looking leaves,
// the same with hostile leaves (lone surrogates, NUL, huge numbers, markup, SQL), realistic quotes
// with one value swapped, and arbitrary JSON. Shared by the fixed-seed test in the suite
// (tests/api/fuzz.test.ts) and the long run (`npm run fuzz`, scripts/fuzz.ts).

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

type Schema = Record<string, unknown>;

export interface FuzzEndpoint {
  path: string;
  /** The body schema, `$ref`s unresolved (resolved against `components` while generating). */
  schema?: Schema;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Every POST route of the running app with its JSON body schema, from its OpenAPI document. */
export function postEndpoints(app: FastifyInstance): {
  endpoints: FuzzEndpoint[];
  components: Record<string, Schema>;
} {
  const doc = (app as unknown as { swagger(): OpenApiDoc }).swagger();
  const endpoints: FuzzEndpoint[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    const post = operations.post;
    if (!post || path.includes('{')) continue;
    const content = post.requestBody?.content ?? {};
    const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
    endpoints.push({ path, schema });
  }
  return { endpoints, components: doc.components?.schemas ?? {} };
}

/** Strings a careless or hostile client sends. */
const HOSTILE_TEXT = [
  '\ud800',
  'a\udfffb',
  '\u0000',
  "'; DROP TABLE offers;--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00%ff',
  '9'.repeat(400),
  '1e309',
  '-0',
  'NaN',
  '2026-02-30',
  '0000-00-00',
  '\u202e\u200b',
  '𝔊𝔦𝔠',
];

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_TEXT), weight: 4 },
  fc.string({ unit: 'binary', maxLength: 40 }).map((t) => `${t}\udc00`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2 ** 31, 1e21, -1e21),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const name = decodeURIComponent((current.$ref as string).replace('#/components/schemas/', ''));
    current = components[name] ?? {};
  }
  return current;
}

function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  if (schema.properties || schema.additionalProperties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function stringFor(schema: Schema): fc.Arbitrary<string> {
  const max = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, 60) : 30;
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).map((s) => s.slice(0, max));
    } catch {
      // A pattern fast-check cannot invert: plain text.
    }
  }
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  return fc.oneof(
    fc.string({ maxLength: max }),
    fc.constantFrom('X', '', 'OF100001', '516', 'TPO', '2026-03-10', 'eleni@example.com.cy'),
  );
}

/** A value shaped like `schema`; `hostility` is the weight of a hostile leaf against a fitting one. */
export function fromSchema(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  hostility: number,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const variants: fc.Arbitrary<unknown>[] = [];
  if (Array.isArray(s.enum)) variants.push(fc.constantFrom(...(s.enum as unknown[])));
  if ('const' in s) variants.push(fc.constant(s.const));
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key]) && depth < 6)
      for (const option of s[key] as Schema[])
        variants.push(
          fromSchema(
            { ...s, anyOf: undefined, oneOf: undefined, ...option },
            components,
            hostility,
            depth + 1,
          ),
        );
  }
  if (variants.length === 0) {
    for (const type of typesOf(s)) {
      if (type === 'string') variants.push(stringFor(s));
      else if (type === 'integer')
        variants.push(
          fc.integer({
            min: typeof s.minimum === 'number' ? s.minimum : -1000,
            max: typeof s.maximum === 'number' ? s.maximum : 1_000_000,
          }),
        );
      else if (type === 'number')
        variants.push(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e7 }));
      else if (type === 'boolean') variants.push(fc.boolean());
      else if (type === 'null') variants.push(fc.constant(null));
      else if (type === 'array' && depth < 6)
        variants.push(
          fc.array(fromSchema(s.items as Schema, components, hostility, depth + 1), { maxLength: 3 }),
        );
      else if (type === 'object' && depth < 6) variants.push(objectFor(s, components, hostility, depth));
    }
  }
  if (variants.length === 0) variants.push(fc.jsonValue({ maxDepth: 2 }));
  const fitting = variants.length === 1 ? variants[0] : fc.oneof(...variants);
  return hostility > 0
    ? fc.oneof({ arbitrary: fitting, weight: 10 }, { arbitrary: hostileLeaf, weight: hostility })
    : fitting;
}

function objectFor(s: Schema, components: Record<string, Schema>, hostility: number, depth: number) {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = new Set((s.required ?? []) as string[]);
  const names = Object.keys(properties);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) shape[name] = fromSchema(properties[name], components, hostility, depth + 1);
  const known = fc.record(shape, { requiredKeys: names.filter((n) => required.has(n)) });
  const extra =
    s.additionalProperties && typeof s.additionalProperties === 'object'
      ? fc.dictionary(
          fc.string({ minLength: 1, maxLength: 12 }),
          fromSchema(s.additionalProperties as Schema, components, hostility, depth + 2),
          { maxKeys: 3 },
        )
      : fc.constant({});
  return fc.tuple(known, extra).map(([k, e]) => ({ ...e, ...k }));
}

function setAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head], rest, leaf);
  return copy;
}

function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))];
}

/** A realistic body with up to three values (or whole objects) replaced by hostile ones. */
export function mutated(sample: unknown): fc.Arbitrary<unknown> {
  const paths = leafPaths(sample).filter((p) => p.length > 0);
  if (sample === null || typeof sample !== 'object') return hostileLeaf;
  // A key that is not Unicode either.
  if (!Array.isArray(sample)) paths.push(['K\ud800']);
  if (paths.length === 0) return hostileLeaf;
  return fc
    .array(fc.tuple(fc.constantFrom(...paths), hostileLeaf), { minLength: 1, maxLength: 3 })
    .map((changes) => changes.reduce<unknown>((body, [path, leaf]) => setAt(body, path, leaf), sample));
}

/** What is sent: a JSON text (or, now and then, text that is not JSON at all). */
export function bodyArbitrary(
  endpoint: FuzzEndpoint,
  components: Record<string, Schema>,
  samples: unknown[] = [],
): fc.Arbitrary<string> {
  const json: fc.Arbitrary<unknown>[] = [
    fromSchema(endpoint.schema, components, 0),
    fromSchema(endpoint.schema, components, 2),
    fc.jsonValue({ maxDepth: 3 }),
  ];
  for (const sample of samples) json.push(mutated(sample));
  // A schema-fitting body with one hostile value, so it gets past validation to the handler.
  json.push(fromSchema(endpoint.schema, components, 0).chain((body) => mutated(body)));
  return fc.oneof(
    { arbitrary: fc.oneof(...json).map((v) => JSON.stringify(v) ?? 'null'), weight: 12 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  );
}

/**
 * Pages answered in HTML, not the service's MESSAGES: the card sandbox stands in for the
 * provider's own pages, and the development pages (/dev/desk, /dev/mailbox) are forms for testers.
 */
export const answersHtml = (path: string) => path.startsWith('/sandbox/') || path.startsWith('/dev/');

/** Why an answer breaks the rules (a 5xx, an error without MESSAGES, internals shown), or null. */
export function answerProblem(
  status: number,
  body: string,
  allowed?: readonly number[],
  html = false,
): string | null {
  if (status >= 500) return `answered ${status}`;
  if (allowed && !allowed.includes(status)) return `answered ${status}, not one of ${allowed.join('/')}`;
  if (/FST_ERR|"stack"|\n\s+at \S+ \(|node_modules/.test(body)) return 'the answer shows internals';
  if (status >= 400 && !html) {
    try {
      const parsed = JSON.parse(body) as { MESSAGES?: { MSGTEXT?: string }[] };
      if (!parsed.MESSAGES?.[0]?.MSGTEXT) return `answered ${status} without a MESSAGES text`;
    } catch {
      return `answered ${status} with a body that is not JSON`;
    }
  }
  return null;
}

/**
 * Awaits one turn of the event loop every `every` requests. `app.inject` settles on microtasks
 * alone, so a long run never lets the loop reach what the service defers to a later turn (timers,
 * setImmediate callbacks and what they free): a 10,000-per-operation run then held about 14 KB per
 * refused call until it ran out of heap. Over real sockets the loop turns between requests anyway.
 */
async function turnEvery(i: number, every = 100): Promise<void> {
  if (i % every === every - 1) await new Promise((resolve) => setImmediate(resolve));
}

export interface FuzzReport {
  path: string;
  counts: Record<number, number>;
  /** The first few bodies that broke the rules, with why. */
  problems: { body: string; problem: string }[];
}

/** Sends `runs` generated bodies to one endpoint and counts the answers by status. */
export async function fuzzEndpoint(
  app: FastifyInstance,
  endpoint: FuzzEndpoint,
  components: Record<string, Schema>,
  options: { runs: number; seed: number; allowed?: readonly number[]; samples?: unknown[]; html?: boolean },
): Promise<FuzzReport> {
  const report: FuzzReport = { path: endpoint.path, counts: {}, problems: [] };
  const arbitrary = bodyArbitrary(endpoint, components, options.samples);
  const batch = 500;
  for (let done = 0; done < options.runs; done += batch) {
    const bodies = fc.sample(arbitrary, {
      numRuns: Math.min(batch, options.runs - done),
      seed: options.seed + done,
    });
    for (const [i, body] of bodies.entries()) {
      await turnEvery(i);
      const res = await app.inject({
        method: 'POST',
        url: endpoint.path,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: body,
      });
      report.counts[res.statusCode] = (report.counts[res.statusCode] ?? 0) + 1;
      const problem = answerProblem(res.statusCode, res.body, options.allowed, options.html);
      if (problem && report.problems.length < 5) report.problems.push({ body: body.slice(0, 500), problem });
    }
  }
  return report;
}

// --- Logged in (issue 25): every state-changing operation under a valid session and CSRF token,
// multipart ones with raw bytes too, and every operation with another customer's ids.

export interface Operation {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, with {name} parameters. */
  path: string;
  schema?: Schema;
  /** A multipart upload (its summary says so): fuzzed with raw bytes, not JSON. */
  multipart: boolean;
}

type OpenApiOperation = {
  summary?: string;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/** Every state-changing operation of the running app (path parameters included). */
export function stateChangingOperations(app: FastifyInstance): {
  operations: Operation[];
  components: Record<string, Schema>;
} {
  const doc = (app as unknown as { swagger(): OpenApiDoc }).swagger();
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete'] as const) {
      const op = (byMethod as Record<string, OpenApiOperation>)[method];
      if (!op) continue;
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        schema,
        multipart: /multipart/i.test(op.summary ?? ''),
      });
    }
  }
  return { operations, components: doc.components?.schemas ?? {} };
}

/** The path with its {parameters} filled by `value(name)`, percent-encoded. */
export function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));
}

/** A multipart body as raw bytes: well-formed parts with random content, or plain noise. */
export function multipartArbitrary(): fc.Arbitrary<{ contentType: string; body: Buffer }> {
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/);
  const part = fc.record({
    name: fc.constantFrom(
      'FILE',
      'CLAIM_NO',
      'CLAIM_ID',
      'OBJECT_NO',
      'SLOT',
      'CONTRACT_NO',
      'PRODUCT_ID',
      'x',
    ),
    filename: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
    bytes: fc.uint8Array({ maxLength: 600 }),
  });
  const eol = fc.constantFrom('\r\n', '\n', '\r');
  const structured = fc
    .tuple(boundary, fc.array(part, { maxLength: 4 }), eol, fc.boolean())
    .map(([b, parts, nl, close]) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const file = p.filename === undefined ? '' : `; filename="${p.filename}"`;
        chunks.push(
          Buffer.from(`--${b}${nl}Content-Disposition: form-data; name="${p.name}"${file}${nl}${nl}`),
        );
        chunks.push(Buffer.from(p.bytes), Buffer.from(nl));
      }
      if (close) chunks.push(Buffer.from(`--${b}--${nl}`));
      return { contentType: `multipart/form-data; boundary="${b}"`, body: Buffer.concat(chunks) };
    });
  const noise = fc
    .tuple(
      fc.uint8Array({ maxLength: 800 }),
      fc.constantFrom('', '; boundary=', `; boundary=${'z'.repeat(300)}`, '; boundary=x'),
    )
    .map(([bytes, tail]) => ({ contentType: `multipart/form-data${tail}`, body: Buffer.from(bytes) }));
  return fc.oneof({ arbitrary: structured, weight: 3 }, { arbitrary: noise, weight: 1 });
}

export type Sender = (
  method: string,
  url: string,
  payload: string | Buffer,
  contentType: string,
) => Promise<{
  statusCode: number;
  body: string;
}>;

/** `runs` generated requests to one operation through `send` (a logged-in client), counted by status. */
export async function fuzzOperation(
  send: Sender,
  op: Operation,
  components: Record<string, Schema>,
  options: { runs: number; seed: number; pathValue: (name: string) => string },
): Promise<FuzzReport> {
  const url = fillPath(op.path, options.pathValue);
  const report: FuzzReport = { path: `${op.method} ${op.path}`, counts: {}, problems: [] };
  const record = (status: number, body: string, shown: string) => {
    report.counts[status] = (report.counts[status] ?? 0) + 1;
    // tus answers its own protocol (201/204 without a body).
    const problem = answerProblem(status, body);
    if (problem && report.problems.length < 5) report.problems.push({ body: shown.slice(0, 300), problem });
  };
  if (op.multipart) {
    const bodies = fc.sample(multipartArbitrary(), { numRuns: options.runs, seed: options.seed });
    for (const [i, b] of bodies.entries()) {
      await turnEvery(i);
      const res = await send(op.method, url, b.body, b.contentType);
      record(res.statusCode, res.body, `${b.contentType} ${b.body.toString('latin1')}`);
    }
  }
  const json = fc.sample(bodyArbitrary({ path: op.path, schema: op.schema }, components), {
    numRuns: options.runs,
    seed: options.seed,
  });
  for (const [i, body] of json.entries()) {
    await turnEvery(i);
    const res = await send(op.method, url, body, 'application/json');
    record(res.statusCode, res.body, body);
  }
  return report;
}

/** A schema-fitting body with every id-like property (…_NO, …_ID, the path's ids) set by `id(name)`. */
export function bodyWithIds(
  schema: Schema | undefined,
  components: Record<string, Schema>,
  id: (name: string) => string | undefined,
  seed: number,
): unknown {
  const [base] = fc.sample(fromSchema(schema, components, 0), { numRuns: 1, seed });
  const swap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(swap);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = id(k) ?? swap(v);
    return out;
  };
  return swap(base);
}
