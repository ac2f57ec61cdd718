// The theme: the insurer's own ('gic') or a car maker's co-branded one, chosen by a variant's
// reference query (?ref=1, ?ref=2, as the flows declare them) and kept for the rest of the visit.
// tokens.css reads data-theme on <html>.

import { productCatalog } from '../../generated/products';
import { createStore, sessionStore, useStore } from '../../ui/state/store';

export type Theme = string;

const KEY = 'zcp.theme';
export const DEFAULT_THEME = 'gic';
const VARIANTS = productCatalog.flatMap((p) => p.variants);

function isTheme(x: string | null): x is Theme {
  return x === DEFAULT_THEME || VARIANTS.some((v) => v.theme === x);
}

/** The theme a query asks for; null when it names no variant's parameter (the visit's theme stays). */
export function themeFromQuery(search: string): Theme | null {
  const query = new URLSearchParams(search);
  const asked = VARIANTS.filter((v) => query.has(v.query.name));
  if (asked.length === 0) return null;
  return asked.find((v) => query.get(v.query.name)?.trim() === v.query.value)?.theme ?? DEFAULT_THEME;
}

/** The reference query of a theme ('ref=1' for brand1), '' for the insurer's own. */
export function themeQuery(theme: Theme): string {
  const variant = VARIANTS.find((v) => v.theme === theme);
  return variant ? new URLSearchParams({ [variant.query.name]: variant.query.value }).toString() : '';
}

const stored = sessionStore.read(KEY);
const store = createStore<Theme>(isTheme(stored) ? stored : DEFAULT_THEME);

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
