// The SMTP transport of the outbox (nodemailer), built from SMTP_URL.

import nodemailer from 'nodemailer';
import type { MailTransport } from './sender';

export interface SmtpTransport extends MailTransport {
  close(): void;
}

/** smtp://user:pass@host:port or smtps://…; plain smtp upgrades with STARTTLS when offered. */
export function smtpTransport(url: string): SmtpTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    sendMail: (mail) => transporter.sendMail(mail),
    close: () => transporter.close(),
  };
}
