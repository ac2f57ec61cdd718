// The hash that names a text namespace's version in the browser's URLs: the first characters of
// its content hash (./items' contentHash over el.json and en.json), so the build (src/generated/
// versions.json) and the service name the same texts alike.

import { contentHash, type ItemFiles } from '../items';
import { HASH_LENGTH } from './compile';

export const textsHash = (files: ItemFiles): string => contentHash(files).slice(0, HASH_LENGTH);

/** Namespaces the browser never loads (src/i18n.ts leaves the same out of the bundle). */
export const SERVER_ONLY_TEXTS: ReadonlySet<string> = new Set(['mail', 'payment', 'dev']);
