// The theme: the insurer's own ('gic') or a car maker's co-branded one, chosen by the reference
// query ref=1 or ref=2 and kept for the rest of the visit. tokens.css reads data-theme on <html>.

import { createStore, sessionStore, useStore } from './store';

export type Theme = 'gic' | 'brand1' | 'brand2';

const KEY = 'zcp.theme';
const BY_REF: Record<string, Theme> = { '1': 'brand1', '2': 'brand2' };

function isTheme(x: string | null): x is Theme {
  return x === 'gic' || x === 'brand1' || x === 'brand2';
}

/** The theme a query asks for; null when it has no ref (the visit's theme stays). */
export function themeFromQuery(search: string): Theme | null {
  const ref = new URLSearchParams(search).get('ref');
  if (ref === null) return null;
  return BY_REF[ref.trim()] ?? 'gic';
}

/** The reference query of a theme ('ref=1' for brand1), '' for the insurer's own. */
export function themeQuery(theme: Theme): string {
  const ref = Object.entries(BY_REF).find(([, t]) => t === theme)?.[0];
  return ref ? `ref=${ref}` : '';
}

const stored = sessionStore.read(KEY);
const store = createStore<Theme>(isTheme(stored) ? stored : 'gic');

function paint(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

export function setTheme(theme: Theme): void {
  store.set(theme);
  sessionStore.write(KEY, theme);
  paint(theme);
}

/** Applies the query's theme if it names one, else repaints the visit's theme. */
export function applyThemeFromQuery(search: string): Theme {
  const wanted = themeFromQuery(search);
  if (wanted) setTheme(wanted);
  else paint(store.get());
  return store.get();
}

export function currentTheme(): Theme {
  return store.get();
}

export function useTheme(): Theme {
  return useStore(store);
}
