// GET /zcp/offer/detail/{offerNo}/{productId}: a stored offer re-rated today. DATA_CHANGED is 'X'
// when the premium is not the one the offer was given with (the visitor confirms the new price).

import type { FastifyPluginAsync } from 'fastify';
import { centsToEuro } from '../../engine/money';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { notFound, refuse, requestLang } from '../platform/errors';
import { offerAccessFor } from './offerAccess';
import { portalOwnsOffer } from './offerOwner';
import { ratedAnswer } from './productRoutes';
import { repriceOffer } from './rerate';
import { findOffer } from './store';

export function offerRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { offerNo: string; productId: string }; Querystring: { token?: string } }>(
      '/offer/detail/:offerNo/:productId',
      {
        schema: {
          tags: ['offers'],
          summary: 'A stored offer, re-rated today',
          description:
            'Readable by the browser that made the offer (signed cookie set by the quotation call), with the token of the offer e-mail link, or by the logged-in portal customer whose offer it is (docs/portal-api.md §11). Answers that browser the offer cookie, so it can go on to pay.',
          params: {
            type: 'object',
            properties: {
              offerNo: { type: 'string', pattern: '^OF\\d{1,12}$' },
              productId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,20}$' },
            },
            required: ['offerNo', 'productId'],
          },
          querystring: {
            type: 'object',
            properties: { token: { type: 'string', maxLength: 64 } },
            additionalProperties: false,
          },
          response: { 200: ref('offerDetail'), ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const { offerNo, productId } = request.params;
        const access = offerAccessFor(ctx.config);
        const offer = await findOffer(ctx.db, offerNo);
        // An offer the caller may not see answers exactly as one that does not exist. The logged-in
        // customer it belongs to may read it without the cookie or the link (the portal's offers).
        if (
          !offer ||
          offer.product_id !== productId ||
          !(
            access.mayAccess(request, offerNo, request.query.token) ||
            (await portalOwnsOffer(ctx, request, offerNo))
          )
        ) {
          throw notFound('errors.offer.notFound', { offerNo });
        }
        // The e-mailed link's holder gets the offer cookie, so this browser can go on to pay it.
        if (!access.remembered(request).includes(offerNo)) access.remember(request, reply, offerNo);
        const day = today(ctx);
        if (offer.expiry_date < day || offer.status === 'EXPIRED')
          throw refuse('errors.offer.expired', { offerNo }, { code: 'OFFER_EXPIRED' });
        const product = ctx.catalog.byFlowId(offer.flow_id);
        if (!product) throw notFound('errors.offer.notFound', { offerNo });

        // A start date that has passed since the offer was made moves to today.
        const { priced, premiumChanged, datesChanged } = repriceOffer(product, offer, {
          today: day,
          lang: requestLang(request),
          onRatingError: (error) => request.log.error({ err: error }, 'tariff failed on a stored offer'),
        });
        const answer = ratedAnswer(priced, {
          OFFER_NO: offer.offer_no,
          EXPIRY_DATE: offer.expiry_date,
          CONTRACT_NO: '',
          STATUS: offer.status,
        });
        return {
          ...priced.quote,
          ...answer,
          DATA_CHANGED: premiumChanged ? 'X' : '',
          DATES_CHANGED: datesChanged ? 'X' : '',
          PREVIOUS_AMOUNT: centsToEuro(offer.premium_cents),
        };
      },
    );
  };
}
