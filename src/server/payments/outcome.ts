// What the provider's answer does to a payment order: its outcome, the order row saved with it,
// and what completing an order tells its caller. Shared by the offer's completion (completion.ts)
// and a contract's own orders (contractOrders.ts), which completion calls: kept below both, so the
// payment files import one way.

import type { FlowBundle } from '../../engine/flow/bundle';
import type { Db } from '../db';
import { type OrderStatus, type PaymentOrder, toPaymentOrder } from './orders';

/** What the provider said, as far as it said it; missing parts keep what the order already has. */
export interface ProviderDetails {
  responseCode?: string;
  reasonCode?: string;
  reasonText?: string;
  referenceNo?: string;
  paddedCardNo?: string;
  authCode?: string;
  providerOrderStatus?: number;
  /** A registered card's binding and expiry, from the provider's order status (never the number). */
  bindingId?: string;
  cardExpiry?: string;
}

export type OrderResult = Exclude<OrderStatus, 'REGISTERED'>;

export interface Outcome {
  result: OrderResult;
  details: ProviderDetails;
  /** True when this comes from the provider's return message (recorded as return_received_at). */
  fromReturn?: boolean;
}

/** Pino-compatible logger (Fastify's `app.log`). */
export interface PaymentLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface CompletionContext {
  now: Date;
  log: PaymentLog;
  flows: FlowBundle[];
  /** Called after a mail was queued and committed (wakes the outbox sender). */
  onMailQueued?: () => void;
  /** The site's origin, for the policy e-mail's withdrawal link. */
  publicUrl?: string;
}

export interface Completion {
  order: PaymentOrder;
  /** A contract was issued by this call. */
  issued: boolean;
}

const APPROVED: ReadonlySet<OrderStatus> = new Set(['APPROVED', 'APPROVED_PENDING']);

export function isApprovedStatus(status: OrderStatus): boolean {
  return APPROVED.has(status);
}

export async function saveOrder(
  db: Db,
  order: PaymentOrder,
  changes: {
    status?: OrderStatus;
    contractNo?: string;
    refundRequired?: boolean;
    completed?: boolean;
    reviewReason?: string;
  },
  outcome: Outcome,
  now: Date,
): Promise<PaymentOrder> {
  const d = outcome.details;
  const rows = await db.query(
    `UPDATE payment_orders SET
       status = $2,
       response_code = COALESCE($3, response_code),
       reason_code = COALESCE($4, reason_code),
       reason_text = COALESCE($5, reason_text),
       reference_no = COALESCE($6, reference_no),
       padded_card_no = COALESCE($7, padded_card_no),
       auth_code = COALESCE($8, auth_code),
       provider_order_status = COALESCE($9, provider_order_status),
       contract_no = COALESCE($10, contract_no),
       refund_required = refund_required OR $11,
       return_received_at = CASE WHEN $12 THEN COALESCE(return_received_at, $13) ELSE return_received_at END,
       completed_at = CASE WHEN $14 THEN COALESCE(completed_at, $13) ELSE completed_at END,
       updated_at = $13,
       binding_id = COALESCE($15, binding_id),
       card_expiry = COALESCE($16, card_expiry),
       review_reason = COALESCE($17, review_reason),
       version = version + 1
     WHERE order_id = $1
     RETURNING *`,
    [
      order.orderId,
      changes.status ?? order.status,
      d.responseCode ?? null,
      d.reasonCode ?? null,
      d.reasonText ?? null,
      d.referenceNo || null,
      d.paddedCardNo || null,
      d.authCode || null,
      d.providerOrderStatus ?? null,
      changes.contractNo ?? null,
      changes.refundRequired ?? false,
      outcome.fromReturn === true,
      now,
      changes.completed ?? false,
      d.bindingId || null,
      d.cardExpiry || null,
      changes.reviewReason ?? null,
    ],
  );
  return toPaymentOrder(rows[0]);
}
