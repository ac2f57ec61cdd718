import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingPeriod, nowPartsInNicosia } from '../../engine/dates';

const MINUTE = 60_000;

function everyMinute(listener: () => void): () => void {
  const timer = setInterval(listener, MINUTE);
  return () => clearInterval(timer);
}

/**
 * Good morning / afternoon / evening by the time in Cyprus; morning is before 12:00. Not in a
 * prerendered page (the build's hour is not the visitor's): it appears once hydrated.
 */
export function Greeting({ now }: { now?: () => Date }) {
  const { t } = useTranslation('common');
  const hour = useSyncExternalStore(
    everyMinute,
    () => nowPartsInNicosia(now ? now() : new Date()).hour,
    () => null,
  );
  return <p className="greeting">{hour === null ? null : t(`greeting.${greetingPeriod(hour)}`)}</p>;
}
