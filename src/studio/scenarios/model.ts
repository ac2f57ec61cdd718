// What the scenarios page works out on its own: the versions a run may go against (the open
// change, the live version, the earlier ones, newest first) and a scenario typed or uploaded,
// read as JSON before it goes to the service (which checks the rest and says why it refuses).

import type { ItemAnswer, VersionStatus } from '../review/itemsApi';

export interface VersionChoice {
  /** The version's id, sent as VERSION. */
  id: number;
  status: VersionStatus;
  number: number | null;
}

/** The open change first (the service's default), then live, then the earlier versions. */
export function versionChoices(item: Pick<ItemAnswer, 'CHANGE' | 'LIVE' | 'HISTORY'>): VersionChoice[] {
  const out: VersionChoice[] = [];
  const seen = new Set<number>();
  const add = (v: { ID: number; STATUS: VersionStatus; NUMBER: number | null } | null | undefined) => {
    if (!v || seen.has(v.ID)) return;
    seen.add(v.ID);
    out.push({ id: v.ID, status: v.STATUS, number: v.NUMBER });
  };
  add(item.CHANGE);
  add(item.LIVE);
  const earlier = item.HISTORY.filter((v) => v.STATUS === 'archived').sort(
    (a, b) => (b.NUMBER ?? 0) - (a.NUMBER ?? 0),
  );
  for (const v of earlier) add(v);
  return out;
}

export type ReadScenario =
  | { ok: true; scenario: Record<string, unknown> }
  | { ok: false; why: 'empty' | 'notJson' | 'notObject' };

/** A scenario's text read as a JSON object (what SCENARIO must be), or why it is not one. */
export function readScenario(text: string): ReadScenario {
  if (!text.trim()) return { ok: false, why: 'empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, why: 'notJson' };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, why: 'notObject' };
  return { ok: true, scenario: value as Record<string, unknown> };
}

/** A name for an uploaded file's scenario: its own "name", else the file's name without .json. */
export function suggestedName(fileName: string, scenario: Record<string, unknown> | null): string {
  const own = scenario && typeof scenario.name === 'string' ? scenario.name.trim() : '';
  if (own) return own.slice(0, 200);
  return fileName.replace(/\.json$/i, '').slice(0, 200);
}

/** An answer as the results show it: text as it is, anything else as JSON. */
export function shownAnswer(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
