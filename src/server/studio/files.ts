// What a studio caller may send as an item's files: the names the repository's format has for the
// kind (flows/<id>/flow.json, rules.json, tariff.json; flows/_shared/<set>.json;
// flows/_catalogues/<key>.json; locales/<lang>/<key>.json as <lang>.json), each a text.

import { ApiError } from '../platform/errors';
import { FIELDSET_KEY, type ItemFiles, type ItemKind } from '../publishing/items';

export const KEY_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$|^_shared$';
const SET_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\.json$/;
const FLOW_FILES = new Set(['flow.json', 'rules.json', 'tariff.json']);
const LANG_FILES = new Set(['el.json', 'en.json']);
/** A file of a draft may be large (a flow is ~100 kB) but not unbounded. */
export const MAX_FILE_CHARS = 2_000_000;

/** Whether `name` is a file an item of `kind` and `key` holds. */
export function allowedFile(kind: ItemKind, key: string, name: string): boolean {
  switch (kind) {
    case 'flow':
      return FLOW_FILES.has(name);
    case 'fieldset':
      return SET_NAME.test(name);
    case 'catalogue':
      return name === `${key}.json`;
    case 'texts':
      return LANG_FILES.has(name);
  }
}

/** Whether (kind, key) can name an item at all (the field sets are one item, keyed _shared). */
export function allowedKey(kind: ItemKind, key: string): boolean {
  if (kind === 'fieldset') return key === FIELDSET_KEY;
  return new RegExp(KEY_PATTERN).test(key) && key !== FIELDSET_KEY;
}

/** Refuses (422 INVALID_FILES, the file named) files an item of this kind does not have; answers them. */
export function checkedFiles(kind: ItemKind, key: string, files: ItemFiles): ItemFiles {
  const names = Object.keys(files);
  if (kind === 'flow' && !names.includes('flow.json')) throw invalidFiles('flow.json', 'missingFlow');
  if (names.length === 0) throw invalidFiles('', 'none');
  for (const name of names) {
    if (!allowedFile(kind, key, name)) throw invalidFiles(name, 'unknownFile');
    if (typeof files[name] !== 'string') throw invalidFiles(name, 'notText');
  }
  return files;
}

function invalidFiles(name: string, why: 'missingFlow' | 'none' | 'unknownFile' | 'notText'): ApiError {
  return new ApiError(
    422,
    [{ key: `errors.publishing.files.${why}`, params: { name }, code: 'INVALID_FILES', field: 'FILES' }],
    { CODE: 'INVALID_FILES', FILE: name },
  );
}
