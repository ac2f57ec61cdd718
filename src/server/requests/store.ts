// Customers' requests (work orders, issue 15 item 3): checking a new request, storing it in
// portal_requests with its notification mails in one transaction, and reading a customer's list.

import { todayInNicosia } from '../../engine/dates';
import { caseHistory, recordFiled } from '../casework/progress';
import { type CustomerRow, linkPurchases } from '../customers/store';
import type { Db } from '../db';
import { enqueueMail } from '../outbox';
import type { PendingMessage } from '../platform/errors';
import { hasKey, type Lang, t } from '../platform/i18n';
import { lovList } from '../reference';

/** Spec §5 and §9: a request's message is at most 1024 characters. */
export const MESSAGE_MAX = 1024;
export const SUBJECT_MAX = 120;

/** The fields of a new request as the portal sends them. */
export interface RequestInput {
  SUBJECT?: string;
  CONTRACT_NO?: string;
  MESSAGE?: string;
  TYPE?: string;
  CATEGORY?: string;
}

export interface CheckedRequest {
  subject: string;
  contractNo: string;
  message: string;
  type: string;
  category: string;
}

export type OwnContract = {
  contract_no: string;
  product_id: string;
};

const KEY = 'requests:errors';

/** Counted as people count: "é" typed as e + accent is one character, like the browser's counter. */
export const charCount = (text: string) => [...text.normalize('NFC')].length;

const inList = (lov: string, value: string) =>
  (lovList(lov, 'el')?.LOV_VALUE ?? []).some((v) => v.VALUE === value);

/**
 * Every problem of a new request at once (each with its FIELD), or the trimmed request. The
 * contract must be one of `contracts` (the logged-in customer's own).
 */
export function checkRequest(
  input: RequestInput,
  contracts: readonly OwnContract[],
): { ok: true; request: CheckedRequest; contract: OwnContract } | { ok: false; messages: PendingMessage[] } {
  const messages: PendingMessage[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.normalize('NFC').trim() : '');
  const subject = text(input.SUBJECT);
  const message = text(input.MESSAGE);
  const type = text(input.TYPE);
  const category = text(input.CATEGORY);
  const contractNo = text(input.CONTRACT_NO);

  if (!subject) messages.push({ key: `${KEY}.subjectRequired`, field: 'SUBJECT', code: 'REQUIRED' });
  else if (charCount(subject) > SUBJECT_MAX)
    messages.push({
      key: `${KEY}.subjectTooLong`,
      params: { limit: SUBJECT_MAX },
      field: 'SUBJECT',
      code: 'TOO_LONG',
    });

  const contract = contracts.find((c) => c.contract_no === contractNo);
  if (!contractNo) messages.push({ key: `${KEY}.contractRequired`, field: 'CONTRACT_NO', code: 'REQUIRED' });
  else if (!contract)
    messages.push({ key: `${KEY}.contractNotYours`, field: 'CONTRACT_NO', code: 'FORBIDDEN' });

  if (!type) messages.push({ key: `${KEY}.typeRequired`, field: 'TYPE', code: 'REQUIRED' });
  else if (!inList('REQUEST_TYPE', type))
    messages.push({ key: `${KEY}.typeUnknown`, field: 'TYPE', code: 'NOT_IN_LIST' });

  if (!category) messages.push({ key: `${KEY}.categoryRequired`, field: 'CATEGORY', code: 'REQUIRED' });
  else if (!inList('REQUEST_CATEGORY', category))
    messages.push({ key: `${KEY}.categoryUnknown`, field: 'CATEGORY', code: 'NOT_IN_LIST' });

  if (!message) messages.push({ key: `${KEY}.messageRequired`, field: 'MESSAGE', code: 'REQUIRED' });
  else if (charCount(message) > MESSAGE_MAX)
    messages.push({
      key: `${KEY}.messageTooLong`,
      params: { limit: MESSAGE_MAX, count: charCount(message) },
      field: 'MESSAGE',
      code: 'TOO_LONG',
    });

  if (messages.length > 0 || !contract) return { ok: false, messages };
  return { ok: true, request: { subject, contractNo, message, type, category }, contract };
}

/** The contracts a customer may file a request about: every one of theirs, newest first. */
export async function requestContracts(db: Db, customer: CustomerRow): Promise<OwnContract[]> {
  // A policy bought on the public site since the last read is the customer's too.
  await linkPurchases(db, customer);
  return db.query<OwnContract>(
    'SELECT contract_no, product_id FROM contracts WHERE customer_no = $1 ORDER BY start_date DESC, contract_no DESC',
    [customer.customer_no],
  );
}

export interface NotifySettings {
  /** The insurer's service mailbox (SERVICE_MAIL_TO). */
  serviceMail: string;
  publicUrl: string;
}

/**
 * Stores the request and queues its two mails in one transaction: the service mailbox's
 * notification and the customer's acknowledgement, both in the customer's language (the staff
 * answer in the language the customer wrote in). Answers the new WORKORDER_ID.
 */
export async function createRequest(
  db: Db,
  customer: CustomerRow,
  checked: { request: CheckedRequest; contract: OwnContract },
  lang: Lang,
  notify: NotifySettings,
  now: Date,
): Promise<string> {
  const { request, contract } = checked;
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.query<{ n: string | number }>("SELECT nextval('portal_request_seq') AS n");
    const workorderId = `WO${n}`;
    await tx.query(
      `INSERT INTO portal_requests (workorder_id, customer_no, contract_no, product_id, request_type, category,
         subject, message, language, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamptz, $10::timestamptz)`,
      [
        workorderId,
        customer.customer_no,
        contract.contract_no,
        contract.product_id,
        request.type,
        request.category,
        request.subject,
        request.message,
        lang,
        now.toISOString(),
      ],
    );
    await recordFiled(tx, {
      kind: 'REQUEST',
      ref: workorderId,
      customerNo: customer.customer_no,
      status: 'OPEN',
      now,
    });
    const name = `${customer.first_name} ${customer.last_name}`.trim();
    const values = {
      workorderId,
      name,
      customerNo: customer.customer_no,
      mobile: customer.telephone,
      email: customer.email || '-',
      contractNo: contract.contract_no,
      type: lovText('REQUEST_TYPE', request.type, lang),
      category: lovText('REQUEST_CATEGORY', request.category, lang),
      subject: request.subject,
      message: request.message,
    };
    await enqueueMail(tx, { to: notify.serviceMail, template: 'serviceRequest', lang, values });
    if (customer.email) {
      await enqueueMail(tx, {
        to: customer.email,
        template: 'requestReceived',
        lang,
        values: { ...values, link: `${notify.publicUrl}/my-requests` },
      });
    }
    return workorderId;
  });
}

export function lovText(lov: string, value: string, lang: Lang): string {
  return lovList(lov, lang)?.LOV_VALUE.find((v) => v.VALUE === value)?.TEXT ?? value;
}

type StoredRequest = {
  workorder_id: string;
  contract_no: string | null;
  product_id: string | null;
  request_type: string;
  category: string;
  subject: string;
  message: string;
  status: string;
  created_at: string | Date;
};

/** GET /zcp/request: the customer's requests, newest first (CT_REQUESTS). */
export async function requestsOf(
  db: Db,
  customer: CustomerRow,
  lang: Lang,
  statusText: (s: string) => string,
) {
  const rows = await db.query<StoredRequest>(
    `SELECT workorder_id, contract_no, product_id, request_type, category, subject, message, status, created_at
       FROM portal_requests WHERE customer_no = $1 ORDER BY created_at DESC, workorder_id DESC`,
    [customer.customer_no],
  );
  const histories = await Promise.all(rows.map((r) => caseHistory(db, 'REQUEST', r.workorder_id, lang)));
  return rows.map((r, i) => {
    const created = new Date(r.created_at);
    return {
      // Every change the service team made, with its note (the filing itself included).
      ET_HISTORY: histories[i],
      WORKORDER_ID: r.workorder_id,
      SUBJECT: r.subject,
      CONTRACT_NO: r.contract_no ?? '',
      PRODUCT_ID: r.product_id ?? '',
      TYPE: r.request_type,
      TYPE_DESC: lovText('REQUEST_TYPE', r.request_type, lang),
      CATEGORY: r.category,
      CATEGORY_DESC: lovText('REQUEST_CATEGORY', r.category, lang),
      MESSAGE: r.message,
      STATUS: r.status,
      STATUS_DESC: statusText(r.status),
      CREATED_ON: todayInNicosia(created),
      CREATED_AT: created.toISOString(),
    };
  });
}

/**
 * The customer's work orders (issue 28 item 3): endorsements the portal could not make itself and
 * the other changes staff handle, newest first, with their status and every change staff made.
 * The endorsement's name is the portal's own ("Building value"); other work orders have none.
 */
export async function workOrdersOf(db: Db, customer: CustomerRow, lang: Lang) {
  const rows = await db.query<{
    workorder_id: string;
    contract_no: string;
    endorsement_type: string | null;
    status: string;
    created_at: string | Date;
  }>(
    `SELECT workorder_id, contract_no, endorsement_type, status, created_at
       FROM work_orders WHERE customer_no = $1 ORDER BY created_at DESC, workorder_id DESC`,
    [customer.customer_no],
  );
  const histories = await Promise.all(rows.map((r) => caseHistory(db, 'WORK_ORDER', r.workorder_id, lang)));
  return rows.map((r, i) => {
    const created = new Date(r.created_at);
    const type = r.endorsement_type ?? '';
    const typeKey = `endorsements:types.${type}.title`;
    return {
      WORKORDER_ID: r.workorder_id,
      CONTRACT_NO: r.contract_no,
      ENDORSEMENT_TYPE: type,
      TYPE_DESC: type && hasKey(lang, typeKey) ? t(lang, typeKey) : '',
      STATUS: r.status,
      STATUS_DESC: t(lang, `requests:workOrderStatuses.${r.status}`),
      CREATED_ON: todayInNicosia(created),
      CREATED_AT: created.toISOString(),
      ET_HISTORY: histories[i],
    };
  });
}
