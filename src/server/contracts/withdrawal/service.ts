// The withdrawal itself, exactly once: the contract is marked withdrawn and the withdrawal row
// written in one transaction (the row's primary key is the contract number, so a second
// withdrawal or a double click, whichever arrives second, writes nothing and refunds nothing).
// Then the refund: through the card provider when the contract was paid by card there
// (payment_orders), otherwise recorded for the back office; then the confirmation mail with the
// withdrawal PDF, through the outbox, written with the refund's final status. A card refund cut off
// in between (the instance stopped) stays PENDING until resumeWithdrawalRefunds finishes it.

import { ymdToDisplay } from '../../../engine/dates';
import type { FlowBundle } from '../../../engine/flow/bundle';
import { formatEuro } from '../../../engine/money';
import { getPath } from '../../../engine/paths';
import { isEmailAddress } from '../../../engine/rules/fieldRules';
import type { RefundClient } from '../../cardProvider/refunds';
import type { Db } from '../../db';
import { enqueueMail } from '../../outbox';
import { ApiError } from '../../platform/errors';
import { hasKey, type Lang, t } from '../../platform/i18n';
import { withdrawalFileName, withdrawalPdf } from './pdf';
import {
  type CardOrder,
  callCentrePhone,
  cardOrdersOf,
  type WithdrawalContract,
  type WithdrawalReason,
  type WithdrawalRecord,
  type WithdrawalState,
  withdrawalContract,
  withdrawalState,
} from './state';

export interface WithdrawalDeps {
  db: Db;
  bundles: FlowBundle[];
  refunds: RefundClient;
  now: () => Date;
  today: () => string;
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void };
}

/** Why the right cannot be used, in the customer's language, with the call centre's number. */
export function reasonText(
  lang: Lang,
  state: Pick<WithdrawalState, 'periodDays' | 'terms'>,
  reason: WithdrawalReason,
) {
  return t(lang, `errors.withdrawal.${reason}`, {
    days: state.periodDays,
    lastDay: ymdToDisplay(state.terms.lastDay),
    phone: callCentrePhone(),
  });
}

export function refusal(lang: Lang, state: WithdrawalState): ApiError {
  const reason = state.reason ?? 'NOT_ACTIVE';
  return new ApiError(
    reason === 'WITHDRAWN' ? 409 : 422,
    [{ text: reasonText(lang, state, reason), code: reason }],
    { CODE: reason, CALL_CENTRE: callCentrePhone() },
  );
}

export function holderNameOf(data: Record<string, unknown>): string {
  const full = getPath(data, 'CS_POLICY_HOLDER.FULL_NAME');
  if (typeof full === 'string' && full.trim()) return full.trim();
  return [getPath(data, 'CS_POLICY_HOLDER.FIRST_NAME'), getPath(data, 'CS_POLICY_HOLDER.LAST_NAME')]
    .filter((p): p is string => typeof p === 'string' && p.trim() !== '')
    .join(' ');
}

/** The product's name as the portal writes it. */
export function productTitle(contract: WithdrawalContract, lang: Lang): string {
  const key = `common:products.${contract.flow_id}.name`;
  return hasKey(lang, key) ? t(lang, key) : contract.product_id;
}

/** The e-mail of the policy: the customer's own (portal), else the purchase's. */
export function policyMailOf(contract: WithdrawalContract, customerEmail?: string | null): string | null {
  const candidates = [
    customerEmail,
    contract.mail_address,
    getPath(contract.data, 'CS_POLICY_HOLDER.MAIL_ADDRESS') as string | undefined,
  ];
  for (const c of candidates) {
    const mail = typeof c === 'string' ? c.trim().toLowerCase() : '';
    if (isEmailAddress(mail)) return mail;
  }
  return null;
}

function refundWayText(
  lang: Lang,
  record: Pick<WithdrawalRecord, 'refund_method' | 'refund_status'>,
): string {
  if (record.refund_method === 'NONE') return t(lang, 'withdrawal.refundNone');
  if (record.refund_status === 'FAILED') return t(lang, 'withdrawal.refundFailed');
  return t(lang, record.refund_method === 'CARD' ? 'withdrawal.refundCard' : 'withdrawal.refundBackOffice');
}

/** The confirmation PDF of a withdrawal made. */
export function confirmationPdf(contract: WithdrawalContract, record: WithdrawalRecord, lang: Lang) {
  return withdrawalPdf({
    lang,
    contractNo: contract.contract_no,
    product: productTitle(contract, lang),
    holderName: holderNameOf(contract.data),
    startDate: contract.start_date,
    expiryDate: contract.expiry_date,
    withdrawnOn: record.withdrawn_on,
    coveredDays: Number(record.covered_days),
    policyDays: Number(record.policy_days),
    premiumCents: Number(record.premium_cents),
    paidCents: Number(record.paid_cents),
    keptCents: Number(record.kept_cents),
    refundCents: Number(record.refund_cents),
    refundWay: refundWayText(lang, record),
  });
}

/**
 * Refunds `refundCents` over the contract's card orders, oldest first. What the provider already
 * refunded of an order counts towards it, so a refund cut off before its answer arrived is resumed
 * by refunding only what is missing, never twice.
 */
async function refundByCard(
  refunds: RefundClient,
  refundCents: number,
  cardOrders: CardOrder[],
): Promise<{ status: 'REFUNDED' | 'FAILED'; orders: { orderId: string; cents: number }[]; error?: string }> {
  let left = refundCents;
  const done: { orderId: string; cents: number }[] = [];
  for (const order of cardOrders) {
    if (left <= 0) break;
    const cents = Math.min(left, order.amount_cents);
    try {
      const already = await refunds.refundedCents(order.order_id);
      if (already === null)
        return { status: 'FAILED', orders: done, error: `order ${order.order_id} not found` };
      if (already < cents) {
        const outcome = await refunds.refund(order.order_id, cents - already);
        if (!outcome.ok)
          return { status: 'FAILED', orders: done, error: `${outcome.code} ${outcome.message}` };
      }
    } catch (error) {
      return { status: 'FAILED', orders: done, error: (error as Error).message };
    }
    done.push({ orderId: order.order_id, cents });
    left -= cents;
  }
  return left > 0
    ? { status: 'FAILED', orders: done, error: `${left} cents not covered by card orders` }
    : { status: 'REFUNDED', orders: done };
}

/** The confirmation mail with its PDF, written in the caller's transaction. */
async function enqueueConfirmation(db: Db, contract: WithdrawalContract, record: WithdrawalRecord) {
  if (!record.mail_to) return;
  const lang = record.language as Lang;
  const pdf = await confirmationPdf(contract, record, lang);
  const euro = (cents: number) => formatEuro(cents / 100, lang);
  await enqueueMail(db, {
    to: record.mail_to,
    template: 'withdrawalConfirmed',
    lang,
    values: {
      name: holderNameOf(contract.data),
      contractNo: contract.contract_no,
      product: productTitle(contract, lang),
      withdrawnOn: ymdToDisplay(record.withdrawn_on),
      premium: euro(Number(record.premium_cents)),
      coveredDays: Number(record.covered_days),
      kept: euro(Number(record.kept_cents)),
      refund: euro(Number(record.refund_cents)),
      refundWay: refundWayText(lang, record),
    },
    attachments: [
      {
        fileName: withdrawalFileName(contract.contract_no, lang),
        contentType: 'application/pdf',
        content: pdf,
      },
    ],
  });
}

/**
 * The card refund of a withdrawal still PENDING, then its final status and the confirmation mail in
 * one transaction: a withdrawal is PENDING until both are written. Null when another pass settled it.
 */
export async function settleCardRefund(
  deps: Pick<WithdrawalDeps, 'db' | 'refunds' | 'now' | 'log'>,
  contract: WithdrawalContract,
  record: WithdrawalRecord,
): Promise<WithdrawalRecord | null> {
  const contractNo = contract.contract_no;
  const cardOrders = await cardOrdersOf(deps.db, contractNo);
  const refund = await refundByCard(deps.refunds, Number(record.refund_cents), cardOrders);
  const settled = await deps.db.transaction(async (tx) => {
    const [updated] = await tx.query<WithdrawalRecord>(
      `UPDATE withdrawals SET refund_status = $2, refund_orders = $3::jsonb, refund_error = $4,
              refunded_at = CASE WHEN $2 = 'REFUNDED' THEN $5::timestamptz ELSE NULL END
        WHERE contract_no = $1 AND refund_status = 'PENDING' RETURNING *`,
      [
        contractNo,
        refund.status,
        JSON.stringify(refund.orders),
        refund.error ?? null,
        deps.now().toISOString(),
      ],
    );
    if (updated) await enqueueConfirmation(tx, contract, updated);
    return updated ?? null;
  });
  if (refund.status === 'FAILED')
    deps.log.error(
      { event: 'withdrawal.refund_failed', contractNo, error: refund.error, refunded: refund.orders },
      'card refund of a withdrawal failed: the back office pays it',
    );
  return settled;
}

export interface WithdrawalOutcome {
  contract: WithdrawalContract;
  record: WithdrawalRecord;
}

/**
 * Withdraws `contractNo` for a caller already checked against it. Refuses (422, or 409 when
 * already withdrawn) when the right cannot be used today.
 */
export async function withdraw(
  deps: WithdrawalDeps,
  contractNo: string,
  channel: 'PORTAL' | 'LINK',
  lang: Lang,
  mailTo: string | null,
): Promise<WithdrawalOutcome> {
  const today = deps.today();
  const now = deps.now();
  const { state, record } = await deps.db.transaction(async (tx) => {
    const contract = await withdrawalContract(tx, contractNo);
    if (!contract) throw new Error(`withdraw: contract ${contractNo} vanished`);
    const state = await withdrawalState(tx, deps.bundles, contract, today);
    if (state.reason !== null) throw refusal(lang, state);
    const { terms } = state;
    const [inserted] = await tx.query<WithdrawalRecord>(
      `INSERT INTO withdrawals (contract_no, customer_no, channel, withdrawn_on, covered_days, policy_days, premium_cents,
         paid_cents, kept_cents, refund_cents, refund_method, refund_status, previous_status, language, created_at,
         mail_to, refund_attempted_at)
       VALUES ($1, $2, $3, $4::date, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::timestamptz, $16, $15::timestamptz)
       ON CONFLICT (contract_no) DO NOTHING RETURNING *`,
      [
        contract.contract_no,
        contract.customer_no,
        channel,
        today,
        terms.coveredDays,
        terms.policyDays,
        Number(contract.premium_cents),
        Number(contract.premium_cents) - Number(contract.balance_cents),
        terms.keptCents,
        terms.refundCents,
        state.refundMethod,
        state.refundMethod === 'NONE' ? 'NONE' : state.refundMethod === 'CARD' ? 'PENDING' : 'RECORDED',
        contract.status,
        lang,
        now.toISOString(),
        mailTo,
      ],
    );
    const marked = inserted
      ? await tx.query(
          `UPDATE contracts SET status = 'WITHDRAWN', balance_cents = 0 WHERE contract_no = $1 AND status = 'ACTIVE'
           RETURNING contract_no`,
          [contract.contract_no],
        )
      : [];
    if (!inserted || marked.length === 0) {
      // Another request withdrew it between our read and our write: nothing more is done.
      throw refusal(lang, { ...state, reason: 'WITHDRAWN' });
    }
    // Nothing left to do with the provider: the mail is written with the withdrawal.
    if (inserted.refund_status !== 'PENDING') await enqueueConfirmation(tx, contract, inserted);
    return { state, record: inserted };
  });

  const final =
    record.refund_status === 'PENDING'
      ? ((await settleCardRefund(deps, state.contract, record)) ?? record)
      : record;
  deps.log.info(
    {
      event: 'withdrawal.done',
      contractNo,
      channel,
      refundCents: state.terms.refundCents,
      method: state.refundMethod,
    },
    'contract withdrawn',
  );
  if (!mailTo)
    deps.log.error(
      { event: 'withdrawal.no_mail_address', contractNo },
      'withdrawal confirmed without a mail address',
    );
  const contract = (await withdrawalContract(deps.db, contractNo)) ?? state.contract;
  return { contract, record: final };
}

/** A card refund left PENDING this long was cut off: no request takes so long. */
export const STALE_REFUND_MS = 10 * 60_000;

/**
 * Resumes the withdrawals whose card refund was cut off (the instance stopped before the provider
 * answered, or before the answer was written): each is claimed by stamping its attempt, so two
 * instances never take the same one, then settled as a withdrawal settles it.
 */
export async function resumeWithdrawalRefunds(
  deps: Pick<WithdrawalDeps, 'db' | 'refunds' | 'now' | 'log'>,
  limit = 20,
): Promise<{ resumed: number }> {
  const now = deps.now();
  const claimed = await deps.db.query<WithdrawalRecord>(
    `UPDATE withdrawals SET refund_attempted_at = $1::timestamptz
      WHERE contract_no IN (
        SELECT contract_no FROM withdrawals
         WHERE refund_status = 'PENDING' AND coalesce(refund_attempted_at, created_at) < $2::timestamptz
         ORDER BY created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
        AND refund_status = 'PENDING'
      RETURNING *`,
    [now.toISOString(), new Date(now.getTime() - STALE_REFUND_MS).toISOString(), limit],
  );
  let resumed = 0;
  for (const record of claimed) {
    const contract = await withdrawalContract(deps.db, record.contract_no);
    if (!contract) continue;
    if (await settleCardRefund(deps, contract, record)) resumed++;
    deps.log.info(
      { event: 'withdrawal.refund_resumed', contractNo: record.contract_no },
      'withdrawal refund resumed',
    );
  }
  return { resumed };
}
