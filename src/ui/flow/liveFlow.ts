// Which copy of a flow this visit runs, decided without a request in the common case: the page the
// service answered names what was published since the build (PUBLISHED_META). When nothing of the
// flow or of its texts was, and the visit's journey is not pinned to a published version, the
// build's chunk is live and the published-flow loader (./publishedFlows.ts: the manifest, pinning,
// published modules and texts) is never fetched, so it weighs nothing on the first paint.

import type { Flow } from '../../engine/flow/types';
import { flowLoaders } from '../../generated';
import { PIN_PREFIX, publishedOfPage } from './publishedSince';

/** Whether the build's copy of the flow and of these namespaces is what this visit runs. */
function buildIsLive(flowId: string, namespaces: readonly string[]): boolean {
  const page = publishedOfPage();
  if (!page || page.flows[flowId] || namespaces.some((ns) => page.texts[ns])) return false;
  try {
    const raw = sessionStorage.getItem(`${PIN_PREFIX}${flowId}`);
    const pin = raw ? (JSON.parse(raw) as { flow?: string; texts?: Record<string, string> }) : null;
    if (pin?.flow || Object.keys(pin?.texts ?? {}).length > 0) return false;
    // A journey started now keeps the build's copy should a version be published meanwhile.
    if (!pin) sessionStorage.setItem(`${PIN_PREFIX}${flowId}`, JSON.stringify({ texts: {} }));
  } catch {
    // Storage disabled: a reload takes what is live then.
  }
  return true;
}

/**
 * The flow as this visit runs it, or null for a flow the build does not know: the build's chunk,
 * or (published since the build, or a journey pinned to a published version) what
 * ./publishedFlows.ts loads. `namespaces`: the flow's own texts, pinned with it.
 */
export function loadLiveFlow(flowId: string, namespaces: readonly string[] = [flowId]): Promise<Flow> | null {
  const load = flowLoaders[flowId];
  if (!load) return null;
  // The prerender (no document) draws the build's.
  if (typeof document === 'undefined' || buildIsLive(flowId, namespaces)) return load();
  return import('./publishedFlows').then(
    (published) => published.loadPublishedFlow(flowId, namespaces) ?? load(),
  );
}

/** The site's texts already on screen, drawn again in their published version when one differs. */
export function refreshLiveTexts(namespaces: readonly string[]): Promise<void> {
  const page = publishedOfPage();
  if (page && !namespaces.some((ns) => page.texts[ns])) return Promise.resolve();
  return import('./publishedFlows').then((published) => published.refreshPublishedTexts(namespaces));
}
