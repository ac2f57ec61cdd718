// Staff accounts (/studio/staff, admin). TODO(h2, next slice).
import { useTranslation } from 'react-i18next';

export function StaffPage() {
  const { t } = useTranslation('studio');
  return <h1>{t('layout.staff')}</h1>;
}
