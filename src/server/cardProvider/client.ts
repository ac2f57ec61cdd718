// The service's side of the provider's order-status query: the sandbox's records read in-process,
// or the real provider's REST call (getOrderStatusExtended) over HTTP.

import type { Db } from '../db';
import type { PaymentConfig } from '../payments/config';
import { type JccOrderStatus, readOrderStatusAnswer, STATUS_ERROR_CODE } from './jcc';
import { sandboxOrderAt } from './sandboxStore';

export type ProviderOrderStatus =
  | {
      found: true;
      orderStatus: JccOrderStatus;
      actionCode: number | null;
      amountCents: number;
      orderNumber: string;
      /** The card's binding (registered cards), its masked number and expiry: never the number. */
      binding?: CardBinding;
    }
  | { found: false };

export interface CardBinding {
  bindingId: string;
  maskedPan: string;
  expiry: string;
}

function bindingOf(answer: {
  bindingInfo?: { bindingId: string };
  cardAuthInfo?: { maskedPan?: string; expiration?: string };
}): CardBinding | undefined {
  if (!answer.bindingInfo) return undefined;
  return {
    bindingId: answer.bindingInfo.bindingId,
    maskedPan: answer.cardAuthInfo?.maskedPan ?? '',
    expiry: answer.cardAuthInfo?.expiration ?? '',
  };
}

export interface OrderStatusClient {
  /** The provider's view of one order. Rejects when the provider cannot be asked (network, credentials, garbage). */
  getOrderStatus(orderId: string): Promise<ProviderOrderStatus>;
}

/** Reads the sandbox's own table, applying its delayed deposits as its HTTP endpoint does. */
export function createSandboxStatusClient(
  db: Db,
  merchantId: string,
  now: () => Date = () => new Date(),
): OrderStatusClient {
  return {
    async getOrderStatus(orderId) {
      const order = await sandboxOrderAt(db, merchantId, orderId, now());
      if (!order) return { found: false };
      return {
        found: true,
        orderStatus: order.orderStatus,
        actionCode: order.actionCode,
        amountCents: order.amountCents,
        orderNumber: order.orderId,
        binding: order.bindingId
          ? {
              bindingId: order.bindingId,
              maskedPan: order.paddedCardNo ?? '',
              expiry: order.cardExpiry ?? '',
            }
          : undefined,
      };
    },
  };
}

export interface HttpStatusClientOptions {
  statusUrl: string;
  userName: string;
  password: string;
  timeoutMs?: number;
  /** Replaceable for tests; the global fetch by default. */
  fetch?: typeof fetch;
}

/** POSTs userName, password and orderNumber as a form and reads the JSON answer. */
export function createHttpStatusClient(options: HttpStatusClientOptions): OrderStatusClient {
  const doFetch = options.fetch ?? fetch;
  return {
    async getOrderStatus(orderId) {
      const response = await doFetch(options.statusUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          userName: options.userName,
          password: options.password,
          orderNumber: orderId,
        }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new Error(`order-status query answered HTTP ${response.status}`);
      const answer = readOrderStatusAnswer(await response.json());
      if (!answer) throw new Error('order-status query answered something that is not an order status');
      if (answer.errorCode === STATUS_ERROR_CODE.NOT_FOUND) return { found: false };
      if (
        answer.errorCode !== STATUS_ERROR_CODE.OK ||
        answer.orderStatus === undefined ||
        answer.amount === undefined
      ) {
        throw new Error(
          `order-status query failed: errorCode ${answer.errorCode} ${answer.errorMessage ?? ''}`.trim(),
        );
      }
      return {
        found: true,
        orderStatus: answer.orderStatus,
        actionCode: answer.actionCode ?? null,
        amountCents: answer.amount,
        orderNumber: answer.orderNumber ?? orderId,
        binding: bindingOf(answer),
      };
    },
  };
}

/** The client the configuration calls for: in-process for the sandbox, HTTP for the real provider. */
export function createStatusClient(
  db: Db,
  config: PaymentConfig,
  now: () => Date = () => new Date(),
): OrderStatusClient {
  if (config.mode === 'sandbox') return createSandboxStatusClient(db, config.merchantId, now);
  return createHttpStatusClient({
    statusUrl: config.statusUrl,
    userName: config.apiUser,
    password: config.apiPassword,
    timeoutMs: config.statusTimeoutMs,
  });
}
