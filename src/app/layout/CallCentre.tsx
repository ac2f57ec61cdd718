import { useTranslation } from 'react-i18next';

/** The service line: shown as 8000 8787, dialled in international form. */
export const CALL_CENTRE_PHONE = '8000 8787';
export const CALL_CENTRE_TEL = 'tel:+35780008787';

/** The call-centre block: phone as a tel: link and the opening hours. */
export function CallCentre({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  if (compact) {
    return (
      <a className="call-centre call-centre--compact" href={CALL_CENTRE_TEL}>
        <span aria-hidden="true">☎ </span>
        {t('callCentre.callUs', { phone: CALL_CENTRE_PHONE })}
      </a>
    );
  }
  return (
    <div className="call-centre">
      <p className="call-centre__title">{t('callCentre.title')}</p>
      <p className="call-centre__phone">
        <a href={CALL_CENTRE_TEL}>{CALL_CENTRE_PHONE}</a>
      </p>
      <p className="call-centre__hours">{t('callCentre.hours')}</p>
    </div>
  );
}
