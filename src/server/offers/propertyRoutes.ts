// Property helper calls, read from the property tariff (the product whose API segment is "prop"):
//   GET /zcp/prop/loadV2                                  configuration and defaults
//   GET /zcp/prop/deductibles/{productId}/{packageId}     deductibles, ascending (the spec's "GET {token}")

import type { FastifyPluginAsync } from 'fastify';
import { deductiblesFor } from '../../engine/rating/rate';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { notFound } from '../platform/errors';
import { deductibleParams, productPackage } from './productLookup';

/** Published when the property tariff leaves them out (spec §3 and §9). */
export const PROPERTY_DEFAULTS = {
  PROPERTY_VALUE_PER_SQM: 1500,
  PROPERTY_VALUE_PERCENTAGE: 80,
};

export function propertyRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/prop/loadV2',
      {
        schema: {
          tags: ['product: PROPERTY'],
          summary: 'Property configuration: value per m², percentage, limits',
          response: { 200: ref('answers', 'config'), ...ERROR_ANSWERS },
        },
      },
      async () => {
        const product = ctx.catalog.bySegment('prop');
        if (!product?.tariff) throw notFound('errors.product.notFound', { id: 'PROPERTY' });
        return {
          PRODUCT_ID: product.tariff.productId,
          ...PROPERTY_DEFAULTS,
          ...(product.tariff.config ?? {}),
        };
      },
    );

    app.get<{ Params: { productId: string; packageId: string } }>(
      '/prop/deductibles/:productId/:packageId',
      {
        schema: {
          tags: ['product: PROPERTY'],
          summary: 'Property deductibles of a package, ascending by DEDUCTIBLE_AMOUNT',
          params: deductibleParams,
          response: { 200: ref('answers', 'deductibles'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const { tariff, packageId } = productPackage(ctx, request.params.productId, request.params.packageId);
        return { CT_DEDUCTIBLES: deductiblesFor(tariff, 'property', packageId) };
      },
    );
  };
}
