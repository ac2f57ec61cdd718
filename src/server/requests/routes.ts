// Requests (work orders) of the logged-in customer (issue 15 item 3, spec §3 Other and §7):
//   GET  /zcp/request                      CT_REQUESTS, the customer's own, newest first
//   GET  /zcp/request/contracts            the customer's contracts as a list of values (the form's choice)
//   POST /zcp/request                      a new request: answers WORKORDER_ID
//   POST /zcp/workorder/newConnection      the same call under the spec's name for "request fields"
// Every problem of a new request is answered at once (422, one message per field, translated).

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { auth, coded, requireSession } from '../accounts/http';
import { contractsOf } from '../customers/dashboard';
import { type ServiceContext, today } from '../platform/context';
import { ApiError, requestLang } from '../platform/errors';
import { t } from '../platform/i18n';
import { hitLimit } from '../platform/rateLimit';
import { answers, body, open, str } from '../platform/schemaParts';
import {
  checkRequest,
  createRequest,
  MESSAGE_MAX,
  type RequestInput,
  requestContracts,
  requestsOf,
  workOrdersOf,
} from './store';

const TAG = 'portal: requests';

// Longer than the limits on purpose: an over-long subject or message reaches the handler, which
// names the field and the limit in the customer's language instead of a generic schema error.
const REQUEST_BODY = body({
  SUBJECT: str(4000),
  CONTRACT_NO: str(40),
  MESSAGE: str(MESSAGE_MAX * 8),
  TYPE: str(40),
  CATEGORY: str(40),
});

export function requestRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  const perDay = ctx.config.portal.requestsPerCustomerDay;

  async function create(request: FastifyRequest<{ Body: RequestInput }>) {
    const { customer } = auth(request);
    const lang = requestLang(request);
    const checked = checkRequest(request.body ?? {}, await requestContracts(ctx.db, customer));
    if (!checked.ok) {
      const code = checked.messages.some((m) => m.code === 'FORBIDDEN') ? 'FORBIDDEN' : 'INVALID';
      throw new ApiError(code === 'FORBIDDEN' ? 403 : 422, checked.messages, { CODE: code });
    }
    const now = ctx.now();
    const rule = {
      bucket: 'PORTAL_REQUESTS',
      key: customer.customer_no,
      limit: perDay,
      windowMs: 86_400_000,
    };
    if (!(await hitLimit(ctx.db, rule, now, ctx.config.sessionSecret)))
      throw coded(429, 'requests:errors.tooMany', 'TOO_MANY');
    const workorderId = await createRequest(
      ctx.db,
      customer,
      checked,
      lang,
      { serviceMail: ctx.config.portal.serviceMail, publicUrl: ctx.config.publicUrl },
      now,
    );
    return { WORKORDER_ID: workorderId };
  }

  const createSchema = (summary: string) => ({
    preHandler: active,
    schema: {
      tags: [TAG],
      summary,
      description: `SUBJECT (up to 120 characters), CONTRACT_NO (one of the customer's own), MESSAGE (up to ${MESSAGE_MAX} characters), TYPE (list REQUEST_TYPE) and CATEGORY (list REQUEST_CATEGORY), all required. 422 lists every problem with its FIELD; another customer's contract is 403 FORBIDDEN. A customer may file ${perDay} requests a day (429 past that). The service mailbox (SERVICE_MAIL_TO) is notified and the customer gets an acknowledgement, both through the outbox.`,
      body: REQUEST_BODY,
      response: answers({
        200: {
          type: 'object',
          properties: { WORKORDER_ID: { type: 'string' } },
          required: ['WORKORDER_ID'],
        },
      }),
    },
  });

  return async (app) => {
    app.get(
      '/request',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The customer's requests (CT_REQUESTS) and work orders (CT_WORK_ORDERS), newest first",
          response: answers({
            200: open('{ CT_REQUESTS: [...], CT_WORK_ORDERS: [...] } (docs/portal-api.md, requests)'),
          }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        const lang = requestLang(request);
        return {
          CT_REQUESTS: await requestsOf(ctx.db, customer, lang, (s) => t(lang, `requests:status.${s}`)),
          CT_WORK_ORDERS: await workOrdersOf(ctx.db, customer, lang),
        };
      },
    );

    app.get(
      '/request/contracts',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The customer's contracts as a list of values { LOV_NAME: 'CONTRACT', LOV_VALUE }",
          response: answers({ 200: open('{ LOV_NAME, LOV_VALUE: [{ VALUE, TEXT }] }') }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        const lang = requestLang(request);
        const contracts = await contractsOf(ctx.db, ctx.bundles, customer, lang, today(ctx));
        return {
          LOV_NAME: 'CONTRACT',
          LOV_VALUE: contracts.map((c) => ({
            VALUE: c.CONTRACT_NO,
            TEXT: [
              c.CONTRACT_NO,
              t(lang, `common:products.${c.PRODUCT_CODE.toLowerCase()}.short`),
              c.OBJECT_DESC,
            ]
              .filter(Boolean)
              .join(' · '),
          })),
        };
      },
    );

    app.post<{ Body: RequestInput }>('/request', createSchema('File a new request (work order)'), create);
    app.post<{ Body: RequestInput }>(
      '/workorder/newConnection',
      createSchema('File a new request: the spec’s name for POST /zcp/request'),
      create,
    );
  };
}
