// JSON text as the repository writes it (biome's formatter: 2 spaces, line width 110, a trailing
// newline): a group (object or array) stays on one line when it fits, an object written expanded
// stays expanded (a line break right after its `{`). Parsing records which objects were expanded,
// so printing an untouched document gives back the same bytes and an edited one changes only the
// lines it must.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Layout {
  /** JSON pointers of the objects written with a line break after their `{`. */
  expanded: Set<string>;
  /** Where each value starts in the text, by pointer (to place the cursor on a problem). */
  offsets?: Map<string, number>;
}

const LINE_WIDTH = 110;
const INDENT = '  ';

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

export const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Parses JSON text and records its layout; throws JsonSyntaxError with the offset of the fault. */
export function parseJson(text: string): { value: Json; layout: Layout } {
  const expanded = new Set<string>();
  const offsets = new Map<string, number>();
  let i = 0;
  const fail = (what: string): never => {
    throw new JsonSyntaxError(what, i);
  };
  const blank = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const value = (pointer: string): Json => {
    blank();
    offsets.set(pointer, i);
    const c = text[i];
    if (c === '{') {
      i++;
      const start = i;
      blank();
      const out: Record<string, Json> = {};
      if (text[i] === '}') {
        i++;
        return out;
      }
      if (text.slice(start, i).includes('\n')) expanded.add(pointer);
      for (;;) {
        blank();
        if (text[i] !== '"') fail('expected a property name');
        const key = string();
        blank();
        if (text[i] !== ':') fail('expected ":"');
        i++;
        out[key] = value(`${pointer}/${escapePointer(key)}`);
        blank();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return out;
        }
        fail('expected "," or "}"');
      }
    }
    if (c === '[') {
      i++;
      blank();
      const out: Json[] = [];
      if (text[i] === ']') {
        i++;
        return out;
      }
      for (;;) {
        out.push(value(`${pointer}/${out.length}`));
        blank();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return out;
        }
        fail('expected "," or "]"');
      }
    }
    if (c === '"') return string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(i, i + 400));
    if (!m) return fail('unexpected character');
    i += m[0].length;
    return JSON.parse(m[0]) as Json;
  };
  const string = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('unterminated string');
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const result = value('');
  blank();
  if (i < text.length) fail('unexpected text after the end');
  return { value: result, layout: { expanded, offsets } };
}

const isObject = (v: Json): v is Record<string, Json> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

function flat(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(flat).join(', ')}]`;
  if (isObject(value)) {
    const entries = Object.entries(value);
    return entries.length === 0
      ? '{}'
      : `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${flat(v)}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** True when some object inside (or the value itself) must stay expanded. */
function forcedOpen(value: Json, pointer: string, layout: Layout): boolean {
  if (Array.isArray(value)) return value.some((v, n) => forcedOpen(v, `${pointer}/${n}`, layout));
  if (!isObject(value)) return false;
  if (layout.expanded.has(pointer) && Object.keys(value).length > 0) return true;
  return Object.entries(value).some(([k, v]) => forcedOpen(v, `${pointer}/${escapePointer(k)}`, layout));
}

function print(
  value: Json,
  pointer: string,
  layout: Layout,
  depth: number,
  used: number,
  tail: number,
): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
  if (empty) return Array.isArray(value) ? '[]' : '{}';
  if (!forcedOpen(value, pointer, layout)) {
    const one = flat(value);
    if (used + one.length + tail <= LINE_WIDTH) return one;
  }
  const inner = INDENT.repeat(depth + 1);
  if (Array.isArray(value)) {
    const items = value.map((v, n) => {
      const comma = n < value.length - 1 ? 1 : 0;
      return inner + print(v, `${pointer}/${n}`, layout, depth + 1, inner.length, comma);
    });
    return `[\n${items.join(',\n')}\n${INDENT.repeat(depth)}]`;
  }
  const entries = Object.entries(value);
  const lines = entries.map(([k, v], n) => {
    const head = `${inner}${JSON.stringify(k)}: `;
    const comma = n < entries.length - 1 ? 1 : 0;
    return head + print(v, `${pointer}/${escapePointer(k)}`, layout, depth + 1, head.length, comma);
  });
  return `{\n${lines.join(',\n')}\n${INDENT.repeat(depth)}}`;
}

/** The text of a JSON value as the repository writes it, with the trailing newline. */
export function printJson(value: Json, layout: Layout = { expanded: new Set() }): string {
  return `${print(value, '', layout, 0, 0, 0)}\n`;
}
