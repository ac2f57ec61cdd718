// The dashboard's reads (docs/portal-api.md §5): the logged-in customer's contracts, open offers and
// claims. The id in the path or body must be the customer's own: 403 FORBIDDEN otherwise, whether
// or not it exists (docs/portal-api.md §4).

import type { FastifyPluginAsync } from 'fastify';
import { auth, forbidden, requireSession } from '../accounts/http';
import { type ServiceContext, today } from '../platform/context';
import { requestLang } from '../platform/errors';
import { answers, body, open, str } from '../platform/schemaParts';
import { claimsOf, contractsOf, offersOf } from './dashboard';
import type { CustomerRow } from './store';

export function dashboardRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  const own = (id: string, customer: CustomerRow) => {
    if (id !== customer.customer_no) throw forbidden();
  };

  return async (app) => {
    app.get<{ Params: { x: string } }>(
      '/contract/search/:x',
      {
        preHandler: active,
        schema: {
          tags: ['portal: dashboard'],
          summary: "The customer's contracts (x is the CUSTOMER_NO), newest first",
          params: body({ x: str(20) }, ['x']),
          response: answers({ 200: open('{ CT_CONTRACTS: [...] } (docs/portal-api.md §5)') }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        own(request.params.x, customer);
        return {
          CT_CONTRACTS: await contractsOf(ctx.db, ctx.bundles, customer, requestLang(request), today(ctx)),
        };
      },
    );

    app.get<{ Params: { contactId: string } }>(
      '/offer/search/:contactId',
      {
        preHandler: active,
        schema: {
          tags: ['portal: dashboard'],
          summary: "The customer's open offers (contactId is the CONTACT_ID); no cyber",
          params: body({ contactId: str(20) }, ['contactId']),
          response: answers({ 200: open('{ CT_OFFERS: [...], OFFER_LIST: [...] } (docs/portal-api.md §5)') }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        if (request.params.contactId !== customer.contact_id) throw forbidden();
        const offers = await offersOf(
          ctx.db,
          ctx.bundles,
          ctx.catalog,
          customer,
          requestLang(request),
          today(ctx),
          ctx.config.sessionSecret,
        );
        return { CT_OFFERS: offers, OFFER_LIST: offers };
      },
    );

    app.post<{ Body: { CUSTOMER_NO: string } }>(
      '/claim/ClaimList',
      {
        preHandler: active,
        schema: {
          tags: ['portal: dashboard'],
          summary: "The customer's claims, newest first",
          body: body({ CUSTOMER_NO: str(20) }, ['CUSTOMER_NO']),
          response: answers({ 200: open('{ CLAIM_LIST: [...] } (docs/portal-api.md §5)') }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        own(request.body.CUSTOMER_NO, customer);
        return { CLAIM_LIST: await claimsOf(ctx.db, customer, requestLang(request)) };
      },
    );
  };
}
