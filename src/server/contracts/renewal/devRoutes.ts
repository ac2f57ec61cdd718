// POST /dev/renewals/run: the renewal pass now, as of a day the tester picks (development only,
// with the desk). Testers reach every renewal state without waiting a year: the offer and its
// notice, the reminder 7 days before, the expiry of an unpaid renewal.

import formbody from '@fastify/formbody';
import type { FastifyPluginAsync } from 'fastify';
import { isValidYmd } from '../../../engine/dates';
import { escapeHtml } from '../../outbox/templates';
import { type ServiceContext, today } from '../../platform/context';
import { refuse } from '../../platform/errors';
import { type Lang, t } from '../../platform/i18n';
import { runRenewals } from './service';

/** The desk's form that runs the pass (src/server/casework/devDesk.ts shows it). */
export function renewalDeskForm(lang: Lang, day: string): string {
  const d = (key: string) => escapeHtml(t(lang, `casework:desk.renewals.${key}`));
  return `<section aria-labelledby="desk-renewals"><h2 id="desk-renewals">${d('title')}</h2><p>${d('intro')}</p>
<form method="post" action="/dev/renewals/run" data-form="renewals"><input type="hidden" name="lang" value="${lang}">
<label for="renewals-day">${d('day')}<input id="renewals-day" name="today" type="date" required value="${day}"></label>
<button type="submit">${d('run')}</button></form></section>`;
}

export function renewalDevRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
    app.post<{ Body: { today?: string; lang?: string } | undefined }>(
      '/dev/renewals/run',
      {
        schema: {
          tags: ['development'],
          summary: 'Runs the renewal pass as of a day (default today): offers, reminders, expiries',
          body: {
            type: 'object',
            properties: {
              today: { type: 'string', maxLength: 10 },
              lang: { type: 'string', enum: ['el', 'en'] },
            },
          },
        },
      },
      async (request, reply) => {
        const day = request.body?.today || today(ctx);
        if (!isValidYmd(day)) throw refuse('validation:date', {}, { field: 'today' });
        const summary = await runRenewals({
          db: ctx.db,
          catalog: ctx.catalog,
          today: day,
          now: ctx.now(),
          publicUrl: ctx.config.publicUrl,
          secret: ctx.config.sessionSecret,
          log: request.log,
        });
        ctx.kickOutbox();
        if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return summary;
        const lang: Lang = request.body?.lang === 'en' ? 'en' : 'el';
        const text = t(lang, 'casework:desk.renewals.done', { ...summary, day });
        return reply.redirect(`/dev/desk?lang=${lang}&done=${encodeURIComponent(text)}`, 303);
      },
    );
  };
}
