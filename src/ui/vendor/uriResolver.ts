// Stands in for `fast-uri` inside @rjsf/utils (vite.config.ts, build only). RJSF calls it only to
// resolve `$ref`s against a schema's `$id`; the substep schemas have an `$id` but never a `$ref`, so
// in the browser it never runs, and the real one weighs ~7.6 KB gz. Absolute URIs resolve and compare
// as the WHATWG URL parser does (what fast-uri implements for http(s) URIs); relative ones fall back
// to fragment and path joining. tests/unit/ui/uriResolver.test.ts checks both against fast-uri.

/** Percent-escapes of unreserved characters decoded, the others upper-cased (RFC 3986 §6.2.2). */
function normalizeEscapes(uri: string): string {
  return uri.replace(/%[0-9a-f]{2}/gi, (sequence) => {
    const char = String.fromCharCode(Number.parseInt(sequence.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : sequence.toUpperCase();
  });
}

function normalize(uri: string): string {
  const decoded = normalizeEscapes(uri);
  try {
    return new URL(decoded).href;
  } catch {
    return decoded;
  }
}

function resolve(base: string | undefined, ref: string): string {
  if (!base) return ref;
  try {
    return new URL(ref, base).href;
  } catch {
    // A relative base (no scheme): a fragment replaces the base's, an absolute path replaces its
    // path, anything else replaces its last segment.
    if (ref === '') return base.replace(/#.*$/, '');
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref)) return ref;
    const bare = base.replace(/#.*$/, '');
    if (ref.startsWith('#')) return `${bare}${ref}`;
    if (ref.startsWith('/')) return ref;
    return `${bare.replace(/[^/]*$/, '')}${ref}`;
  }
}

function equal(a: string, b: string): boolean {
  return normalize(a) === normalize(b);
}

const UriResolver = { resolve, equal };
export default UriResolver;
