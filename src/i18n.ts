// i18next for the web app: Greek by default, English on request, the choice kept in localStorage
// under `lang`. Locale files are locales/<lng>/<namespace>.json; each is its own lazy chunk and
// only the active language's files are fetched (a switch reloads the page, so the other language
// is never needed in the same page life). The service's own namespaces (mail, payment) are left
// out of the bundle: the browser never shows them, and e-mail templates are not the page's to ship.

import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { formatEuro } from './engine/money';
import { clearStoredFlows } from './ui/flow/flowStorage';
import { isFormOnScreen } from './ui/state/formPresence';

export const LANGUAGES = ['el', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'el';
export const LANGUAGE_KEY = 'lang';
/**
 * Namespaces every screen needs, loaded before the first render. The pages' own strings ('pages')
 * come with each page's chunk (router.tsx), so a product flow's first paint does not fetch them.
 */
export const CORE_NAMESPACES = ['common'];

/** Namespaces only the zcp service reads; the glob below must leave out the same files. */
export const SERVER_ONLY_NAMESPACES = ['mail', 'payment'] as const;

// A deny list rather than an allow list: every flow brings its own namespace (locales/*/<flowId>.json)
// and must reach the browser without touching this file.
const localeFiles = import.meta.glob<Record<string, unknown>>(
  ['../locales/*/*.json', '!../locales/*/mail.json', '!../locales/*/payment.json', '!../locales/*/dev.json'],
  { import: 'default' },
);

function fileKey(lng: string, ns: string): string {
  return `../locales/${lng}/${ns}.json`;
}

/** Namespaces that exist for a language: the locale file names (common, pages, ui, validation, motor …). */
export function localeNamespaces(lng: Language = DEFAULT_LANGUAGE): string[] {
  const prefix = `../locales/${lng}/`;
  return Object.keys(localeFiles)
    .filter((k) => k.startsWith(prefix))
    .map((k) => k.slice(prefix.length, -'.json'.length))
    .sort();
}

export function isLanguage(x: unknown): x is Language {
  return typeof x === 'string' && (LANGUAGES as readonly string[]).includes(x);
}

export function storedLanguage(): Language {
  let value: string | null = null;
  try {
    value = localStorage.getItem(LANGUAGE_KEY);
  } catch {
    // Blocked storage: the default language.
  }
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

let activeLanguage: string = DEFAULT_LANGUAGE;

const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    // The fallback language is not fetched while another language is active (see above).
    const load = language === activeLanguage ? localeFiles[fileKey(language, namespace)] : undefined;
    if (!load) {
      // Strings added by a feature itself (the dev preview) are kept, not replaced by nothing.
      callback(
        null,
        (i18next.getResourceBundle(language, namespace) as Record<string, string> | undefined) ?? {},
      );
      return;
    }
    load().then(
      (resources) => callback(null, resources as Record<string, string>),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** A `lang` cookie, so the service preloads the strings of this language with the page. */
function rememberForServer(lng: Language): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from older Safari; the value is one of two fixed words
  document.cookie = `lang=${lng}; path=/; max-age=31536000; samesite=lax`;
}

function syncHtmlLang(lng: string): void {
  if (typeof document !== 'undefined' && isLanguage(lng)) document.documentElement.lang = lng;
}

let initializing: Promise<I18n> | null = null;

/** Initialises i18next once, in the stored language unless one is given. */
export function initI18n(lng: Language = storedLanguage()): Promise<I18n> {
  if (initializing) return initializing;
  activeLanguage = lng;
  rememberForServer(lng);
  i18next.on('languageChanging', (next: string) => {
    activeLanguage = next;
  });
  i18next.on('languageChanged', syncHtmlLang);
  initializing = i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'languageOnly',
      ns: CORE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      // Ask the backend for the locale files within this call, not a timer task later: the page
      // waits for them before its first render.
      initAsync: false,
    })
    .then(() => {
      // {{amount, euro}}: whole euro by the one money formatter, as the service's texts read it.
      i18next.services.formatter?.add('euro', (value: unknown, lng?: string) => {
        const n = typeof value === 'number' ? value : Number(value);
        return value !== '' && Number.isFinite(n) ? formatEuro(n, lng === 'en' ? 'en' : 'el') : String(value);
      });
      syncHtmlLang(i18next.language);
      return i18next;
    });
  return initializing;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

export interface SetLanguageOptions {
  /** Asks the visitor whether to go on; the default is the browser's confirm dialog. */
  confirm?: (message: string) => boolean | Promise<boolean>;
  /** Reloads the page; replaced in tests. */
  reload?: () => void;
}

/**
 * Switches the interface language the spec's way: warns first when a form is on screen (the
 * reload discards entered data), then stores the choice, forgets the flows' saved answers (they
 * would otherwise come back from sessionStorage after the reload) and reloads. Resolves to false
 * when nothing changed (same language, unknown language, or the visitor cancelled).
 */
export async function setLanguage(lng: string, options: SetLanguageOptions = {}): Promise<boolean> {
  if (!isLanguage(lng) || lng === currentLanguage()) return false;
  if (isFormOnScreen()) {
    const message = i18next.t('common:language.confirmLoss');
    const ask = options.confirm ?? ((text: string) => window.confirm(text));
    if (!(await ask(message))) return false;
  }
  clearStoredFlows();
  try {
    localStorage.setItem(LANGUAGE_KEY, lng);
    rememberForServer(lng);
  } catch {
    // Without storage the reload would come back in the old language: switch in place instead.
    await i18next.changeLanguage(lng);
    return true;
  }
  (options.reload ?? (() => window.location.reload()))();
  return true;
}

export { i18next };
