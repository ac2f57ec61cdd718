// The editor's calls to the studio API (docs/studio.md, src/server/studio): the item with its
// live version and current change, a new draft, saving a draft at the revision it was read at,
// and the service's checker. Same-origin cookies; the CSRF token rides on every write.

import ky, { HTTPError } from 'ky';

export interface Version {
  ID: string;
  KIND: string;
  KEY: string;
  STATUS: string;
  NUMBER: number | null;
  REVISION: number;
  FILES: Record<string, string>;
  AUTHOR?: string | null;
  UPDATED_AT?: string;
}

export interface ItemAnswer {
  LIVE: Version | null;
  CHANGE: Version | null;
}

export interface Problem {
  FILE: string;
  POINTER: string;
  MESSAGE: string;
}

/** A refused save: someone saved the draft since it was read. */
export class StaleDraft extends Error {
  constructor(readonly current: Version) {
    super('DRAFT_STALE');
  }
}

/** An answer of the service in its { CODE, MESSAGE } shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrf: string | null = null;

const http = ky.create({
  prefixUrl: '/zcp/studio',
  credentials: 'same-origin',
  retry: 0,
  timeout: 30_000,
  hooks: {
    beforeRequest: [
      async (request) => {
        if (request.method === 'GET') return;
        if (!csrf) csrf = (await ky.get('/zcp/studio/csrf', { credentials: 'same-origin' }).json<{ CSRF_TOKEN: string }>()).CSRF_TOKEN;
        request.headers.set('X-CSRF-Token', csrf);
      },
    ],
  },
});

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = (await error.response.json().catch(() => ({}))) as { CODE?: string; MESSAGE?: string; CURRENT?: Version };
      if (error.response.status === 409 && body.CODE === 'DRAFT_STALE' && body.CURRENT) throw new StaleDraft(body.CURRENT);
      if (error.response.status === 403 && body.CODE?.startsWith('CSRF')) csrf = null;
      throw new ApiError(error.response.status, body.CODE ?? 'HTTP', body.MESSAGE ?? error.message);
    }
    throw error;
  }
}

const lang = () => ({ 'Accept-Language': document.documentElement.lang === 'en' ? 'en' : 'el' });

export const editorApi = {
  item: (kind: string, key: string) => call(() => http.get(`items/${kind}/${encodeURIComponent(key)}`).json<ItemAnswer>()),
  newDraft: (kind: string, key: string) =>
    call(() => http.post(`items/${kind}/${encodeURIComponent(key)}/draft`, { json: {} }).json<Version>()),
  save: (id: string, revision: number, files: Record<string, string>) =>
    call(() => http.put(`drafts/${id}`, { json: { REVISION: revision, FILES: files } }).json<Version>()),
  check: (kind: string, key: string, files: Record<string, string>) =>
    call(() =>
      http.post('check', { json: { KIND: kind, KEY: key, FILES: files }, headers: lang() }).json<{ PROBLEMS: Problem[] }>(),
    ),
};
