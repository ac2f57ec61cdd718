// Not built yet: the page says so (issue 26; the service's calls exist, see the OpenAPI document).
import { useTranslation } from 'react-i18next';
import { NotYet } from '../layout/NotYet';

export function AuditPage() {
  const { t } = useTranslation('studio');
  return <NotYet title={t('layout.audit')} />;
}
