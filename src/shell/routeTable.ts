// The public routes of the spec (§2) as data: products, route names and path builders, shared by
// the router, the guards, the menus and the pages.

import { productCatalog } from '../generated/products';

/** The product flows, in menu order (from each flows/<id>/flow.json, see src/generated/products.ts). */
export const PRODUCTS: readonly string[] = productCatalog.map((p) => p.key);
/** A product's key: its flow folder and first path segment (motor, property …). */
export type ProductKey = string;

/** Products whose offer can be sent by e-mail (/motor/send-offer, /property/send-offer). */
export const SEND_OFFER_PRODUCTS: readonly ProductKey[] = productCatalog
  .filter((p) => p.sendOffer)
  .map((p) => p.key);

export type FlowSection = 'offer' | 'payment' | 'send-offer';

export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/my-dashboard';
export const LOGIN_PATH = '/login';
/** The portal's requests (the help page links them for a logged-in customer). */
export const REQUESTS_PATH = '/my-requests';
export const NEW_REQUEST_PATH = '/new-request';

/** The fixed PRODUCT_IDs; a product whose id comes from a lookup (motor) has none here. */
const PRODUCT_IDS = new Map(
  productCatalog.filter((p) => /^\d+$/.test(p.productId)).map((p) => [p.productId, p.key]),
);

export function isProduct(x: unknown): x is ProductKey {
  return typeof x === 'string' && PRODUCTS.includes(x);
}

/** Whether a redirect to the product's first step keeps the query: it may choose a variant (spec §2). */
export function keepsQuery(product: ProductKey): boolean {
  return productCatalog.some((p) => p.key === product && p.variants.length > 0);
}

export function hasSendOffer(product: ProductKey): boolean {
  return SEND_OFFER_PRODUCTS.includes(product);
}

const capitalised = (p: ProductKey) => p.charAt(0).toUpperCase() + p.slice(1);

/** The spec's internal route names: MotorOffer, MotorSendOffer, MotorPayment … */
export function routeName(product: ProductKey, section: FlowSection): string {
  const suffix = section === 'offer' ? 'Offer' : section === 'payment' ? 'Payment' : 'SendOffer';
  return `${capitalised(product)}${suffix}`;
}

/** A query string as given or '', always with its '?' when not empty. */
export function withQuery(path: string, search = ''): string {
  const q = search.startsWith('?') ? search.slice(1) : search;
  return q ? `${path}?${q}` : path;
}

export function offerPath(product: ProductKey, step = 1, search = ''): string {
  return withQuery(`/${product}/offer/${step}`, search);
}

export function paymentPath(product: ProductKey, step = 1, search = ''): string {
  return withQuery(`/${product}/payment/${step}`, search);
}

export function sendOfferPath(product: ProductKey, search = ''): string {
  return withQuery(`/${product}/send-offer`, search);
}

/**
 * Where "try the payment again" leads from the completion page: the product's first offer step.
 * The flow keeps the visitor's answers in sessionStorage and takes them back to the payment step
 * from there; a first navigation deeper than step 1 would be sent to step 1 by the guards anyway.
 * `search` carries what the visit needs back (the co-brand reference).
 */
export function paymentRetryPath(product: ProductKey, search = ''): string {
  return offerPath(product, 1, search);
}

/** A step segment: a positive whole number ("1", "12"); anything else is not a route. */
export function parseStep(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,2}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * The product of a PRODUCT_ID (or of a product key). Ids that come from a lookup (motor's 120–122)
 * are not in the catalog; `fallback` names the product then (the one the visitor paid for).
 */
export function productFromId(id: string | number | undefined, fallback?: string | null): ProductKey | null {
  const text = id === undefined ? '' : String(id).trim();
  const known = PRODUCT_IDS.get(text) ?? (isProduct(text.toLowerCase()) ? text.toLowerCase() : null);
  return known ?? (isProduct(fallback) ? fallback : null);
}

/** The product a path belongs to (/motor/offer/2 → motor), or null. */
export function productOfPath(pathname: string): ProductKey | null {
  const first = pathname.split('/')[1];
  return isProduct(first) ? first : null;
}
