// The flows as `npm run dev` generated them (src/generated/flows/*.json), kept current without a
// page reload: when Vite updates a generated flow this module runs again and refreshes the store
// that the preview's components subscribe to. The store lives in import.meta.hot.data, so the
// components that subscribed to the module's first run hear about every later run too.

import { useSyncExternalStore } from 'react';
import type { Flow } from '../engine/flow/types';
import { flowLoaders } from '../generated';

type Flows = Record<string, Flow>;

interface Store {
  flows: Flows;
  listeners: Set<() => void>;
}

const modules = import.meta.glob<Flow>('../generated/flows/*.json', { eager: true, import: 'default' });

// The generator rewrites its index but leaves the file of a deleted flow behind: the index decides.
function byId(loaded: Record<string, Flow>): Flows {
  const out: Flows = {};
  for (const flow of Object.values(loaded)) if (flow.id in flowLoaders) out[flow.id] = flow;
  return out;
}

const store: Store = (import.meta.hot?.data.store as Store | undefined) ?? {
  flows: {},
  listeners: new Set(),
};
store.flows = byId(modules);
for (const listener of store.listeners) listener();

if (import.meta.hot) {
  import.meta.hot.data.store = store;
  import.meta.hot.accept();
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
