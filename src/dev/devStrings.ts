// The preview's own strings (locales/<lang>/dev.json), added to i18next by the preview itself, so
// the app's locale loader may leave the dev namespace out of the production bundle.

import { i18next } from '../i18n';

const files = import.meta.glob<Record<string, unknown>>('../../locales/*/dev.json', {
  eager: true,
  import: 'default',
});

export const DEV_NS = 'dev';

/** Adds the dev namespace in every language (idempotent; call after i18next is initialised). */
export function addDevStrings(): void {
  for (const [path, strings] of Object.entries(files)) {
    const lng = path.split('/').slice(-2)[0];
    i18next.addResourceBundle(lng, DEV_NS, strings, true, true);
  }
}
