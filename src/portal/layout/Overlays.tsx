// The logged-in dialogs that may open over any page.

import { usePurchaseDialogOpen } from '../state/purchaseDialog';
import { InactivityWarning } from './InactivityWarning';
import { OutdatedDataDialog } from './OutdatedDataDialog';
import { PurchaseDialog } from './PurchaseDialog';

export function PortalOverlays() {
  const purchase = usePurchaseDialogOpen();
  return (
    <>
      <OutdatedDataDialog />
      {purchase ? <PurchaseDialog /> : null}
      <InactivityWarning />
    </>
  );
}
