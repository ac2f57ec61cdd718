// GET /zcp/offer/RulesDetail/{product}: a product's texts and referral rules in the visitor's language.

import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { notFound, requestLang } from '../platform/errors';

export function rulesRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { product: string } }>(
      '/offer/RulesDetail/:product',
      {
        schema: {
          tags: ['products'],
          summary: 'Texts (ET_TEXTS) and referral rules (ET_CHECK_POINTS) of a product',
          params: {
            type: 'object',
            properties: { product: { type: 'string', pattern: '^[A-Za-z_]{1,20}$' } },
            required: ['product'],
          },
          response: { 200: ref('rulesDetail'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const product = ctx.catalog.byRulesKey(request.params.product);
        if (!product) throw notFound('errors.rules.unknownProduct', { product: request.params.product });
        return product.localized[requestLang(request)];
      },
    );
  };
}
