// Small pieces the contracts and offers screens share: the product's name and a status label.

import { useTranslation } from 'react-i18next';
import { productKey } from '../format';

export function ProductName({ code }: { code: string }) {
  const { t } = useTranslation('common');
  return <>{t(`products.${productKey(code)}.name`, { defaultValue: code })}</>;
}

/** The status labels of spec §4 (Pending finalisation, payment review, policy review; active). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('contracts');
  return (
    <span className={`status status--${status.toLowerCase()}`}>
      {t(`statuses.${status}`, { defaultValue: status })}
    </span>
  );
}
