// Settling an order by asking the provider (its order-status query): how a lost return is
// recovered, how a held premium is confirmed, and how an abandoned payment page is closed.

import type { OrderStatusClient, ProviderOrderStatus } from '../cardProvider/client';
import { ORDER_STATUS } from '../cardProvider/jcc';
import type { Db } from '../db';
import {
  type CompletionContext,
  completeOrder,
  isApprovedStatus,
  type Outcome,
  type ProviderDetails,
} from './completion';
import type { PaymentConfig } from './config';
import { findOrder, markStatusChecked, type PaymentOrder, toPaymentOrder } from './orders';

export interface ResolveContext extends CompletionContext {
  client: OrderStatusClient;
  config: Pick<PaymentConfig, 'abandonAfterMinutes'>;
}

const ABANDONED = { reasonCode: 'ABANDONED', reasonText: 'The payment page was not completed' };

/** No trustworthy answer yet: no return, or one that failed its checks. */
function unanswered(order: PaymentOrder): boolean {
  return order.status === 'REGISTERED' || order.status === 'ERROR';
}

/** A registered card's binding as the provider's status gives it, for the order row. */
export function bindingDetails(status: ProviderOrderStatus): { bindingId?: string; cardExpiry?: string } {
  if (!status.found || !status.binding) return {};
  return { bindingId: status.binding.bindingId, cardExpiry: status.binding.expiry };
}

/** What a provider status means for an order in the state it is in; null when nothing changes. */
export function outcomeFromStatus(
  order: PaymentOrder,
  status: ProviderOrderStatus,
  now: Date,
  abandonAfterMinutes: number,
): Outcome | null {
  const abandoned = now.getTime() - order.createdAt.getTime() > abandonAfterMinutes * 60_000;
  if (!status.found) {
    // The browser never reached the provider (or not yet).
    return unanswered(order) && abandoned ? { result: 'CANCELLED', details: ABANDONED } : null;
  }
  const details: ProviderDetails = { providerOrderStatus: status.orderStatus, ...bindingDetails(status) };
  // No return carried the card (it was lost): the provider's status shows it masked, with the binding.
  if (!order.paddedCardNo && status.binding?.maskedPan) details.paddedCardNo = status.binding.maskedPan;
  switch (status.orderStatus) {
    case ORDER_STATUS.DEPOSITED:
      return order.status === 'APPROVED' ? null : { result: 'APPROVED', details };
    case ORDER_STATUS.PRE_AUTHORISED:
      return isApprovedStatus(order.status) ? null : { result: 'APPROVED_PENDING', details };
    case ORDER_STATUS.DECLINED:
    case ORDER_STATUS.REVERSED:
    case ORDER_STATUS.REFUNDED:
      if (order.status === 'DECLINED' || order.status === 'CANCELLED') return null;
      return {
        result: 'DECLINED',
        details: { ...details, reasonText: `Provider order status ${status.orderStatus}` },
      };
    default:
      // Registered or 3-D Secure started: the visitor is still on the provider's pages, or left them.
      return unanswered(order) && abandoned
        ? { result: 'CANCELLED', details: { ...details, ...ABANDONED } }
        : null;
  }
}

/**
 * Asks the provider about one order and applies the answer the same idempotent way as a return.
 * A provider that cannot be reached, or an amount that differs from the order's, changes nothing
 * but the log. Answers the order as it now stands (null when unknown).
 */
export async function resolveOrderByStatusQuery(
  db: Db,
  orderId: string,
  ctx: ResolveContext,
): Promise<PaymentOrder | null> {
  const order = await findOrder(db, orderId);
  if (!order || order.status === 'APPROVED') return order;
  let status: ProviderOrderStatus;
  try {
    status = await ctx.client.getOrderStatus(orderId);
  } catch (error) {
    ctx.log.warn({ event: 'payment.status_query_failed', orderId, err: error }, 'order-status query failed');
    return order;
  }
  await markStatusChecked(db, orderId, status.found ? status.orderStatus : null, ctx.now);
  if (status.found && status.amountCents !== order.amountCents) {
    ctx.log.error(
      {
        event: 'payment.security',
        reason: 'amount_mismatch',
        orderId,
        expected: order.amountCents,
        provider: status.amountCents,
      },
      'provider reports a different amount for the order',
    );
    if (!isApprovedStatus(order.status)) {
      await completeOrder(
        db,
        orderId,
        {
          result: 'ERROR',
          details: { reasonCode: 'AMOUNT_MISMATCH', reasonText: 'Amount differs at the provider' },
        },
        ctx,
      );
    }
    return findOrder(db, orderId);
  }
  if (order.status === 'APPROVED_PENDING' && status.found && !isPaidStatus(status.orderStatus)) {
    ctx.log.warn(
      {
        event: 'payment.pending_premium_failed',
        orderId,
        contractNo: order.contractNo,
        providerStatus: status.orderStatus,
      },
      'held premium was not collected: back-office review',
    );
    return order;
  }
  const outcome = outcomeFromStatus(order, status, ctx.now, ctx.config.abandonAfterMinutes);
  if (!outcome) return findOrder(db, orderId);
  const completion = await completeOrder(db, orderId, outcome, ctx);
  return completion?.order ?? null;
}

function isPaidStatus(status: number): boolean {
  return status === ORDER_STATUS.PRE_AUTHORISED || status === ORDER_STATUS.DEPOSITED;
}

export interface RecoveryOptions extends Omit<ResolveContext, 'now'> {
  now?: () => Date;
  /** Unanswered orders younger than this are left to their return (seconds). */
  graceSeconds?: number;
  /** At most this many orders per run. */
  limit?: number;
}

export interface RecoverySummary {
  checked: number;
  approved: number;
  failed: number;
  unchanged: number;
}

/**
 * Settles stale orders: unanswered ones past the grace period, those whose return failed its
 * checks, and approvals whose premium is still held. Meant to run every minute or so.
 */
export async function recoverStalePayments(db: Db, options: RecoveryOptions): Promise<RecoverySummary> {
  const clock = options.now ?? (() => new Date());
  const startedAt = clock();
  const cutoff = new Date(startedAt.getTime() - (options.graceSeconds ?? 120) * 1000);
  const rows = await db.query(
    `SELECT * FROM payment_orders
     WHERE (status IN ('REGISTERED', 'ERROR') AND contract_no IS NULL AND created_at < $1
            AND COALESCE(reason_code, '') <> 'AMOUNT_MISMATCH')
        OR status = 'APPROVED_PENDING'
     ORDER BY COALESCE(status_checked_at, created_at)
     LIMIT $2`,
    [cutoff, options.limit ?? 50],
  );
  const summary: RecoverySummary = { checked: 0, approved: 0, failed: 0, unchanged: 0 };
  for (const before of rows.map(toPaymentOrder)) {
    summary.checked++;
    const after = await resolveOrderByStatusQuery(db, before.orderId, { ...options, now: clock() });
    if (!after || after.status === before.status) summary.unchanged++;
    else if (isApprovedStatus(after.status)) summary.approved++;
    else summary.failed++;
  }
  if (summary.checked > 0)
    options.log.info({ event: 'payment.recovery', ...summary }, 'stale payments checked');
  return summary;
}
