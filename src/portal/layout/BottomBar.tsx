// The logged-in bottom bar under 992 px (spec §2): the main menu within thumb's reach.

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CLAIMS_PATH, CONTRACTS_PATH, DASHBOARD_PATH, OFFERS_PATH } from '../routePaths';
import { openPurchaseDialog } from '../state/purchaseDialog';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'bottom-bar__link is-active' : 'bottom-bar__link';

export function BottomBar() {
  const { t } = useTranslation('portal');
  return (
    <nav aria-label={t('menu.bottomLabel')}>
      <ul className="bottom-bar__list">
        <li>
          <NavLink to={DASHBOARD_PATH} className={linkClass} end>
            {t('menu.homeShort')}
          </NavLink>
        </li>
        <li>
          <NavLink to={CONTRACTS_PATH} className={linkClass}>
            {t('menu.contractsShort')}
          </NavLink>
        </li>
        <li>
          <button type="button" className="bottom-bar__link" onClick={openPurchaseDialog}>
            {t('menu.purchaseShort')}
          </button>
        </li>
        <li>
          <NavLink to={OFFERS_PATH} className={linkClass}>
            {t('menu.offersShort')}
          </NavLink>
        </li>
        <li>
          <NavLink to={CLAIMS_PATH} className={linkClass}>
            {t('menu.claimsShort')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
