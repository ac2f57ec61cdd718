// /my-dashboard until the portal arrives: says so, and offers the products that can be bought now.

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCTS } from '../../shell/routeTable';

export function DashboardPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <div className="page">
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.intro')}</p>
      <h2>{t('dashboard.productsTitle')}</h2>
      <ul className="product-cards">
        {PRODUCTS.map((product) => (
          <li key={product} className="product-card">
            <h3 className="product-card__title">
              <Link to={`/${product}`}>{t(`common:products.${product}.name`)}</Link>
            </h3>
            <p>{t(`common:products.${product}.description`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
