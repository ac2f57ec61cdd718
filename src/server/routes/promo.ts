// POST /zcp/promo/validate { PROMO_CODE }: 204 for a code in force today, 422 "The promo code is
// wrong." otherwise. The codes are content (src/server/content/promoCodes.json); guesses are
// limited per client IP across instances.

import type { FastifyPluginAsync } from 'fastify';
import promoCodes from '../content/promoCodes.json' with { type: 'json' };
import { type ServiceContext, today } from '../context';
import { ApiError, refuse } from '../errors';
import { hitLimit } from '../rateLimit';
import { ERROR_ANSWERS } from '../schemas';

interface PromoCode {
  CODE: string;
  KIND: string;
  VALID_FROM?: string;
  VALID_TO?: string;
}

const GUESSES_PER_IP_HOUR = 30;

/** The promo code in force on `day`, or undefined. */
export function promoCodeOn(code: string, day: string): PromoCode | undefined {
  const wanted = code.trim().toUpperCase();
  return (promoCodes as PromoCode[]).find(
    (p) => p.CODE === wanted && (!p.VALID_FROM || p.VALID_FROM <= day) && (!p.VALID_TO || day <= p.VALID_TO),
  );
}

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
