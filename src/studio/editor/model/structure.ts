// The flow's structure as the editor shows it: steps, substeps, fields and the values of a field's
// list (options), each addressed by its JSON pointer in flow.json. Adding, duplicating, moving and
// deleting are edits on those pointers (./document.ts), so each is one undo step.

import type { Edit } from './document';
import type { Json } from './jsonText';
import { getAt, lastOf, parentOf } from './pointer';

export type NodeKind = 'flow' | 'step' | 'substep' | 'field' | 'option';

const PATTERNS: [NodeKind, RegExp][] = [
  ['option', /^\/steps\/\d+\/substeps\/\d+\/fields\/\d+\/options\/\d+$/],
  ['field', /^\/steps\/\d+\/substeps\/\d+\/fields\/\d+$/],
  ['substep', /^\/steps\/\d+\/substeps\/\d+$/],
  ['step', /^\/steps\/\d+$/],
  ['flow', /^$/],
];

export function kindOf(pointer: string): NodeKind | null {
  return PATTERNS.find(([, re]) => re.test(pointer))?.[0] ?? null;
}

/** The list a new child of a node goes into. */
export const CHILD_LIST: Record<NodeKind, string | null> = {
  flow: 'steps',
  step: 'substeps',
  substep: 'fields',
  field: 'options',
  option: null,
};

export const CHILD_KIND: Partial<Record<NodeKind, NodeKind>> = {
  flow: 'step',
  step: 'substep',
  substep: 'field',
  field: 'option',
};

export interface OutlineNode {
  pointer: string;
  kind: NodeKind;
  /** The node's id (an option's value). */
  id: string;
  /** The i18n key of its label, when it has one. */
  labelKey?: string;
  children: OutlineNode[];
}

type Obj = Record<string, Json>;
const asObj = (v: Json | undefined): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const asList = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);
const str = (v: Json | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

export function outline(flow: Json): OutlineNode[] {
  return asList(asObj(flow).steps).map((step, si) => {
    const s = asObj(step);
    return {
      pointer: `/steps/${si}`,
      kind: 'step' as const,
      id: str(s.id) ?? '',
      labelKey: str(s.label),
      children: asList(s.substeps).map((sub, ui) => {
        const u = asObj(sub);
        return {
          pointer: `/steps/${si}/substeps/${ui}`,
          kind: 'substep' as const,
          id: str(u.id) ?? '',
          labelKey: str(u.title),
          children: asList(u.fields).map((field, fi) => {
            const f = asObj(field);
            const at = `/steps/${si}/substeps/${ui}/fields/${fi}`;
            return {
              pointer: at,
              kind: 'field' as const,
              id: str(f.id) ?? '',
              labelKey: str(f.label) ?? `fields.${str(f.id) ?? ''}.label`,
              children: asList(f.options).map((o, oi) => ({
                pointer: `${at}/options/${oi}`,
                kind: 'option' as const,
                id: str(asObj(o).value) ?? '',
                labelKey: str(asObj(o).label),
                children: [],
              })),
            };
          }),
        };
      }),
    };
  });
}

/** An id not yet used among the siblings: base, base2, base3 ... */
export function freshId(siblings: Json[], base: string, key = 'id'): string {
  const used = new Set(siblings.map((s) => str(asObj(s)[key])));
  if (!used.has(base)) return base;
  let n = 2;
  while (used.has(`${base}${n}`)) n++;
  return `${base}${n}`;
}

/** The object key of a step, substep and field (their `id`), and of an option (its `value`). */
const idKey = (kind: NodeKind) => (kind === 'option' ? 'value' : 'id');

/** Where a quote path for a new field of a substep goes: beside its siblings' (CS_TRAVEL.X). */
function pathRoot(fields: Json[], flow: Json): string {
  const first = fields.map((f) => str(asObj(f).path)).find((p) => p?.includes('.'));
  if (first) return first.slice(0, first.lastIndexOf('.'));
  return str(asObj(asObj(flow).product).objectKey) ?? 'CS_ANSWERS';
}

/** The new node added at the end of a parent's list, with the pointer it gets. */
export function addChild(
  flow: Json,
  parent: string,
  file = 'flow.json',
): { edits: Edit[]; pointer: string } | null {
  const kind = kindOf(parent);
  if (!kind || !CHILD_LIST[kind]) return null;
  const listKey = CHILD_LIST[kind]!;
  const listPointer = `${parent}/${listKey}`;
  const list = getAt(flow, listPointer);
  const siblings = asList(list);
  const childKind = CHILD_KIND[kind]!;
  let value: Json;
  if (childKind === 'step') {
    const id = freshId(siblings, 'newStep');
    value = { id, label: `steps.${id}`, substeps: [{ id: 'main', kind: 'form', fields: [] }] };
  } else if (childKind === 'substep') {
    value = { id: freshId(siblings, 'newSubstep'), kind: 'form', fields: [] };
  } else if (childKind === 'field') {
    const id = freshId(siblings, 'newQuestion');
    const path = `${pathRoot(siblings, flow)}.${id.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
    value = { id, path, type: 'string', widget: 'text', required: true };
  } else {
    const v = freshId(siblings, 'VALUE', 'value');
    value = { value: v, label: `options.${v}` };
  }
  const pointer = `${listPointer}/${siblings.length}`;
  const edits: Edit[] =
    list === undefined
      ? [{ op: 'set', file, pointer: listPointer, value: [value] }]
      : [{ op: 'insert', file, pointer, value }];
  return { edits, pointer };
}

/** A copy placed right after the node, with a fresh id (and, for a field, a fresh quote path). */
export function duplicate(
  flow: Json,
  pointer: string,
  file = 'flow.json',
): { edits: Edit[]; pointer: string } | null {
  const kind = kindOf(pointer);
  if (!kind || kind === 'flow') return null;
  const node = asObj(getAt(flow, pointer));
  const siblings = asList(getAt(flow, parentOf(pointer)));
  const key = idKey(kind);
  const copy: Obj = structuredClone(node);
  copy[key] = freshId(siblings, `${str(node[key]) ?? ''}${kind === 'option' ? '_COPY' : 'Copy'}`, key);
  if (kind === 'field' && typeof node.path === 'string') {
    const paths = siblings.map((s) => str(asObj(s).path));
    let path = `${node.path}_COPY`;
    for (let n = 2; paths.includes(path); n++) path = `${node.path}_COPY${n}`;
    copy.path = path;
  }
  const at = `${parentOf(pointer)}/${Number(lastOf(pointer)) + 1}`;
  return { edits: [{ op: 'insert', file, pointer: at, value: copy }], pointer: at };
}

/** Moves a node up (-1) or down (+1) among its siblings; null at either end. */
export function move(
  flow: Json,
  pointer: string,
  delta: -1 | 1,
  file = 'flow.json',
): { edits: Edit[]; pointer: string } | null {
  const list = asList(getAt(flow, parentOf(pointer)));
  const from = Number(lastOf(pointer));
  const to = from + delta;
  if (!kindOf(pointer) || kindOf(pointer) === 'flow' || to < 0 || to >= list.length) return null;
  return {
    edits: [{ op: 'move', file, pointer: parentOf(pointer), from, to }],
    pointer: `${parentOf(pointer)}/${to}`,
  };
}

export function remove(pointer: string, file = 'flow.json'): Edit[] {
  return [{ op: 'remove', file, pointer }];
}
