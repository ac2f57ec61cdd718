// The editor's calls to the studio API (src/server/studio), on the studio's client (../api.ts:
// cookies, CSRF, the studio's language, translated errors): the item with its live version and
// current change, a new draft, saving a draft at the revision it was read at, and the checker.

import { StudioError, segment, studioApi } from '../api';

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

export { StudioError as ApiError };

async function save(id: string, revision: number, files: Record<string, string>): Promise<Version> {
  try {
    return await studioApi.put<Version>(`drafts/${segment(id)}`, { REVISION: revision, FILES: files });
  } catch (error) {
    if (error instanceof StudioError && error.code === 'DRAFT_STALE' && error.body.CURRENT)
      throw new StaleDraft(error.body.CURRENT as Version);
    throw error;
  }
}

export const editorApi = {
  item: (kind: string, key: string) => studioApi.get<ItemAnswer>(`items/${segment(kind)}/${segment(key)}`),
  newDraft: (kind: string, key: string) =>
    studioApi.post<Version>(`items/${segment(kind)}/${segment(key)}/draft`, {}),
  save,
  check: (kind: string, key: string, files: Record<string, string>) =>
    studioApi.post<{ PROBLEMS: Problem[] }>('check', { KIND: kind, KEY: key, FILES: files }),
};
