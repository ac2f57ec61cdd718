// Whether the page the service answered was prerendered (src/prerender) and this visit can take
// it over as it is (hydrate) rather than draw the app afresh. The build drew a first visit: the
// language of the page, nothing in the browser's storage that changes what is drawn (a flow's
// answers, a promo code, a co-branded theme, a login), no query. Anything else is drawn afresh:
// the visitor sees the prerendered page until then, never a wrong one after.

import { isLoggedIn } from '../api/session';
import { FLOW_STORAGE_PREFIX } from '../ui/flow/flowStorage';

/** Session keys whose presence changes the first screen (flows' answers, promo code, theme). */
const VISIT_STATE = [FLOW_STORAGE_PREFIX, 'zcp.promo', 'zcp.theme'];

function visitHasState(): boolean {
  try {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i) ?? '';
      if (VISIT_STATE.some((prefix) => key.startsWith(prefix))) return true;
    }
    return false;
  } catch {
    return false;
  }
}

export interface Prerendered {
  /** The namespaces the page shows, loaded before hydrating. */
  namespaces: string[];
}

/** The prerendered page in `root`, when this visit may hydrate it; null to draw afresh. */
export function hydratablePage(root: HTMLElement, language: string): Prerendered | null {
  const drawnIn = root.dataset.prerendered;
  if (!drawnIn || !root.firstChild) return null;
  if (drawnIn !== language || window.location.search || isLoggedIn() || visitHasState()) return null;
  return { namespaces: (root.dataset.ns ?? '').split(' ').filter(Boolean) };
}
