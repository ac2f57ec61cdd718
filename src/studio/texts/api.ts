// The texts page's calls: the rows side by side (/texts/:key), the translator's spreadsheet out
// (a link: the browser downloads it) and in (checked and merged by the service, then saved to the
// draft with its revision like any edit).

import type { TextMark, TextRow } from '../../engine/textRows';
import { segment, studioApi } from '../api';

export type { TextMark, TextRow };

interface Ref {
  ID: number;
  STATUS: 'draft' | 'in_review' | 'live' | 'archived';
  NUMBER: number | null;
  REVISION: number;
}

export interface TextsView {
  KEY: string;
  LIVE: Ref | null;
  CHANGE: Ref | null;
  ROWS: TextRow[];
}

export interface RefusedRow {
  ROW: number;
  KEY: string;
  REASON: string;
  MESSAGE: string;
}

export interface Merged {
  FILES: Record<string, string>;
  CHANGED: number;
  ROWS: number;
  BASE: Ref;
}

export const exportUrl = (key: string, format: 'csv' | 'xlsx') =>
  `/zcp/studio/texts/${segment(key)}/export.${format}`;

export const textsApi = {
  rows: (key: string) => studioApi.get<TextsView>(`texts/${segment(key)}`),
  files: (key: string) =>
    studioApi.get<{
      CHANGE: (Ref & { FILES: Record<string, string> }) | null;
      LIVE: (Ref & { FILES: Record<string, string> }) | null;
    }>(`items/texts/${segment(key)}`),
  newDraft: (key: string) => studioApi.post<Ref>(`items/texts/${segment(key)}/draft`, {}),
  import: (key: string, format: 'csv' | 'xlsx', data: string) =>
    studioApi.post<Merged>(`texts/${segment(key)}/import`, { FORMAT: format, DATA: data }),
  save: (id: number, revision: number, files: Record<string, string>) =>
    studioApi.put<Ref & { FILES: Record<string, string> }>(`drafts/${id}`, {
      REVISION: revision,
      FILES: files,
    }),
};

/** A chosen file as the import sends it: CSV as text, XLSX in base64; undefined for another kind. */
export async function readSheetFile(
  file: File,
): Promise<{ format: 'csv' | 'xlsx'; data: string } | undefined> {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return { format: 'csv', data: await file.text() };
  if (name.endsWith('.xlsx')) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { format: 'xlsx', data: btoa(binary) };
  }
  return undefined;
}
