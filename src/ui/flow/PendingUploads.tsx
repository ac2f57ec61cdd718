// The completion screen's uploads (`completion.uploads`): the files a `photoSlots` field held are
// sent now that the flow's calls created what they belong to (the claim), one at a time, each with
// its progress. A file that fails can be sent again here; the claim stays filed whatever happens,
// and its own page lets the customer add what did not arrive.

import { useEffect, useSyncExternalStore } from 'react';
import { pendingFilesKey } from '../../engine/flow/forms';
import type { CompletionUploads, Flow, Quote } from '../../engine/flow/types';
import { getPath } from '../../engine/paths';
import { pendingFile, pendingVersion, sendPendingFiles, subscribePending } from './pendingFiles';

export function PendingUploads({
  flow,
  uploads,
  quote,
  t,
  lang,
}: {
  flow: Flow;
  uploads: CompletionUploads;
  quote: Quote;
  t: (key: string, values?: Record<string, unknown>) => string;
  lang: string;
}) {
  useSyncExternalStore(subscribePending, pendingVersion);
  const key = pendingFilesKey(flow.id, uploads.from);
  const listed = getPath(quote, uploads.from);
  const slots = (Array.isArray(listed) ? listed.map(String) : []).filter((slot) => pendingFile(key, slot));
  const labelOf = (slot: string) => {
    const field = flow.steps
      .flatMap((s) => s.substeps)
      .flatMap((s) => s.fields ?? [])
      .find((f) => f.path === uploads.from);
    const spec = field?.photos?.slots.find((s) => s.id === slot);
    const ns = flow.namespace ?? flow.id;
    const labelKey = spec?.label ?? `slots.${slot}.label`;
    return t(labelKey.includes(':') ? labelKey : `${ns}:${labelKey}`);
  };
  const target = {
    endpoint: uploads.endpoint,
    metadata: Object.fromEntries(
      Object.entries(uploads.metadata).map(([name, path]) => [name, String(getPath(quote, path) ?? '')]),
    ),
    lang,
  };
  const slotsKey = slots.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once for the files listed
  useEffect(() => {
    sendPendingFiles(key, slots, target);
  }, [key, slotsKey]);

  if (slots.length === 0) return null;
  const files = slots.map((slot) => pendingFile(key, slot)).filter((f) => f !== undefined);
  const done = files.filter((f) => f.phase === 'done').length;
  const failed = files.filter((f) => f.phase === 'failed');
  return (
    <section className="pending-uploads" aria-labelledby="pending-uploads-title">
      <h2 id="pending-uploads-title" className="pending-uploads__title">
        {t('ui:photos.sending.title')}
      </h2>
      <p role="status" aria-live="polite">
        {done === files.length
          ? t('ui:photos.sending.allDone', { count: files.length })
          : t('ui:photos.sending.progress', { done, count: files.length })}
      </p>
      <ul className="pending-uploads__list">
        {files.map((file) => (
          <li
            key={file.slot}
            className={`pending-upload pending-upload--${file.phase}`}
            data-slot={file.slot}
          >
            <span className="pending-upload__name">{labelOf(file.slot)}</span>
            {file.phase === 'sending' || file.phase === 'waiting' ? (
              <progress
                max={100}
                value={file.percent}
                aria-label={t('ui:photos.sending.percent', {
                  slot: labelOf(file.slot),
                  percent: file.percent,
                })}
              />
            ) : null}
            <span className="pending-upload__state">
              {file.phase === 'done'
                ? t('ui:photos.sending.done')
                : file.phase === 'failed'
                  ? file.problem || t('ui:photos.sending.failed')
                  : file.phase === 'sending'
                    ? `${file.percent}%`
                    : t('ui:photos.sending.waiting')}
            </span>
            {file.phase === 'failed' ? (
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => sendPendingFiles(key, [file.slot], target)}
              >
                {t('ui:photos.sending.retry')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {failed.length > 0 ? <p className="notice notice--warning">{t('ui:photos.sending.later')}</p> : null}
    </section>
  );
}
