// Compressed sizes as a server would send them: gzip at level 9 (what static precompression uses).

import { gzipSync } from 'node:zlib';

export const gzipBytes = (body: Buffer | string): number => gzipSync(body, { level: 9 }).length;
