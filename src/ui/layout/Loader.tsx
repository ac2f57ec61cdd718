// Loaders appear only when waiting lasts longer than 350 ms, so quick loads do not flicker.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

export const LOADER_DELAY_MS = 350;

function Spinner({ label }: { label: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A loader that shows itself 350 ms after mounting (Suspense fallbacks). */
export function DelayedLoader() {
  const { t } = useTranslation('common', { useSuspense: false });
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return visible ? <Spinner label={t('loading')} /> : null;
}

/** A top-of-page loader while a navigation (guards, redirects) has been pending for 350 ms. */
export function NavigationLoader() {
  const { t } = useTranslation('common');
  const busy = useNavigation().state !== 'idle';
  const settled = useDebouncedValue(busy, LOADER_DELAY_MS);
  return busy && settled ? (
    <div className="navigation-loader">
      <Spinner label={t('loading')} />
    </div>
  ) : null;
}
