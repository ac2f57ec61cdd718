// Which form an engine page renders: the 40-field step of fields.ts, or with `?fields=<n>` the
// generated substep of n fields of the large measure (../large/generate.ts, one seed for all).

import { generateFields, LARGE_SEED } from '../large/generate';
import { type BenchField, FIELDS } from './fields';

/** The sizes of the large measure's single substep: the growth figure is from the first to the last. */
export const GROW_SIZES = [20, 200] as const;
export type GrowSize = (typeof GROW_SIZES)[number];

export const growFields = (n: number): BenchField[] =>
  generateFields(n, { seed: LARGE_SEED + n, typed: true });

export interface PageForm {
  /** null: the 40-field step. */
  size: GrowSize | null;
  fields: BenchField[];
  /** Once this label is on the page, the whole form is (never a conditional field's). */
  lastLabel: string;
}

export function pageForm(search: string = typeof location === 'undefined' ? '' : location.search): PageForm {
  const n = Number(new URLSearchParams(search).get('fields'));
  const size = (GROW_SIZES as readonly number[]).includes(n) ? (n as GrowSize) : null;
  const fields = size === null ? FIELDS : growFields(size);
  return { size, fields, lastLabel: fields[fields.length - 1].label };
}
