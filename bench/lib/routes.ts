// The product routes the weight and Lighthouse figures are taken on, and whether each exists yet:
// a route is measured once its flow folder is there (the motor flow is being written).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

export const FIRST_PAINT_ROUTES = [
  { flow: 'driver', path: '/driver/offer/1' },
  { flow: 'motor', path: '/motor/offer/1' },
];

/** Every product's flow (a flow.json with a product API), read from flows/: a new product is measured without code here. */
export function productFlows(): string[] {
  const dir = join(ROOT, 'flows');
  return readdirSync(dir)
    .filter((id) => existsSync(join(dir, id, 'flow.json')))
    .filter((id) => {
      const flow = JSON.parse(readFileSync(join(dir, id, 'flow.json'), 'utf8')) as {
        product?: { api?: unknown };
      };
      return Boolean(flow.product?.api);
    })
    .sort();
}

export interface LighthouseRoute {
  flow?: string;
  path: string;
  /** Audited signed in as a demo customer (Lighthouse with the session cookie). */
  signedIn?: boolean;
}

/**
 * The routes Lighthouse audits (issue 27, item 1): every product's first step, the site's and the
 * portal's entry pages (prerendered; issue "Fast on a phone"), and a signed-in customer's
 * dashboard and contracts. A page has no flow: it always exists.
 */
export function lighthouseRoutes(): LighthouseRoute[] {
  return [
    ...productFlows().map((flow) => ({ flow, path: `/${flow}/offer/1` })),
    { path: '/help-page' },
    { path: '/login' },
    { path: '/my-dashboard', signedIn: true },
    { path: '/my-contracts', signedIn: true },
  ];
}

export const flowExists = (flow: string): boolean => existsSync(join(ROOT, 'flows', flow, 'flow.json'));

export const NOT_YET = 'not yet available';
