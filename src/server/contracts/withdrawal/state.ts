// What a contract's withdrawal stands on: the contract as stored, the day its documents were
// issued, whether a claim is recorded on it, the product's period (flow.json
// product.withdrawalDays), the card orders it was paid with, and a withdrawal already made. The
// refund itself is the engine's rule (src/engine/withdrawal.ts), the same one the FAQ states.

import callCentre from '../../../../flows/_catalogues/callCentre.json' with { type: 'json' };
import { todayInNicosia } from '../../../engine/dates';
import type { FlowBundle } from '../../../engine/flow/bundle';
import { centsToEuro } from '../../../engine/money';
import { type WithdrawalTerms, withdrawalTerms } from '../../../engine/withdrawal';
import type { Db } from '../../db';
import { liveCatalogue } from '../../platform/liveConfig';
import { paymentData } from '../detail';

type Json = Record<string, unknown>;

export type WithdrawalContract = {
  contract_no: string;
  offer_no: string;
  product_id: string;
  customer_no: string | null;
  flow_id: string;
  start_date: string;
  expiry_date: string;
  premium_cents: number;
  balance_cents: number;
  status: string;
  data: Json;
  created_at: Date | string;
  mail_address: string | null;
};

export type WithdrawalRecord = {
  contract_no: string;
  channel: string;
  withdrawn_on: string;
  covered_days: number;
  policy_days: number;
  premium_cents: number;
  paid_cents: number;
  kept_cents: number;
  refund_cents: number;
  refund_method: 'CARD' | 'BACK_OFFICE' | 'NONE';
  refund_status: 'PENDING' | 'REFUNDED' | 'RECORDED' | 'FAILED' | 'NONE';
  language: string;
  mail_to: string | null;
  created_at: Date | string;
};

export type CardOrder = {
  order_id: string;
  amount_cents: number;
};

/** Why the right cannot be used: the engine's reasons, and a contract that is not in force as issued. */
export type WithdrawalReason = 'PERIOD_OVER' | 'CLAIM' | 'NOT_ISSUED' | 'NOT_ACTIVE' | 'WITHDRAWN';

export interface WithdrawalState {
  contract: WithdrawalContract;
  periodDays: number;
  issuedOn: string;
  terms: WithdrawalTerms;
  reason: WithdrawalReason | null;
  cardOrders: CardOrder[];
  refundMethod: 'CARD' | 'BACK_OFFICE' | 'NONE';
  record: WithdrawalRecord | null;
}

/** The call centre's number, live (a published change applies without a restart). */
export const callCentrePhone = (): string => liveCatalogue('callCentre', callCentre).phone;

const CONTRACT_SQL = `SELECT c.contract_no, c.offer_no, c.product_id, c.customer_no, o.flow_id, c.start_date,
       c.expiry_date, c.premium_cents, c.balance_cents, c.status, c.data, c.created_at, o.mail_address
  FROM contracts c JOIN offers o ON o.offer_no = c.offer_no WHERE c.contract_no = $1`;

export async function withdrawalContract(db: Db, contractNo: string): Promise<WithdrawalContract | null> {
  const [row] = await db.query<WithdrawalContract>(CONTRACT_SQL, [contractNo]);
  return row ?? null;
}

/** The card orders that paid the contract, oldest first: what a card refund goes back over. */
export async function cardOrdersOf(db: Db, contractNo: string): Promise<CardOrder[]> {
  const rows = await db.query<CardOrder>(
    `SELECT order_id, amount_cents FROM payment_orders
      WHERE contract_no = $1 AND status = 'APPROVED' AND purpose IN ('OFFER', 'BALANCE')
      ORDER BY created_at, order_id`,
    [contractNo],
  );
  return rows.map((o) => ({ order_id: o.order_id, amount_cents: Number(o.amount_cents) }));
}

/** The product's period from its flow; a product without one (not sold publicly) has none. */
export function periodDaysOf(bundles: FlowBundle[], flowId: string): number | null {
  const days = bundles.find((b) => b.flow.id === flowId)?.flow.product?.withdrawalDays;
  return typeof days === 'number' ? days : null;
}

/** The day the policy documents were issued: the contract's creation, in Cyprus. */
export function issuedOnOf(contract: Pick<WithdrawalContract, 'created_at'>): string {
  return todayInNicosia(new Date(contract.created_at));
}

export async function withdrawalState(
  db: Db,
  bundles: FlowBundle[],
  contract: WithdrawalContract,
  today: string,
): Promise<WithdrawalState> {
  const [claims, orders, records] = await Promise.all([
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM claims WHERE contract_no = $1', [
      contract.contract_no,
    ]),
    cardOrdersOf(db, contract.contract_no),
    db.query<WithdrawalRecord>('SELECT * FROM withdrawals WHERE contract_no = $1', [contract.contract_no]),
  ]);
  const periodDays = periodDaysOf(bundles, contract.flow_id) ?? 0;
  const issuedOn = issuedOnOf(contract);
  const premium = Number(contract.premium_cents);
  const terms = withdrawalTerms({
    premiumCents: premium,
    paidCents: premium - Number(contract.balance_cents),
    startDate: contract.start_date,
    expiryDate: contract.expiry_date,
    issuedOn,
    today,
    periodDays,
    hasClaim: Number(claims[0]?.n ?? 0) > 0,
  });
  const record = records[0] ?? null;
  const reason: WithdrawalReason | null = record
    ? 'WITHDRAWN'
    : contract.status !== 'ACTIVE'
      ? 'NOT_ACTIVE'
      : terms.refusal;
  const refundMethod = terms.refundCents === 0 ? 'NONE' : orders.length > 0 ? 'CARD' : 'BACK_OFFICE';
  return { contract, periodDays, issuedOn, terms, reason, cardOrders: orders, refundMethod, record };
}

/** The answer the contract page reads (docs: OpenAPI, GET /zcp/contract/withdrawal/…). */
export function withdrawalAnswer(state: WithdrawalState, reasonText: (reason: WithdrawalReason) => string) {
  const { terms, record } = state;
  return {
    CONTRACT_NO: state.contract.contract_no,
    ELIGIBLE: state.reason === null,
    REASON: state.reason,
    REASON_TEXT: state.reason ? reasonText(state.reason) : '',
    PERIOD_DAYS: state.periodDays,
    ISSUED_ON: state.issuedOn,
    LAST_DAY: terms.lastDay,
    PREMIUM_AMOUNT: centsToEuro(Number(state.contract.premium_cents)),
    PAID_AMOUNT: centsToEuro(Number(state.contract.premium_cents) - Number(state.contract.balance_cents)),
    COVERED_DAYS: terms.coveredDays,
    POLICY_DAYS: terms.policyDays,
    KEPT_AMOUNT: centsToEuro(terms.keptCents),
    REFUND_AMOUNT: centsToEuro(terms.refundCents),
    REFUND_METHOD: state.refundMethod,
    CARD_NUMBER: state.refundMethod === 'CARD' ? paymentData(state.contract.data).CARD_NUMBER : '',
    CALL_CENTRE: callCentrePhone(),
    WITHDRAWAL: record ? recordAnswer(record) : null,
  };
}

export function recordAnswer(record: WithdrawalRecord) {
  return {
    WITHDRAWN_ON: record.withdrawn_on,
    COVERED_DAYS: Number(record.covered_days),
    KEPT_AMOUNT: centsToEuro(Number(record.kept_cents)),
    REFUND_AMOUNT: centsToEuro(Number(record.refund_cents)),
    REFUND_METHOD: record.refund_method,
    REFUND_STATUS: record.refund_status,
  };
}
