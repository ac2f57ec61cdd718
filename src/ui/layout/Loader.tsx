// Loaders appear only when waiting lasts longer than 350 ms, so quick loads do not flicker.
// One wait often passes through several loaders (the page's script, then its data): the 350 ms
// count from the start of the wait, not from the latest loader, or a slow script followed by slow
// data would reset the count and show nothing for up to twice as long.

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { useDebouncedValue } from '../hooks/useDebouncedValue';

export const LOADER_DELAY_MS = 350;
/** A loader mounted this soon after another went away continues the same wait. */
const HANDOVER_MS = 100;

function Spinner({ label }: { label: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <span className="loader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** When the current wait began, and when the last loader went away (-Infinity: none yet). */
const wait = { since: 0, mounted: 0, lastGone: Number.NEGATIVE_INFINITY };

/** Milliseconds until a loader mounted now should show, given the wait it continues. */
export function loaderDelay(now: number): number {
  const continues = wait.mounted > 0 || now - wait.lastGone <= HANDOVER_MS;
  if (!continues) wait.since = now;
  return Math.max(0, LOADER_DELAY_MS - (now - wait.since));
}

/** A loader that shows itself once the wait it belongs to has lasted 350 ms (Suspense fallbacks). */
export function DelayedLoader() {
  const { t } = useTranslation('common', { useSuspense: false });
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const delay = loaderDelay(performance.now());
    wait.mounted += 1;
    const timer = setTimeout(() => setVisible(true), delay);
    return () => {
      clearTimeout(timer);
      wait.mounted -= 1;
      wait.lastGone = performance.now();
    };
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
