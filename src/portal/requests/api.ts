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

/** GET /zcp/request: the customer's requests, newest first (CT_REQUESTS). */
export function getRequests(): Promise<{ CT_REQUESTS: RequestEntry[] }> {
  return zcpRead('GET', 'request');
}
