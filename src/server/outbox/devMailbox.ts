// The development mailbox: every queued mail and SMS, newest first. Registered only when
// DEV_MAILBOX is on, which the configuration refuses in production. Tests and the browser replay
// read one-time codes from /dev/mailbox.json.

import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWERS } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { escapeHtml } from './';

type OutboxRow = {
  id: string | number;
  channel: string;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  template: string;
  language: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string | Date;
  sent_at: string | Date | null;
};

const iso = (value: string | Date | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export function devMailboxRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const list = async (to: string | undefined, limit: number) =>
    ctx.db.query<OutboxRow>(
      `SELECT id, channel, recipient, subject, body_text, body_html, template, language, status, attempts, last_error,
              created_at, sent_at
         FROM outbox WHERE ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`,
      [to ? to.trim().toLowerCase() : null, limit],
    );

  const query = {
    type: 'object',
    properties: {
      to: { type: 'string', maxLength: 254, pattern: '^[^\\u0000]*$' },
      limit: { type: 'string', pattern: '^\\d{1,3}$' },
    },
    additionalProperties: false,
  } as const;

  return async (app) => {
    app.get<{ Querystring: { to?: string; limit?: string } }>(
      '/dev/mailbox.json',
      {
        schema: {
          tags: ['development'],
          summary: 'Queued mail and SMS, newest first (development only)',
          querystring: query,
          response: ERROR_ANSWERS,
        },
      },
      async (request) => {
        const rows = await list(request.query.to, Math.min(Number(request.query.limit ?? 50) || 50, 200));
        return rows.map((r) => ({
          id: Number(r.id),
          channel: r.channel,
          to: r.recipient,
          subject: r.subject,
          text: r.body_text,
          html: r.body_html,
          template: r.template,
          language: r.language,
          status: r.status,
          attempts: r.attempts,
          lastError: r.last_error,
          createdAt: iso(r.created_at),
          sentAt: iso(r.sent_at),
        }));
      },
    );

    app.get<{ Querystring: { to?: string; limit?: string } }>(
      '/dev/mailbox',
      { schema: { tags: ['development'], summary: 'The dev mailbox as a page', querystring: query } },
      async (request, reply) => {
        const rows = await list(request.query.to, Math.min(Number(request.query.limit ?? 100) || 100, 200));
        const items = rows
          .map(
            (r) => `<article>
<h2>${escapeHtml(r.subject ?? `SMS ${r.template}`)}</h2>
<p>#${Number(r.id)} · ${escapeHtml(r.channel)} · to <strong>${escapeHtml(r.recipient)}</strong> · ${escapeHtml(r.language)} · ${escapeHtml(r.status)} · ${escapeHtml(iso(r.created_at) ?? '')}</p>
<pre>${escapeHtml(r.body_text)}</pre>
</article>`,
          )
          .join('\n<hr>\n');
        const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title></head>
<body><main><h1>Dev mailbox</h1>
<p>${rows.length} message(s), newest first. <a href="/dev/mailbox.json">JSON</a></p>
${items || '<p>No messages yet.</p>'}
</main></body></html>`;
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
      },
    );
  };
}
