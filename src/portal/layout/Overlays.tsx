// The logged-in dialogs that may open over any page. The purchase dialog's code (the flows'
// prefill and actors) is loaded when it opens, off every portal page's first paint.

import { LazyBoundary, lazyNamed } from '../../ui/lazy';
import { usePurchaseDialogOpen } from '../state/purchaseDialog';
import { InactivityWarning } from './InactivityWarning';
import { OutdatedDataDialog } from './OutdatedDataDialog';

const PurchaseDialog = lazyNamed(() => import('./PurchaseDialog'), 'PurchaseDialog');

export function PortalOverlays() {
  const purchase = usePurchaseDialogOpen();
  return (
    <>
      <OutdatedDataDialog />
      {purchase ? (
        <LazyBoundary>
          <PurchaseDialog />
        </LazyBoundary>
      ) : null}
      <InactivityWarning />
    </>
  );
}
