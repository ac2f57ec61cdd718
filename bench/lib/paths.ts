// Where the benchmark reads and writes.

import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ROOT = join(BENCH, '..');
/** Build output and scratch files (gitignored). */
export const WORK = join(BENCH, 'work');
export const CHARTS = join(BENCH, 'charts');
