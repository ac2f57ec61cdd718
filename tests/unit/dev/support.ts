// A fetch for the flow preview's tests: the dev check answers the given problems, and the /zcp
// lists of values come from the service's own reference data, in English.

import { vi } from 'vitest';
import type { FlowProblem } from '../../../src/engine/flow/check';
import { dependentLov, lovList } from '../../../src/server/reference/index';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function previewFetch(problems: () => FlowProblem[] | Promise<FlowProblem[]> = () => []) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost:3000');
    if (url.pathname === '/dev/flows/check') return json(await problems());
    if (url.pathname === '/zcp/lov/multi') {
      const names = (url.searchParams.get('fieldname') ?? '').split(',');
      return json(names.map((n) => lovList(n, 'en')).filter(Boolean));
    }
    const dep = /^\/zcp\/lov\/dep\/(.+)\/([^/]+)$/.exec(url.pathname);
    if (dep) {
      const parts = dep[1].split('/');
      const keys: Record<string, string> = {};
      for (let i = 0; i + 1 < parts.length; i += 2) keys[parts[i]] = decodeURIComponent(parts[i + 1]);
      return json(dependentLov(dep[2], keys, 'en') ?? {}, 200);
    }
    return json({ MESSAGES: [] }, 404);
  });
}
