// The studio's items, versions and life-cycle calls (STUDIO.md "The studio API", h1's routes).

import { segment, studioApi } from '../api';
import type { PathsAnswer } from '../flows/pathLayout';

export type ItemKind = 'flow' | 'fieldset' | 'catalogue' | 'texts';
export const ITEM_KINDS: ItemKind[] = ['flow', 'fieldset', 'catalogue', 'texts'];
export type VersionStatus = 'draft' | 'in_review' | 'live' | 'archived';

export interface ItemRow {
  KIND: ItemKind;
  KEY: string;
  AREA: string;
  TITLE: { el: string; en: string };
  LIVE: {
    ID: number;
    NUMBER: number | null;
    PUBLISHED_AT: string | null;
    AUTHOR: string | null;
    AUTHOR_NAME?: string | null;
    APPROVER: string | null;
    APPROVER_NAME?: string | null;
  } | null;
  CHANGE: {
    ID: number;
    STATUS: 'draft' | 'in_review';
    REVISION: number;
    AUTHOR: string | null;
    AUTHOR_NAME?: string | null;
    UPDATED_AT: string | null;
  } | null;
}

export interface VersionSummary {
  ID: number;
  KIND: ItemKind;
  KEY: string;
  STATUS: VersionStatus;
  NUMBER: number | null;
  REVISION: number;
  BASED_ON: number | null;
  AUTHOR: string | null;
  /** The author's and approver's names beside their ids (null when the service knows none). */
  AUTHOR_NAME?: string | null;
  APPROVER: string | null;
  APPROVER_NAME?: string | null;
  NOTE: string | null;
  CREATED_AT: string | null;
  UPDATED_AT?: string | null;
  SUBMITTED_AT: string | null;
  APPROVED_AT: string | null;
  PUBLISHED_AT: string | null;
}
export interface Version extends VersionSummary {
  FILES: Record<string, string>;
}
export interface ItemAnswer {
  LIVE: Version | null;
  CHANGE: Version | null;
  HISTORY: VersionSummary[];
}
export interface GateReason {
  GATE: string;
  DETAIL: string;
}
export interface DiffChange {
  WHAT: string;
  CHANGE: 'added' | 'removed' | 'changed';
  WHERE: string;
  BEFORE?: unknown;
  AFTER?: unknown;
}

const item = (kind: string, key: string) => `items/${segment(kind)}/${segment(key)}`;

export const itemsApi = {
  list: () => studioApi.get<{ ITEMS: ItemRow[] }>('items').then((a) => a.ITEMS),
  item: (kind: string, key: string) => studioApi.get<ItemAnswer>(item(kind, key)),
  newDraft: (kind: string, key: string) => studioApi.post<Version>(`${item(kind, key)}/draft`),
  discard: (id: number) => studioApi.delete(`drafts/${id}`),
  submit: (id: number, note: string) => studioApi.post<Version>(`drafts/${id}/submit`, { NOTE: note }),
  approve: (id: number) => studioApi.post<Version>(`drafts/${id}/approve`),
  refuse: (id: number, reason: string) => studioApi.post<Version>(`drafts/${id}/refuse`, { REASON: reason }),
  publish: (id: number) => studioApi.post<Version>(`drafts/${id}/publish`),
  gates: (id: number) => studioApi.post<{ REASONS: GateReason[] }>(`drafts/${id}/gates`),
  rollback: (id: number, note: string) => studioApi.post<Version>(`versions/${id}/rollback`, { NOTE: note }),
  diff: (from: number, to: number) =>
    studioApi.get<{ CHANGES: DiffChange[] }>('diff', {
      searchParams: { from: String(from), to: String(to) },
    }),
  paths: (key: string, files: Record<string, string>) =>
    studioApi.post<PathsAnswer>('paths', { KIND: 'flow', KEY: key, FILES: files }),
};

/** The texts a version of a texts item holds in one language (its el.json / en.json), parsed. */
export function textsOf(
  version: Version | null | undefined,
  lang: 'el' | 'en',
): Record<string, unknown> | undefined {
  const text = version?.FILES[`${lang}.json`];
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
