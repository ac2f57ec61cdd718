// "Contract purchase": choose a product, then its purchase flow opens with the customer's
// details already filled in (spec §2).

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { offerPath, PRODUCTS } from '../../shell/routeTable';
import { Dialog } from '../../ui/components/Dialog';
import { resetFlowActorsStarted } from '../../ui/flow/flowActors';
import { setFlowPrefill } from '../../ui/flow/prefill';
import { purchasePrefill } from '../purchasePrefill';
import { loadCustomer } from '../state/customer';
import { closePurchaseDialog } from '../state/purchaseDialog';

export function PurchaseDialog() {
  const { t } = useTranslation(['portal', 'common']);
  const navigate = useNavigate();

  const choose = async (product: string) => {
    const user = await loadCustomer();
    setFlowPrefill(user ? purchasePrefill(user) : {});
    resetFlowActorsStarted(product);
    closePurchaseDialog();
    navigate(offerPath(product, 1));
  };

  return (
    <Dialog title={t('purchase.title')} onClose={closePurchaseDialog} closeLabel={t('purchase.close')}>
      <p>{t('purchase.intro')}</p>
      <ul className="purchase-list">
        {PRODUCTS.map((product) => (
          <li key={product}>
            <button type="button" className="purchase-list__item" onClick={() => void choose(product)}>
              <span className="purchase-list__name">{t(`common:products.${product}.name`)}</span>
              <span className="purchase-list__text">{t(`common:products.${product}.description`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
