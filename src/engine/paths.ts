// Dotted paths into the quote structure ("CS_VEHICLE.VEHICLE_VALUE", "CT_GUNS.0.COST").
// A `*` segment fans out over an array ("CT_GUNS.*.COST"), used by sums and rule references.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const cache = new Map<string, string[]>();

export function splitPath(path: string): string[] {
  let parts = cache.get(path);
  if (!parts) {
    parts = path === '' ? [] : path.split('.');
    cache.set(path, parts);
  }
  return parts;
}

/** The value at `path`, or undefined. Never throws on missing intermediate objects. */
export function getPath(root: unknown, path: string): unknown {
  let node: unknown = root;
  for (const key of splitPath(path)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Every value matched by a path that may hold `*` segments (flattened, missing ones skipped). */
export function getAll(root: unknown, path: string): unknown[] {
  const parts = splitPath(path);
  if (!parts.includes('*')) {
    const value = getPath(root, path);
    return value === undefined ? [] : [value];
  }
  let nodes: unknown[] = [root];
  for (const key of parts) {
    const next: unknown[] = [];
    for (const node of nodes) {
      if (node === null || typeof node !== 'object') continue;
      if (key === '*') {
        if (Array.isArray(node)) next.push(...node);
      } else {
        const child = (node as Record<string, unknown>)[key];
        if (child !== undefined) next.push(child);
      }
    }
    nodes = next;
  }
  return nodes;
}

const INDEX = /^\d+$/;
const indexCache = new Map<string, boolean[]>();

/** For each segment of `path`, whether it is an array index (all digits). */
function indexSegments(path: string): boolean[] {
  let flags = indexCache.get(path);
  if (!flags) {
    flags = splitPath(path).map((key) => INDEX.test(key));
    indexCache.set(path, flags);
  }
  return flags;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * A shallow copy of an object or array that `key` is about to be set on; a new container for
 * anything else. An object copy is a spread when the key replaces a property and an object-rest
 * copy when it adds one: both copy the same properties in the same order, but V8 (Node 20) adds a
 * property to a spread copy several times slower than to a rest copy, which is slower to make.
 */
function copyNode(node: unknown, key: string, isIndex: boolean): Record<string, unknown> {
  if (node === null || typeof node !== 'object')
    return (isIndex ? [] : {}) as unknown as Record<string, unknown>;
  if (Array.isArray(node)) return [...node] as unknown as Record<string, unknown>;
  if (hasOwn.call(node, key)) return { ...node } as Record<string, unknown>;
  const { ...copy } = node as Record<string, unknown>;
  return copy;
}

/**
 * Returns a copy of `root` with `value` at `path`; objects along the way are copied, the rest shared.
 * Numeric segments index arrays.
 */
export function setPath<T>(root: T, path: string, value: unknown): T {
  const parts = splitPath(path);
  const last = parts.length - 1;
  if (last < 0) return value as T;
  // Walks down once, copying each container on the way (the segment names the copy's kind when
  // there is nothing to copy), and hangs each copy in its parent's copy.
  const flags = indexSegments(path);
  const out = copyNode(root, parts[0], flags[0]);
  let node = out;
  for (let i = 0; i < last; i++) {
    const child = copyNode(node[parts[i]], parts[i + 1], flags[i + 1]);
    node[parts[i]] = child;
    node = child;
  }
  node[parts[last]] = value;
  return out as T;
}

/** Deep-merges `patch` into `root` (objects merge, arrays and scalars replace). */
export function mergeDeep<T>(root: T, patch: unknown): T {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch as T;
  const out: Record<string, unknown> =
    root !== null && typeof root === 'object' && !Array.isArray(root) ? { ...(root as object) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    out[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? mergeDeep(out[key], value)
        : value;
  }
  return out as T;
}
