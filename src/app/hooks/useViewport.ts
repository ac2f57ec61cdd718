import { useEffect, useState } from 'react';

/** Screens narrower than this get the compact top bar (and, logged in, the bottom bar). */
export const MOBILE_BREAKPOINT = 992;
export const RESIZE_DEBOUNCE_MS = 350;

function width(): number {
  return typeof window === 'undefined' ? MOBILE_BREAKPOINT : window.innerWidth;
}

/** The window width, updated 350 ms after resizing stops. */
export function useViewportWidth(): number {
  const [current, setCurrent] = useState(width);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setCurrent(width()), RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, []);
  return current;
}

export function useIsMobile(): boolean {
  return useViewportWidth() < MOBILE_BREAKPOINT;
}
