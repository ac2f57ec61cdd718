// The logged-in main menu (spec §2): Homepage, Contracts, Offers, Contract purchase (a dialog
// to choose the product) and Claims.

import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { CLAIMS_PATH, CONTRACTS_PATH, DASHBOARD_PATH, DOCUMENTS_PATH, OFFERS_PATH } from '../routePaths';
import { openPurchaseDialog } from '../state/purchaseDialog';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'product-menu__link is-active' : 'product-menu__link';

export function PortalMenu() {
  const { t } = useTranslation('portal');
  return (
    <ul className="product-menu portal-menu">
      <li>
        <NavLink to={DASHBOARD_PATH} className={linkClass} end>
          {t('menu.home')}
        </NavLink>
      </li>
      <li>
        <NavLink to={CONTRACTS_PATH} className={linkClass}>
          {t('menu.contracts')}
        </NavLink>
      </li>
      <li>
        <NavLink to={OFFERS_PATH} className={linkClass}>
          {t('menu.offers')}
        </NavLink>
      </li>
      <li>
        <button type="button" className="product-menu__link portal-menu__button" onClick={openPurchaseDialog}>
          {t('menu.purchase')}
        </button>
      </li>
      <li>
        <NavLink to={CLAIMS_PATH} className={linkClass}>
          {t('menu.claims')}
        </NavLink>
      </li>
      <li>
        <NavLink to={DOCUMENTS_PATH} className={linkClass}>
          {t('menu.documents')}
        </NavLink>
      </li>
    </ul>
  );
}
