// What a flow call sends: the path with `{path.to.value}` segments filled from the quote, and the
// body (the whole quote, nothing, or a projection onto the spec's request names).

import type { CallSpec, Quote, SendEntry } from '../flow/types';
import { getPath, setPath } from '../paths';

export interface CallRequest {
  method: CallSpec['method'];
  path: string;
  body?: unknown;
}

export function callRequest(spec: CallSpec, quote: Quote): CallRequest {
  const path = spec.path.replace(/\{([^}]+)\}/g, (_, p: string) =>
    encodeURIComponent(String(getPath(quote, p) ?? '')),
  );
  if (spec.method === 'GET' || spec.send === 'none') return { method: spec.method, path };
  if (!spec.send || spec.send === 'quote') return { method: spec.method, path, body: quote };
  let body: Record<string, unknown> = {};
  // A dotted name builds a nested request object ("IS_INCIDENT.POLICE_PRESENCE").
  for (const [name, entry] of Object.entries(spec.send)) body = setPath(body, name, sendValue(entry, quote));
  return { method: spec.method, path, body };
}

/**
 * One projected value: a path as it is, or a path whose answer is translated for the wire by `map`
 * (the form's yes '1' sent as 'X'); an answer the map does not name is sent as `otherwise`.
 */
export function sendValue(entry: SendEntry, quote: Quote): unknown {
  if (typeof entry === 'string') return getPath(quote, entry);
  const value = getPath(quote, entry.path);
  const key = value === undefined || value === null ? '' : String(value);
  return Object.hasOwn(entry.map, key) ? entry.map[key] : entry.otherwise;
}
