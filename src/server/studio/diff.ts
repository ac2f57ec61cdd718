// The diff in words between two versions of an item (issue 29 item 4): steps, substeps, fields,
// lists, check points, conditions, texts and tariff cells added, removed or changed, and the paths
// gained or lost (the engine's path map of each). Each change names WHAT, how (CHANGE), WHERE in
// the words of the flow (step, substep, field path, text key, tariff cell), and BEFORE / AFTER.

import { type PathMap, pathMap } from '../../engine/machine/pathAnalysis';
import { snapshotOf } from '../publishing/registry';
import type { ConfigVersion } from '../publishing/store';

export type DiffWhat =
  | 'step'
  | 'substep'
  | 'field'
  | 'list'
  | 'checkpoint'
  | 'condition'
  | 'text'
  | 'tariff_cell'
  | 'path';

export interface DiffChange {
  WHAT: DiffWhat;
  CHANGE: 'added' | 'removed' | 'changed';
  WHERE: string;
  BEFORE?: unknown;
  AFTER?: unknown;
}

type Obj = Record<string, unknown>;
const parse = (text: string | undefined): unknown => {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const arr = (v: unknown): Obj[] => (Array.isArray(v) ? (v.filter(isObj) as Obj[]) : []);

/** Entries of two lists matched by a key: added, removed and the pairs present in both. */
function byKey(before: Obj[], after: Obj[], key: (o: Obj, i: number) => string) {
  const a = new Map(before.map((o, i) => [key(o, i), o]));
  const b = new Map(after.map((o, i) => [key(o, i), o]));
  return {
    added: [...b].filter(([k]) => !a.has(k)),
    removed: [...a].filter(([k]) => !b.has(k)),
    both: [...b].filter(([k]) => a.has(k)).map(([k, v]) => [k, a.get(k) as Obj, v] as const),
  };
}

const CONDITION_KEYS = ['visibleIf', 'requiredIf', 'when'];
const LIST_KEYS = ['options', 'lov', 'lovExclude', 'optionsFrom'];

/** The changed properties of an entry, conditions and lists named as such, the rest as the entry itself. */
function propertyChanges(
  what: DiffWhat,
  where: string,
  before: Obj,
  after: Obj,
  skip: string[] = [],
): DiffChange[] {
  const out: DiffChange[] = [];
  const rest: string[] = [];
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (skip.includes(k) || same(before[k], after[k])) continue;
    const kind: DiffWhat | undefined = CONDITION_KEYS.includes(k)
      ? 'condition'
      : LIST_KEYS.includes(k)
        ? 'list'
        : undefined;
    if (kind)
      out.push({
        WHAT: kind,
        CHANGE: before[k] === undefined ? 'added' : after[k] === undefined ? 'removed' : 'changed',
        WHERE: `${where} ${k}`,
        ...(before[k] !== undefined ? { BEFORE: before[k] } : {}),
        ...(after[k] !== undefined ? { AFTER: after[k] } : {}),
      });
    else rest.push(k);
  }
  if (rest.length)
    out.unshift({
      WHAT: what,
      CHANGE: 'changed',
      WHERE: `${where} (${rest.join(', ')})`,
      BEFORE: Object.fromEntries(rest.map((k) => [k, before[k] ?? null])),
      AFTER: Object.fromEntries(rest.map((k) => [k, after[k] ?? null])),
    });
  return out;
}

function flowChanges(before: unknown, after: unknown): DiffChange[] {
  const out: DiffChange[] = [];
  const steps = byKey(arr((before as Obj)?.steps), arr((after as Obj)?.steps), (s) => String(s.id));
  for (const [id, s] of steps.added)
    out.push({ WHAT: 'step', CHANGE: 'added', WHERE: `step ${id}`, AFTER: s });
  for (const [id, s] of steps.removed)
    out.push({ WHAT: 'step', CHANGE: 'removed', WHERE: `step ${id}`, BEFORE: s });
  for (const [id, a, b] of steps.both) {
    out.push(...propertyChanges('step', `step ${id}`, a, b, ['substeps']));
    const subs = byKey(arr(a.substeps), arr(b.substeps), (s) => String(s.id));
    for (const [sid, s] of subs.added)
      out.push({ WHAT: 'substep', CHANGE: 'added', WHERE: `substep ${id}/${sid}`, AFTER: s });
    for (const [sid, s] of subs.removed)
      out.push({ WHAT: 'substep', CHANGE: 'removed', WHERE: `substep ${id}/${sid}`, BEFORE: s });
    for (const [sid, x, y] of subs.both) {
      const where = `${id}/${sid}`;
      out.push(...propertyChanges('substep', `substep ${where}`, x, y, ['fields']));
      const fields = byKey(arr(x.fields), arr(y.fields), (f, i) => String(f.path ?? f.id ?? `#${i}`));
      for (const [p, f] of fields.added)
        out.push({ WHAT: 'field', CHANGE: 'added', WHERE: `field ${p} (${where})`, AFTER: f });
      for (const [p, f] of fields.removed)
        out.push({ WHAT: 'field', CHANGE: 'removed', WHERE: `field ${p} (${where})`, BEFORE: f });
      for (const [p, f, g] of fields.both)
        out.push(...propertyChanges('field', `field ${p} (${where})`, f, g));
    }
  }
  // What else the flow holds (its product, completion, lists it loads …): by top-level property.
  const top = propertyChanges('step', 'flow', isObj(before) ? before : {}, isObj(after) ? after : {}, [
    'steps',
  ]);
  for (const c of top)
    out.push(c.WHAT === 'step' ? { ...c, WHAT: c.WHERE.includes('lov') ? 'list' : 'step' } : c);
  return out;
}

function checkPointChanges(before: unknown, after: unknown): DiffChange[] {
  const number = (k: string) => `check point ${k.split('#')[0]}`;
  const group = (list: Obj[]) => {
    // Rows of one CHECK_NUMBER are one check point: numbered within it, so an added row is "added".
    const seen = new Map<unknown, number>();
    return list.map((c) => {
      const n = (seen.get(c.CHECK_NUMBER) ?? 0) + 1;
      seen.set(c.CHECK_NUMBER, n);
      return { ...c, __row: n };
    });
  };
  const a = group(arr((before as Obj)?.ET_CHECK_POINTS));
  const b = group(arr((after as Obj)?.ET_CHECK_POINTS));
  const rows = byKey(a, b, (c) => `${c.CHECK_NUMBER}#${c.__row}`);
  const strip = ({ __row, ...c }: Obj) => c;
  const out: DiffChange[] = [];
  for (const [k, c] of rows.added)
    out.push({ WHAT: 'checkpoint', CHANGE: 'added', WHERE: number(k), AFTER: strip(c) });
  for (const [k, c] of rows.removed)
    out.push({ WHAT: 'checkpoint', CHANGE: 'removed', WHERE: number(k), BEFORE: strip(c) });
  for (const [k, x, y] of rows.both)
    if (!same(x, y))
      out.push({
        WHAT: 'checkpoint',
        CHANGE: 'changed',
        WHERE: number(k),
        BEFORE: strip(x),
        AFTER: strip(y),
      });
  const texts = leafChanges((before as Obj)?.ET_TEXTS, (after as Obj)?.ET_TEXTS, 'text', 'rules text ');
  return [...out, ...texts];
}

/** Every leaf added, removed or changed, named by its dotted path. */
function leafChanges(before: unknown, after: unknown, what: DiffWhat, prefix: string): DiffChange[] {
  const out: DiffChange[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (same(a, b)) return;
    if (
      (isObj(a) || Array.isArray(a)) &&
      (isObj(b) || Array.isArray(b)) &&
      Array.isArray(a) === Array.isArray(b)
    ) {
      const keys = new Set([...Object.keys(a as object), ...Object.keys(b as object)]);
      for (const k of keys) walk((a as Obj)[k], (b as Obj)[k], path ? `${path}.${k}` : k);
      return;
    }
    out.push({
      WHAT: what,
      CHANGE: a === undefined ? 'added' : b === undefined ? 'removed' : 'changed',
      WHERE: `${prefix}${path}`,
      ...(a !== undefined ? { BEFORE: a } : {}),
      ...(b !== undefined ? { AFTER: b } : {}),
    });
  };
  walk(before, after, '');
  return out;
}

function pathsOf(version: ConfigVersion, fieldset: ConfigVersion | undefined): PathMap | undefined {
  try {
    const { bundles } = snapshotOf(fieldset ? [fieldset, version] : [version]);
    return bundles[0] ? pathMap(bundles[0].flow) : undefined;
  } catch {
    return undefined;
  }
}

function pathChanges(a: PathMap | undefined, b: PathMap | undefined): DiffChange[] {
  if (!a || !b) return [];
  const words = (m: PathMap) =>
    new Set([...m.edges.map((e) => `${e.from} → ${e.to}`), ...m.ends.map((e) => `${e.from} → ${e.kind}`)]);
  const x = words(a);
  const y = words(b);
  return [
    ...[...y].filter((w) => !x.has(w)).map((w): DiffChange => ({ WHAT: 'path', CHANGE: 'added', WHERE: w })),
    ...[...x]
      .filter((w) => !y.has(w))
      .map((w): DiffChange => ({ WHAT: 'path', CHANGE: 'removed', WHERE: w })),
  ];
}

/** The changes from `from` to `to` (two versions of one item); `fieldset` builds flows for the path map. */
export function diffVersions(from: ConfigVersion, to: ConfigVersion, fieldset?: ConfigVersion): DiffChange[] {
  const f = (v: ConfigVersion, name: string) => parse(v.files[name]);
  switch (to.kind) {
    case 'flow':
      return [
        ...flowChanges(f(from, 'flow.json'), f(to, 'flow.json')),
        ...checkPointChanges(f(from, 'rules.json'), f(to, 'rules.json')),
        ...leafChanges(f(from, 'tariff.json'), f(to, 'tariff.json'), 'tariff_cell', 'tariff '),
        ...pathChanges(pathsOf(from, fieldset), pathsOf(to, fieldset)),
      ];
    case 'texts':
      return ['el', 'en'].flatMap((lang) =>
        leafChanges(f(from, `${lang}.json`), f(to, `${lang}.json`), 'text', `${lang}: `),
      );
    case 'fieldset': {
      const out: DiffChange[] = [];
      for (const name of new Set([...Object.keys(from.files), ...Object.keys(to.files)])) {
        const set = name.replace(/\.json$/, '');
        const a = arr(f(from, name));
        const b = arr(f(to, name));
        const fields = byKey(a, b, (x, i) => String(x.path ?? `#${i}`));
        for (const [p, x] of fields.added)
          out.push({ WHAT: 'field', CHANGE: 'added', WHERE: `field ${p} (set ${set})`, AFTER: x });
        for (const [p, x] of fields.removed)
          out.push({ WHAT: 'field', CHANGE: 'removed', WHERE: `field ${p} (set ${set})`, BEFORE: x });
        for (const [p, x, y] of fields.both)
          out.push(...propertyChanges('field', `field ${p} (set ${set})`, x, y));
      }
      return out;
    }
    case 'catalogue':
      return leafChanges(f(from, `${to.key}.json`), f(to, `${to.key}.json`), 'list', `${to.key} `);
  }
}
