// Every document the customer has received (issue 28 item 5), read from the records: the policy
// schedule of every version of each contract (the first at issue, one after each endorsement), the
// confirmation of each endorsement, the withdrawal confirmation, each claim's acknowledgement and
// the insurer's decisions on it (approved, rejected, paid), and the certificate of insurance of a
// contract that has one. Only the caller's own: each query is bounded by the customer number.

import { todayInNicosia } from '../../engine/dates';
import type { Db } from '../db';

export const DOCUMENT_KINDS = [
  'SCHEDULE',
  'ENDORSEMENT',
  'WITHDRAWAL',
  'CLAIM_ACK',
  'CLAIM_DECISION',
  'CERTIFICATE',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The claim statuses whose move is a decision the customer receives. */
export const DECISIONS = ['APPROVED', 'REJECTED', 'PAID'] as const;

export interface DocumentEntry {
  /** Opaque to the browser: the kind and the record it is drawn from. */
  DOC_ID: string;
  KIND: DocumentKind;
  CONTRACT_NO: string;
  PRODUCT_ID: string;
  FLOW_ID: string;
  /** The day it was issued, in Cyprus (YYYY-MM-DD); AT orders the list. */
  DATE: string;
  AT: string;
  /** The contract version (SCHEDULE, ENDORSEMENT), the claim number (CLAIM_*), the endorsement kind, the decision. */
  VERSION?: number;
  CLAIM_NO?: string;
  ENDORSEMENT_TYPE?: string;
  STATUS?: string;
}

export const docId = (kind: DocumentKind, ...parts: (string | number)[]) => [kind, ...parts].join(':');

/** A document id's kind and parts, or null when it is not one this service writes. */
export function parseDocId(id: string): { kind: DocumentKind; parts: string[] } | null {
  const [kind, ...parts] = id.split(':');
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind) || parts.length === 0) return null;
  if (parts.some((p) => !/^[A-Za-z0-9_-]{1,40}$/.test(p))) return null;
  return { kind: kind as DocumentKind, parts };
}

type Row = Record<string, unknown> & {
  contract_no: string;
  product_id: string;
  flow_id: string;
  at: Date | string;
};

const iso = (at: Date | string) => new Date(at).toISOString();

export async function documentsOf(db: Db, customerNo: string, contractNo?: string): Promise<DocumentEntry[]> {
  const only = contractNo ?? null;
  const params = [customerNo, only];
  const OWN = `c.customer_no = $1 AND ($2::text IS NULL OR c.contract_no = $2)`;
  const CONTRACT = 'contracts c JOIN offers o ON o.offer_no = c.offer_no';
  const [contracts, endorsements, withdrawals, claims, decisions, certificates] = await Promise.all([
    db.query<Row & { version: number }>(
      `SELECT c.contract_no, c.product_id, o.flow_id, c.version, c.created_at AS at FROM ${CONTRACT} WHERE ${OWN}`,
      params,
    ),
    db.query<Row & { id: string; endorsement_type: string; contract_version: number }>(
      `SELECT e.id, e.endorsement_type, e.contract_version, e.created_at AS at, c.contract_no, c.product_id, o.flow_id
         FROM endorsements e JOIN ${CONTRACT} ON c.contract_no = e.contract_no WHERE ${OWN}`,
      params,
    ),
    db.query<Row>(
      `SELECT w.created_at AS at, c.contract_no, c.product_id, o.flow_id
         FROM withdrawals w JOIN ${CONTRACT} ON c.contract_no = w.contract_no WHERE ${OWN}`,
      params,
    ),
    db.query<Row & { claim_no: string }>(
      // Filed when its history begins (a claim loaded from the core system is recorded later).
      `SELECT cl.claim_no, c.contract_no,
              COALESCE((SELECT min(ev.created_at) FROM case_events ev
                         WHERE ev.case_kind = 'CLAIM' AND ev.case_ref = cl.claim_no AND ev.from_status IS NULL),
                       cl.created_at) AS at, c.product_id, o.flow_id
         FROM claims cl JOIN ${CONTRACT} ON c.contract_no = cl.contract_no
        WHERE cl.customer_no = $1 AND ${OWN}`,
      params,
    ),
    db.query<Row & { event_id: string; claim_no: string; to_status: string }>(
      `SELECT ev.event_id, ev.to_status, ev.created_at AS at, cl.claim_no, c.contract_no, c.product_id, o.flow_id
         FROM case_events ev
         JOIN claims cl ON cl.claim_no = ev.case_ref
         JOIN ${CONTRACT} ON c.contract_no = cl.contract_no
        WHERE ev.case_kind = 'CLAIM' AND ev.to_status = ANY($3::text[])
          AND ev.from_status IS DISTINCT FROM ev.to_status AND cl.customer_no = $1 AND ${OWN}`,
      [...params, [...DECISIONS]],
    ),
    db.query<Row>(
      `SELECT max(ce.issued_at) AS at, c.contract_no, c.product_id, o.flow_id
         FROM certificates ce JOIN ${CONTRACT} ON c.contract_no = ce.contract_no
        WHERE ce.revoked_at IS NULL AND ${OWN}
        GROUP BY c.contract_no, c.product_id, o.flow_id`,
      params,
    ),
  ]);

  const entry = (
    kind: DocumentKind,
    row: Row,
    id: (string | number)[],
    extra: Partial<DocumentEntry> = {},
  ) => ({
    DOC_ID: docId(kind, ...id),
    KIND: kind,
    CONTRACT_NO: row.contract_no,
    PRODUCT_ID: row.product_id,
    FLOW_ID: row.flow_id,
    DATE: todayInNicosia(new Date(row.at)),
    AT: iso(row.at),
    ...extra,
  });

  const list: DocumentEntry[] = [];
  for (const c of contracts) {
    // The first schedule at issue; each later version's with the endorsement that made it.
    list.push(entry('SCHEDULE', c, [c.contract_no, 1], { VERSION: 1 }));
  }
  for (const e of endorsements) {
    const version = Number(e.contract_version);
    list.push(entry('ENDORSEMENT', e, [e.id], { VERSION: version, ENDORSEMENT_TYPE: e.endorsement_type }));
    list.push(entry('SCHEDULE', e, [e.contract_no, version], { VERSION: version }));
  }
  for (const w of withdrawals) list.push(entry('WITHDRAWAL', w, [w.contract_no]));
  for (const c of claims) list.push(entry('CLAIM_ACK', c, [c.claim_no], { CLAIM_NO: c.claim_no }));
  for (const d of decisions)
    list.push(entry('CLAIM_DECISION', d, [d.event_id], { CLAIM_NO: d.claim_no, STATUS: d.to_status }));
  for (const c of certificates) list.push(entry('CERTIFICATE', c, [c.contract_no]));
  // Newest first; on the same instant the schedule after the change that made it.
  const rank = (k: DocumentKind) => DOCUMENT_KINDS.indexOf(k);
  return list.sort((a, b) => b.AT.localeCompare(a.AT) || rank(a.KIND) - rank(b.KIND));
}
