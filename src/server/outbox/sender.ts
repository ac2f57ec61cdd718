// Delivers queued mail and SMS. Rows are claimed with FOR UPDATE SKIP LOCKED, so several service
// instances can run the loop side by side without sending anything twice; a claimed row is held
// ten minutes ahead, so a row left by a sender that died is retried. Without a transport for a
// channel, its messages are marked KEPT (they stay readable in the dev mailbox).

import { portalHousekeeping } from '../accounts/sessions';
import type { Db } from '../db';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

export interface SmsTransport {
  send(to: string, text: string): Promise<unknown>;
}

export interface Transports {
  mail?: MailTransport;
  sms?: SmsTransport;
}

export interface DeliveryOptions {
  from: string;
  maxAttempts: number;
  now: Date;
  batchSize?: number;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
  kept: number;
}

type ClaimedRow = {
  id: string | number;
  channel: 'MAIL' | 'SMS';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  attempts: number;
};

const HOLD_MINUTES = 10;

/** Seconds before the next try: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 500);
}

/** One pass over the due messages; answers what happened to them. */
export async function deliverPending(
  db: Db,
  transports: Transports,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, kept: 0 };
  const now = options.now.toISOString();
  for (const channel of ['MAIL', 'SMS'] as const) {
    const hasTransport = channel === 'MAIL' ? Boolean(transports.mail) : Boolean(transports.sms);
    if (!hasTransport) {
      const kept = await db.query(
        `UPDATE outbox SET status = 'KEPT' WHERE channel = $1 AND status = 'PENDING' RETURNING id`,
        [channel],
      );
      report.kept += kept.length;
    }
  }
  const claimed = await db.query<ClaimedRow>(
    `UPDATE outbox SET status = 'SENDING', attempts = attempts + 1,
            next_attempt_at = $1::timestamptz + interval '${HOLD_MINUTES} minutes'
      WHERE id IN (SELECT id FROM outbox
                    WHERE status IN ('PENDING', 'SENDING') AND next_attempt_at <= $1::timestamptz
                    ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
      RETURNING id, channel, recipient, subject, body_text, body_html, attempts`,
    [now, options.batchSize ?? 20],
  );
  for (const row of claimed) {
    try {
      if (row.channel === 'MAIL' && transports.mail) {
        const files = await db.query<{ file_name: string; content_type: string; content: Uint8Array }>(
          'SELECT file_name, content_type, content FROM outbox_attachments WHERE outbox_id = $1 ORDER BY id',
          [row.id],
        );
        await transports.mail.sendMail({
          from: options.from,
          to: row.recipient,
          subject: row.subject ?? '',
          text: row.body_text,
          html: row.body_html ?? undefined,
          ...(files.length > 0
            ? {
                attachments: files.map((f) => ({
                  filename: f.file_name,
                  content: Buffer.from(f.content),
                  contentType: f.content_type,
                })),
              }
            : {}),
        });
      } else if (row.channel === 'SMS' && transports.sms) {
        await transports.sms.send(row.recipient, row.body_text);
      } else {
        await db.query(`UPDATE outbox SET status = 'KEPT' WHERE id = $1`, [row.id]);
        report.kept++;
        continue;
      }
      await db.query(
        `UPDATE outbox SET status = 'SENT', sent_at = $2::timestamptz, last_error = NULL WHERE id = $1`,
        [row.id, now],
      );
      report.sent++;
    } catch (error) {
      const giveUp = row.attempts >= options.maxAttempts;
      await db.query(
        `UPDATE outbox SET status = $2, last_error = $3,
                next_attempt_at = $4::timestamptz + make_interval(secs => $5)
          WHERE id = $1`,
        [row.id, giveUp ? 'FAILED' : 'PENDING', errorText(error), now, retryDelaySeconds(row.attempts)],
      );
      if (giveUp) report.failed++;
      else report.retried++;
    }
  }
  return report;
}

/** Old rate-limit windows and spent one-time codes are of no further use. */
export async function housekeeping(db: Db, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000).toISOString();
  await db.query('DELETE FROM rate_limits WHERE window_start < $1::timestamptz', [dayAgo]);
  await db.query('DELETE FROM otp_codes WHERE expires_at < $1::timestamptz', [dayAgo]);
  await portalHousekeeping(db, now);
}

export interface SenderLoop {
  /** Runs a pass now (after an enqueue) instead of waiting for the next tick. */
  kick(): void;
  stop(): Promise<void>;
}

export interface SenderLoopOptions {
  db: Db;
  transports: Transports;
  from: string;
  maxAttempts: number;
  intervalMs: number;
  now: () => Date;
  onError: (error: unknown) => void;
  onReport?: (report: DeliveryReport) => void;
}

export function startSenderLoop(options: SenderLoopOptions): SenderLoop {
  let running: Promise<void> | undefined;
  let stopped = false;
  let passes = 0;
  const pass = () => {
    if (stopped || running) return;
    running = (async () => {
      try {
        const report = await deliverPending(options.db, options.transports, {
          from: options.from,
          maxAttempts: options.maxAttempts,
          now: options.now(),
        });
        if (report.sent + report.failed + report.retried + report.kept > 0) options.onReport?.(report);
        // About every ten minutes at the default interval.
        if (passes++ % 300 === 0) await housekeeping(options.db, options.now());
      } catch (error) {
        options.onError(error);
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(pass, options.intervalMs);
  timer.unref();
  return {
    kick: pass,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
