// POST /zcp/jcc/return: the provider's signed result, posted by the visitor's browser. It is
// checked (signature, merchant, order, and for an approval the provider's own status of the order
// and its amount), applied idempotently, and the browser is sent on (303) to the web app's
// completion page.

import type { FastifyInstance } from 'fastify';
import type { ProviderOrderStatus } from '../cardProvider/client';
import {
  isApproved,
  type JccPaymentResponse,
  ORDER_ID_PATTERN,
  ORDER_STATUS,
  REASON_CODE,
  RESPONSE_CODE,
  readPaymentResponse,
  verifyResponseSignature,
} from '../cardProvider/jcc';
import { completeOrder, markOrderSuspect, type Outcome, type ProviderDetails } from './completion';
import { findOrder, noteUnconfirmedReturn, type PaymentOrder } from './orders';
import { RETURN_PATH } from './regpay';
import { bindingDetails } from './resolve';
import { completionUrl, contractReturnUrl, type PaymentsRuntime, resolveContext } from './runtime';

const field = { type: 'string', maxLength: 200 } as const;

const returnSchema = {
  body: {
    type: 'object',
    required: ['MerID', 'AcqID', 'OrderID', 'ResponseCode', 'ReasonCode', 'ResponseSignature'],
    properties: {
      MerID: field,
      AcqID: field,
      OrderID: field,
      ResponseCode: field,
      ReasonCode: field,
      ReasonCodeDesc: field,
      ReferenceNo: field,
      PaddedCardNo: field,
      AuthCode: field,
      ResponseSignature: field,
    },
  },
} as const;

function detailsOf(response: JccPaymentResponse): ProviderDetails {
  return {
    responseCode: response.ResponseCode,
    reasonCode: response.ReasonCode,
    reasonText: response.ReasonCodeDesc,
    referenceNo: response.ReferenceNo,
    paddedCardNo: response.PaddedCardNo,
    authCode: response.AuthCode,
  };
}

/** A signed decline or error, as the order status it becomes. */
function failureOutcome(response: JccPaymentResponse): Outcome {
  const details = detailsOf(response);
  if (response.ResponseCode === RESPONSE_CODE.DECLINED) {
    const cancelled = response.ReasonCode === REASON_CODE.CARDHOLDER_CANCELLED;
    return { result: cancelled ? 'CANCELLED' : 'DECLINED', details };
  }
  return { result: 'ERROR', details };
}

/**
 * A signed approval counts only once the provider's own order-status answer confirms the order
 * and its amount: deposited is a full success, pre-authorised (the premium held) a success with
 * the premium pending. A different amount or an unpaid status contradicts it (ERROR). An order
 * the provider does not know, one it reports as not paid yet, or a provider that cannot be asked
 * confirms nothing: null, the order stays unanswered and issues nothing until a later status query
 * (the completion page's ORDSTAT, or the recovery job) settles it.
 */
async function approvalOutcome(
  rt: PaymentsRuntime,
  order: PaymentOrder,
  response: JccPaymentResponse,
): Promise<Outcome | null> {
  const details = detailsOf(response);
  let status: ProviderOrderStatus;
  try {
    status = await rt.client.getOrderStatus(order.orderId);
  } catch (error) {
    rt.log.warn(
      { event: 'payment.status_query_failed', orderId: order.orderId, err: error },
      'approval not confirmed yet: nothing issued until the provider answers',
    );
    return null;
  }
  if (!status.found || status.orderNumber !== order.orderId) {
    rt.log.warn(
      { event: 'payment.security', reason: 'approval_unknown_to_provider', orderId: order.orderId },
      'signed approval for an order the provider does not know: nothing issued',
    );
    return null;
  }
  const withStatus = { ...details, providerOrderStatus: status.orderStatus, ...bindingDetails(status) };
  if (status.amountCents !== order.amountCents) {
    rt.log.error(
      {
        event: 'payment.security',
        reason: 'amount_mismatch',
        orderId: order.orderId,
        expected: order.amountCents,
        provider: status.amountCents,
      },
      'approved amount differs from the order',
    );
    return {
      result: 'ERROR',
      details: { ...withStatus, reasonCode: 'AMOUNT_MISMATCH', reasonText: 'Amount differs at the provider' },
    };
  }
  switch (status.orderStatus) {
    case ORDER_STATUS.DEPOSITED:
      return { result: 'APPROVED', details: withStatus };
    case ORDER_STATUS.PRE_AUTHORISED:
      return { result: 'APPROVED_PENDING', details: withStatus };
    case ORDER_STATUS.REGISTERED:
    case ORDER_STATUS.THREE_DS_STARTED:
      rt.log.warn(
        { event: 'payment.approval_unconfirmed', orderId: order.orderId, providerStatus: status.orderStatus },
        'provider does not report the order paid yet: nothing issued',
      );
      return null;
    default:
      rt.log.error(
        {
          event: 'payment.security',
          reason: 'status_contradicts_return',
          orderId: order.orderId,
          providerStatus: status.orderStatus,
        },
        'signed approval but the provider reports the order unpaid',
      );
      return { result: 'ERROR', details: withStatus };
  }
}

export function registerProviderReturn(app: FastifyInstance, rt: PaymentsRuntime): void {
  app.post(RETURN_PATH, { schema: returnSchema }, async (request, reply) => {
    const response = readPaymentResponse(request.body);
    const orderId = response?.OrderID ?? '';
    const redirect = () => reply.redirect(completionUrl(rt, orderId), 303);
    const distrust = async (reason: string, text: string) => {
      rt.log.warn(
        { event: 'payment.security', reason, orderId, ip: request.ip },
        `payment return rejected: ${reason}`,
      );
      if (ORDER_ID_PATTERN.test(orderId))
        await markOrderSuspect(rt.db, orderId, { code: reason.toUpperCase(), text }, { now: rt.now() });
      return redirect();
    };

    if (!response || !verifyResponseSignature(rt.config.password, response)) {
      return distrust('bad_signature', 'The return message failed its signature check');
    }
    if (response.MerID !== rt.config.merchantId || response.AcqID !== rt.config.acquirerId) {
      return distrust('unknown_merchant', 'The return message names another merchant');
    }
    const order = await findOrder(rt.db, orderId);
    if (!order) {
      rt.log.warn(
        { event: 'payment.security', reason: 'unknown_order', orderId, ip: request.ip },
        'signed return for an unknown order',
      );
      return redirect();
    }

    const outcome =
      order.status === 'APPROVED' && isApproved(response)
        ? { result: 'APPROVED' as const, details: detailsOf(response) }
        : isApproved(response)
          ? await approvalOutcome(rt, order, response)
          : failureOutcome(response);
    if (!outcome) {
      await noteUnconfirmedReturn(rt.db, orderId, rt.now());
      if (order.purpose !== 'OFFER' && order.contractNo)
        return reply.redirect(contractReturnUrl(rt, order.contractNo, orderId), 303);
      return redirect();
    }
    await completeOrder(rt.db, orderId, { ...outcome, fromReturn: true }, resolveContext(rt));
    // A contract's order (card registration, balance) returns to its payment-method page.
    if (order.purpose !== 'OFFER' && order.contractNo)
      return reply.redirect(contractReturnUrl(rt, order.contractNo, orderId), 303);
    return redirect();
  });
}
