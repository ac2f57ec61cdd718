// Server-rendered pages of the sandbox's hosted payment page: the card form, the signed return
// form, and the error page a provider shows for a request it rejects. No inline script or style.

import { formatEuroCents, type PaymentLang, paymentText } from '../payments/texts';
import type { JccPaymentResponse } from './jcc';
import { type CardErrors, type CardField, type CardForm, TEST_CARDS } from './sandboxCards';

export const SANDBOX_BASE = '/sandbox/jcc';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function layout(lang: PaymentLang, title: string, body: string, languageLinks = ''): string {
  const t = (key: string) => escapeHtml(paymentText(lang, key));
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${t('sandbox.providerName')}</title>
<link rel="stylesheet" href="${SANDBOX_BASE}/assets/sandbox.css">
</head>
<body>
<main>
<header class="provider"><span class="provider-name">${t('sandbox.providerName')}</span>${languageLinks}</header>
<p class="banner" role="note">${t('sandbox.banner')}</p>
<div class="card">
${body}
</div>
</main>
</body>
</html>
`;
}

function groups(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

export interface CardPageInput {
  lang: PaymentLang;
  merId: string;
  orderId: string;
  amountCents: number;
  pageToken: string;
  values?: Partial<CardForm>;
  errors?: CardErrors;
}

const FIELD_ORDER: CardField[] = ['cardNumber', 'expiry', 'cvv', 'holder'];

export function renderCardPage(input: CardPageInput): string {
  const { lang, errors = {}, values = {} } = input;
  const t = (key: string, vars?: Record<string, string>) => escapeHtml(paymentText(lang, key, vars));
  const amount = formatEuroCents(input.amountCents, lang);
  const cardUrl = (l: PaymentLang) =>
    `${SANDBOX_BASE}/card?order=${encodeURIComponent(input.orderId)}&amp;token=${encodeURIComponent(input.pageToken)}&amp;lang=${l}`;
  const languageLinks = `<nav aria-label="${t('sandbox.language')}"><ul class="languages">${(
    ['el', 'en'] as const
  )
    .map((l) =>
      l === lang
        ? `<li><a href="${cardUrl(l)}" aria-current="true" lang="${l}">${l === 'el' ? 'Ελληνικά' : 'English'}</a></li>`
        : `<li><a href="${cardUrl(l)}" lang="${l}">${l === 'el' ? 'Ελληνικά' : 'English'}</a></li>`,
    )
    .join('')}</ul></nav>`;

  const field = (
    name: CardField,
    options: {
      autocomplete: string;
      inputmode?: string;
      maxlength: number;
      hint?: string;
      placeholder?: string;
    },
  ) => {
    const error = errors[name];
    const describedBy = [options.hint ? `${name}-hint` : '', error ? `${name}-error` : '']
      .filter(Boolean)
      .join(' ');
    // The security code is never written back into the page.
    const value = name === 'cvv' ? '' : (values[name] ?? '');
    return `<div class="field">
<label for="${name}">${t(`sandbox.${name}`)}</label>
<input id="${name}" name="${name}" type="text" autocomplete="${options.autocomplete}"${
      options.inputmode ? ` inputmode="${options.inputmode}"` : ''
    } maxlength="${options.maxlength}"${options.placeholder ? ` placeholder="${options.placeholder}"` : ''} value="${escapeHtml(
      value,
    )}"${error ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}>
${options.hint ? `<p class="hint" id="${name}-hint">${options.hint}</p>` : ''}${
  error ? `<p class="error" id="${name}-error">${t(`sandbox.fieldErrors.${error}`)}</p>` : ''
}
</div>`;
  };

  const errorList = FIELD_ORDER.filter((name) => errors[name]);
  const summary =
    errorList.length > 0
      ? `<div class="error-summary" role="alert" tabindex="-1"><p>${t('sandbox.errorSummary')}</p><ul>${errorList
          .map((name) => `<li><a href="#${name}">${t(`sandbox.fieldErrors.${errors[name]}`)}</a></li>`)
          .join('')}</ul></div>`
      : '';

  const testCards = [
    [TEST_CARDS.APPROVED, 'approved'],
    [TEST_CARDS.PENDING_PREMIUM, 'pending'],
    [TEST_CARDS.DECLINED, 'declined'],
    [TEST_CARDS.NO_RETURN, 'noReturn'],
  ]
    .map(([card, key]) => `<li><code>${groups(card)}</code>: ${t(`sandbox.testCards.${key}`)}</li>`)
    .join('');

  const body = `<h1>${t('sandbox.title')}</h1>
<dl class="summary">
<dt>${t('sandbox.merchant')}</dt><dd>${escapeHtml(input.merId)}</dd>
<dt>${t('sandbox.order')}</dt><dd>${escapeHtml(input.orderId)}</dd>
<dt>${t('sandbox.amount')}</dt><dd class="amount">${escapeHtml(amount)}</dd>
</dl>
${summary}
<form method="post" action="${SANDBOX_BASE}/pay" novalidate>
<input type="hidden" name="orderId" value="${escapeHtml(input.orderId)}">
<input type="hidden" name="token" value="${escapeHtml(input.pageToken)}">
<input type="hidden" name="lang" value="${lang}">
${field('cardNumber', { autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23, placeholder: '0000 0000 0000 0000' })}
<div class="row">
${field('expiry', { autocomplete: 'cc-exp', inputmode: 'numeric', maxlength: 7, placeholder: lang === 'el' ? 'ΜΜ/ΕΕ' : 'MM/YY' })}
${field('cvv', { autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4, hint: t('sandbox.cvvHint') })}
</div>
${field('holder', { autocomplete: 'cc-name', maxlength: 60 })}
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">${t('sandbox.pay', { amount })}</button>
<button type="submit" name="action" value="cancel" class="secondary" formnovalidate>${t('sandbox.cancel')}</button>
</div>
</form>
<section class="test-cards" aria-labelledby="test-cards-title">
<h2 id="test-cards-title">${t('sandbox.testCards.title')}</h2>
<p>${t('sandbox.testCards.intro')}</p>
<ul>${testCards}</ul>
</section>`;
  return layout(lang, paymentText(lang, 'sandbox.title'), body, languageLinks);
}

export type ResultKind = 'approved' | 'declined' | 'cancelled';

/** The signed return form, submitted by /assets/autosubmit.js or by the visible button. */
export function renderReturnPage(
  lang: PaymentLang,
  kind: ResultKind,
  merRespUrl: string,
  response: JccPaymentResponse,
): string {
  const t = (key: string) => escapeHtml(paymentText(lang, key));
  const hidden = Object.entries(response)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const body = `<h1 class="${kind === 'approved' ? 'result-approved' : 'result-failed'}">${t(`sandbox.result.${kind}`)}</h1>
<p>${t('sandbox.result.redirecting')}</p>
<form id="merchant-return" method="post" action="${escapeHtml(merRespUrl)}">
${hidden}
<div class="actions"><button type="submit" class="primary">${t('sandbox.result.returnButton')}</button></div>
</form>
<script src="${SANDBOX_BASE}/assets/autosubmit.js"></script>`;
  return layout(lang, paymentText(lang, `sandbox.result.${kind}`), body);
}

/** The page of the test card whose return is never sent: the merchant must find the result itself. */
export function renderNoReturnPage(lang: PaymentLang, merchantUrl: string): string {
  const t = (key: string) => escapeHtml(paymentText(lang, key));
  const body = `<h1 class="result-approved">${t('sandbox.result.noReturnTitle')}</h1>
<p>${t('sandbox.result.noReturnText')}</p>
<p><a href="${escapeHtml(merchantUrl)}">${t('sandbox.result.goToMerchant')}</a></p>`;
  return layout(lang, paymentText(lang, 'sandbox.result.noReturnTitle'), body);
}

/** A rejected request: the provider says what is wrong and that the visitor should go back. */
export function renderRequestErrorPage(lang: PaymentLang, problem: string): string {
  const t = (key: string) => escapeHtml(paymentText(lang, key));
  const body = `<h1 class="result-failed">${t('sandbox.requestErrors.title')}</h1>
<p>${t('sandbox.requestErrors.intro')}</p>
<p class="error" role="alert">${escapeHtml(problem)}</p>
<p>${t('sandbox.requestErrors.back')}</p>`;
  return layout(lang, paymentText(lang, 'sandbox.requestErrors.title'), body);
}
