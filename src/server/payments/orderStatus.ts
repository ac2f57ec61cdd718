// GET /zcp/paymeth/ORDSTAT: the outcome the completion page shows. An order with no trustworthy
// answer yet is checked with the provider first, so a lost return is recovered here.
// POST /zcp/jcc/PendPaymTimeOut/pendtimeout: settles a policy's held premium the same way.
// Both answer only the offer's owner (offer cookie or the e-mailed link's TOKEN); for anyone else
// an order or contract is exactly as unknown as one that does not exist, and no provider is asked.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { centsToEuro } from '../../engine/money';
import { REASON_CODE } from '../cardProvider/jcc';
import { notFound } from '../platform/errors';
import { findOrder, orderOfContract, type PaymentOrder } from './orders';
import { resolveOrderByStatusQuery } from './resolve';
import { type PaymentsRuntime, resolveContext } from './runtime';
import { type PaymentLang, paymentText, pickLang } from './texts';

export const ORDSTAT_PATH = '/zcp/paymeth/ORDSTAT';
export const PENDTIMEOUT_PATH = '/zcp/jcc/PendPaymTimeOut/pendtimeout';

/** The completion page's outcome values. */
export type PaymentOutcomeStatus = 'SUCCESS' | 'SUCCESS_PENDING' | 'FAILED' | 'PENDING';

export interface OrderStatusAnswer {
  ORDER_ID: string;
  STATUS: PaymentOutcomeStatus;
  OFFER_NO: string;
  PRODUCT_ID: string;
  /** Euro, two decimals. */
  AMOUNT: number;
  CONTRACT_NO?: string;
  MESSAGE: string;
  /** What the order paid for: OFFER, CARD_REGISTRATION or BALANCE (a contract's own order). */
  PURPOSE: PaymentOrder['purpose'];
  /** The provider's reason, for a failed payment. */
  REASON_TEXT?: string;
}

/** The provider is asked again at most this often per order (completion pages poll). */
const RECHECK_MS = 2000;

export function outcomeStatus(status: PaymentOrder['status']): PaymentOutcomeStatus {
  switch (status) {
    case 'APPROVED':
      return 'SUCCESS';
    case 'APPROVED_PENDING':
      return 'SUCCESS_PENDING';
    case 'REGISTERED':
      return 'PENDING';
    default:
      return 'FAILED';
  }
}

function messageOf(order: PaymentOrder, status: PaymentOutcomeStatus, lang: PaymentLang): string {
  const contractNo = order.contractNo ?? '';
  if (status === 'SUCCESS' && order.refundRequired)
    return paymentText(lang, 'status.duplicate', { contractNo });
  if (
    status === 'FAILED' &&
    order.status === 'CANCELLED' &&
    order.reasonCode === REASON_CODE.CARDHOLDER_CANCELLED
  ) {
    return paymentText(lang, 'status.CANCELLED');
  }
  return paymentText(lang, `status.${status}`, { contractNo });
}

/**
 * An offer's order is its offer owner's; a contract's own order (card registration, balance) is
 * the logged-in customer's who started it, and nobody else's.
 */
async function mayReadOrder(
  rt: PaymentsRuntime,
  request: FastifyRequest,
  order: PaymentOrder,
  token: string | undefined,
): Promise<boolean> {
  if (order.purpose === 'OFFER') return rt.offers.mayAccess(request, order.offerNo, token);
  const customerNo = await rt.contracts?.()?.customerOf(request);
  return !!customerNo && customerNo === order.customerNo;
}

export function registerOrderStatus(app: FastifyInstance, rt: PaymentsRuntime): void {
  app.get<{ Querystring: { ORDER_ID: string; LANGUAGE?: string; TOKEN?: string } }>(
    ORDSTAT_PATH,
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['ORDER_ID'],
          properties: {
            ORDER_ID: { type: 'string', minLength: 1, maxLength: 60 },
            LANGUAGE: { type: 'string', maxLength: 10 },
            TOKEN: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request): Promise<OrderStatusAnswer> => {
      const lang = pickLang(request.query.LANGUAGE, request.headers['accept-language']);
      const orderId = request.query.ORDER_ID.trim();
      let order = await findOrder(rt.db, orderId);
      if (!order || !(await mayReadOrder(rt, request, order, request.query.TOKEN)))
        throw notFound('payment:errors.orderNotFound');
      const unsettled =
        order.status === 'REGISTERED' || order.status === 'ERROR' || order.status === 'APPROVED_PENDING';
      const checkedRecently =
        order.statusCheckedAt !== null && rt.now().getTime() - order.statusCheckedAt.getTime() < RECHECK_MS;
      if (unsettled && !checkedRecently)
        order = (await resolveOrderByStatusQuery(rt.db, orderId, resolveContext(rt))) ?? order;

      const [offer] = await rt.db.query<{ product_id: string }>(
        'SELECT product_id FROM offers WHERE offer_no = $1',
        [order.offerNo],
      );
      const status = outcomeStatus(order.status);
      const answer: OrderStatusAnswer = {
        ORDER_ID: order.orderId,
        STATUS: status,
        OFFER_NO: order.offerNo,
        PRODUCT_ID: offer?.product_id ?? '',
        AMOUNT: centsToEuro(order.amountCents),
        MESSAGE: messageOf(order, status, lang),
        PURPOSE: order.purpose,
      };
      if (order.contractNo) answer.CONTRACT_NO = order.contractNo;
      if (status === 'FAILED' && order.reasonText) answer.REASON_TEXT = order.reasonText;
      return answer;
    },
  );

  app.post<{
    Body: { CONTRACT_NO: string; PRODUCT_ID?: string | number; I_MODE?: string | number; TOKEN?: string };
  }>(
    PENDTIMEOUT_PATH,
    {
      schema: {
        body: {
          type: 'object',
          required: ['CONTRACT_NO'],
          properties: {
            CONTRACT_NO: { type: 'string', minLength: 1, maxLength: 40 },
            PRODUCT_ID: { type: ['string', 'integer'], maxLength: 20, minimum: 0 },
            I_MODE: { type: ['string', 'integer'], maxLength: 10 },
            TOKEN: { type: 'string', maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const lang = pickLang(undefined, request.headers['accept-language']);
      const { CONTRACT_NO: contractNo, PRODUCT_ID: productId, I_MODE: mode } = request.body;
      const find = () =>
        rt.db.query<{
          contract_no: string;
          product_id: string;
          status: string;
          offer_no: string;
          customer_no: string | null;
        }>(
          'SELECT contract_no, product_id, status, offer_no, customer_no FROM contracts WHERE contract_no = $1',
          [contractNo.trim()],
        );
      const [contract] = await find();
      if (
        !contract ||
        (productId !== undefined && String(productId).trim() !== contract.product_id) ||
        !(
          (await rt.offers.mayAccess(request, contract.offer_no, request.body.TOKEN)) ||
          // The logged-in customer whose contract it is (the portal's payment-method page).
          (contract.customer_no !== null &&
            (await rt.contracts?.()?.customerOf(request)) === contract.customer_no)
        )
      )
        throw notFound('payment:errors.contractNotFound');

      let order = await orderOfContract(rt.db, contract.contract_no);
      if (order?.status === 'APPROVED_PENDING') {
        rt.log.info(
          { event: 'payment.pending_check', contractNo, mode: String(mode ?? '') },
          'pending premium checked with the provider',
        );
        order = (await resolveOrderByStatusQuery(rt.db, order.orderId, resolveContext(rt))) ?? order;
      }
      const [now] = await find();
      const status: PaymentOutcomeStatus = now.status === 'ACTIVE' ? 'SUCCESS' : 'SUCCESS_PENDING';
      return {
        CONTRACT_NO: now.contract_no,
        PRODUCT_ID: now.product_id,
        STATUS: now.status,
        PAYMENT_STATUS: status,
        ORDER_ID: order?.orderId ?? '',
        MESSAGE: paymentText(lang, `status.${status}`, { contractNo: now.contract_no }),
      };
    },
  );
}
