// The requests calls of the portal (issue 15 item 3): the customer's list. A new request is filed
// by the new-request flow (flows/new-request) through the engine's calls.

import type { CaseHistoryEntry } from '../../api/claims';
import { zcpRead } from '../../api/client';

export interface RequestEntry {
  WORKORDER_ID: string;
  SUBJECT: string;
  CONTRACT_NO: string;
  PRODUCT_ID: string;
  TYPE: string;
  TYPE_DESC: string;
  CATEGORY: string;
  CATEGORY_DESC: string;
  MESSAGE: string;
  STATUS: 'OPEN' | 'IN_PROGRESS' | 'CLOSED';
  STATUS_DESC: string;
  /** Y-m-d in Cyprus. */
  CREATED_ON: string;
  CREATED_AT: string;
  /** The request's changes, oldest first (the filing included). */
  ET_HISTORY?: CaseHistoryEntry[];
}

/** A change staff handle (an endorsement the portal could not make itself), issue 28 item 3. */
export interface WorkOrderEntry {
  WORKORDER_ID: string;
  CONTRACT_NO: string;
  ENDORSEMENT_TYPE: string;
  /** The endorsement's name ('' for another kind of change). */
  TYPE_DESC: string;
  STATUS: 'OPEN' | 'IN_PROGRESS' | 'DONE' | 'CANCELLED';
  STATUS_DESC: string;
  CREATED_ON: string;
  CREATED_AT: string;
  ET_HISTORY: CaseHistoryEntry[];
}

/** GET /zcp/request: the customer's requests and work orders, newest first. */
export function getRequests(): Promise<{ CT_REQUESTS: RequestEntry[]; CT_WORK_ORDERS?: WorkOrderEntry[] }> {
  return zcpRead('GET', 'request');
}
