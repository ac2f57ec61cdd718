import type { Deductible, Tariff } from './types';

/** The deductibles of one kind offered with a package (its own list, else the "*" list), ascending by amount. */
export function deductiblesFor(tariff: Tariff, kind: string, packageId: string): Deductible[] {
  const lists = tariff.deductibles?.[kind];
  const list = lists?.[packageId] ?? lists?.['*'] ?? [];
  return [...list].sort((a, b) => a.DEDUCTIBLE_AMOUNT - b.DEDUCTIBLE_AMOUNT);
}
