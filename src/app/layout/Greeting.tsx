import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingPeriod, nowPartsInNicosia } from '../../engine/dates';

const MINUTE = 60_000;

/** Good morning / afternoon / evening by the time in Cyprus; morning is before 12:00. */
export function Greeting({ now }: { now?: () => Date }) {
  const { t } = useTranslation('common');
  const clock = now ?? (() => new Date());
  const [hour, setHour] = useState(() => nowPartsInNicosia(clock()).hour);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock is read on a timer, not on every render.
  useEffect(() => {
    const timer = setInterval(() => setHour(nowPartsInNicosia(clock()).hour), MINUTE);
    return () => clearInterval(timer);
  }, []);
  return <p className="greeting">{t(`greeting.${greetingPeriod(hour)}`)}</p>;
}
