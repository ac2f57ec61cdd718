// Which form screens are mounted. The language switch asks before reloading when one is, because
// a reload discards what the visitor typed.

import { useEffect } from 'react';
import { createStore, useStore } from './store';

const mounted = createStore(0);

/** Called by a form screen for as long as it is on screen. */
export function useFormPresence(active = true): void {
  useEffect(() => {
    if (!active) return;
    mounted.set(mounted.get() + 1);
    return () => mounted.set(mounted.get() - 1);
  }, [active]);
}

export function isFormOnScreen(): boolean {
  return mounted.get() > 0;
}

export function useIsFormOnScreen(): boolean {
  return useStore(mounted) > 0;
}
