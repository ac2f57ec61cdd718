// Display helpers of the portal's lists: dates as DD/MM/YYYY, euro amounts, product names.

import { ymdToDisplay } from '../engine/dates';
import { formatEuro } from '../engine/money';

export const showDate = (ymd: string | undefined | null): string => (ymd ? ymdToDisplay(ymd) || '–' : '–');

/** Euro without decimals, as everywhere on screen (DESIGN.md, money). */
export function showEuro(amount: number | undefined | null, lang: string): string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return '–';
  return formatEuro(amount, lang === 'en' ? 'en' : 'el');
}

/** The product's key for the shared product names (common:products.<key>.name). */
export const productKey = (code: string | undefined): string => (code ?? '').toLowerCase();
