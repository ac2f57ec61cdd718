// What the tariff interpreter (./interpret) and the compiled tariff (./compile) share: the error of
// a broken tariff and the small readings of the quote and the tariff that both make the same way.

import type { Quote } from '../flow/types';
import { getPath } from '../paths';
import type { RatedCover, RatingResult, Tariff, TariffCover, TariffPackage } from './types';

/** A tariff that names something it does not define (a cover id): a tariff.json error. */
export class TariffError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TariffError';
  }
}

export type AppliedDiscount = RatingResult['CT_DISCOUNTS'][number];

export const SEP = '\u0000';

export function asString(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** Optional covers the incoming quote marks as chosen, as "PACKAGE_ID\0COVER_ID". */
export function chosenCovers(quote: Quote): Set<string> {
  const chosen = new Set<string>();
  const list = getPath(quote, 'CT_COVERS');
  if (!Array.isArray(list)) return chosen;
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (e.ZZSELECTED_IND === 'X') chosen.add(`${asString(e.PACKAGE_ID)}${SEP}${asString(e.COVER_ID)}`);
  }
  return chosen;
}

export function missingCover(pkg: TariffPackage, id: string): TariffError {
  return new TariffError(`Package ${pkg.PACKAGE_ID} names cover ${id}, which the tariff does not define`);
}

export function optionalCoverIds(pkg: TariffPackage): string[] {
  return (pkg.optionalCovers ?? []).filter((id) => !pkg.covers.includes(id));
}

export function inWindow(today: string, from?: string, to?: string): boolean {
  return (from === undefined || from <= today) && (to === undefined || today <= to);
}

export function coverLimits(
  tariff: Tariff,
  cover: TariffCover,
  variant: string | undefined,
): Record<string, number> | undefined {
  const byVariant =
    variant === undefined ? undefined : tariff.variants?.[variant]?.coverLimits?.[cover.COVER_ID];
  return byVariant ?? (variant === undefined ? undefined : cover.limits?.[variant]) ?? cover.limits?.['*'];
}

/** The PRODUCT_ID of the rated packages: the variant's own, else the tariff's. */
export function ratedProductId(tariff: Tariff, variant: string | undefined): string {
  return (variant !== undefined && tariff.variants?.[variant]?.productId) || tariff.productId;
}

/** A cover as the answer lists it: included (in force, always selected) or optional with its price. */
export function ratedCover(
  tariff: Tariff,
  cover: TariffCover,
  pkg: TariffPackage,
  variant: string | undefined,
  optional: { amount: number; selected: boolean } | null,
): RatedCover {
  const limits = coverLimits(tariff, cover, variant);
  return {
    COVER_ID: cover.COVER_ID,
    PACKAGE_ID: pkg.PACKAGE_ID,
    COVER_DESC: cover.label,
    OPTIONAL: optional ? 'X' : '',
    AMOUNT: optional ? optional.amount : 0,
    // An included cover is always in force, so it reads as selected.
    ZZSELECTED_IND: optional && !optional.selected ? '' : 'X',
    ...(limits ? { LIMITS: { ...limits } } : {}),
  };
}
