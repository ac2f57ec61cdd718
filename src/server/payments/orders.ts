// payment_orders: one row per attempt to pay an offer.

import type { Db } from '../db';

export const ORDER_STATUSES = [
  'REGISTERED',
  'APPROVED',
  'APPROVED_PENDING',
  'DECLINED',
  'CANCELLED',
  'ERROR',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What an order pays for (migration 0007): an offer, a contract's card registration or its balance. */
export type OrderPurpose = 'OFFER' | 'CARD_REGISTRATION' | 'BALANCE';

export interface PaymentOrder {
  orderId: string;
  purpose: OrderPurpose;
  /** The portal customer who started a contract's order (null for an offer's). */
  customerNo: string | null;
  bindingId: string | null;
  /** MM/YYYY, from the provider's status of a registered card. */
  cardExpiry: string | null;
  offerNo: string;
  attempt: number;
  amountCents: number;
  currency: string;
  language: 'el' | 'en';
  status: OrderStatus;
  responseCode: string | null;
  reasonCode: string | null;
  reasonText: string | null;
  referenceNo: string | null;
  paddedCardNo: string | null;
  authCode: string | null;
  providerOrderStatus: number | null;
  contractNo: string | null;
  refundRequired: boolean;
  /** The back office must look at this payment's contract (paymentMethod.ts ReviewReason); null when not. */
  reviewReason: string | null;
  createdAt: Date;
  updatedAt: Date;
  returnReceivedAt: Date | null;
  statusCheckedAt: Date | null;
  completedAt: Date | null;
  version: number;
}

function date(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && value !== '') return new Date(value);
  return null;
}

function text(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}

export function toPaymentOrder(row: Record<string, unknown>): PaymentOrder {
  const status = String(row.status) as OrderStatus;
  return {
    orderId: String(row.order_id),
    purpose:
      row.purpose === 'CARD_REGISTRATION' || row.purpose === 'BALANCE' ? row.purpose : ('OFFER' as const),
    customerNo: text(row.customer_no),
    bindingId: text(row.binding_id),
    cardExpiry: text(row.card_expiry),
    offerNo: String(row.offer_no),
    attempt: Number(row.attempt),
    amountCents: Number(row.amount_cents),
    currency: String(row.currency),
    language: row.language === 'en' ? 'en' : 'el',
    status: ORDER_STATUSES.includes(status) ? status : 'ERROR',
    responseCode: text(row.response_code),
    reasonCode: text(row.reason_code),
    reasonText: text(row.reason_text),
    referenceNo: text(row.reference_no),
    paddedCardNo: text(row.padded_card_no),
    authCode: text(row.auth_code),
    providerOrderStatus: row.provider_order_status === null ? null : Number(row.provider_order_status),
    contractNo: text(row.contract_no),
    refundRequired: row.refund_required === true,
    reviewReason: text(row.review_reason),
    createdAt: date(row.created_at) ?? new Date(0),
    updatedAt: date(row.updated_at) ?? new Date(0),
    returnReceivedAt: date(row.return_received_at),
    statusCheckedAt: date(row.status_checked_at),
    completedAt: date(row.completed_at),
    version: Number(row.version),
  };
}

export async function findOrder(
  db: Db,
  orderId: string,
  options: { lock?: boolean } = {},
): Promise<PaymentOrder | null> {
  const rows = await db.query(
    `SELECT * FROM payment_orders WHERE order_id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [orderId],
  );
  return rows[0] ? toPaymentOrder(rows[0]) : null;
}

/**
 * The newest order of an offer that may still turn out paid (not answered yet, or failed on an
 * unverified message): one indexed row, however many attempts the offer has.
 */
export async function latestUnsettledOrder(db: Db, offerNo: string): Promise<PaymentOrder | null> {
  const rows = await db.query(
    `SELECT * FROM payment_orders WHERE offer_no = $1 AND status IN ('REGISTERED', 'ERROR') AND contract_no IS NULL
     ORDER BY attempt DESC LIMIT 1`,
    [offerNo],
  );
  return rows[0] ? toPaymentOrder(rows[0]) : null;
}

/** True when the provider was asked about the order less than `ms` ago. */
export function checkedWithin(order: PaymentOrder, now: Date, ms: number): boolean {
  return order.statusCheckedAt !== null && now.getTime() - order.statusCheckedAt.getTime() < ms;
}

/** The order whose approval issued a contract (not a refunded duplicate). */
export async function orderOfContract(db: Db, contractNo: string): Promise<PaymentOrder | null> {
  const rows = await db.query(
    `SELECT * FROM payment_orders WHERE contract_no = $1 AND refund_required = false AND purpose = 'OFFER'
     ORDER BY completed_at NULLS LAST, attempt LIMIT 1`,
    [contractNo],
  );
  return rows[0] ? toPaymentOrder(rows[0]) : null;
}

/** Records that the provider was asked, so the order-status call does not ask again at once. */
export async function markStatusChecked(
  db: Db,
  orderId: string,
  providerStatus: number | null,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE payment_orders SET status_checked_at = $2, provider_order_status = COALESCE($3, provider_order_status)
     WHERE order_id = $1`,
    [orderId, now, providerStatus],
  );
}

/** A return arrived but confirmed nothing yet: noted, the order stays unanswered for the status query. */
export async function noteUnconfirmedReturn(db: Db, orderId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE payment_orders SET return_received_at = COALESCE(return_received_at, $2), updated_at = $2
     WHERE order_id = $1 AND status = 'REGISTERED'`,
    [orderId, now],
  );
}
