// POST /zcp/promo/validate { PROMO_CODE }: 204 for a code in force today, 422 "The promo code is
// wrong." otherwise. The codes are content (src/server/offers/promoCodes.ts); guesses are
// limited per client IP across instances.

import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWERS } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { ApiError, refuse } from '../platform/errors';
import { hitLimit } from '../platform/rateLimit';
import { promoCodeOn } from './promoCodes';

const GUESSES_PER_IP_HOUR = 30;

export function promoRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { PROMO_CODE: string } }>(
      '/promo/validate',
      {
        schema: {
          tags: ['site'],
          summary: 'Check a promo or reference code',
          description: `204 when the code is in force today; 422 when it is wrong. At most ${GUESSES_PER_IP_HOUR} checks per client IP an hour (429).`,
          body: {
            type: 'object',
            properties: {
              PROMO_CODE: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9-]+$' },
            },
            required: ['PROMO_CODE'],
            additionalProperties: false,
          },
          response: { 204: { type: 'null', description: 'The code is valid' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const allowed = await hitLimit(
          ctx.db,
          { bucket: 'PROMO_IP', key: request.ip, limit: GUESSES_PER_IP_HOUR, windowMs: 3600_000 },
          ctx.now(),
          ctx.config.sessionSecret,
        );
        if (!allowed)
          throw new ApiError(429, [{ key: 'errors.http.rateLimited', code: 'TOO_MANY' }], {
            CODE: 'TOO_MANY',
          });
        if (!promoCodeOn(request.body.PROMO_CODE, today(ctx))) {
          throw refuse('errors.promo.wrong', {}, { field: 'PROMO_CODE', code: 'WRONG_CODE' });
        }
        return reply.code(204).send();
      },
    );
  };
}
