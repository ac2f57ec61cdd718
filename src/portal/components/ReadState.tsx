// Loading and failed states of a portal read (spec §8: failed reads show as failed loads).

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DelayedLoader } from '../../ui/layout/Loader';
import type { Loaded } from '../state/portalData';

export function ReadState<T>({
  state,
  retry,
  children,
}: {
  state: Loaded<T>;
  retry: () => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('portal');
  if (state.status === 'loading') return <DelayedLoader />;
  if (state.status === 'failed')
    return (
      <div className="failed-load" role="alert">
        <p>{t('errors.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={retry}>
          {t('errors.retry')}
        </button>
      </div>
    );
  return <>{children(state.data)}</>;
}
