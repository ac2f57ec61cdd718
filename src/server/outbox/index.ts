// The outbox: mail and SMS are written to a table in the same transaction as the business change
// that causes them, and a sender loop delivers them later (or keeps them for the dev mailbox).

import { isEmailAddress } from '../../engine/rules/fieldRules';
import type { Db } from '../db';
import type { Lang } from '../platform/i18n';
import { type MailTemplate, renderMail, renderSms, type SmsTemplate, type TemplateValues } from './templates';

export type { MailTemplate, SmsTemplate, TemplateValues } from './templates';
export { escapeHtml, MAIL_TEMPLATES, renderMail, renderSms, SMS_TEMPLATES } from './templates';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export interface MailRequest {
  to: string;
  template: MailTemplate;
  lang: Lang;
  values: TemplateValues;
  /** Files the mail carries (a confirmation's PDF), stored with it in the same transaction. */
  attachments?: MailAttachment[];
}

export interface SmsRequest {
  /** A Cypriot mobile number (99123456, +35799123456 or 0035799123456). */
  to: string;
  template: SmsTemplate;
  lang: Lang;
  values: TemplateValues;
}

/** Renders a mail in the recipient's language and queues it; answers the outbox id. */
export async function enqueueMail(db: Db, mail: MailRequest): Promise<number> {
  const to = mail.to.trim().toLowerCase();
  if (!isEmailAddress(to)) throw new Error('enqueueMail: not an e-mail address');
  const rendered = renderMail(mail.template, mail.lang, mail.values);
  const rows = await db.query<{ id: string | number }>(
    `INSERT INTO outbox (channel, recipient, subject, body_text, body_html, template, language)
     VALUES ('MAIL', $1, $2, $3, $4, $5, $6) RETURNING id`,
    [to, rendered.subject, rendered.text, rendered.html, mail.template, mail.lang],
  );
  const id = Number(rows[0].id);
  for (const file of mail.attachments ?? []) {
    await db.query(
      'INSERT INTO outbox_attachments (outbox_id, file_name, content_type, content) VALUES ($1, $2, $3, $4)',
      [id, file.fileName, file.contentType, file.content],
    );
  }
  return id;
}

/** "+357" and "00357" prefixes and spaces dropped: the outbox keys SMS by the 8-digit number. */
export function normalizeCypriotMobile(input: string): string | null {
  const compact = input.replace(/[\s-]+/g, '').replace(/^(?:\+357|00357)/, '');
  return /^9\d{7}$/.test(compact) ? compact : null;
}

/** Queues a text message (the portal's codes and notices); answers the outbox id. */
export async function enqueueSms(db: Db, sms: SmsRequest): Promise<number> {
  const to = normalizeCypriotMobile(sms.to);
  if (!to) throw new Error('enqueueSms: not a Cypriot mobile number');
  const text = renderSms(sms.template, sms.lang, sms.values);
  const rows = await db.query<{ id: string | number }>(
    `INSERT INTO outbox (channel, recipient, subject, body_text, template, language)
     VALUES ('SMS', $1, NULL, $2, $3, $4) RETURNING id`,
    [to, text, sms.template, sms.lang],
  );
  return Number(rows[0].id);
}
