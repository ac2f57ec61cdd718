import { useTranslation } from 'react-i18next';
import { CALL_CENTRE_PHONE, CALL_CENTRE_TEL } from '../../ui/callCentre';

/** The call-centre block: phone as a tel: link and the opening hours. */
export function CallCentre({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  // The phone's top bar has room for an icon only; the name still says whom it calls.
  if (compact) {
    return (
      <a
        className="call-centre call-centre--compact"
        href={CALL_CENTRE_TEL}
        title={t('callCentre.callUs', { phone: CALL_CENTRE_PHONE })}
      >
        <span aria-hidden="true">☎</span>
        <span className="visually-hidden">{t('callCentre.callUs', { phone: CALL_CENTRE_PHONE })}</span>
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
