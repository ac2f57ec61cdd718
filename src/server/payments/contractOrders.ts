// A contract's own card orders (issue 14 item 5), on the same payment_orders, provider protocol,
// return route and status query as an offer's payment: registering a card for the contract (a
// pre-authorisation that is never captured: the provider answers a binding id, stored instead of
// the card) and paying the contract's pending balance. Completion runs inside completeOrder's
// transaction with the order row locked, so a replayed return applies once.

import { todayInNicosia } from '../../engine/dates';
import { buildPaymentRequest } from '../cardProvider/jcc';
import type { Db } from '../db';
import type { PaymentConfig } from './config';
import type { OrderPurpose, PaymentOrder } from './orders';
import {
  type Completion,
  type CompletionContext,
  isApprovedStatus,
  type Outcome,
  saveOrder,
} from './outcome';
import { cardPaymentData } from './paymentMethod';
import { newOrderId, RETURN_PATH, type RegpayAnswer } from './providerForm';

/** Monday to Friday after `ymd`, `days` of them: when a payment-method change is deemed effective (§4, §9). */
export function addWorkingDays(ymd: string, days: number): string {
  const date = new Date(`${ymd}T12:00:00Z`);
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}

export interface NewContractOrder {
  contractNo: string;
  offerNo: string;
  customerNo: string;
  purpose: Exclude<OrderPurpose, 'OFFER'>;
  amountCents: number;
  lang: 'el' | 'en';
  now: Date;
}

/**
 * Creates the order and answers the signed form for the provider's page. A card registration asks
 * for a pre-authorisation only (CaptureFlag M): the amount is held to prove the card, never taken.
 */
export async function registerContractOrder(
  db: Db,
  config: PaymentConfig,
  order: NewContractOrder,
): Promise<RegpayAnswer> {
  const orderId = await db.transaction(async (tx) => {
    // Attempts are numbered per offer, the contract's among them (payment_orders' unique key).
    await tx.query('SELECT offer_no FROM offers WHERE offer_no = $1 FOR UPDATE', [order.offerNo]);
    const [{ next }] = await tx.query<{ next: number }>(
      'SELECT COALESCE(MAX(attempt), 0) + 1 AS next FROM payment_orders WHERE offer_no = $1',
      [order.offerNo],
    );
    const id = newOrderId(order.contractNo, Number(next));
    await tx.query(
      `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, currency, language, created_at,
         updated_at, purpose, customer_no, contract_no)
       VALUES ($1, $2, $3, $4, '978', $5, $6, $6, $7, $8, $9)`,
      [
        id,
        order.offerNo,
        Number(next),
        order.amountCents,
        order.lang,
        order.now,
        order.purpose,
        order.customerNo,
        order.contractNo,
      ],
    );
    return id;
  });
  return {
    ES_RETURN_DATA: {
      URL: config.providerUrl,
      METHOD: 'POST',
      ORDER_ID: orderId,
      FIELDS: buildPaymentRequest(config, {
        orderId,
        amountCents: order.amountCents,
        merRespUrl: `${config.publicUrl}${RETURN_PATH}`,
        captureFlag: order.purpose === 'CARD_REGISTRATION' ? 'M' : 'A',
        lang: order.lang,
      }),
    },
  };
}

/** The card becomes the contract's payment method: binding, masked number and expiry only. */
async function applyCardBinding(tx: Db, order: PaymentOrder, now: Date): Promise<void> {
  const effective = addWorkingDays(todayInNicosia(now), 2);
  const paymentData = cardPaymentData({
    paddedCardNo: order.paddedCardNo,
    expiry: order.cardExpiry,
    bindingId: order.bindingId ?? '',
    effective,
  });
  await tx.query(
    `UPDATE contracts SET data = jsonb_set(data, '{CS_PAYMENT_DATA}', $2::jsonb, true), version = version + 1
     WHERE contract_no = $1`,
    [order.contractNo, JSON.stringify(paymentData)],
  );
  await tx.query(
    `INSERT INTO paymethod_changes (contract_no, customer_no, payment_method, binding_id, order_id, effective_date, created_at)
     VALUES ($1, $2, 'CARD', $3, $4, $5, $6)`,
    [order.contractNo, order.customerNo ?? '', order.bindingId, order.orderId, effective, now],
  );
}

/** The balance is paid: it is reduced by the order's amount, and a contract owing nothing is active. */
async function applyBalancePayment(tx: Db, order: PaymentOrder): Promise<void> {
  await tx.query(
    `UPDATE contracts SET balance_cents = GREATEST(balance_cents - $2, 0),
       status = CASE WHEN status = 'PENDING_PAYMENT_REVIEW' AND balance_cents <= $2 THEN 'ACTIVE' ELSE status END,
       data = CASE WHEN status = 'PENDING_PAYMENT_REVIEW' AND balance_cents <= $2
                   THEN jsonb_set(data, '{CS_POLICY,STATUS}', '"ACTIVE"', true) ELSE data END,
       version = version + 1
     WHERE contract_no = $1`,
    [order.contractNo, order.amountCents],
  );
}

/**
 * Applies a provider outcome to a contract's order (the caller holds the order row's lock). The
 * first approval changes the contract; a repeated one (replayed return, status query) changes
 * nothing; a failure never undoes an approval.
 */
export async function completeContractOrder(
  tx: Db,
  order: PaymentOrder,
  outcome: Outcome,
  ctx: CompletionContext,
): Promise<Completion> {
  const approvedBefore = isApprovedStatus(order.status);
  if (!isApprovedStatus(outcome.result)) {
    if (approvedBefore) return { order, issued: false };
    const keep =
      order.status === outcome.result || (outcome.result === 'ERROR' && order.status !== 'REGISTERED');
    const saved = await saveOrder(
      tx,
      order,
      { status: keep ? order.status : outcome.result, completed: !keep },
      outcome,
      ctx.now,
    );
    return { order: saved, issued: false };
  }
  // A registration is complete once held; a balance once held or taken (a later deposit only moves the order on).
  if (approvedBefore && (order.purpose === 'CARD_REGISTRATION' || outcome.result === order.status)) {
    return { order, issued: false };
  }
  const saved = await saveOrder(tx, order, { status: outcome.result, completed: true }, outcome, ctx.now);
  if (approvedBefore) return { order: saved, issued: false };
  if (order.purpose === 'CARD_REGISTRATION') {
    if (!saved.bindingId) {
      ctx.log.error(
        { event: 'paymethod.no_binding', orderId: order.orderId, contractNo: order.contractNo },
        'card approved without a binding from the provider: payment method unchanged',
      );
      return { order: saved, issued: false };
    }
    await applyCardBinding(tx, saved, ctx.now);
  } else {
    await applyBalancePayment(tx, saved);
  }
  ctx.log.info(
    { event: 'paymethod.order_applied', orderId: order.orderId, purpose: order.purpose },
    'contract card order applied',
  );
  return { order: saved, issued: false };
}
