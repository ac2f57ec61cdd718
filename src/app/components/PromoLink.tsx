// "I have a promo code" under every step of a product flow (spec §2: all flows can enter a promo
// or reference code). It opens /promo, which comes back here; a code entered shows with a way to
// change it, and the flow's quote carries it to the service, which prices with it.

import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePromo } from '../state/promo';

export function PromoLink() {
  const { t } = useTranslation('common');
  const promo = usePromo();
  const { pathname, search } = useLocation();
  const to = `/promo?returnTo=${encodeURIComponent(pathname + search)}`;
  const code = promo?.PROMO_CODE_CP ?? promo?.PROMO_CODE_TIS;
  return (
    <p className="flow__promo">
      {code ? (
        <>
          {t(promo?.PROMO_CODE_CP ? 'promoLink.applied' : 'promoLink.reference', { code })}{' '}
          <Link to={to}>{t('promoLink.change')}</Link>
        </>
      ) : (
        <Link to={to}>{t('promoLink.add')}</Link>
      )}
    </p>
  );
}
