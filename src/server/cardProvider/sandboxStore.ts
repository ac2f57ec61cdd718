// The sandbox provider's records (sandbox_orders): what it was asked, what the card page decided,
// and the orderStatus its status query answers.

import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import { isOrderStatus, type JccOrderStatus, ORDER_STATUS } from './jcc';
import type { CardResult } from './sandboxCards';

export interface SandboxOrder {
  merId: string;
  orderId: string;
  acqId: string;
  amountCents: number;
  currency: string;
  captureFlag: string;
  merRespUrl: string;
  pageToken: string;
  orderStatus: JccOrderStatus;
  actionCode: number;
  responseCode: string | null;
  reasonCode: string | null;
  reasonText: string | null;
  referenceNo: string | null;
  paddedCardNo: string | null;
  authCode: string | null;
  returnSent: boolean;
  captureDueAt: Date | null;
  paidAt: Date | null;
  /** The card's binding for later charges and its expiry (MM/YYYY), for an approved order. */
  bindingId: string | null;
  cardExpiry: string | null;
  /** What has been refunded of it (refund.do), cents. */
  refundedCents: number;
  /** The provider's own order id (the status answer's mdOrder attribute; refund.do's orderId). */
  mdOrder: string;
}

type Row = Record<string, unknown>;

function toOrder(row: Row): SandboxOrder {
  const text = (key: string) => (row[key] === null || row[key] === undefined ? null : String(row[key]));
  const status = Number(row.order_status);
  return {
    merId: String(row.mer_id),
    orderId: String(row.order_id),
    acqId: String(row.acq_id),
    amountCents: Number(row.amount_cents),
    currency: String(row.currency),
    captureFlag: String(row.capture_flag),
    merRespUrl: String(row.mer_resp_url),
    pageToken: String(row.page_token),
    orderStatus: isOrderStatus(status) ? status : ORDER_STATUS.REGISTERED,
    actionCode: Number(row.action_code),
    responseCode: text('response_code'),
    reasonCode: text('reason_code'),
    reasonText: text('reason_text'),
    referenceNo: text('reference_no'),
    paddedCardNo: text('padded_card_no'),
    authCode: text('auth_code'),
    returnSent: row.return_sent === true,
    captureDueAt: row.capture_due_at instanceof Date ? row.capture_due_at : null,
    paidAt: row.paid_at instanceof Date ? row.paid_at : null,
    bindingId: text('binding_id'),
    cardExpiry: text('card_expiry'),
    refundedCents: Number(row.refunded_cents ?? 0),
    mdOrder: String(row.md_order ?? ''),
  };
}

/** True once the card page has decided the order (approved, declined or cancelled). */
export function isDecided(order: SandboxOrder): boolean {
  return order.responseCode !== null;
}

export async function findSandboxOrder(db: Db, merId: string, orderId: string): Promise<SandboxOrder | null> {
  const rows = await db.query('SELECT * FROM sandbox_orders WHERE mer_id = $1 AND order_id = $2', [
    merId,
    orderId,
  ]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export interface NewSandboxOrder {
  merId: string;
  orderId: string;
  acqId: string;
  amountCents: number;
  currency: string;
  captureFlag: string;
  merRespUrl: string;
  pageToken: string;
}

/** Records a new order; the existing one when the order id was seen before (nothing is overwritten). */
export async function registerSandboxOrder(
  db: Db,
  order: NewSandboxOrder,
  now: Date,
): Promise<{ created: boolean; order: SandboxOrder }> {
  const inserted = await db.query(
    `INSERT INTO sandbox_orders (mer_id, order_id, acq_id, amount_cents, currency, capture_flag, mer_resp_url,
       page_token, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (mer_id, order_id) DO NOTHING
     RETURNING *`,
    [
      order.merId,
      order.orderId,
      order.acqId,
      order.amountCents,
      order.currency,
      order.captureFlag,
      order.merRespUrl,
      order.pageToken,
      now,
    ],
  );
  if (inserted[0]) return { created: true, order: toOrder(inserted[0]) };
  const existing = await findSandboxOrder(db, order.merId, order.orderId);
  if (!existing) throw new Error(`sandbox order ${order.orderId} vanished`);
  return { created: false, order: existing };
}

/** Stores the card page's decision once; a second decision (double click, replay) changes nothing. */
export async function decideSandboxOrder(
  db: Db,
  merId: string,
  orderId: string,
  result: CardResult,
  now: Date,
  captureDelaySeconds: number,
  card: { expiry?: string } = {},
): Promise<SandboxOrder | null> {
  const captureDueAt = result.captureHeld ? new Date(now.getTime() + captureDelaySeconds * 1000) : null;
  const approved =
    result.orderStatus === ORDER_STATUS.DEPOSITED || result.orderStatus === ORDER_STATUS.PRE_AUTHORISED;
  await db.query(
    `UPDATE sandbox_orders SET order_status = $3, action_code = $4, response_code = $5, reason_code = $6,
       reason_text = $7, reference_no = $8, padded_card_no = $9, auth_code = $10, return_sent = $11,
       capture_due_at = $12, paid_at = $13, updated_at = $14, binding_id = $15, card_expiry = $16
     WHERE mer_id = $1 AND order_id = $2 AND response_code IS NULL`,
    [
      merId,
      orderId,
      result.orderStatus,
      result.actionCode,
      result.responseCode,
      result.reasonCode,
      result.reasonText,
      result.referenceNo,
      result.paddedCardNo,
      result.authCode,
      result.returnSent,
      captureDueAt,
      approved ? now : null,
      now,
      // Like the provider, every approved card gets a binding the merchant may charge later.
      approved ? `BND-${randomUUID()}` : null,
      approved ? cardExpiryOf(card.expiry ?? '') : null,
    ],
  );
  return findSandboxOrder(db, merId, orderId);
}

/**
 * The order as the status query sees it at `now`: a held pre-authorisation whose capture is due
 * is deposited first, so the pending-premium card settles by itself after the configured delay.
 */
export async function sandboxOrderAt(
  db: Db,
  merId: string,
  orderId: string,
  now: Date,
): Promise<SandboxOrder | null> {
  await db.query(
    `UPDATE sandbox_orders SET order_status = $3, capture_due_at = NULL, updated_at = $4
     WHERE mer_id = $1 AND order_id = $2 AND order_status = $5 AND capture_due_at IS NOT NULL AND capture_due_at <= $4`,
    [merId, orderId, ORDER_STATUS.DEPOSITED, now, ORDER_STATUS.PRE_AUTHORISED],
  );
  return findSandboxOrder(db, merId, orderId);
}

/** The card form's expiry ("9/28", "09/2028") as MM/YYYY; null when it is not one. */
export function cardExpiryOf(value: string): string | null {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!m) return null;
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return `${m[1].padStart(2, '0')}/${year}`;
}

export type SandboxRefund = 'OK' | 'NOT_FOUND' | 'REFUSED';

/**
 * Refunds part or all of a deposited order, as refund.do does: in one statement, so parallel
 * refunds can never return more than was deposited. The order shows REFUNDED from the first one.
 */
export async function refundSandboxOrder(
  db: Db,
  merId: string,
  match: { orderId: string } | { mdOrder: string },
  amountCents: number,
  now: Date,
): Promise<SandboxRefund> {
  const [column, value] = 'orderId' in match ? ['order_id', match.orderId] : ['md_order', match.mdOrder];
  const refunded = await db.query(
    `UPDATE sandbox_orders SET refunded_cents = refunded_cents + $3, order_status = $4, updated_at = $5
      WHERE mer_id = $1 AND ${column} = $2 AND order_status IN ($4, $6)
        AND $3 > 0 AND refunded_cents + $3 <= amount_cents
      RETURNING order_id`,
    [merId, value, amountCents, ORDER_STATUS.REFUNDED, now, ORDER_STATUS.DEPOSITED],
  );
  if (refunded.length > 0) return 'OK';
  const exists = await db.query(`SELECT 1 FROM sandbox_orders WHERE mer_id = $1 AND ${column} = $2`, [
    merId,
    value,
  ]);
  return exists.length > 0 ? 'REFUSED' : 'NOT_FOUND';
}
