import { useSyncExternalStore } from 'react';

/** Screens narrower than this get the compact top bar (and, logged in, the bottom bar). */
export const MOBILE_BREAKPOINT = 992;
export const RESIZE_DEBOUNCE_MS = 350;
/**
 * The width the prerendered pages are drawn for (src/prerender): a phone's, as most visitors buy
 * on one. Hydration starts from it and then takes the window's own width.
 */
export const PRERENDER_WIDTH = 390;

let width = typeof window === 'undefined' ? PRERENDER_WIDTH : window.innerWidth;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function onResize(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    width = window.innerWidth;
    for (const listener of [...listeners]) listener();
  }, RESIZE_DEBOUNCE_MS);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
    window.removeEventListener('orientationchange', onResize);
  };
}

/** The window width, updated 350 ms after resizing stops. */
export function useViewportWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => width,
    () => PRERENDER_WIDTH,
  );
}

export function useIsMobile(): boolean {
  return useViewportWidth() < MOBILE_BREAKPOINT;
}
