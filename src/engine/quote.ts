// Quote transitions of spec §4 as pure functions: each returns a new quote and never mutates its input,
// so the flow machine can keep the previous quote for "the premium changed, confirm the new price".

import { readNumber } from './expr';
import type { Quote } from './flow/types';
import { getPath, setPath } from './paths';

export interface PackagePaths {
  /** The packages list (CT_PACKAGES). */
  list: string;
  /** The offers list, holding only the selected package (CT_OFFERS; OFFER_LIST in some answers). */
  offers: string;
  /** The policy the selection is copied into (CS_POLICY). */
  policy: string;
}

export const DEFAULT_PACKAGE_PATHS: PackagePaths = {
  list: 'CT_PACKAGES',
  offers: 'CT_OFFERS',
  policy: 'CS_POLICY',
};

/** A package or cover id the quote does not hold, or a cover that cannot be toggled. */
export class QuoteError extends Error {
  constructor(
    readonly code: 'unknownPackage' | 'unknownCover' | 'coverNotOptional',
    readonly id: string,
    message: string,
  ) {
    super(message);
    this.name = 'QuoteError';
  }
}

type Entry = Record<string, unknown>;

const ZERO_DATE = '0000-00-00';

function entries(quote: Quote, path: string): Entry[] {
  const list = getPath(quote, path);
  return Array.isArray(list) ? list.filter((e): e is Entry => e !== null && typeof e === 'object') : [];
}

const sameId = (a: unknown, b: string): boolean =>
  (typeof a === 'string' || typeof a === 'number') && String(a) === b;

function policyWith(quote: Quote, path: string, values: Entry): Quote {
  const current = getPath(quote, path);
  const policy = current !== null && typeof current === 'object' && !Array.isArray(current) ? current : {};
  return setPath(quote, path, { ...policy, ...values });
}

/** Amount fields of a package entry copied into the policy (only those the entry has). */
function amountsOf(pkg: Entry): Entry {
  const out: Entry = {};
  if (pkg.AMOUNT !== undefined) {
    out.AMOUNT = pkg.AMOUNT;
    // The package AMOUNT is already after discounts; keeping an older value here would show a stale price.
    out.PREMIUM_AFTER_DISC_AMOUNT = pkg.AMOUNT;
  }
  if (pkg.INITIAL_AMOUNT !== undefined) out.INITIAL_AMOUNT = pkg.INITIAL_AMOUNT;
  return out;
}

/**
 * Marks exactly one package selected (the first entry with that id), copies its ids, name and amounts
 * into the policy, and makes it the only offer. Throws QuoteError('unknownPackage') for an id not in the list.
 */
export function selectPackage(
  quote: Quote,
  packageId: string,
  paths: PackagePaths = DEFAULT_PACKAGE_PATHS,
): Quote {
  const list = entries(quote, paths.list);
  const index = list.findIndex((p) => sameId(p.PACKAGE_ID, packageId));
  if (index < 0)
    throw new QuoteError(
      'unknownPackage',
      packageId,
      `Package ${packageId} is not among the offered packages`,
    );
  const nextList = list.map((p, i): Entry => ({ ...p, ZZSELECTED_IND: i === index ? 'X' : '' }));
  const chosen = nextList[index];
  const copied: Entry = { PACKAGE_ID: chosen.PACKAGE_ID, ...amountsOf(chosen) };
  if (chosen.PRODUCT_ID !== undefined) copied.PRODUCT_ID = chosen.PRODUCT_ID;
  if (chosen.PACKAGE_DESC !== undefined) copied.PACKAGE_DESC = chosen.PACKAGE_DESC;
  let next = setPath(quote, paths.list, nextList);
  next = setPath(next, paths.offers, [{ ...chosen }]);
  return policyWith(next, paths.policy, copied);
}

/**
 * A recalculation's answer for one package: its AMOUNT (and INITIAL_AMOUNT when given) replaces the
 * amount in the packages list, in the offers list, and in the policy when that package is the selected one.
 */
export function applyPackageAmount(
  quote: Quote,
  pkg: { PACKAGE_ID: string; AMOUNT: number; INITIAL_AMOUNT?: number },
  paths: PackagePaths = DEFAULT_PACKAGE_PATHS,
): Quote {
  const list = entries(quote, paths.list);
  if (!list.some((p) => sameId(p.PACKAGE_ID, pkg.PACKAGE_ID))) {
    throw new QuoteError(
      'unknownPackage',
      pkg.PACKAGE_ID,
      `Package ${pkg.PACKAGE_ID} is not among the offered packages`,
    );
  }
  const amounts: Entry = { AMOUNT: pkg.AMOUNT };
  if (pkg.INITIAL_AMOUNT !== undefined) amounts.INITIAL_AMOUNT = pkg.INITIAL_AMOUNT;
  const update = (p: Entry): Entry => (sameId(p.PACKAGE_ID, pkg.PACKAGE_ID) ? { ...p, ...amounts } : p);
  let next = setPath(quote, paths.list, list.map(update));
  if (Array.isArray(getPath(quote, paths.offers)))
    next = setPath(next, paths.offers, entries(quote, paths.offers).map(update));
  if (sameId(getPath(quote, `${paths.policy}.PACKAGE_ID`), pkg.PACKAGE_ID)) {
    next = policyWith(next, paths.policy, amountsOf(amounts));
  }
  return next;
}

/**
 * Selects or clears an optional cover of a package. Throws QuoteError for a cover the package does not
 * list ('unknownCover') or an included cover ('coverNotOptional'): included covers cannot be removed.
 */
export function toggleCover(
  quote: Quote,
  coverId: string,
  packageId: string,
  selected: boolean,
  coversPath = 'CT_COVERS',
): Quote {
  const list = entries(quote, coversPath);
  const index = list.findIndex((c) => sameId(c.COVER_ID, coverId) && sameId(c.PACKAGE_ID, packageId));
  if (index < 0) {
    throw new QuoteError(
      'unknownCover',
      coverId,
      `Cover ${coverId} is not offered with package ${packageId}`,
    );
  }
  if (list[index].OPTIONAL !== 'X') {
    throw new QuoteError('coverNotOptional', coverId, `Cover ${coverId} is included in package ${packageId}`);
  }
  const value = selected ? 'X' : '';
  if (list[index].ZZSELECTED_IND === value) return quote;
  return setPath(
    quote,
    coversPath,
    list.map((c, i) => (i === index ? { ...c, ZZSELECTED_IND: value } : c)),
  );
}

/** Adds `id` once to the array at `path` (motor's opened cover and document panels); unchanged if present. */
export function recordOpened(quote: Quote, path: string, id: string): Quote {
  const current = getPath(quote, path);
  const list = Array.isArray(current) ? current : [];
  if (list.includes(id)) return quote;
  return setPath(quote, path, [...list, id]);
}

/** A new quote from a flow's dotted-path defaults; values are copied, so editing the quote never edits the flow. */
export function emptyQuote(flowDefaults: Record<string, unknown>): Quote {
  let quote: Quote = {};
  for (const [path, value] of Object.entries(flowDefaults))
    quote = setPath(quote, path, structuredClone(value));
  return quote;
}

/** A deep copy with every zero date (0000-00-00, the back end's empty date) replaced by ''. */
export function clearZeroDates<T>(obj: T): T {
  if (obj === ZERO_DATE) return '' as T;
  if (Array.isArray(obj)) return obj.map((v) => clearZeroDates(v)) as T;
  if (obj !== null && typeof obj === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(obj)) out[key] = clearZeroDates(value);
    return out as T;
  }
  return obj;
}

/**
 * The premium shown to the visitor, euro: the value at `path`, or CS_POLICY.AMOUNT when that is
 * empty, zero or not a number (the back end leaves PREMIUM_AFTER_DISC_AMOUNT at 0 until a discount runs); else 0.
 */
export function premiumOf(quote: Quote, path = 'CS_POLICY.PREMIUM_AFTER_DISC_AMOUNT'): number {
  const primary = readNumber(getPath(quote, path));
  if (!Number.isNaN(primary) && primary !== 0) return primary;
  const amount = readNumber(getPath(quote, 'CS_POLICY.AMOUNT'));
  return Number.isNaN(amount) ? 0 : amount;
}
