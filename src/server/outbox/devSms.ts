// The development SMS outbox, beside /dev/mailbox: the SMS the portal sent (codes, notices),
// newest first, as a page and as JSON with the code picked out for tests. Registered only when
// DEV_MAILBOX is on (never in production).

import type { FastifyPluginAsync } from 'fastify';
import { ERROR_ANSWERS } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { escapeHtml, normalizeCypriotMobile } from './';

type SmsRow = {
  id: string | number;
  recipient: string;
  body_text: string;
  template: string;
  language: string;
  status: string;
  created_at: Date | string;
};

const CODE = /\b(\d{6})\b/;

export function devSmsRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const list = async (to: string | undefined, limit: number) => {
    const recipient = to ? normalizeCypriotMobile(to) : null;
    const rows = await ctx.db.query<SmsRow>(
      `SELECT id, recipient, body_text, template, language, status, created_at FROM outbox
        WHERE channel = 'SMS' AND ($1::text IS NULL OR recipient = $1) ORDER BY id DESC LIMIT $2`,
      [to ? (recipient ?? '-') : null, limit],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      to: r.recipient,
      text: r.body_text,
      code: r.template === 'otp' ? (CODE.exec(r.body_text)?.[1] ?? null) : null,
      template: r.template,
      language: r.language,
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  };
  const query = {
    type: 'object',
    properties: {
      to: { type: 'string', maxLength: 20, pattern: '^[0-9+ ]*$' },
      limit: { type: 'string', pattern: '^\\d{1,3}$' },
    },
    additionalProperties: false,
  } as const;

  return async (app) => {
    app.get<{ Querystring: { to?: string; limit?: string } }>(
      '/dev/sms.json',
      {
        schema: {
          tags: ['development'],
          summary: 'Queued SMS, newest first, with the code picked out (development only)',
          querystring: query,
          response: ERROR_ANSWERS,
        },
      },
      async (request) => list(request.query.to, Math.min(Number(request.query.limit ?? 50) || 50, 200)),
    );

    app.get<{ Querystring: { to?: string; limit?: string } }>(
      '/dev/sms',
      {
        schema: {
          tags: ['development'],
          summary: 'The SMS outbox as a page (development only)',
          querystring: query,
        },
      },
      async (request, reply) => {
        const rows = await list(request.query.to, 100);
        const items = rows
          .map(
            (r) =>
              `<li><p><strong>${escapeHtml(r.to)}</strong> · ${escapeHtml(r.createdAt.replace('T', ' ').slice(0, 19))} · ${escapeHtml(r.template)} · ${escapeHtml(r.status)}</p>` +
              `<p>${escapeHtml(r.text)}</p>${r.code ? `<p>Code: <code>${escapeHtml(r.code)}</code></p>` : ''}</li>`,
          )
          .join('\n');
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>SMS outbox (development)</title></head>
<body><main><h1>SMS outbox (development)</h1><p><a href="/dev/mailbox">Mailbox</a> · <a href="/dev/sms.json">JSON</a></p>
${rows.length === 0 ? '<p>No SMS yet.</p>' : `<ol reversed>${items}</ol>`}</main></body></html>`;
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );
  };
}
