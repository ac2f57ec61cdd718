// One photo or document slot of a claim: choose a file, see it go up with its progress, and try
// again after a failure. The claim itself is already stored: a failed upload loses nothing.

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClaimUploadError, uploadClaimFile } from '../../api/claims';
import { resizePhoto } from '../../ui/widgets/resizePhoto';

type State =
  | { phase: 'idle' }
  | { phase: 'sending'; percent: number }
  | { phase: 'done' }
  | { phase: 'failed'; message: string };

/** Photo slots take images; document slots also a PDF scan. */
const ACCEPT = {
  photo: 'image/jpeg,image/png,image/heic,image/heif,image/webp',
  document: 'image/jpeg,image/png,application/pdf',
};

export function SlotUpload({
  claimNo,
  slot,
  kind,
  label,
  onUploaded,
}: {
  claimNo: string;
  slot: string;
  kind: 'photo' | 'document';
  /** The slot's name when it is not one of the product's (the extra files asked for). */
  label?: string;
  onUploaded: () => void;
}) {
  const { t, i18n } = useTranslation('claims');
  const id = useId();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [file, setFile] = useState<File | null>(null);

  async function send(chosen: File) {
    setState({ phase: 'sending', percent: 0 });
    try {
      const { blob, name } = await resizePhoto(chosen);
      await uploadClaimFile({
        claimNo,
        slot,
        file: blob,
        fileName: name,
        lang: i18n.language,
        onProgress: (percent) => setState({ phase: 'sending', percent }),
      });
      setState({ phase: 'done' });
      onUploaded();
    } catch (error) {
      const message =
        error instanceof ClaimUploadError && error.status > 0 ? error.message : t('detail.failed');
      setState({ phase: 'failed', message });
    }
  }

  return (
    <div className="claim-slot" data-slot={slot}>
      <label htmlFor={id}>{label ?? t(`slots.${slot}.label`)}</label>
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        disabled={state.phase === 'sending'}
        aria-describedby={`${id}-state`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (!chosen) return;
          setFile(chosen);
          void send(chosen);
        }}
      />
      <div id={`${id}-state`} aria-live="polite">
        {state.phase === 'sending' ? (
          <>
            <progress
              max={100}
              value={state.percent}
              aria-label={t('detail.uploading', { percent: state.percent })}
            />
            <span>{t('detail.uploading', { percent: state.percent })}</span>
          </>
        ) : null}
        {state.phase === 'done' ? <span className="claim-slot__done">{t('detail.uploaded')}</span> : null}
        {state.phase === 'failed' ? (
          <div role="alert" className="claim-slot__failed">
            <p>{state.message}</p>
            {file ? (
              <button type="button" className="btn btn--secondary" onClick={() => void send(file)}>
                {t('detail.retry')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
