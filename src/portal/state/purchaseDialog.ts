// Whether the "Contract purchase" dialog (choose a product) is open; the menu, the bottom bar and
// the dashboard open it, the portal's overlays draw it.

import { createStore, useStore } from '../../ui/state/store';

const open = createStore(false);

export const openPurchaseDialog = () => open.set(true);
export const closePurchaseDialog = () => open.set(false);
export const usePurchaseDialogOpen = () => useStore(open);
