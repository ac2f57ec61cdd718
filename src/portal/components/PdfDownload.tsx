// A button that fetches one of the customer's documents (the policy schedule, the certificate of
// insurance) and saves it, with its progress and failure said in a live region.

import { useState } from 'react';

export interface PdfDownloadTexts {
  button: string;
  busy: string;
  done: string;
  failed: string;
}

type Download = 'idle' | 'busy' | 'done' | 'failed';

export function PdfDownload({
  fetchPdf,
  fileName,
  texts,
  primary = true,
}: {
  fetchPdf: () => Promise<Blob>;
  fileName: string;
  texts: PdfDownloadTexts;
  primary?: boolean;
}) {
  const [state, setState] = useState<Download>('idle');
  const download = async () => {
    setState('busy');
    try {
      const url = URL.createObjectURL(await fetchPdf());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has the file once the click is handled; free the memory a moment later.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  const said = { idle: '', busy: texts.busy, done: texts.done, failed: texts.failed }[state];
  return (
    <>
      <button
        type="button"
        className={primary ? 'btn btn--primary' : 'btn btn--secondary'}
        onClick={download}
        disabled={state === 'busy'}
      >
        {texts.button}
      </button>
      <p role="status" className={state === 'failed' ? 'notice notice--error' : 'list-count'}>
        {said}
      </p>
    </>
  );
}
