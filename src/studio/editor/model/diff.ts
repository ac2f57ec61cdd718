// The pointers where two versions of a document differ, for the "see what differs" choice after a
// refused save: each names what was added, removed or changed, with both values.

import { escapePointer, type Json } from './jsonText';

export interface Difference {
  file: string;
  pointer: string;
  change: 'added' | 'removed' | 'changed';
  mine?: Json;
  theirs?: Json;
}

const isObject = (v: Json | undefined): v is Record<string, Json> =>
  v !== null && v !== undefined && typeof v === 'object' && !Array.isArray(v);

function walk(
  file: string,
  mine: Json | undefined,
  theirs: Json | undefined,
  pointer: string,
  out: Difference[],
) {
  if (mine === theirs) return;
  if (mine === undefined) return void out.push({ file, pointer, change: 'added', theirs });
  if (theirs === undefined) return void out.push({ file, pointer, change: 'removed', mine });
  if (Array.isArray(mine) && Array.isArray(theirs)) {
    for (let n = 0; n < Math.max(mine.length, theirs.length); n++)
      walk(file, mine[n], theirs[n], `${pointer}/${n}`, out);
    return;
  }
  if (isObject(mine) && isObject(theirs)) {
    for (const key of new Set([...Object.keys(mine), ...Object.keys(theirs)]))
      walk(file, mine[key], theirs[key], `${pointer}/${escapePointer(key)}`, out);
    return;
  }
  if (JSON.stringify(mine) !== JSON.stringify(theirs))
    out.push({ file, pointer, change: 'changed', mine, theirs });
}

/** What "theirs" has that "mine" has not (added), and the reverse (removed), file by file. */
export function differences(mine: Record<string, Json>, theirs: Record<string, Json>): Difference[] {
  const out: Difference[] = [];
  for (const file of new Set([...Object.keys(mine), ...Object.keys(theirs)]))
    walk(file, mine[file], theirs[file], '', out);
  return out;
}
