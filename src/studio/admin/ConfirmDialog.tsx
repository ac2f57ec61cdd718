// A question before a step that cannot simply be taken back (disabling an account, a new password
// or authenticator secret that ends its sessions): the browser's modal <dialog>, which keeps focus
// inside, closes on Escape and gives focus back to the button that opened it.

import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface Confirmation {
  title: string;
  text: string;
  confirm: string;
  run: () => void;
}

export function ConfirmDialog({ ask, onClose }: { ask: Confirmation | null; onClose: () => void }) {
  const { t } = useTranslation('studio');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (ask && !dialog.open) dialog.showModal();
    if (!ask && dialog.open) dialog.close();
  }, [ask]);
  return (
    <dialog
      ref={ref}
      className="admin-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
    >
      {ask && (
        <>
          <h2 id={titleId}>{ask.title}</h2>
          <p id={textId}>{ask.text}</p>
          <p className="studio-actions">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                ask.run();
                onClose();
              }}
            >
              {ask.confirm}
            </button>
            <button type="button" className="btn btn--secondary" onClick={onClose}>
              {t('admin.cancel')}
            </button>
          </p>
        </>
      )}
    </dialog>
  );
}
