// Texts of the "payment" locale namespace (locales/{el,en}/payment.json), shared by the service's
// answers, the sandbox's pages and the web app's completion page.

import { type Lang, langFromHeader, t } from '../platform/i18n';

export type PaymentLang = Lang;

/** The text of `key` in the payment namespace, with {{name}} filled from `values`. */
export function paymentText(lang: PaymentLang, key: string, values: Record<string, unknown> = {}): string {
  return t(lang, `payment:${key}`, values);
}

/** el or en from an explicit choice ("EN", "en-GB", "el") or else an Accept-Language header; Greek by default. */
export function pickLang(explicit: unknown, acceptLanguage: string | string[] | undefined): PaymentLang {
  if (typeof explicit === 'string') {
    const value = explicit.trim().toLowerCase();
    if (value.startsWith('en')) return 'en';
    if (value.startsWith('el') || value.startsWith('gr')) return 'el';
  }
  return langFromHeader(acceptLanguage);
}

/** Euro with cents, as a payment page shows the exact charge: "€20.50", "20,50 €". */
export function formatEuroCents(cents: number, lang: PaymentLang): string {
  return new Intl.NumberFormat(lang === 'el' ? 'el-GR' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}
