// "Expiring soon" for an offer whose EXPIRY_DATE is within 7 days of today (Cyprus time).

import { useTranslation } from 'react-i18next';
import { diffDays, isValidYmd, todayInNicosia, ymdToDisplay } from '../../engine/dates';

export const EXPIRING_SOON_DAYS = 7;

/** True when the offer expires today or within the next 7 days; past or empty dates are not "soon". */
export function isExpiringSoon(expiryYmd: unknown, todayYmd: string = todayInNicosia()): boolean {
  if (!isValidYmd(expiryYmd) || !isValidYmd(todayYmd)) return false;
  const days = diffDays(todayYmd, expiryYmd);
  return days >= 0 && days <= EXPIRING_SOON_DAYS;
}

export interface ExpiringSoonNoticeProps {
  /** The offer's EXPIRY_DATE (Y-m-d; 0000-00-00 counts as none). */
  expiryDate: unknown;
  /** Today as Y-m-d; Cyprus's today by default. */
  today?: string;
}

export function ExpiringSoonNotice({ expiryDate, today }: ExpiringSoonNoticeProps) {
  const { t } = useTranslation('common');
  const todayYmd = today ?? todayInNicosia();
  if (!isExpiringSoon(expiryDate, todayYmd)) return null;
  const days = diffDays(todayYmd, expiryDate as string);
  return (
    <p className="notice notice--warning" role="status">
      <strong>{t('expiringSoon.label')}</strong>{' '}
      {days === 0
        ? t('expiringSoon.today')
        : t('expiringSoon.onDate', { date: ymdToDisplay(expiryDate), count: days })}
    </p>
  );
}
