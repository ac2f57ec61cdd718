import { useTranslation } from 'react-i18next';

/** What a screen shows when a read call returned false: a message and a retry button. */
export function FailedLoad({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className="failed-load" role="alert">
      <p>{message ?? t('failedLoad.message')}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry}>
        {t('failedLoad.retry')}
      </button>
    </div>
  );
}
