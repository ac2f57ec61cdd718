// The service's side of the provider's refund call: the sandbox's records refunded in-process, or
// the real provider's REST refund.do over HTTP. refund.do names the provider's own order id
// (mdOrder), so the HTTP client first reads it from the order status (getOrderStatusExtended).
// The same status says what is refunded of the order so far (paymentAmountInfo.refundedAmount):
// a refund cut off before its answer arrived is resumed by refunding only what is missing.

import type { Db } from '../db';
import type { PaymentConfig } from '../payments/config';
import {
  mdOrderOf,
  REFUND_ERROR_CODE,
  readOrderStatusAnswer,
  readRefundAnswer,
  STATUS_ERROR_CODE,
} from './jcc';
import { refundSandboxOrder } from './sandboxStore';

export type RefundOutcome = { ok: true } | { ok: false; code: string; message: string };

export interface RefundClient {
  /** Refunds `amountCents` of the merchant's order `orderId`. Rejects when the provider cannot be asked. */
  refund(orderId: string, amountCents: number): Promise<RefundOutcome>;
  /**
   * What is refunded of the order so far, cents; null when the provider has no such order. Rejects
   * when the provider cannot be asked or does not say.
   */
  refundedCents(orderId: string): Promise<number | null>;
}

const REFUSED_TEXT: Record<string, string> = {
  [REFUND_ERROR_CODE.NOT_FOUND]: 'order not found at the provider',
  [REFUND_ERROR_CODE.REFUSED]: 'refund refused: amount above what is left, or the order is not deposited',
};

export function createSandboxRefundClient(
  db: Db,
  merchantId: string,
  now: () => Date = () => new Date(),
): RefundClient {
  return {
    async refund(orderId, amountCents) {
      const outcome = await refundSandboxOrder(db, merchantId, { orderId }, amountCents, now());
      if (outcome === 'OK') return { ok: true };
      const code = outcome === 'NOT_FOUND' ? REFUND_ERROR_CODE.NOT_FOUND : REFUND_ERROR_CODE.REFUSED;
      return { ok: false, code, message: REFUSED_TEXT[code] };
    },
    async refundedCents(orderId) {
      const [row] = await db.query<{ refunded_cents: number }>(
        'SELECT refunded_cents FROM sandbox_orders WHERE mer_id = $1 AND order_id = $2',
        [merchantId, orderId],
      );
      return row ? Number(row.refunded_cents) : null;
    },
  };
}

export interface HttpRefundClientOptions {
  statusUrl: string;
  refundUrl: string;
  userName: string;
  password: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpRefundClient(options: HttpRefundClientOptions): RefundClient {
  const doFetch = options.fetch ?? fetch;
  const post = async (url: string, fields: Record<string, string>) => {
    const response = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        userName: options.userName,
        password: options.password,
        ...fields,
      }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
    });
    if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const statusOf = async (orderId: string) => {
    const json = await post(options.statusUrl, { orderNumber: orderId });
    const status = readOrderStatusAnswer(json);
    if (!status) throw new Error('order-status query answered something that is not an order status');
    return { json, status };
  };
  return {
    async refundedCents(orderId) {
      const { status } = await statusOf(orderId);
      if (status.errorCode === STATUS_ERROR_CODE.NOT_FOUND) return null;
      const refunded = status.paymentAmountInfo?.refundedAmount;
      if (status.errorCode !== STATUS_ERROR_CODE.OK || refunded === undefined)
        throw new Error(`order-status query gave no refunded amount (errorCode ${status.errorCode})`);
      return refunded;
    },
    async refund(orderId, amountCents) {
      const { json: statusJson, status } = await statusOf(orderId);
      if (status.errorCode === STATUS_ERROR_CODE.NOT_FOUND)
        return {
          ok: false,
          code: REFUND_ERROR_CODE.NOT_FOUND,
          message: REFUSED_TEXT[REFUND_ERROR_CODE.NOT_FOUND],
        };
      const mdOrder = mdOrderOf(statusJson);
      if (status.errorCode !== STATUS_ERROR_CODE.OK || !mdOrder)
        throw new Error(`order-status query gave no provider order id (errorCode ${status.errorCode})`);
      const answer = readRefundAnswer(
        await post(options.refundUrl, { orderId: mdOrder, amount: String(amountCents) }),
      );
      if (!answer) throw new Error('refund.do answered something that is not a refund answer');
      if (answer.errorCode === REFUND_ERROR_CODE.OK) return { ok: true };
      if (answer.errorCode === REFUND_ERROR_CODE.ACCESS_DENIED) throw new Error('refund.do: access denied');
      return {
        ok: false,
        code: answer.errorCode,
        message: answer.errorMessage ?? REFUSED_TEXT[answer.errorCode] ?? '',
      };
    },
  };
}

/** The refund client the configuration calls for: in-process for the sandbox, HTTP for the real provider. */
export function createRefundClient(
  db: Db,
  config: PaymentConfig,
  now: () => Date = () => new Date(),
): RefundClient {
  if (config.mode === 'sandbox') return createSandboxRefundClient(db, config.merchantId, now);
  return createHttpRefundClient({
    statusUrl: config.statusUrl,
    refundUrl: config.refundUrl,
    userName: config.apiUser,
    password: config.apiPassword,
    timeoutMs: config.statusTimeoutMs,
  });
}
