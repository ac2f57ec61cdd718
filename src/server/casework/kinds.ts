// The kinds of case the insurer moves along (issue 28 items 3 and 4): where each is stored and
// which texts name it. What a kind's statuses and moves are is data (case_statuses,
// case_transitions, migration 0017), not code; this file only says where each kind lives.

export const CASE_KINDS = ['CLAIM', 'WORK_ORDER', 'REQUEST', 'PAYMENT_REVIEW'] as const;
export type CaseKind = (typeof CASE_KINDS)[number];

export function isCaseKind(value: string): value is CaseKind {
  return (CASE_KINDS as readonly string[]).includes(value);
}

/** The integration API's path segment of each kind (/zcp/integration/<segment>/<ref>). */
export const KIND_SEGMENTS: Record<CaseKind, string> = {
  CLAIM: 'claims',
  WORK_ORDER: 'work-orders',
  REQUEST: 'requests',
  PAYMENT_REVIEW: 'payment-reviews',
};

export interface KindStore {
  /** Reads the case: ref, customer_no (may be null: a visitor's payment), status, language, contract_no. */
  read: string;
  /** Sets the status ($1 the ref, $2 the status, $3 now when the table keeps updated_at). */
  update: string;
  stampsUpdate: boolean;
  /** The locale key of a status's name ({status} replaced). */
  statusKey: string;
  /** The portal page where the customer sees the case ({ref} and {contract} replaced). */
  link: string;
}

// Every read locks the row (FOR UPDATE): two moves of one case at once are applied one after the other.
export const KIND_STORES: Record<CaseKind, KindStore> = {
  CLAIM: {
    read: `SELECT claim_no AS ref, claim_id::text AS id, customer_no, status, language, contract_no
             FROM claims WHERE claim_no = $1 FOR UPDATE`,
    update: 'UPDATE claims SET status = $2 WHERE claim_no = $1',
    stampsUpdate: false,
    statusKey: 'claims:statuses.{status}',
    link: '/my-claims/{ref}',
  },
  WORK_ORDER: {
    read: `SELECT workorder_id AS ref, workorder_id AS id, customer_no, status, language, contract_no
             FROM work_orders WHERE workorder_id = $1 FOR UPDATE`,
    update: 'UPDATE work_orders SET status = $2, updated_at = $3::timestamptz WHERE workorder_id = $1',
    stampsUpdate: true,
    statusKey: 'requests:workOrderStatuses.{status}',
    link: '/my-requests',
  },
  REQUEST: {
    read: `SELECT workorder_id AS ref, workorder_id AS id, customer_no, status, language, contract_no
             FROM portal_requests WHERE workorder_id = $1 FOR UPDATE`,
    update: 'UPDATE portal_requests SET status = $2, updated_at = $3::timestamptz WHERE workorder_id = $1',
    stampsUpdate: true,
    statusKey: 'requests:status.{status}',
    link: '/my-requests',
  },
  // Only orders flagged for the back office are reviews.
  PAYMENT_REVIEW: {
    read: `SELECT o.order_id AS ref, o.order_id AS id, COALESCE(o.customer_no, c.customer_no) AS customer_no,
                  COALESCE(o.review_status, 'OPEN') AS status, o.language, o.contract_no
             FROM payment_orders o LEFT JOIN contracts c ON c.contract_no = o.contract_no
            WHERE o.order_id = $1 AND o.review_reason IS NOT NULL FOR UPDATE OF o`,
    update: 'UPDATE payment_orders SET review_status = $2, updated_at = $3::timestamptz WHERE order_id = $1',
    stampsUpdate: true,
    statusKey: 'requests:reviewStatuses.{status}',
    link: '/my-contract/{contract}',
  },
};
