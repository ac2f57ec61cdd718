// A minimal external store for app state that plain functions (flows, guards, the API layer) and
// React components both read; components subscribe through useSyncExternalStore.

import { useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The store's value; `prerendered` is what a prerendered page was drawn with (src/prerender), when
 * the value lives in the browser's storage and the build could not know it: hydration starts from
 * it and then takes the store's own.
 */
export function useStore<T>(store: Store<T>, prerendered?: T): T {
  return useSyncExternalStore(
    store.subscribe,
    store.get,
    prerendered === undefined ? store.get : () => prerendered,
  );
}

/** sessionStorage that never throws (blocked storage behaves as empty). */
export const sessionStore = {
  read(key: string): string | null {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string | null): void {
    try {
      if (value === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, value);
    } catch {
      // Storage blocked: the value lives in memory only.
    }
  },
};

/** localStorage that never throws. */
export const localStore = {
  read(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  write(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  },
};

export function readJson<T>(text: string | null, isValid: (x: unknown) => x is T): T | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isValid(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
