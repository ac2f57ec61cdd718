// Typed calls of the portal's claims (docs/portal-api.md, "Claims"): one claim's detail and
// payments, and a claim file sent resumably (tus 1.0 via tus-js-client) so a photo on a patchy
// mobile line carries on where it stopped instead of starting over.

import { Upload } from 'tus-js-client';
import { CSRF_HEADER, fetchCsrfToken, zcpRead } from './client';
import { zcpPrefixUrl } from './config';

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
  PRODUCT_CODE: 'MOTOR' | 'PROPERTY';
  STATUS: string;
  IT_ATTACHMENT_LIST: ClaimFileEntry[];
  MISSING_SLOTS: string[];
  SLOTS: { SLOT: string; KIND: 'photo' | 'document'; FILLED: boolean }[];
}

export interface ClaimPayment {
  PAYMENT_STATUS: string;
  PAYMENT_STATUS_DESC: string;
  COMPENSATION_TYPE: string;
  COMPENSATION_TYPE_DESC: string;
  AMOUNT: number | null;
}

const seg = (s: string) => encodeURIComponent(s);

export function getClaimDetail(claimNo: string): Promise<ClaimDetail> {
  return zcpRead('GET', `claim/detail/${seg(claimNo)}`);
}

export function getPaymentDetails(claimNo: string): Promise<{ ET_PAYMENT: ClaimPayment[] }> {
  return zcpRead('POST', 'claim/GetPaymentDetails', { CLAIM_NO: claimNo });
}

/** Why an upload stopped: the service's translated message when it gave one. */
export class ClaimUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

function serviceMessage(body: string | undefined): string | undefined {
  try {
    return (JSON.parse(body ?? '') as { MESSAGES?: { MSGTEXT?: string }[] }).MESSAGES?.[0]?.MSGTEXT;
  } catch {
    return undefined;
  }
}

/**
 * Sends one file to a slot of a claim. Retries by itself after a dropped connection (asking the
 * service how far it got, then sending the rest); `onProgress` gets 0–100.
 */
export async function uploadClaimFile(input: {
  claimNo: string;
  slot: string;
  file: Blob;
  fileName: string;
  lang: string;
  onProgress: (percent: number) => void;
}): Promise<void> {
  const csrf = (await fetchCsrfToken()) ?? '';
  return new Promise((resolve, reject) => {
    const upload = new Upload(input.file, {
      endpoint: new URL('claim/tus', zcpPrefixUrl()).href,
      // Back off and resume: 1 s, 3 s, 5 s, 10 s, 20 s, then the screen offers "try again".
      retryDelays: [1000, 3000, 5000, 10000, 20000],
      chunkSize: 512 * 1024,
      metadata: { claimNo: input.claimNo, slot: input.slot, filename: input.fileName },
      headers: { [CSRF_HEADER]: csrf, 'Accept-Language': input.lang },
      // Each attempt is a new upload: the server keeps no half-files of a previous page.
      storeFingerprintForResuming: false,
      onBeforeRequest(req) {
        (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      },
      onProgress(sent, total) {
        input.onProgress(total > 0 ? Math.floor((sent / total) * 100) : 0);
      },
      onSuccess() {
        input.onProgress(100);
        resolve();
      },
      onError(error) {
        const res = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null })
          .originalResponse;
        const status = res?.getStatus() ?? 0;
        reject(new ClaimUploadError(serviceMessage(res?.getBody()) ?? error.message, status));
      },
      onShouldRetry(error) {
        // Refusals (wrong type, too large, not yours) are final; a lost connection is retried.
        const status = (
          error as { originalResponse?: { getStatus(): number } | null }
        ).originalResponse?.getStatus();
        return status === undefined || status === 0 || status === 409 || status === 423 || status >= 500;
      },
    });
    upload.start();
  });
}
