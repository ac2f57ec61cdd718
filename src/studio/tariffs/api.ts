// The tariff page's calls: the item (h1's /items), a draft's save at its revision, the impact.

import { segment, studioApi } from '../api';

export interface VersionView {
  ID: number;
  STATUS: 'draft' | 'in_review' | 'live' | 'archived';
  NUMBER: number | null;
  REVISION: number;
  FILES: Record<string, string>;
}

export interface ItemView {
  LIVE: VersionView | null;
  CHANGE: VersionView | null;
}

export interface Mover {
  QUOTE: number;
  PACKAGE_ID: string;
  LIVE: number;
  DRAFT: number;
  DELTA: number;
  PERCENT: number;
  ANSWERS: Record<string, unknown>;
}

export interface Spread {
  MIN: number;
  MEDIAN: number;
  MAX: number;
}

export interface Impact {
  QUOTES: number;
  ASKED: number;
  TIMED_OUT: boolean;
  PREMIUMS: number;
  CHANGED: number;
  UP: number;
  DOWN: number;
  ONLY_LIVE: number;
  ONLY_DRAFT: number;
  DELTA: Spread | null;
  PERCENT: Spread | null;
  MOVERS: Mover[];
  MS: number;
}

export const itemApi = {
  item: (kind: string, key: string) => studioApi.get<ItemView>(`items/${segment(kind)}/${segment(key)}`),
  newDraft: (kind: string, key: string) =>
    studioApi.post<VersionView>(`items/${segment(kind)}/${segment(key)}/draft`, {}),
  save: (id: number, revision: number, files: Record<string, string>) =>
    studioApi.put<VersionView>(`drafts/${id}`, { REVISION: revision, FILES: files }),
  impact: (key: string, files: Record<string, string>) =>
    studioApi.post<Impact>('impact', { KEY: key, FILES: files }),
};
