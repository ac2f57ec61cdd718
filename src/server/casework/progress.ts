// Moving a case along (issue 28 items 3 and 4): the move is checked against case_transitions, the
// case's status set, the change kept in case_events, a paid claim's payment stored, and the
// customer's e-mail (and SMS, if they consented) queued, all in one transaction.

import { ymdToDisplay } from '../../engine/dates';
import type { Db } from '../db';
import { enqueueMail, enqueueSms, normalizeCypriotMobile } from '../outbox';
import { ApiError } from '../platform/errors';
import { type Lang, t } from '../platform/i18n';
import { type CaseKind, KIND_STORES } from './kinds';

export type CaseSource = 'PORTAL' | 'INTEGRATION' | 'DESK' | 'DEMO';
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CHEQUE', 'REPAIR_SHOP'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const NOTE_MAX = 1000;

export interface ClaimPaymentInput {
  amountCents: number;
  /** Y-m-d. */
  paidOn: string;
  method: PaymentMethod;
  /** The IBAN or account paid into (only its masked form is kept), or empty. */
  account: string;
  reference: string;
}

export interface MoveInput {
  kind: CaseKind;
  ref: string;
  /** The new status; absent for a note alone. */
  to?: string;
  note: string;
  source: CaseSource;
  payment?: ClaimPaymentInput;
}

export type CaseRow = {
  ref: string;
  id: string;
  customer_no: string | null;
  status: string;
  language: string;
  contract_no: string | null;
};

export type Transition = {
  to_status: string;
  requires_payment: boolean;
};

const KEY = 'casework:errors';

export function caseError(status: number, code: string, params: Record<string, unknown> = {}) {
  return new ApiError(status, [{ key: `${KEY}.${code}`, code, params }], { CODE: code });
}

/** An account as the customer sees it: the first four and last four characters, the rest hidden. */
export function maskAccount(account: string): string {
  const compact = account.replace(/\s+/g, '').toUpperCase();
  if (compact === '') return '';
  if (compact.length <= 8) return `**** ${compact.slice(-4)}`;
  return `${compact.slice(0, 4)} **** ${compact.slice(-4)}`;
}

export async function readCase(db: Db, kind: CaseKind, ref: string): Promise<CaseRow | null> {
  const [row] = await db.query<CaseRow>(KIND_STORES[kind].read, [ref]);
  return row ?? null;
}

/** Where a case may go from its status, as case_transitions lists it. */
export async function nextStatuses(db: Db, kind: CaseKind, from: string): Promise<Transition[]> {
  return db.query<Transition>(
    `SELECT to_status, requires_payment FROM case_transitions WHERE case_kind = $1 AND from_status = $2
      ORDER BY to_status`,
    [kind, from],
  );
}

export const statusText = (lang: Lang, kind: CaseKind, status: string) =>
  t(lang, KIND_STORES[kind].statusKey.replace('{status}', status));

export interface MoveSettings {
  publicUrl: string;
  now: Date;
}

/** Applies the move or throws (404 unknown case, 409 move not allowed, 422 payment missing). */
export async function moveCase(db: Db, settings: MoveSettings, input: MoveInput) {
  return db.transaction(async (tx) => {
    const row = await readCase(tx, input.kind, input.ref);
    if (!row) throw caseError(404, 'NOT_FOUND', { ref: input.ref });
    const from = row.status;
    const to = input.to ?? from;
    const note = input.note.trim();
    if (input.to === undefined && note === '') throw caseError(422, 'NOTE_REQUIRED');
    if (note.length > NOTE_MAX) throw caseError(422, 'NOTE_TOO_LONG', { limit: NOTE_MAX });
    let requiresPayment = false;
    if (input.to !== undefined) {
      const allowed = await nextStatuses(tx, input.kind, from);
      const move = allowed.find((a) => a.to_status === to);
      if (!move) {
        throw new ApiError(409, [{ key: `${KEY}.NOT_ALLOWED`, code: 'NOT_ALLOWED', params: { from, to } }], {
          CODE: 'NOT_ALLOWED',
          STATUS: from,
          ALLOWED: allowed.map((a) => a.to_status),
        });
      }
      requiresPayment = move.requires_payment;
    }
    if (requiresPayment && !input.payment) throw caseError(422, 'PAYMENT_REQUIRED');
    if (!requiresPayment && input.payment) throw caseError(422, 'PAYMENT_NOT_EXPECTED');

    const at = settings.now.toISOString();
    const store = KIND_STORES[input.kind];
    if (to !== from) await tx.query(store.update, store.stampsUpdate ? [row.ref, to, at] : [row.ref, to]);
    if (requiresPayment && input.payment) {
      const p = input.payment;
      await tx.query(
        `INSERT INTO claim_payments (claim_id, amount_cents, paid_on, method, account_masked, reference, created_at)
         VALUES ($1, $2, $3::date, $4, $5, $6, $7::timestamptz)`,
        [row.id, p.amountCents, p.paidOn, p.method, maskAccount(p.account), p.reference.trim(), at],
      );
      await tx.query("UPDATE claims SET payment_status = 'PAID' WHERE claim_id = $1", [row.id]);
    }
    await tx.query(
      `INSERT INTO case_events (case_kind, case_ref, customer_no, from_status, to_status, note, source, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz)`,
      [input.kind, row.ref, row.customer_no ?? '', from, to, note, input.source, at],
    );
    await notifyCustomer(tx, settings, row, { kind: input.kind, to, note, payment: input.payment });
    return { REF: row.ref, FROM_STATUS: from, STATUS: to };
  });
}

type Recipient = {
  email: string;
  telephone: string;
  sms_consent: boolean;
  first_name: string;
  last_name: string;
};

/** The customer's e-mail, and an SMS when they consented to texts, in the case's language. */
async function notifyCustomer(
  db: Db,
  settings: MoveSettings,
  row: CaseRow,
  change: { kind: CaseKind; to: string; note: string; payment?: ClaimPaymentInput },
) {
  if (!row.customer_no) return;
  const [customer] = await db.query<Recipient>(
    'SELECT email, telephone, sms_consent, first_name, last_name FROM customers WHERE customer_no = $1',
    [row.customer_no],
  );
  if (!customer) return;
  const lang: Lang = row.language === 'en' ? 'en' : 'el';
  const path = KIND_STORES[change.kind].link
    .replace('{ref}', encodeURIComponent(row.ref))
    .replace('{contract}', encodeURIComponent(row.contract_no ?? ''));
  const p = change.payment;
  const values = {
    name: `${customer.first_name} ${customer.last_name}`.trim(),
    kind: t(lang, `casework:kinds.${change.kind}`),
    about: t(lang, `casework:about.${change.kind}`),
    ref: row.ref,
    status: statusText(lang, change.kind, change.to),
    noteLine: change.note ? t(lang, 'casework:mail.note', { note: change.note }) : '',
    paymentLine: p
      ? t(lang, 'casework:mail.payment', {
          amount: p.amountCents / 100,
          date: ymdToDisplay(p.paidOn),
          method: t(lang, `claims:paymentMethods.${p.method}`),
          account: maskAccount(p.account) || '–',
        })
      : '',
    link: `${settings.publicUrl}${path}`,
  };
  if (customer.email) await enqueueMail(db, { to: customer.email, template: 'caseChanged', lang, values });
  if (customer.sms_consent && normalizeCypriotMobile(customer.telephone)) {
    await enqueueSms(db, { to: customer.telephone, template: 'caseChanged', lang, values });
  }
}

export interface HistoryEntry {
  FROM_STATUS: string | null;
  STATUS: string;
  STATUS_DESC: string;
  NOTE: string;
  /** Y-m-d in Nicosia, and the instant. */
  DATE: string;
  AT: string;
}

/** A case's changes, oldest first (the timeline). */
export async function caseHistory(db: Db, kind: CaseKind, ref: string, lang: Lang): Promise<HistoryEntry[]> {
  const rows = await db.query<{
    from_status: string | null;
    to_status: string;
    note: string;
    created_at: string | Date;
  }>(
    `SELECT from_status, to_status, note, created_at FROM case_events
      WHERE case_kind = $1 AND case_ref = $2 ORDER BY created_at, event_id`,
    [kind, ref],
  );
  return rows.map((r) => {
    const at = new Date(r.created_at);
    return {
      FROM_STATUS: r.from_status,
      STATUS: r.to_status,
      STATUS_DESC: statusText(lang, kind, r.to_status),
      NOTE: r.note,
      DATE: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Nicosia' }).format(at),
      AT: at.toISOString(),
    };
  });
}

/** Records a case's first status (filed in the portal) in its history, in the caller's transaction. */
export async function recordFiled(
  db: Db,
  input: { kind: CaseKind; ref: string; customerNo: string; status: string; now: Date },
) {
  await db.query(
    `INSERT INTO case_events (case_kind, case_ref, customer_no, from_status, to_status, note, source, created_at)
     VALUES ($1, $2, $3, NULL, $4, '', 'PORTAL', $5::timestamptz)`,
    [input.kind, input.ref, input.customerNo, input.status, input.now.toISOString()],
  );
}

export interface ClaimPaymentRow {
  AMOUNT: number;
  PAYMENT_DATE: string;
  PAYMENT_METHOD: PaymentMethod;
  ACCOUNT: string;
  REFERENCE: string;
}

export async function claimPayment(db: Db, claimId: string | number): Promise<ClaimPaymentRow | null> {
  const [row] = await db.query<{
    amount_cents: number;
    paid_on: string | Date;
    method: PaymentMethod;
    account_masked: string;
    reference: string;
  }>(
    'SELECT amount_cents, paid_on::text AS paid_on, method, account_masked, reference FROM claim_payments WHERE claim_id = $1',
    [claimId],
  );
  if (!row) return null;
  return {
    // Whole euro on screen; the cents stay inside.
    AMOUNT: Number(row.amount_cents) / 100,
    PAYMENT_DATE: String(row.paid_on).slice(0, 10),
    PAYMENT_METHOD: row.method,
    ACCOUNT: row.account_masked,
    REFERENCE: row.reference,
  };
}

/**
 * What files the customer may add to a case in `status`: the case's own slots while it is being
 * assessed (case_statuses.files_open), and the extra ones the insurer asked for
 * (case_statuses.customer_uploads).
 */
export async function caseFileRights(
  db: Db,
  kind: CaseKind,
  status: string,
): Promise<{ own: boolean; extra: boolean }> {
  const [row] = await db.query<{ files_open: boolean; customer_uploads: boolean }>(
    'SELECT files_open, customer_uploads FROM case_statuses WHERE case_kind = $1 AND status = $2',
    [kind, status],
  );
  return { own: row?.files_open === true, extra: row?.customer_uploads === true };
}
