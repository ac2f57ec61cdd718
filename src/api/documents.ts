// The portal's documents page (issue 28 item 5): every document the customer has received, and
// one of them as a PDF. DOC_ID is the service's; the browser only sends it back.

import { zcpRead } from './client';

export type DocumentKind =
  | 'SCHEDULE'
  | 'ENDORSEMENT'
  | 'WITHDRAWAL'
  | 'CLAIM_ACK'
  | 'CLAIM_DECISION'
  | 'CERTIFICATE';

export interface CustomerDocument {
  DOC_ID: string;
  KIND: DocumentKind;
  CONTRACT_NO: string;
  PRODUCT_ID: string;
  FLOW_ID: string;
  DATE: string;
  AT: string;
  VERSION?: number;
  CLAIM_NO?: string;
  ENDORSEMENT_TYPE?: string;
  STATUS?: string;
}

export async function getDocuments(): Promise<CustomerDocument[]> {
  const answer = await zcpRead<{ DOCUMENTS: CustomerDocument[] }>('GET', 'documents', undefined, {
    quiet: true,
  });
  return answer.DOCUMENTS;
}

export function getDocumentPdf(docId: string): Promise<Blob> {
  return zcpRead<Blob>('POST', 'documents/download', { DOC_ID: docId }, { binary: true, quiet: true });
}
