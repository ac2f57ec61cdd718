// A file sent resumably (tus 1.0 via tus-js-client) to a /zcp endpoint: on a patchy mobile line a
// dropped connection is retried by itself, asking the service how far it got and sending the rest.

import { CSRF_HEADER, fetchCsrfToken } from './client';
import { zcpPrefixUrl } from './config';

/** Why an upload stopped: the service's translated message when it gave one (status 0: no answer). */
export class ResumableUploadError extends Error {
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

const statusOf = (error: unknown) =>
  (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus();

/**
 * Sends `file` to `endpoint` (a path under /zcp, "claim/tus") with its Upload-Metadata; `onProgress`
 * gets 0–100. Refusals (wrong type, too large, not yours) end it at once; a lost connection is
 * retried after 1, 3, 5, 10 and 20 s before it gives up.
 */
export async function uploadResumable(input: {
  endpoint: string;
  file: Blob;
  metadata: Record<string, string>;
  lang: string;
  onProgress: (percent: number) => void;
}): Promise<void> {
  // The tus client (about 17 KB gz) comes when a file is first sent, not with every form.
  const [{ Upload }, csrf] = await Promise.all([import('tus-js-client'), fetchCsrfToken()]);
  return new Promise((resolve, reject) => {
    const upload = new Upload(input.file, {
      endpoint: new URL(input.endpoint.replace(/^\/+/, ''), zcpPrefixUrl()).href,
      retryDelays: [1000, 3000, 5000, 10000, 20000],
      chunkSize: 512 * 1024,
      metadata: input.metadata,
      headers: { [CSRF_HEADER]: csrf ?? '', 'Accept-Language': input.lang },
      // Each attempt from the page is a new upload: the server keeps no half-files of an older page.
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
        reject(
          new ResumableUploadError(serviceMessage(res?.getBody()) ?? error.message, res?.getStatus() ?? 0),
        );
      },
      onShouldRetry(error) {
        const status = statusOf(error);
        return status === undefined || status === 0 || status === 409 || status === 423 || status >= 500;
      },
    });
    upload.start();
  });
}
