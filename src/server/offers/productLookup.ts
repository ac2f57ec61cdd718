// Finding a product's tariff and package from the ids in a path, for the deductible calls.

import type { Tariff } from '../../engine/rating/types';
import type { ServiceContext } from '../platform/context';
import { notFound } from '../platform/errors';

export const deductibleParams = {
  type: 'object',
  properties: {
    productId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' },
    packageId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
  },
  required: ['productId', 'packageId'],
} as const;

export function productPackage(
  ctx: ServiceContext,
  productId: string,
  packageId: string,
): { tariff: Tariff; packageId: string; variant?: string } {
  const found = ctx.catalog.byProductId(productId);
  const tariff = found?.product.tariff;
  if (!found || !tariff) throw notFound('errors.product.notFound', { id: productId });
  if (!tariff.packages.some((p) => p.PACKAGE_ID === packageId)) {
    throw notFound('errors.product.packageNotFound', { id: productId, packageId });
  }
  return { tariff, packageId, variant: found.variant };
}
