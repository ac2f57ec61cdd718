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
        const product = offer ? ctx.catalog.byFlowId(offer.flow_id) : undefined;
        // The service knows the offer's product: the id in the path is the offer's own, or the one
        // its flow declares (motor's "lookup": its product id comes from a lookup), so every way in
        // (the portal, the e-mailed link with or without product=) reads the same offer.
        const productMatches =
          !!offer && (productId === offer.product_id || productId === product?.flow.product?.productId);
        const byToken = !!offer && access.validToken(offerNo, request.query.token);
        const byCookie = access.remembered(request).includes(offerNo);
        // An offer the caller may not see answers exactly as one that does not exist. The logged-in
        // customer it belongs to reads it by the portal session alone (no offer cookie is set).
        const byPortal = !byToken && !byCookie && !!offer && (await portalOwnsOffer(ctx, request, offerNo));
        if (!offer || !product || !productMatches || !(byToken || byCookie || byPortal)) {
          throw notFound('errors.offer.notFound', { offerNo });
        }
        // The e-mailed link's holder gets the offer cookie, so this browser can go on to pay it.
        if (byToken && !byCookie) access.remember(request, reply, offerNo, ctx.now());
        // The offer cookie alone shows the personal data only for a short time after the browser
        // got the offer; later the e-mailed link or the portal session is needed (docs/security.md).
        const gotAt = access.rememberedAt(request, offerNo);
        const withoutPersonal =
          !byToken &&
          !byPortal &&
          (gotAt === null ||
            gotAt.getTime() + ctx.config.offerCookiePersonalMinutes * 60_000 < ctx.now().getTime());
        const day = today(ctx);
        if (offer.expiry_date < day || offer.status === 'EXPIRED')
          throw refuse('errors.offer.expired', { offerNo }, { code: 'OFFER_EXPIRED' });

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
        const quote = { ...priced.quote } as Record<string, unknown>;
        if (withoutPersonal)
          for (const block of product.flow.product?.personalData ?? []) delete quote[block];
        return {
          ...quote,
          ...answer,
          DATA_CHANGED: premiumChanged ? 'X' : '',
          DATES_CHANGED: datesChanged ? 'X' : '',
          PREVIOUS_AMOUNT: centsToEuro(offer.premium_cents),
          ...(offer.renewal_of
            ? {
                RENEWAL: {
                  CONTRACT_NO: offer.renewal_of,
                  RECONFIRM: product.flow.product?.renewal?.reconfirm ?? [],
                },
              }
            : {}),
        };
      },
    );
  };
}
