// Small calls of the public site: client validation log, cookie texts, FAQs, announcements.

import type { FastifyPluginAsync } from 'fastify';
import announcements from '../../../flows/_catalogues/announcements.json' with { type: 'json' };
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { ApiError, requestLang } from '../platform/errors';
import type { Lang } from '../platform/i18n';
import { liveCatalogue } from '../platform/liveConfig';
import { hitLimit } from '../platform/rateLimit';
import { entriesOf, MAX_BATCH, MAX_ENTRY_BYTES } from '../platform/validationLog';
import { cookieTexts, faqs } from './texts';

interface Announcement {
  ID: string;
  LEVEL: string;
  VALID_FROM?: string;
  VALID_TO?: string;
  TITLE: Record<Lang, string>;
  TEXT: Record<Lang, string>;
}

/** The announcements in force on `day`, in `lang`. */
export function announcementsOn(day: string, lang: Lang) {
  return liveCatalogue('announcements', announcements as Announcement[])
    .filter((a) => (!a.VALID_FROM || a.VALID_FROM <= day) && (!a.VALID_TO || day <= a.VALID_TO))
    .map((a) => ({
      ID: a.ID,
      LEVEL: a.LEVEL,
      TITLE: a.TITLE[lang],
      TEXT: a.TEXT[lang],
      VALID_FROM: a.VALID_FROM ?? '',
      VALID_TO: a.VALID_TO ?? '',
    }));
}

export function miscRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: Record<string, unknown> }>(
      '/log/validations',
      {
        schema: {
          tags: ['site'],
          summary: 'Record a validation failure seen in the browser (for the product team)',
          description: `One entry, or a batch of up to ${MAX_BATCH} in ENTRIES. Each is stored flattened and cut to ${MAX_ENTRY_BYTES} bytes; a client IP may record ${ctx.config.rateLimit.validationLogPerIpHour} entries an hour (429 past that); entries are deleted after ${ctx.config.validationLogDays} days.`,
          body: ref('validationLog'),
          response: { 204: { type: 'null', description: 'Recorded' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const entries = entriesOf(request.body);
        if (entries.length === 0) return reply.code(204).send();
        const now = ctx.now();
        await ctx.db.transaction(async (tx) => {
          const rule = {
            bucket: 'VALIDATION_LOG_IP',
            key: request.ip,
            limit: ctx.config.rateLimit.validationLogPerIpHour,
            windowMs: 3600_000,
          };
          if (!(await hitLimit(tx, rule, now, ctx.config.sessionSecret, entries.length)))
            throw new ApiError(429, [{ key: 'security:validationLogFull', code: 'TOO_MANY' }], {
              CODE: 'TOO_MANY',
            });
          for (const entry of entries) {
            await tx.query(
              'INSERT INTO validation_log (data, created_at) VALUES ($1::jsonb, $2::timestamptz)',
              [JSON.stringify({ ...entry, LANGUAGE: lang }), now.toISOString()],
            );
          }
        });
        return reply.code(204).send();
      },
    );

    app.post(
      '/cookies/gettexts',
      {
        schema: {
          tags: ['site'],
          summary: 'Cookie banner and policy texts (ET_TEXTS)',
          body: {
            type: ['object', 'null'],
            maxProperties: 20,
            description: 'Nothing is needed; a body is ignored.',
          },
          response: { 200: ref('answers', 'texts'), ...ERROR_ANSWERS },
        },
      },
      async (request) => cookieTexts(requestLang(request)),
    );

    app.get(
      '/CommonParams/FAQs',
      {
        schema: {
          tags: ['site'],
          summary: 'Frequently asked questions (CATEGORIES, QUESTIONS)',
          response: { 200: ref('answers', 'faqs'), ...ERROR_ANSWERS },
        },
      },
      async (request) => faqs(requestLang(request)),
    );

    app.get(
      '/announcement',
      {
        schema: {
          tags: ['site'],
          summary: 'Announcements in force today (CT_ANNOUNCEMENTS)',
          response: { 200: ref('answers', 'announcements'), ...ERROR_ANSWERS },
        },
      },
      async (request) => ({ CT_ANNOUNCEMENTS: announcementsOn(today(ctx), requestLang(request)) }),
    );
  };
}
