// The HMR event `npm run dev` (scripts/dev.ts) sends after it regenerated src/generated/ from
// flows/ and after the service restarted: the flow preview asks for the flows:check problems and
// the lists of values again.
export const FLOWS_CHANGED_EVENT = 'dev:flows-changed';

/**
 * Calls `listener` on each FLOWS_CHANGED_EVENT; returns the unsubscribe. A no-op outside Vite's dev
 * server: Vitest gives modules an import.meta.hot without data or off().
 */
export function onFlowsChanged(listener: () => void): () => void {
  const hot = import.meta.hot;
  if (!hot?.data) return () => {};
  hot.on(FLOWS_CHANGED_EVENT, listener);
  return () => hot.off(FLOWS_CHANGED_EVENT, listener);
}
