// Typed calls of the portal's claims (docs/portal-api.md, "Claims"): one claim's detail and
// payments, and a claim file sent resumably (tus, resumableUpload.ts) so a photo on a patchy
// mobile line carries on where it stopped instead of starting over.

import { zcpRead } from './client';
import { uploadResumable } from './resumableUpload';

export interface ClaimFileEntry {
  SLOT: string;
  SLOT_DESC: string;
  UPLOAD_ID: string;
  FILE_NAME: string;
  MIME_TYPE: string;
  SIZE: number;
}

export interface ClaimDetail {
  CLAIM_NO: string;
  CLAIM_ID: string;
  OBJECT_NO: string;
  CONTRACT_NO: string;
  /** A claim product of the claim rules (MOTOR, PROPERTY). */
  PRODUCT_CODE: string;
  STATUS: string;
  IT_ATTACHMENT_LIST: ClaimFileEntry[];
  MISSING_SLOTS: string[];
  SLOTS: { SLOT: string; KIND: 'photo' | 'document'; FILLED: boolean }[];
  /** The insurer asks for more information: the customer may fill EXTRA_SLOTS. */
  MORE_INFO: boolean;
  EXTRA_SLOTS: { SLOT: string; KIND: 'photo' | 'document'; FILLED: boolean }[];
  ET_HISTORY: CaseHistoryEntry[];
}

/** One change of a claim or request: its status, its date (Y-m-d) and the insurer's note. */
export interface CaseHistoryEntry {
  FROM_STATUS: string | null;
  STATUS: string;
  STATUS_DESC: string;
  NOTE: string;
  DATE: string;
  AT: string;
}

export interface ClaimPayment {
  PAYMENT_STATUS: string;
  PAYMENT_STATUS_DESC: string;
  COMPENSATION_TYPE: string;
  COMPENSATION_TYPE_DESC: string;
  AMOUNT: number | null;
  /** Once paid (ET_PAYMENT): the amount paid in euro, the date, how, and the account masked. */
  PAID_AMOUNT?: number;
  PAYMENT_DATE?: string;
  PAYMENT_METHOD?: string;
  PAYMENT_METHOD_DESC?: string;
  ACCOUNT?: string;
  REFERENCE?: string;
}

const seg = (s: string) => encodeURIComponent(s);

export function getClaimDetail(claimNo: string): Promise<ClaimDetail> {
  return zcpRead('GET', `claim/detail/${seg(claimNo)}`);
}

export function getPaymentDetails(claimNo: string): Promise<{ ET_PAYMENT: ClaimPayment[] }> {
  return zcpRead('POST', 'claim/GetPaymentDetails', { CLAIM_NO: claimNo });
}

/** Why an upload stopped: the service's translated message when it gave one. */
export { ResumableUploadError as ClaimUploadError } from './resumableUpload';

/** Sends one file to a slot of a claim, resumably; `onProgress` gets 0–100. */
export function uploadClaimFile(input: {
  claimNo: string;
  slot: string;
  file: Blob;
  fileName: string;
  lang: string;
  onProgress: (percent: number) => void;
}): Promise<void> {
  return uploadResumable({
    endpoint: 'claim/tus',
    file: input.file,
    metadata: { claimNo: input.claimNo, slot: input.slot, filename: input.fileName },
    lang: input.lang,
    onProgress: input.onProgress,
  });
}
