// An item as a zip of its folder in the repository's format (flows/<id>/flow.json …,
// flows/_shared/<set>.json, flows/_catalogues/<key>.json, locales/<lang>/<key>.json), and such a
// zip read back into the item's files. The reading trusts nothing in the archive: its size before
// and after inflating, every entry's path (no absolute path, no "..", only the one item's folder),
// and every file's text (UTF-8, no character the database refuses) are checked before anything
// is kept, each refusal with a code and a translated message.

import { sep } from 'node:path';
import { strToU8, type UnzipFileInfo, unzipSync, type Zippable, zipSync } from 'fflate';
import { CATALOGUES_FOLDER } from '../../../engine/flow/files';
import { ApiError } from '../../platform/errors';
import { hasBadCharacter } from '../../platform/inputSafety';
import { FIELDSET_KEY, type ItemContent, type ItemKind, itemFilePath } from '../../publishing/items';
import { allowedKey, checkedFiles, MAX_FILE_CHARS } from '../files';

/** The largest zip taken: an item's folder is a few hundred kilobytes even uncompressed. */
export const ZIP_LIMIT = 2 * 1024 * 1024;
/** The most its files may inflate to, together (a zip bomb is refused before it is inflated). */
export const UNZIPPED_LIMIT = 8 * 1024 * 1024;
/** More entries than any item has files (a field-set folder holds a dozen). */
const MAX_ENTRIES = 64;
const LANGS = new Set(['el', 'en']);
/** One path segment: letters, digits, dot, dash, underscore; never "." or "..". */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/;
/** What an archiver adds beside the files (macOS): left out, not refused. */
const JUNK = /^__MACOSX(\/|$)|(^|\/)\.DS_Store$/;

type ZipRefusal = 'malformed' | 'empty' | 'notText' | 'duplicate' | 'tooLarge' | 'outside' | 'twoItems';

const STATUS: Record<ZipRefusal, [number, string]> = {
  malformed: [422, 'ZIP_MALFORMED'],
  empty: [422, 'ZIP_MALFORMED'],
  notText: [422, 'ZIP_MALFORMED'],
  duplicate: [422, 'ZIP_MALFORMED'],
  tooLarge: [413, 'ZIP_TOO_LARGE'],
  outside: [422, 'ZIP_OUTSIDE_FOLDER'],
  twoItems: [422, 'ZIP_OUTSIDE_FOLDER'],
};

/** A refusal of an uploaded zip: `errors.publishing.zip.<why>`, the entry named when there is one. */
export function zipRefusal(why: ZipRefusal, path = ''): ApiError {
  const [status, code] = STATUS[why];
  const limit = Math.round(ZIP_LIMIT / 1024 / 1024);
  return new ApiError(
    status,
    [{ key: `errors.publishing.zip.${why}`, params: { path, limit }, code, field: 'ZIP' }],
    { CODE: code, REASON: why, ...(path ? { PATH: path } : {}) },
  );
}

/** Where a file of the item lives in the repository, as a zip entry's path (forward slashes). */
export function repositoryPath(item: Pick<ItemContent, 'kind' | 'key'>, name: string): string {
  return itemFilePath('.', item, name).split(sep).join('/');
}

/** The item's files as a zip of its folder; every entry dated `at`, so one version zips the same. */
export function itemZip(item: ItemContent, at: Date): Uint8Array {
  const entries: Zippable = {};
  for (const name of Object.keys(item.files).sort())
    entries[repositoryPath(item, name)] = [strToU8(item.files[name]), { mtime: at, level: 9 }];
  return zipSync(entries);
}

/** The item a repository path belongs to and the file's name in it, or undefined when none. */
function itemOfPath(path: string): { kind: ItemKind; key: string; name: string } | undefined {
  const [top, folder, file, ...rest] = path.split('/');
  if (rest.length > 0 || file === undefined || !file.endsWith('.json')) return undefined;
  const stem = file.slice(0, -'.json'.length);
  if (top === 'locales')
    return LANGS.has(folder) && allowedKey('texts', stem)
      ? { kind: 'texts', key: stem, name: `${folder}.json` }
      : undefined;
  if (top !== 'flows') return undefined;
  if (folder === FIELDSET_KEY) return { kind: 'fieldset', key: FIELDSET_KEY, name: file };
  if (folder === CATALOGUES_FOLDER)
    return allowedKey('catalogue', stem) ? { kind: 'catalogue', key: stem, name: file } : undefined;
  return allowedKey('flow', folder) ? { kind: 'flow', key: folder, name: file } : undefined;
}

/** Whether a directory entry is one of the folders above an item's files (flows/, flows/travel/ …). */
function isFolderOf(dir: string, paths: string[]): boolean {
  return paths.some((p) => p.startsWith(`${dir}/`));
}

function safePath(path: string): boolean {
  return path.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A zip of one item's folder, in the repository's format, as the item and its files. */
export function readItemZip(bytes: Uint8Array): ItemContent {
  if (bytes.byteLength > ZIP_LIMIT) throw zipRefusal('tooLarge');
  const infos: UnzipFileInfo[] = [];
  let inflated: Record<string, Uint8Array>;
  try {
    // The filter sees the central directory before anything is inflated: the sizes are checked
    // there, and fflate inflates into a buffer of the declared size, so a lying header cannot grow it.
    let total = 0;
    inflated = unzipSync(bytes, {
      filter(info) {
        infos.push(info);
        if (infos.length > MAX_ENTRIES) throw zipRefusal('tooLarge');
        total += info.originalSize;
        if (total > UNZIPPED_LIMIT) throw zipRefusal('tooLarge', info.name);
        return !info.name.endsWith('/') && !JUNK.test(info.name);
      },
    });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw zipRefusal('malformed');
  }
  const entries = infos.filter((i) => !JUNK.test(i.name));
  const names = entries.map((i) => i.name);
  if (new Set(names).size !== names.length)
    throw zipRefusal(
      'duplicate',
      names.find((n, i) => names.indexOf(n) !== i),
    );
  for (const name of names) if (!safePath(name.replace(/\/$/, ''))) throw zipRefusal('outside', name);
  const filePaths = Object.keys(inflated).sort();
  for (const name of names)
    if (name.endsWith('/') && !isFolderOf(name.slice(0, -1), filePaths)) throw zipRefusal('outside', name);
  if (filePaths.length === 0) throw zipRefusal('empty');

  let item: { kind: ItemKind; key: string } | undefined;
  const files: Record<string, string> = {};
  for (const path of filePaths) {
    const at = itemOfPath(path);
    if (!at) throw zipRefusal('outside', path);
    if (item && (item.kind !== at.kind || item.key !== at.key)) throw zipRefusal('twoItems', path);
    item = { kind: at.kind, key: at.key };
    const info = entries.find((i) => i.name === path);
    const data = inflated[path];
    if (info && info.originalSize !== data.byteLength) throw zipRefusal('malformed', path);
    let text: string;
    try {
      text = utf8.decode(data);
    } catch {
      throw zipRefusal('notText', path);
    }
    if (hasBadCharacter(text)) throw zipRefusal('notText', path);
    if (text.length > MAX_FILE_CHARS) throw zipRefusal('tooLarge', path);
    files[at.name] = text;
  }
  if (!item) throw zipRefusal('empty');
  return { ...item, files: checkedFiles(item.kind, item.key, files) };
}
