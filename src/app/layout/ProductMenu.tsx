import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { PRODUCTS } from '../../shell/routeTable';

/** Links to each product's quote flow. */
export function ProductMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <ul className="product-menu">
      {PRODUCTS.map((product) => (
        <li key={product}>
          <NavLink
            to={`/${product}`}
            className={({ isActive }) => (isActive ? 'product-menu__link is-active' : 'product-menu__link')}
            onClick={onNavigate}
          >
            {t(`products.${product}.short`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
