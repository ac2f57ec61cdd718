// Completing a payment order: the one place a contract is issued. Everything happens in one
// transaction with the order row locked, so a replayed return, two returns at once, a return and
// a status query, or the recovery job find the work done and issue nothing twice.

import {
  addDays,
  diffDays,
  isValidYmd,
  policyEndDate,
  todayInNicosia,
  ymdToDisplay,
} from '../../engine/dates';
import type { FlowBundle } from '../../engine/flow/bundle';
import { formatEuro } from '../../engine/money';
import { getPath } from '../../engine/paths';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import { createWithdrawalLink, withdrawalLinkUrl } from '../contracts/withdrawal/links';
import type { Db } from '../db';
import { enqueueMail } from '../outbox';
import { hasKey, t } from '../platform/i18n';
import { completeContractOrder } from './contractOrders';
import { findOrder, type PaymentOrder } from './orders';
import {
  type Completion,
  type CompletionContext,
  isApprovedStatus,
  type Outcome,
  saveOrder,
} from './outcome';
import { issuedPaymentMethod, type ReviewReason, recordMandate } from './paymentMethod';

export {
  type Completion,
  type CompletionContext,
  isApprovedStatus,
  type OrderResult,
  type Outcome,
  type PaymentLog,
  type ProviderDetails,
  saveOrder,
} from './outcome';

type OfferRow = {
  offer_no: string;
  flow_id: string;
  product_id: string;
  package_id: string;
  quote: Record<string, unknown>;
  mail_address: string | null;
  customer_no: string | null;
  language: string;
  status: string;
};

/** Start today at the earliest (a policy is never back-dated); the quoted length of cover is kept. */
export function coverPeriod(quote: unknown, today: string): { start: string; end: string } {
  const quotedStart = getPath(quote, 'CS_POLICY.START_DATE');
  const quotedEnd = getPath(quote, 'CS_POLICY.END_DATE');
  const start = isValidYmd(quotedStart) && quotedStart > today ? quotedStart : today;
  if (isValidYmd(quotedStart) && isValidYmd(quotedEnd) && quotedEnd >= quotedStart) {
    return { start, end: addDays(quotedEnd, diffDays(quotedStart, start)) };
  }
  return { start, end: policyEndDate(start, { years: 1 }) };
}

function holderName(quote: unknown): string {
  const full = getPath(quote, 'CS_POLICY_HOLDER.FULL_NAME');
  if (typeof full === 'string' && full.trim()) return full.trim();
  return [getPath(quote, 'CS_POLICY_HOLDER.FIRST_NAME'), getPath(quote, 'CS_POLICY_HOLDER.LAST_NAME')]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ');
}

function productName(offer: OfferRow, flows: FlowBundle[], lang: 'el' | 'en'): string {
  const rulesKey = flows.find((b) => b.flow.id === offer.flow_id)?.flow.product?.rulesKey;
  if (rulesKey && hasKey(lang, `products.${rulesKey}`)) return t(lang, `products.${rulesKey}`);
  const desc = getPath(offer.quote, 'CS_POLICY.PRODUCT_DESC');
  return typeof desc === 'string' && desc ? desc : offer.product_id;
}

/**
 * Issues the contract of a paid offer with the payment method the visitor chose (paymentMethod.ts),
 * marks the offer paid and queues the "policy issued" mail.
 */
async function issueContract(
  tx: Db,
  offer: OfferRow,
  order: PaymentOrder,
  outcome: Outcome,
  ctx: CompletionContext,
): Promise<{ contractNo: string; mailQueued: boolean; reviewReason?: ReviewReason }> {
  const [{ n }] = await tx.query<{ n: string }>(`SELECT nextval('contract_no_seq')::text AS n`);
  const contractNo = `CY${n}`;
  const pending = outcome.result === 'APPROVED_PENDING';
  const status = pending ? 'PENDING_PAYMENT_REVIEW' : 'ACTIVE';
  const { start, end } = coverPeriod(offer.quote, todayInNicosia(ctx.now));
  const policy = (getPath(offer.quote, 'CS_POLICY') as Record<string, unknown> | undefined) ?? {};
  const d = outcome.details;
  const method = issuedPaymentMethod(
    offer.quote,
    {
      paddedCardNo: d.paddedCardNo || order.paddedCardNo || null,
      bindingId: d.bindingId || order.bindingId || null,
      cardExpiry: d.cardExpiry || order.cardExpiry || null,
    },
    { start, holder: holderName(offer.quote), flows: ctx.flows },
  );
  const data = {
    ...offer.quote,
    CS_POLICY: {
      ...policy,
      OFFER_NO: offer.offer_no,
      CONTRACT_NO: contractNo,
      START_DATE: start,
      END_DATE: end,
      STATUS: status,
    },
    PAYMENT: {
      ORDER_ID: order.orderId,
      AMOUNT_CENTS: order.amountCents,
      REFERENCE_NO: outcome.details.referenceNo ?? order.referenceNo ?? '',
      AUTH_CODE: outcome.details.authCode ?? order.authCode ?? '',
      PADDED_CARD_NO: outcome.details.paddedCardNo ?? order.paddedCardNo ?? '',
    },
    // Set here, never taken from the quote: the portal's payment method of the contract.
    CS_PAYMENT_DATA: method.data,
  };
  await tx.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data, created_at, config_versions)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
             (SELECT config_versions FROM offers WHERE offer_no = $2))`,
    [
      contractNo,
      offer.offer_no,
      offer.product_id,
      offer.package_id,
      offer.customer_no,
      start,
      end,
      order.amountCents,
      pending ? order.amountCents : 0,
      status,
      JSON.stringify(data),
      ctx.now,
    ],
  );
  // A renewal offer paid: the contract it renews is renewed (src/server/contracts/renewal).
  await tx.query(
    `UPDATE renewals SET status = 'RENEWED', new_contract_no = $2, updated_at = $3
      WHERE offer_no = $1 AND status = 'OFFERED'`,
    [offer.offer_no, contractNo, ctx.now],
  );
  await recordMandate(tx, method, {
    contractNo,
    customerNo: offer.customer_no,
    orderId: order.orderId,
    effective: start,
    now: ctx.now,
  });
  const reviewReason = method.review?.reason;
  if (method.review) {
    // Priced on a standing order or direct debit that is not on record: the contract is card-paid
    // and the order is flagged (review_reason), so the mandate or the discount is settled by hand.
    ctx.log.error(
      {
        event: 'payment.paymethod_not_recorded',
        orderId: order.orderId,
        offerNo: offer.offer_no,
        contractNo,
        ...method.review,
      },
      'chosen payment method could not be recorded: contract card-paid, back-office review',
    );
  }
  await tx.query(`UPDATE offers SET status = 'PAID', updated_at = $2 WHERE offer_no = $1`, [
    offer.offer_no,
    ctx.now,
  ]);

  // The language the visitor paid in.
  const lang = order.language;
  const to = (
    offer.mail_address ??
    (getPath(offer.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS') as string | undefined) ??
    ''
  )
    .trim()
    .toLowerCase();
  if (!isEmailAddress(to)) {
    // The contract stands without the mail; the back office sends the documents.
    ctx.log.warn(
      { event: 'payment.no_mail_address', offerNo: offer.offer_no, contractNo },
      'policy issued without a mail address',
    );
    return { contractNo, mailQueued: false, reviewReason };
  }
  // The right of withdrawal's link, for a buyer without an account (issue 28): valid a month past
  // the period, so a late visitor is told why and given the call centre rather than a dead link.
  const withdrawalDays =
    ctx.flows.find((b) => b.flow.id === offer.flow_id)?.flow.product?.withdrawalDays ?? 0;
  const issuedOn = todayInNicosia(ctx.now);
  const token = await createWithdrawalLink(
    tx,
    contractNo,
    new Date(`${addDays(issuedOn, withdrawalDays + 31)}T00:00:00+02:00`),
  );
  await enqueueMail(tx, {
    to,
    template: 'policyIssued',
    lang,
    values: {
      withdrawalDays,
      link: withdrawalLinkUrl(ctx.publicUrl ?? '', token),
      name: holderName(offer.quote),
      contractNo,
      product: productName(offer, ctx.flows, lang),
      startDate: ymdToDisplay(start),
      endDate: ymdToDisplay(end),
      // As the site shows amounts: whole euro (the card provider's page shows the exact charge).
      amount: formatEuro(order.amountCents / 100, lang),
    },
  });
  return { contractNo, mailQueued: true, reviewReason };
}

/**
 * Applies an outcome to an order, idempotently. An approval (signed return or provider status)
 * wins over an earlier failure, because money was taken; a failure never undoes an approval.
 * Null when the order is unknown.
 */
export async function completeOrder(
  db: Db,
  orderId: string,
  outcome: Outcome,
  ctx: CompletionContext,
): Promise<Completion | null> {
  let mailQueued = false;
  const completion = await db.transaction(async (tx): Promise<Completion | null> => {
    const order = await findOrder(tx, orderId, { lock: true });
    if (!order) return null;
    // A contract's own order (card registration, pending balance) changes that contract, never an offer.
    if (order.purpose !== 'OFFER') return completeContractOrder(tx, order, outcome, ctx);
    const approved = isApprovedStatus(outcome.result);

    if (!approved) {
      if (isApprovedStatus(order.status)) {
        if (outcome.result !== 'ERROR') {
          ctx.log.warn(
            {
              event: 'payment.failure_after_approval',
              orderId,
              result: outcome.result,
              details: outcome.details,
            },
            'provider reports a failure for an approved order: back-office review',
          );
        }
        return { order, issued: false };
      }
      // A verified decline is not overwritten by a later unverified error.
      const keep =
        order.status === outcome.result || (outcome.result === 'ERROR' && order.status !== 'REGISTERED');
      const saved = await saveOrder(
        tx,
        order,
        { status: keep ? order.status : outcome.result, completed: !keep },
        outcome,
        ctx.now,
      );
      await tx.query(
        `UPDATE offers SET status = 'OPEN', updated_at = $2 WHERE offer_no = $1 AND status = 'PAYING'`,
        [order.offerNo, ctx.now],
      );
      return { order: saved, issued: false };
    }

    if (
      order.status === 'APPROVED' ||
      (order.status === 'APPROVED_PENDING' && outcome.result === 'APPROVED_PENDING')
    ) {
      const saved =
        outcome.fromReturn && !order.returnReceivedAt
          ? await saveOrder(tx, order, {}, outcome, ctx.now)
          : order;
      return { order: saved, issued: false };
    }
    if (order.status === 'APPROVED_PENDING') {
      // The held premium was collected: the contract becomes active and owes nothing.
      const saved = await saveOrder(tx, order, { status: 'APPROVED' }, outcome, ctx.now);
      if (order.contractNo && !order.refundRequired) {
        await tx.query(
          `UPDATE contracts SET status = 'ACTIVE', balance_cents = 0, version = version + 1,
             data = jsonb_set(data, '{CS_POLICY,STATUS}', '"ACTIVE"', true)
           WHERE contract_no = $1 AND status = 'PENDING_PAYMENT_REVIEW'`,
          [order.contractNo],
        );
      }
      ctx.log.info(
        { event: 'payment.premium_confirmed', orderId, contractNo: order.contractNo },
        'pending premium confirmed',
      );
      return { order: saved, issued: false };
    }

    const offers = await tx.query<OfferRow>('SELECT * FROM offers WHERE offer_no = $1 FOR UPDATE', [
      order.offerNo,
    ]);
    const offer = offers[0];
    const existing = await tx.query<{ contract_no: string }>(
      'SELECT contract_no FROM contracts WHERE offer_no = $1',
      [order.offerNo],
    );
    if (existing[0]) {
      // Paid twice (two tabs, or a late approval after a retry): one contract, the second charge is refunded.
      ctx.log.warn(
        { event: 'payment.duplicate', orderId, offerNo: order.offerNo, contractNo: existing[0].contract_no },
        'second approved payment for a paid offer: refund required',
      );
      const saved = await saveOrder(
        tx,
        order,
        {
          status: outcome.result,
          contractNo: existing[0].contract_no,
          refundRequired: true,
          completed: true,
        },
        outcome,
        ctx.now,
      );
      return { order: saved, issued: false };
    }
    const issued = await issueContract(tx, offer, order, outcome, ctx);
    mailQueued = issued.mailQueued;
    const saved = await saveOrder(
      tx,
      order,
      {
        status: outcome.result,
        contractNo: issued.contractNo,
        completed: true,
        reviewReason: issued.reviewReason,
      },
      outcome,
      ctx.now,
    );
    ctx.log.info(
      {
        event: 'payment.contract_issued',
        orderId,
        offerNo: order.offerNo,
        contractNo: issued.contractNo,
        result: outcome.result,
      },
      'contract issued',
    );
    return { order: saved, issued: true };
  });
  if (mailQueued) ctx.onMailQueued?.();
  return completion;
}

/** Marks an order whose return could not be trusted; the provider's status query settles it later. */
export async function markOrderSuspect(
  db: Db,
  orderId: string,
  reason: { code: string; text: string },
  ctx: Pick<CompletionContext, 'now'>,
): Promise<void> {
  await db.query(
    `UPDATE payment_orders SET status = 'ERROR', reason_code = $2, reason_text = $3, updated_at = $4, version = version + 1
     WHERE order_id = $1 AND status = 'REGISTERED'`,
    [orderId, reason.code, reason.text, ctx.now],
  );
}
