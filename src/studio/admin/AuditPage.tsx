// The audit trail (/studio/audit, admin). TODO(h2, next slice).
import { useTranslation } from 'react-i18next';

export function AuditPage() {
  const { t } = useTranslation('studio');
  return <h1>{t('layout.audit')}</h1>;
}
