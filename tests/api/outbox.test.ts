// The outbox: templates in both languages, queueing, delivery over SMTP to a local server on a
// random port, retries and failure, KEPT without a transport, SMS, and the dev mailbox page.

import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  enqueueMail,
  enqueueSms,
  MAIL_TEMPLATES,
  renderMail,
  renderSms,
  SMS_TEMPLATES,
} from '../../src/server/outbox';
import { deliverPending, retryDelaySeconds } from '../../src/server/outbox/sender';
import { smtpTransport } from '../../src/server/outbox/smtp';
import { startService, type TestService } from './support/app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let s: TestService;
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];
let refuseNext = 0;

beforeAll(async () => {
  s = await startService();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 });
          return callback(error);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(async () => {
  await s.testDb.clean();
  received.length = 0;
  refuseNext = 0;
});

const values = {
  code: '482913',
  minutes: 10,
  name: 'Ανδρέας Γεωργίου',
  reference: 'CB10001',
  product: 'MOTOR',
  dueDate: '12/03/2026',
  phone: '99123456',
  email: 'a@example.com',
  time: '10:30',
  referral: '-',
  message: '-',
  offerNo: 'OF100001',
  package: 'Plus',
  amount: '62 €',
  expiryDate: '09/04/2026',
  link: 'https://www.example.com.cy/driver/offer/1?offer=OF100001',
  withdrawalDays: 14,
  withdrawnOn: '20/03/2026',
  premium: '365 €',
  coveredDays: 6,
  kept: '6 €',
  refund: '359 €',
  refundWay: 'It goes back to the card you paid with.',
  contractNo: '5000001',
  startDate: '15/03/2026',
  endDate: '14/03/2027',
  // A case's change (caseChanged): its kind, number, new status and the lines the service fills.
  kind: 'Claim',
  about: 'your claim',
  ref: 'CL2026000103',
  status: 'In review',
  noteLine: '',
  paymentLine: '',
};

describe('templates', () => {
  it('every mail and SMS template renders in both languages with every value filled', () => {
    for (const lang of ['el', 'en'] as const) {
      for (const template of MAIL_TEMPLATES) {
        const mail = renderMail(template, lang, values);
        expect(mail.subject.length).toBeGreaterThan(5);
        expect(mail.text).not.toMatch(/\{\{/);
        expect(mail.html).toContain(`<html lang="${lang}">`);
      }
      for (const template of SMS_TEMPLATES) expect(renderSms(template, lang, values)).not.toMatch(/\{\{/);
    }
    expect(renderMail('otp', 'el', values).text).toMatch(/^Ο κωδικός επαλήθευσης είναι 482913/);
  });

  it('escapes values in the HTML and links only http(s) links', () => {
    const mail = renderMail('offerSent', 'en', { ...values, name: '<img src=x onerror=alert(1)>' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('<a href="https://www.example.com.cy/driver/offer/1?offer=OF100001">');
    const js = renderMail('offerSent', 'en', { ...values, link: 'javascript:alert(1)' });
    expect(js.html).not.toContain('<a href');
  });

  it('keeps line breaks out of subjects', () => {
    expect(renderMail('otp', 'en', { ...values, code: '1\r\nBcc: x@example.com' }).subject).not.toMatch(
      /[\r\n]/,
    );
  });
});

describe('delivery', () => {
  it('delivers pending mail over SMTP and marks it SENT', async () => {
    await enqueueMail(s.testDb.db, { to: 'Andreas@Example.com', template: 'otp', lang: 'el', values });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const report = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'Insurer <no-reply@insurer.com.cy>', maxAttempts: 3, now: new Date() },
    );
    transport.close();
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['andreas@example.com']);
    expect(received[0].from).toBe('no-reply@insurer.com.cy');
    expect(received[0].raw).toMatch(/Content-Type: text\/html/);
    const rows = await s.testDb.db.query<{ status: string; sent_at: unknown }>(
      'SELECT status, sent_at FROM outbox',
    );
    expect(rows[0].status).toBe('SENT');
    expect(rows[0].sent_at).not.toBeNull();
  });

  it('sends the files a mail carries (a withdrawal confirmation) as attachments', async () => {
    const pdf = Buffer.from('%PDF-1.7 withdrawal confirmation');
    await enqueueMail(s.testDb.db, {
      to: 'andreas@example.com',
      template: 'withdrawalConfirmed',
      lang: 'en',
      values,
      attachments: [{ fileName: 'withdrawal-CY1-en.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const report = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'Insurer <no-reply@insurer.com.cy>', maxAttempts: 3, now: new Date() },
    );
    transport.close();
    expect(report).toMatchObject({ sent: 1 });
    expect(received[0].raw).toMatch(/Content-Type: application\/pdf; name=withdrawal-CY1-en\.pdf/);
    expect(received[0].raw).toContain(pdf.toString('base64'));
  });

  it('retries after a refusal and gives up after the last attempt', async () => {
    await enqueueMail(s.testDb.db, { to: 'retry@example.com', template: 'otp', lang: 'en', values });
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`);
    const start = new Date(Date.now() + 1000);
    refuseNext = 1;
    const first = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'no-reply@insurer.com.cy', maxAttempts: 2, now: start },
    );
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    // Not due again before its back-off.
    const early = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'no-reply@insurer.com.cy', maxAttempts: 2, now: new Date(start.getTime() + 5000) },
    );
    expect(early.sent + early.retried + early.failed).toBe(0);
    refuseNext = 1;
    const later = new Date(start.getTime() + retryDelaySeconds(1) * 1000 + 1000);
    const second = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'no-reply@insurer.com.cy', maxAttempts: 2, now: later },
    );
    transport.close();
    expect(second).toMatchObject({ failed: 1 });
    const rows = await s.testDb.db.query<{ status: string; attempts: number; last_error: string }>(
      'SELECT status, attempts, last_error FROM outbox',
    );
    expect(rows[0]).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(rows[0].last_error).toMatch(/Mailbox unavailable/);
  });

  it('an unreachable server leaves the mail pending for a retry', async () => {
    await enqueueMail(s.testDb.db, { to: 'down@example.com', template: 'otp', lang: 'en', values });
    const transport = smtpTransport('smtp://127.0.0.1:1');
    const report = await deliverPending(
      s.testDb.db,
      { mail: transport },
      { from: 'no-reply@insurer.com.cy', maxAttempts: 5, now: new Date() },
    );
    transport.close();
    expect(report.retried).toBe(1);
    expect((await s.testDb.db.query<{ status: string }>('SELECT status FROM outbox'))[0].status).toBe(
      'PENDING',
    );
  });

  it('without a transport, mail and SMS are KEPT for the dev mailbox', async () => {
    await enqueueMail(s.testDb.db, { to: 'kept@example.com', template: 'otp', lang: 'en', values });
    await enqueueSms(s.testDb.db, { to: '+357 99 123456', template: 'otp', lang: 'el', values });
    const report = await deliverPending(
      s.testDb.db,
      {},
      { from: 'no-reply@insurer.com.cy', maxAttempts: 5, now: new Date() },
    );
    expect(report.kept).toBe(2);
    const rows = await s.testDb.db.query<{ channel: string; recipient: string; status: string }>(
      'SELECT channel, recipient, status FROM outbox ORDER BY id',
    );
    expect(rows).toEqual([
      { channel: 'MAIL', recipient: 'kept@example.com', status: 'KEPT' },
      { channel: 'SMS', recipient: '99123456', status: 'KEPT' },
    ]);
  });

  it('SMS go through an SMS transport when one is given', async () => {
    const sent: [string, string][] = [];
    await enqueueSms(s.testDb.db, { to: '0035796555123', template: 'policyIssued', lang: 'en', values });
    const report = await deliverPending(
      s.testDb.db,
      { sms: { send: async (to, text) => sent.push([to, text]) } },
      { from: 'x@example.com', maxAttempts: 5, now: new Date() },
    );
    expect(report.sent).toBe(1);
    expect(sent).toEqual([['96555123', 'Your policy 5000001 is in force from 15/03/2026. Thank you.']]);
  });

  it('refuses to queue to something that is not an address or a Cypriot mobile', async () => {
    await expect(
      enqueueMail(s.testDb.db, { to: 'nobody', template: 'otp', lang: 'en', values }),
    ).rejects.toThrow();
    await expect(
      enqueueSms(s.testDb.db, { to: '22123456', template: 'otp', lang: 'en', values }),
    ).rejects.toThrow();
  });
});

describe('dev mailbox', () => {
  it('lists messages newest first, filtered by recipient, as JSON and as a page', async () => {
    await enqueueMail(s.testDb.db, { to: 'one@example.com', template: 'otp', lang: 'en', values });
    await enqueueMail(s.testDb.db, {
      to: 'two@example.com',
      template: 'otp',
      lang: 'el',
      values: { ...values, code: '111222' },
    });
    const all = (await s.call({ method: 'GET', url: '/dev/mailbox.json' })).json();
    expect(all.map((m: { to: string }) => m.to)).toEqual(['two@example.com', 'one@example.com']);
    const one = (await s.call({ method: 'GET', url: '/dev/mailbox.json?to=ONE@example.com' })).json();
    expect(one).toHaveLength(1);
    const page = await s.call({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('111222');
  });

  it('does not exist when DEV_MAILBOX is off', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp({ ...s.config, devMailbox: false }, { db: s.testDb.db, flows: [] });
    expect((await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    await app.close();
  });

  it('the sender loop delivers what a request queued', async () => {
    const { buildApp } = await import('../../src/server/app');
    const { testConfig } = await import('../../src/server/platform/config');
    const config = testConfig({ outboxPollMs: 50, smtpUrl: `smtp://127.0.0.1:${port}` });
    const app = await buildApp(config, { db: s.testDb.db, flows: [] });
    const res = await app.inject({
      method: 'POST',
      url: '/zcp/otp/generate',
      payload: { I_MAIL_ADDRESS: 'loop@example.com' },
    });
    expect(res.statusCode).toBe(204);
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await app.close();
    expect(received.map((r) => r.to[0])).toEqual(['loop@example.com']);
  });
});
