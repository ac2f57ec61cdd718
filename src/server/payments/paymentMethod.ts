// The payment method a contract is recorded with, in the one form the portal reads and writes
// (contracts.data.CS_PAYMENT_DATA, masked by contracts/detail.ts `paymentData`, and a
// paymethod_changes row for a mandate): a card registered through the provider (its binding,
// masked number and expiry, never the number) or a direct debit (IBAN, bank, holder).
//
// A paid offer's contract starts with the method the visitor chose at purchase (spec §9): a card
// standing order (CARD_SO) keeps the binding the provider returned with the payment, a direct
// debit (SEPA_DD) the IBAN of the quote; a one-off card payment (CARD) is a card payment with no
// binding kept. A standing order or direct debit that cannot be recorded (no binding from the
// provider, an IBAN we cannot collect from) leaves a card-paid contract and a back-office flag on
// the order (`review_reason`), since the one-instalment discount was priced on that choice.

import type { FlowBundle } from '../../engine/flow/bundle';
import { getPath } from '../../engine/paths';
import { checkIban } from '../contracts/paymethod/rules';
import type { Db } from '../db';
import { ApiError } from '../platform/errors';

type Json = Record<string, unknown>;

/** The provider's padded number ("400000******0002") reduced to what the portal shows. */
export function maskedPan(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : '';
}

/** A card the contract may be charged with again: the provider's binding, never the number. */
export function cardPaymentData(card: {
  paddedCardNo: string | null | undefined;
  expiry: string | null | undefined;
  bindingId: string;
  effective: string;
}): Json {
  return {
    PAYMENT_METHOD: 'CARD',
    CARD_NUMBER: maskedPan(card.paddedCardNo),
    CARD_EXPIRY: card.expiry ?? '',
    BINDING_ID: card.bindingId,
    EFFECTIVE_DATE: card.effective,
  };
}

/** The discount a standing order or direct debit earns with one instalment (the tariffs' id). */
export const STANDING_ORDER_DISCOUNT = 'SINGLE_INSTALMENT_SO_DD';

/** Why a paid offer's order needs the back office (payment_orders.review_reason). */
export type ReviewReason = 'STANDING_ORDER_NOT_RECORDED' | 'DIRECT_DEBIT_NOT_RECORDED';

/** What the provider gave for the payment that issues the contract. */
export interface PaidCard {
  paddedCardNo: string | null;
  bindingId: string | null;
  cardExpiry: string | null;
}

export interface IssuedPaymentMethod {
  /** CS_PAYMENT_DATA of the new contract. */
  data: Json;
  /** The mandate for paymethod_changes (standing order or direct debit); none for a one-off card. */
  mandate?: { method: 'CARD' | 'DIRECT_DEBIT'; bindingId?: string; iban?: string; bank?: string };
  /** The chosen method could not be recorded: the contract is card-paid and the order flagged. */
  review?: { reason: ReviewReason; chosen: string; discountCents: number; problem: string };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The one-instalment standing-order discount the quote was priced with, in cents (0 when none). */
export function standingOrderDiscountCents(quote: unknown): number {
  const discounts = getPath(quote, 'CT_DISCOUNTS');
  if (!Array.isArray(discounts)) return 0;
  const hit = discounts.find(
    (d): d is Json => !!d && typeof d === 'object' && (d as Json).ID === STANDING_ORDER_DISCOUNT,
  );
  const amount = Number(hit?.AMOUNT);
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0;
}

/**
 * The payment method a paid offer's contract starts with, from the quote's choice and what the
 * provider returned with the payment. `start` is the contract's start: the mandate's effective date.
 */
export function issuedPaymentMethod(
  quote: unknown,
  card: PaidCard,
  options: { start: string; holder: string; flows: FlowBundle[] },
): IssuedPaymentMethod {
  const chosen = text(getPath(quote, 'CS_POLICY.PAYMENT_METHOD')).toUpperCase();
  const paidByCard: Json = { PAYMENT_METHOD: 'CARD', CARD_NUMBER: maskedPan(card.paddedCardNo) };
  const review = (reason: ReviewReason, problem: string): IssuedPaymentMethod => ({
    data: paidByCard,
    review: { reason, chosen, discountCents: standingOrderDiscountCents(quote), problem },
  });

  if (chosen === 'CARD_SO') {
    if (!card.bindingId) return review('STANDING_ORDER_NOT_RECORDED', 'NO_BINDING');
    return {
      data: cardPaymentData({
        paddedCardNo: card.paddedCardNo,
        expiry: card.cardExpiry,
        bindingId: card.bindingId,
        effective: options.start,
      }),
      mandate: { method: 'CARD', bindingId: card.bindingId },
    };
  }
  if (chosen === 'SEPA_DD') {
    let checked: { iban: string; bank: string };
    try {
      // The portal's own check: mod-97, the countries of the flow's rule, a bank we collect from.
      checked = checkIban(text(getPath(quote, 'CS_POLICY.IBAN')), options.flows);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const code = error.extra.CODE;
      return review('DIRECT_DEBIT_NOT_RECORDED', typeof code === 'string' ? code : 'IBAN_INVALID');
    }
    return {
      data: {
        PAYMENT_METHOD: 'DIRECT_DEBIT',
        IBAN: checked.iban,
        BANK: checked.bank,
        // As in the portal: the account holder is the customer (here the policyholder) themself.
        ACCOUNT_HOLDER: options.holder,
        EFFECTIVE_DATE: options.start,
      },
      mandate: { method: 'DIRECT_DEBIT', iban: checked.iban, bank: checked.bank },
    };
  }
  // A one-off card payment (or no choice recorded): the card it was paid with, nothing to charge again.
  return { data: paidByCard };
}

/** The mandate in paymethod_changes, as the portal records a change (for the back office). */
export async function recordMandate(
  tx: Db,
  method: IssuedPaymentMethod,
  row: { contractNo: string; customerNo: string | null; orderId: string; effective: string; now: Date },
): Promise<void> {
  const m = method.mandate;
  if (!m) return;
  await tx.query(
    `INSERT INTO paymethod_changes (contract_no, customer_no, payment_method, iban, bank, binding_id, order_id,
       effective_date, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.contractNo,
      row.customerNo ?? '',
      m.method,
      m.iban ?? null,
      m.bank ?? null,
      m.bindingId ?? null,
      row.orderId,
      row.effective,
      row.now,
    ],
  );
}
