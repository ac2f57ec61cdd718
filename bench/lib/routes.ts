// The product routes the weight and Lighthouse figures are taken on, and whether each exists yet:
// a route is measured once its flow folder is there (the motor flow is being written).

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths';

export const FIRST_PAINT_ROUTES = [
  { flow: 'driver', path: '/driver/offer/1' },
  { flow: 'motor', path: '/motor/offer/1' },
];

/**
 * The routes Lighthouse audits: the two product first steps, and the site's and the portal's entry
 * pages (prerendered too; issue "Fast on a phone"). A page has no flow: it always exists.
 */
export const LIGHTHOUSE_ROUTES: { flow?: string; path: string }[] = [
  ...FIRST_PAINT_ROUTES,
  { path: '/help-page' },
  { path: '/login' },
];

export const flowExists = (flow: string): boolean => existsSync(join(ROOT, 'flows', flow, 'flow.json'));

export const NOT_YET = 'not yet available';
