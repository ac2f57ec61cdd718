// POST /zcp/contact_us/contactus: a call-back request. Stored with its due date (two working days,
// Cyprus holidays excluded), mailed to the call centre, and confirmed to the visitor.

import type { FastifyPluginAsync } from 'fastify';
import callCentre from '../../../flows/_catalogues/callCentre.json' with { type: 'json' };
import { addWorkingDays, ymdToDisplay } from '../../engine/dates';
import { fieldRules, isEmailAddress } from '../../engine/rules/fieldRules';
import { enqueueMail } from '../outbox';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import { type ServiceContext, today } from '../platform/context';
import { ApiError, refuse, requestLang } from '../platform/errors';
import { t } from '../platform/i18n';
import { liveCatalogue } from '../platform/liveConfig';
import { hitLimit } from '../platform/rateLimit';

/** Call-back confirmation mails per address per hour, from all clients together. */
const CONFIRMATIONS_PER_ADDRESS_HOUR = 3;

export interface ContactBody {
  FIRST_NAME?: string;
  LAST_NAME?: string;
  FULL_NAME?: string;
  MOB_PHONE_NO: string;
  MAIL_ADDRESS: string;
  PREFERRED_TIME?: string;
  PRODUCT?: string;
  MESSAGE?: string;
  OFFER_NO?: string;
  CHECK_NUMBER?: string | number;
  ERROR_TEXT_TYPE?: string | number;
  LANGUAGE?: string;
  CONS_PRIVACY?: string | boolean;
}

/** The earliest opening and latest closing time of the call centre's week ("07:30", "14:30"). */
export function callCentreWindow(): { from: string; to: string } {
  const hours = liveCatalogue('callCentre', callCentre).hours;
  return {
    from: hours.map((h) => h.from).sort()[0],
    to: hours
      .map((h) => h.to)
      .sort()
      .reverse()[0],
  };
}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

export function contactRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: ContactBody }>(
      '/contact_us/contactus',
      {
        schema: {
          tags: ['call-back'],
          summary: 'Ask to be called back within two working days',
          body: ref('contactUs'),
          response: { 200: ref('answers', 'contact'), ...ERROR_ANSWERS },
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const body = request.body;
        const name =
          clean(body.FULL_NAME) || [clean(body.FIRST_NAME), clean(body.LAST_NAME)].filter(Boolean).join(' ');
        if (name === '') throw refuse('errors.contact.name', {}, { field: 'FIRST_NAME' });
        const phone = body.MOB_PHONE_NO.replace(/\s+/g, '');
        if (fieldRules.cypriot_phone(phone) !== true)
          throw refuse('errors.contact.phone', {}, { field: 'MOB_PHONE_NO' });
        const email = body.MAIL_ADDRESS.trim().toLowerCase();
        if (!isEmailAddress(email)) throw refuse('errors.validation.email', {}, { field: 'MAIL_ADDRESS' });
        const time = body.PREFERRED_TIME ?? '';
        const window = callCentreWindow();
        if (time !== '' && (time < window.from || time > window.to)) {
          throw refuse('errors.contact.hours', window, { field: 'PREFERRED_TIME' });
        }

        const now = ctx.now();
        const dueDate = addWorkingDays(
          today(ctx),
          liveCatalogue('callCentre', callCentre).callbackWorkingDays,
        );
        const product = body.PRODUCT || 'OTHER';
        if (product !== 'OTHER' && !ctx.catalog.byRulesKey(product)) {
          throw refuse('errors.contact.product', {}, { field: 'PRODUCT' });
        }
        const referral = [body.CHECK_NUMBER, body.ERROR_TEXT_TYPE, body.OFFER_NO]
          .filter((v) => v !== undefined && v !== '')
          .join(' / ');
        const data = {
          NAME: name,
          MOB_PHONE_NO: phone,
          MAIL_ADDRESS: email,
          PREFERRED_TIME: time,
          PRODUCT: product,
          MESSAGE: body.MESSAGE ?? '',
          OFFER_NO: body.OFFER_NO ?? '',
          CHECK_NUMBER: body.CHECK_NUMBER ?? '',
          ERROR_TEXT_TYPE: body.ERROR_TEXT_TYPE ?? '',
          LANGUAGE: lang,
        };

        const reference = await ctx.db.transaction(async (tx) => {
          const allowed = await hitLimit(
            tx,
            {
              bucket: 'CONTACT_IP',
              key: request.ip,
              limit: ctx.config.rateLimit.contactPerIpHour,
              windowMs: 3600_000,
            },
            now,
            ctx.config.sessionSecret,
          );
          if (!allowed)
            throw new ApiError(429, [{ key: 'errors.http.rateLimited', code: 'TOO_MANY' }], {
              CODE: 'TOO_MANY',
            });
          const seq = await tx.query<{ n: string | number }>(
            "SELECT nextval('contact_request_ref_seq') AS n",
          );
          const ref = `CB${seq[0].n}`;
          await tx.query(
            `INSERT INTO contact_requests (data, product, due_date, reference, created_at)
             VALUES ($1::jsonb, $2, $3::date, $4, $5::timestamptz)`,
            [JSON.stringify(data), product, dueDate, ref, now.toISOString()],
          );
          // The call centre works in Greek; the visitor gets their own language.
          await enqueueMail(tx, {
            to: ctx.config.callCentreMail.replace(/^.*<([^>]+)>$/, '$1'),
            template: 'callbackRequest',
            lang: 'el',
            values: {
              reference: ref,
              dueDate: ymdToDisplay(dueDate),
              name,
              phone,
              email,
              time: time || '-',
              product: t('el', `products.${product}`),
              referral: referral || '-',
              message: data.MESSAGE || '-',
            },
          });
          // Anyone can type any address here: the confirmation mail goes out at most a few times
          // an hour per address, so nobody can have us mail a stranger over and over. The request
          // itself is kept and called back all the same.
          const mailAllowed = await hitLimit(
            tx,
            { bucket: 'CONTACT_MAIL', key: email, limit: CONFIRMATIONS_PER_ADDRESS_HOUR, windowMs: 3600_000 },
            now,
            ctx.config.sessionSecret,
          );
          if (!mailAllowed) {
            request.log.warn({ reference: ref }, 'call-back confirmation not mailed: address limit');
            return ref;
          }
          await enqueueMail(tx, {
            to: email,
            template: 'callbackConfirmation',
            lang,
            values: { name, phone, dueDate: ymdToDisplay(dueDate), reference: ref },
          });
          return ref;
        });
        ctx.kickOutbox();
        request.log.info({ reference, product }, 'call-back requested');
        return { REFERENCE: reference, DUE_DATE: dueDate };
      },
    );
  };
}
