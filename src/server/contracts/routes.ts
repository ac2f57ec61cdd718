// /zcp/contract/detail, /zcp/contract/print and /zcp/GetPDF (issue 14 items 1 and 2): the
// logged-in customer's own contract only (403 FORBIDDEN otherwise, 401 without a login). The list,
// /zcp/contract/search/{x}, is the dashboard's call in customerRoutes.ts.

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { auth, requireSession } from '../accounts/http';
import { caseHistory } from '../casework/progress';
import type { Db } from '../db';
import { type ServiceContext, today } from '../platform/context';
import { requestLang } from '../platform/errors';
import { type Lang, t } from '../platform/i18n';
import { answers, body, open, str } from '../platform/schemaParts';
import { contractDetail, holderName, ownContract } from './detail';
import { policySchedulePdf, scheduleFileName } from './policySchedule';

const TAG = 'portal: contracts';

const CONTRACT_KEY = { CONTRACT_NO: str(20), PRODUCT_ID: str(10) };

const PDF_ANSWER = {
  200: {
    description: 'The policy schedule (application/pdf, attachment), in the Accept-Language language',
    content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
  },
};

type ContractKey = { CONTRACT_NO: string; PRODUCT_ID: string };

export function contractRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');

  async function detailOf(request: FastifyRequest, contractNo: string, productId: string) {
    const { customer } = auth(request);
    const row = await ownContract(ctx.db, customer, contractNo, productId);
    const lang = requestLang(request);
    return { row, detail: contractDetail(row, ctx.bundles, customer, lang, today(ctx)), lang };
  }

  async function sendSchedule(request: FastifyRequest<{ Body: ContractKey }>, reply: FastifyReply) {
    const { row, detail, lang } = await detailOf(request, request.body.CONTRACT_NO, request.body.PRODUCT_ID);
    const pdf = await policySchedulePdf({
      detail,
      holderName: holderName(row.data, detail),
      lang,
      issuedOn: today(ctx),
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${scheduleFileName(row.contract_no, lang)}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  }

  return async (app) => {
    app.get<{ Params: { contractNo: string; productId: string } }>(
      '/contract/detail/:contractNo/:productId',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "One of the customer's contracts: contract, customer, payment data and the insured object",
          params: body({ contractNo: str(20), productId: str(10) }, ['contractNo', 'productId']),
          response: answers({
            200: open(
              '{ CS_CONTRACT, CS_CUSTOMER, CS_CUST_ENTITIES: { CS_PAYMENT_DATA }, CS_OBJECT, CT_OBJECT_<PRODUCT>: [CS_OBJECT], CT_PAYMENT_REVIEWS: [{ REF, REASON, STATUS, STATUS_DESC, ET_HISTORY }] } (docs/portal-api.md §8)',
            ),
          }),
        },
      },
      async (request) => {
        const { detail, lang } = await detailOf(request, request.params.contractNo, request.params.productId);
        return {
          ...detail,
          CT_PAYMENT_REVIEWS: await paymentReviewsOf(ctx.db, request.params.contractNo, lang),
        };
      },
    );

    app.post<{ Body: ContractKey }>(
      '/contract/print',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The policy schedule of one of the customer's contracts, as a PDF",
          body: body(CONTRACT_KEY, ['CONTRACT_NO', 'PRODUCT_ID']),
          response: answers(PDF_ANSWER),
        },
      },
      sendSchedule,
    );

    app.post<{ Body: ContractKey }>(
      '/GetPDF',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'The same policy schedule PDF as /contract/print (the name the portal screens use)',
          body: body(CONTRACT_KEY, ['CONTRACT_NO', 'PRODUCT_ID']),
          response: answers(PDF_ANSWER),
        },
      },
      sendSchedule,
    );
  };
}

/**
 * The contract's payment-method reviews (issue 28 item 3): the payment the back office must look
 * at (a standing order or direct debit that could not be set up), with its status and history.
 */
async function paymentReviewsOf(db: Db, contractNo: string, lang: Lang) {
  const rows = await db.query<{ order_id: string; review_reason: string; status: string }>(
    `SELECT order_id, review_reason, COALESCE(review_status, 'OPEN') AS status
       FROM payment_orders WHERE contract_no = $1 AND review_reason IS NOT NULL ORDER BY created_at`,
    [contractNo],
  );
  return Promise.all(
    rows.map(async (r) => ({
      REF: r.order_id,
      REASON: r.review_reason,
      REASON_DESC: t(lang, `requests:reviewReasons.${r.review_reason}`),
      STATUS: r.status,
      STATUS_DESC: t(lang, `requests:reviewStatuses.${r.status}`),
      ET_HISTORY: await caseHistory(db, 'PAYMENT_REVIEW', r.order_id, lang),
    })),
  );
}
