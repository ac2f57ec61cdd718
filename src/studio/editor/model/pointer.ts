// JSON pointers (RFC 6901) over immutable JSON values: every change returns a new value and shares
// the parts it did not touch, so the undo history can keep whole documents cheaply.

import { escapePointer, type Json } from './jsonText';

export const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Not a JSON pointer: ${pointer}`);
  return pointer.slice(1).split('/').map(unescapePointer);
}

export const joinPointer = (segments: readonly (string | number)[]): string =>
  segments.map((s) => `/${escapePointer(String(s))}`).join('');

export const parentOf = (pointer: string): string => pointer.slice(0, pointer.lastIndexOf('/'));
export const lastOf = (pointer: string): string =>
  unescapePointer(pointer.slice(pointer.lastIndexOf('/') + 1));

const isContainer = (v: unknown): v is Record<string, Json> | Json[] => v !== null && typeof v === 'object';

/** The value at a pointer, or undefined when there is none. */
export function getAt(root: Json, pointer: string): Json | undefined {
  let node: Json | undefined = root;
  for (const key of splitPointer(pointer)) {
    if (!isContainer(node)) return undefined;
    node = Array.isArray(node) ? node[Number(key)] : Object.hasOwn(node, key) ? node[key] : undefined;
  }
  return node;
}

function update(node: Json, keys: string[], change: (parent: Json, key: string) => Json): Json {
  const [key, ...rest] = keys;
  if (rest.length === 0) return change(node, key);
  if (!isContainer(node)) throw new Error(`No container at ${key}`);
  const child = (node as Record<string, Json>)[key];
  if (child === undefined) throw new Error(`Nothing at ${key}`);
  const next = update(child, rest, change);
  if (Array.isArray(node)) return node.map((v, n) => (n === Number(key) ? next : v));
  return { ...node, [key]: next };
}

/** Sets (replaces or creates) the value at a pointer; an object key keeps its place. */
export function setAt(root: Json, pointer: string, value: Json): Json {
  const keys = splitPointer(pointer);
  if (keys.length === 0) return value;
  return update(root, keys, (parent, key) => {
    if (Array.isArray(parent)) {
      const n = key === '-' ? parent.length : Number(key);
      const copy = parent.slice();
      copy[n] = value;
      return copy;
    }
    if (!isContainer(parent)) throw new Error(`No object at ${pointer}`);
    return { ...parent, [key]: value };
  });
}

/** Inserts into an array at the pointer's index ("-" appends). */
export function insertAt(root: Json, pointer: string, value: Json): Json {
  return update(root, splitPointer(pointer), (parent, key) => {
    if (!Array.isArray(parent)) throw new Error(`No array at ${parentOf(pointer)}`);
    const copy = parent.slice();
    copy.splice(key === '-' ? copy.length : Number(key), 0, value);
    return copy;
  });
}

/** Removes an array item or an object property. */
export function removeAt(root: Json, pointer: string): Json {
  return update(root, splitPointer(pointer), (parent, key) => {
    if (Array.isArray(parent)) return parent.filter((_, n) => n !== Number(key));
    if (!isContainer(parent)) throw new Error(`No object at ${parentOf(pointer)}`);
    const { [key]: _gone, ...rest } = parent;
    return rest;
  });
}

/** Moves an array item from one index to another in the same array. */
export function moveItem(root: Json, arrayPointer: string, from: number, to: number): Json {
  const list = getAt(root, arrayPointer);
  if (!Array.isArray(list)) throw new Error(`No array at ${arrayPointer}`);
  if (to < 0 || to >= list.length || from === to) return root;
  const copy = list.slice();
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item);
  return setAt(root, arrayPointer, copy);
}

/** Every string in a value with its pointer, depth first. */
export function* strings(node: Json, pointer = ''): Generator<[string, string]> {
  if (typeof node === 'string') yield [pointer, node];
  else if (Array.isArray(node))
    for (let n = 0; n < node.length; n++) yield* strings(node[n], `${pointer}/${n}`);
  else if (isContainer(node))
    for (const [k, v] of Object.entries(node)) yield* strings(v, `${pointer}/${escapePointer(k)}`);
}

/** Sets a value, creating the objects on the way that are missing (a new text key). */
export function setDeep(root: Json, pointer: string, value: Json): Json {
  const keys = splitPointer(pointer);
  let at = '';
  let out = root;
  for (const key of keys.slice(0, -1)) {
    at += `/${escapePointer(key)}`;
    const node = getAt(out, at);
    if (!isContainer(node)) out = setAt(out, at, {});
  }
  return setAt(out, pointer, value);
}
