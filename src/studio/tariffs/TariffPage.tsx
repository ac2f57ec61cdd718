// Not built yet: the page says so (issue 26).
import { useTranslation } from 'react-i18next';
import { NotYet } from '../layout/NotYet';

export function TariffPage() {
  const { t } = useTranslation('studio');
  return <NotYet title={t('tariff')} />;
}
