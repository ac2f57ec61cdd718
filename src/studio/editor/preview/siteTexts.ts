// The site's texts for the preview and the property forms: one i18next instance per language (the
// preview shows Greek and English side by side, whatever the studio's own language), holding the
// locale files the renderer reads, with the draft's texts of the flow's namespace laid over them.

import { createInstance, type i18n as I18n } from 'i18next';
import { formatEuro } from '../../../engine/money';

export type Lang = 'el' | 'en';

const localeFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../../../../locales/*/*.json',
    '!../../../../locales/*/mail.json',
    '!../../../../locales/*/payment.json',
    '!../../../../locales/*/studio.json',
  ],
  { import: 'default' },
);

/** What the renderer reads besides the flow's own namespace. */
export const RENDERER_NAMESPACES = ['common', 'fields', 'flow', 'validation', 'ui'];

const instances = new Map<Lang, Promise<I18n>>();
const loaded = new Map<string, Promise<void>>();

function instance(lang: Lang): Promise<I18n> {
  let made = instances.get(lang);
  if (!made) {
    const i18n = createInstance();
    made = i18n
      .init({
        lng: lang,
        fallbackLng: false,
        resources: {},
        ns: [],
        interpolation: { escapeValue: false },
        react: { useSuspense: false },
        initAsync: false,
      })
      .then(() => {
        i18n.services.formatter?.add('euro', (value: unknown) => {
          const n = typeof value === 'number' ? value : Number(value);
          return value !== '' && Number.isFinite(n) ? formatEuro(n, lang) : String(value);
        });
        return i18n;
      });
    instances.set(lang, made);
  }
  return made;
}

/** The instance for a language with the renderer's namespaces and `namespace` loaded. */
export async function siteTexts(lang: Lang, namespace: string): Promise<I18n> {
  const i18n = await instance(lang);
  await Promise.all(
    [...RENDERER_NAMESPACES, namespace].map((ns) => {
      const key = `${lang}/${ns}`;
      let pending = loaded.get(key);
      if (!pending) {
        const load = localeFiles[`../../../../locales/${lang}/${ns}.json`];
        pending = load
          ? load().then((data) => void i18n.addResourceBundle(lang, ns, data, true, false))
          : Promise.resolve();
        loaded.set(key, pending);
      }
      return pending;
    }),
  );
  return i18n;
}

/** Lays the draft's texts of a namespace over the loaded ones (they replace the namespace). */
export function overlayTexts(
  i18n: I18n,
  lang: Lang,
  namespace: string,
  texts: Record<string, unknown> | undefined,
): void {
  if (!texts) return;
  i18n.removeResourceBundle(lang, namespace);
  i18n.addResourceBundle(lang, namespace, texts, true, true);
}
