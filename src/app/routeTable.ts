// The public routes of the spec (§2) as data: products, route names and path builders, shared by
// the router, the guards, the menus and the pages.

export const PRODUCTS = ['motor', 'property', 'travel', 'driver', 'hunter', 'cyber'] as const;
export type ProductKey = (typeof PRODUCTS)[number];

/** Products whose offer can be sent by e-mail (/motor/send-offer, /property/send-offer). */
export const SEND_OFFER_PRODUCTS: readonly ProductKey[] = ['motor', 'property'];

export type FlowSection = 'offer' | 'payment' | 'send-offer';

export const HOME_PATH = '/';
export const DASHBOARD_PATH = '/my-dashboard';
export const LOGIN_PATH = '/login';

/** Default product ids of the spec (motor's comes from a lookup, cyber's from its flow). */
const PRODUCT_IDS: Partial<Record<ProductKey, string>> = {
  property: '157',
  travel: '518',
  driver: '516',
  hunter: '517',
};

export function isProduct(x: unknown): x is ProductKey {
  return typeof x === 'string' && (PRODUCTS as readonly string[]).includes(x);
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

/** The product of a PRODUCT_ID; motor's ids come from a lookup, so any unknown id reads as null. */
export function productFromId(
  id: string | number | undefined,
  motorIds: readonly string[] = [],
): ProductKey | null {
  if (id === undefined) return null;
  const text = String(id).trim();
  if (motorIds.includes(text)) return 'motor';
  for (const [product, pid] of Object.entries(PRODUCT_IDS)) if (pid === text) return product as ProductKey;
  return isProduct(text.toLowerCase()) ? (text.toLowerCase() as ProductKey) : null;
}

/** The product a path belongs to (/motor/offer/2 → motor), or null. */
export function productOfPath(pathname: string): ProductKey | null {
  const first = pathname.split('/')[1];
  return isProduct(first) ? first : null;
}
