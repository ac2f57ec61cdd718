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

/**
 * Returns a copy of `root` with `value` at `path`; objects along the way are copied, the rest shared.
 * Numeric segments index arrays.
 */
export function setPath<T>(root: T, path: string, value: unknown): T {
  const parts = splitPath(path);
  if (parts.length === 0) return value as T;
  const assign = (node: unknown, i: number): unknown => {
    const key = parts[i];
    const isIndex = /^\d+$/.test(key);
    const base: Record<string, unknown> | unknown[] =
      node !== null && typeof node === 'object'
        ? Array.isArray(node)
          ? [...node]
          : { ...(node as Record<string, unknown>) }
        : isIndex
          ? []
          : {};
    const child = i === parts.length - 1 ? value : assign((base as Record<string, unknown>)[key], i + 1);
    (base as Record<string, unknown>)[key] = child;
    return base;
  };
  return assign(root, 0) as T;
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
