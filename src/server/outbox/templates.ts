// Mail and SMS texts from locales/<lang>/mail.json ("mail.<template>.subject|body", "sms.<template>"),
// rendered as plain text and as simple HTML. Values are escaped in the HTML; a `link` value
// (http or https only) becomes a link.

import { hasKey, type Lang, t } from '../platform/i18n';

export const MAIL_TEMPLATES = [
  'otp',
  'callbackRequest',
  'callbackConfirmation',
  'offerSent',
  'policyIssued',
  'claimFiled',
  'serviceRequest',
  'requestReceived',
  'caseChanged',
  'withdrawalConfirmed',
  'withdrawalCode',
  'renewalOffered',
  'renewalReminder',
  'renewalReferred',
] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];
export const SMS_TEMPLATES = [
  'otp',
  'policyIssued',
  'mobileChanged',
  'caseChanged',
  'withdrawalCode',
  'renewalOffered',
  'renewalReminder',
] as const;
export type SmsTemplate = (typeof SMS_TEMPLATES)[number];

/** Interpolation values; amounts and dates arrive already formatted for the language. */
export type TemplateValues = Record<string, string | number | undefined>;

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

// Templates that greet the recipient by name; the call centre's copy does not.
const GREETED: ReadonlySet<MailTemplate> = new Set([
  'callbackConfirmation',
  'offerSent',
  'policyIssued',
  'requestReceived',
  'caseChanged',
  'withdrawalConfirmed',
  'renewalOffered',
  'renewalReminder',
  'renewalReferred',
]);

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const LINK_TOKEN = '\u0000LINK\u0000';

function safeLink(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Header-safe: no line breaks in a subject, whatever the values hold. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

export function isMailTemplate(name: string): name is MailTemplate {
  return (MAIL_TEMPLATES as readonly string[]).includes(name);
}

export function renderMail(template: MailTemplate, lang: Lang, values: TemplateValues): RenderedMail {
  if (!hasKey(lang, `mail.${template}.body`)) throw new Error(`No mail template "${template}" in ${lang}`);
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  const greeting = GREETED.has(template)
    ? name
      ? t(lang, 'mail.greeting', { name })
      : t(lang, 'mail.greetingNoName')
    : '';
  const body = t(lang, `mail.${template}.body`, values);
  const signature = t(lang, 'mail.signature');
  const footer = t(lang, 'mail.footer');
  const subject = oneLine(t(lang, `mail.${template}.subject`, values));
  const text = [greeting, body, signature, `-- \n${footer}`].filter(Boolean).join('\n\n');

  const link = safeLink(values.link);
  const htmlBody = escapeHtml(
    t(lang, `mail.${template}.body`, link ? { ...values, link: LINK_TOKEN } : values),
  )
    .replace(/\n/g, '<br>\n')
    .replace(LINK_TOKEN, link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : '');
  const paragraphs = [greeting ? escapeHtml(greeting) : '', htmlBody, escapeHtml(signature)].filter(Boolean);
  const html = [
    '<!doctype html>',
    `<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2933;">',
    ...paragraphs.map((p) => `<p>${p}</p>`),
    `<p style="font-size: 12px; color: #616e7c;">${escapeHtml(footer)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export function renderSms(template: SmsTemplate, lang: Lang, values: TemplateValues): string {
  if (!hasKey(lang, `sms.${template}`)) throw new Error(`No SMS template "${template}" in ${lang}`);
  return oneLine(t(lang, `sms.${template}`, values));
}
