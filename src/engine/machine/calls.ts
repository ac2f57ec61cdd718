// What a flow call sends: the path with `{path.to.value}` segments filled from the quote, and the
// body (the whole quote, nothing, or a projection onto the spec's request names).

import type { CallSpec, Quote } from '../flow/types';
import { getPath } from '../paths';

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
  const body: Record<string, unknown> = {};
  for (const [name, from] of Object.entries(spec.send)) body[name] = getPath(quote, from);
  return { method: spec.method, path, body };
}
