// i18next for the studio: its own strings, not the product's (they are not published items).
// src/studio/locales/<lng>/<namespace>.json, one namespace per owner (studio, editor, texts, …),
// each a lazy chunk fetched for the active language only. The choice is kept in localStorage under
// `studio-lang`, apart from the public site's `lang`: a staff member's studio language does not
// change the site they preview. Switching is in place (no reload): drafts are saved as they are
// typed, and a reload would lose the editor's undo history.

import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const STUDIO_LANGUAGES = ['el', 'en'] as const;
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number];
export const STUDIO_LANGUAGE_KEY = 'studio-lang';
/** Namespaces the shell needs before its first render; the others load with their pages. */
export const STUDIO_CORE_NAMESPACES = ['studio'];

const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });

export function isStudioLanguage(x: unknown): x is StudioLanguage {
  return typeof x === 'string' && (STUDIO_LANGUAGES as readonly string[]).includes(x);
}

/** The stored choice, else the browser's first language we have, else Greek. */
export function initialStudioLanguage(
  stored: string | null,
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): StudioLanguage {
  if (isStudioLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isStudioLanguage(base)) return base;
  }
  return 'el';
}

function storedChoice(): string | null {
  try {
    return localStorage.getItem(STUDIO_LANGUAGE_KEY);
  } catch {
    return null;
  }
}

const backend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (resources) => callback(null, resources as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

let initializing: Promise<I18n> | null = null;

export function initStudioI18n(lng: StudioLanguage = initialStudioLanguage(storedChoice())): Promise<I18n> {
  if (initializing) return initializing;
  i18next.on('languageChanged', (next: string) => {
    if (typeof document !== 'undefined' && isStudioLanguage(next)) document.documentElement.lang = next;
  });
  initializing = i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: false,
      supportedLngs: [...STUDIO_LANGUAGES],
      load: 'languageOnly',
      ns: STUDIO_CORE_NAMESPACES,
      defaultNS: 'studio',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      initAsync: false,
    })
    .then(() => {
      if (typeof document !== 'undefined') document.documentElement.lang = i18next.language;
      return i18next;
    });
  return initializing;
}

export function studioLanguage(): StudioLanguage {
  return isStudioLanguage(i18next.language) ? i18next.language : 'el';
}

/** Switches in place and remembers the choice. */
export async function setStudioLanguage(lng: StudioLanguage): Promise<void> {
  try {
    localStorage.setItem(STUDIO_LANGUAGE_KEY, lng);
  } catch {
    // Blocked storage: the switch holds for this page only.
  }
  await i18next.changeLanguage(lng);
}

export { i18next as studioI18n };
