// The flows as `npm run dev` generated them (src/generated/flows/*.json), kept current without a
// page reload: when Vite updates a generated flow this module runs again and refreshes the store
// that the preview's components subscribe to. The store lives in import.meta.hot.data, so the
// components that subscribed to the module's first run hear about every later run too.
//
// Safety net: Vite reloads the page by itself when files appear (a new flow folder), and such a
// reload can land while the generator is still writing. So once `npm run dev` says the generation
// is over (FLOWS_CHANGED_EVENT), the store is compared with the generated files on disk and the
// page reloads if they differ.

import { useSyncExternalStore } from 'react';
import type { Flow } from '../engine/flow/types';
import { flowLoaders } from '../generated';
import { FLOWS_CHANGED_EVENT } from './events';

type Flows = Record<string, Flow>;

interface Store {
  flows: Flows;
  listeners: Set<() => void>;
}

const SETTLE_MS = 1000;
const RELOAD_KEY = 'dev.flows.reloadedAt';

const modules = import.meta.glob<Flow>('../generated/flows/*.json', { eager: true, import: 'default' });

// The generator rewrites its index but leaves the file of a deleted flow behind: the index decides.
function byId(loaded: Record<string, Flow>, ids: readonly string[]): Flows {
  const out: Flows = {};
  for (const flow of Object.values(loaded)) if (ids.includes(flow.id)) out[flow.id] = flow;
  return out;
}

// Vitest gives modules an import.meta.hot without data: no hot updates there.
const store: Store = (import.meta.hot?.data?.store as Store | undefined) ?? {
  flows: {},
  listeners: new Set(),
};
store.flows = byId(modules, Object.keys(flowLoaders));
for (const listener of store.listeners) listener();

function sameFlows(a: Flows, b: Flows): boolean {
  const ids = Object.keys(a).sort();
  if (ids.join() !== Object.keys(b).sort().join()) return false;
  return ids.every((id) => JSON.stringify(a[id]) === JSON.stringify(b[id]));
}

/** The generated flows as they are on disk now, read past every module cache. */
async function generatedOnDisk(): Promise<Flows> {
  const index = (await import(/* @vite-ignore */ `/src/generated/index.ts?t=${Date.now()}`)) as {
    flowLoaders: Record<string, unknown>;
  };
  const flows: Flows = {};
  for (const id of Object.keys(index.flowLoaders)) {
    const res = await fetch(`/src/generated/flows/${encodeURIComponent(id)}.json`, { cache: 'no-store' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    flows[id] = (await res.json()) as Flow;
  }
  return flows;
}

async function reloadIfStale(): Promise<void> {
  try {
    if (sameFlows(store.flows, await generatedOnDisk())) return;
    // At most one reload in a few seconds, should the two ever keep disagreeing.
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < 5000) return;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
    window.location.reload();
  } catch {
    // The next event checks again.
  }
}

if (import.meta.hot?.data) {
  import.meta.hot.data.store = store;
  import.meta.hot.accept();
  import.meta.hot.on(FLOWS_CHANGED_EVENT, () => {
    setTimeout(() => void reloadIfStale(), SETTLE_MS);
  });
}

function subscribe(listener: () => void): () => void {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
}

const snapshot = () => store.flows;

/** Every generated flow by id; a component using it re-renders when a flow file is regenerated. */
export function useLiveFlows(): Flows {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
