// E-mail confirmation with a one-time code (spec §4: before the final step and before an offer
// is sent by e-mail).
//   POST /zcp/otp/generate { I_MAIL_ADDRESS }           204, code mailed
//   POST /zcp/otp/validate { I_TOKEN, I_MAIL_ADDRESS }  204 right; 422 wrong or expired

import type { FastifyPluginAsync } from 'fastify';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import type { ServiceContext } from '../context';
import { ApiError, badRequest, refuse, requestLang } from '../errors';
import { confirmEmail, issueCode, verifyCode } from '../otp/codes';
import { enqueueMail } from '../outbox';
import { hitLimit } from '../rateLimit';
import { ERROR_ANSWERS, ref } from '../schemas';

const HOUR = 3600_000;

function mailAddress(raw: string): string {
  const address = raw.trim().toLowerCase();
  if (!isEmailAddress(address)) throw badRequest('errors.validation.email', {}, 'I_MAIL_ADDRESS');
  return address;
}

export function otpRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const { config } = ctx;
  const settings = {
    secret: config.sessionSecret,
    ttlMinutes: config.otpTtlMinutes,
    maxAttempts: config.otpMaxAttempts,
  };

  return async (app) => {
    app.post<{ Body: { I_MAIL_ADDRESS: string } }>(
      '/otp/generate',
      {
        schema: {
          tags: ['e-mail confirmation'],
          summary: 'Mail a 6-digit code to the address',
          description: `The code lives ${config.otpTtlMinutes} minutes and allows ${config.otpMaxAttempts} attempts; a new code ends the previous one. At most ${config.rateLimit.otpPerAddressHour} codes per address and ${config.rateLimit.otpPerIpHour} per client IP an hour (429).`,
          body: ref('otpGenerate'),
          response: { 204: { type: 'null', description: 'Code sent' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const address = mailAddress(request.body.I_MAIL_ADDRESS);
        const now = ctx.now();
        await ctx.db.transaction(async (tx) => {
          const perAddress = await hitLimit(
            tx,
            {
              bucket: 'OTP_ADDRESS',
              key: address,
              limit: config.rateLimit.otpPerAddressHour,
              windowMs: HOUR,
            },
            now,
            config.sessionSecret,
          );
          const perIp = await hitLimit(
            tx,
            { bucket: 'OTP_IP', key: request.ip, limit: config.rateLimit.otpPerIpHour, windowMs: HOUR },
            now,
            config.sessionSecret,
          );
          if (!perAddress || !perIp) {
            throw new ApiError(429, [{ key: 'errors.otp.tooMany', code: 'TOO_MANY' }], { CODE: 'TOO_MANY' });
          }
          const code = await issueCode(tx, 'EMAIL_VALIDATION', address, settings, now, request.ip);
          await enqueueMail(tx, {
            to: address,
            template: 'otp',
            lang,
            values: { code, minutes: config.otpTtlMinutes },
          });
        });
        ctx.kickOutbox();
        request.log.info('e-mail verification code issued');
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { I_TOKEN: string; I_MAIL_ADDRESS: string } }>(
      '/otp/validate',
      {
        schema: {
          tags: ['e-mail confirmation'],
          summary: 'Confirm the code',
          description:
            '204 when right (the address counts as confirmed for quotations). 422 with "The email verification code is not valid." while attempts are left; 422 with CODE EXPIRED when the code expired, its attempts are used up or none was issued.',
          body: ref('otpValidate'),
          response: { 204: { type: 'null', description: 'Confirmed' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const address = mailAddress(request.body.I_MAIL_ADDRESS);
        const code = request.body.I_TOKEN.trim();
        const now = ctx.now();
        const outcome = /^\d{6}$/.test(code)
          ? await ctx.db.transaction(async (tx) => {
              const result = await verifyCode(tx, 'EMAIL_VALIDATION', address, code, settings, now);
              if (result === 'OK') await confirmEmail(tx, address, now);
              return result;
            })
          : // A malformed code still costs an attempt, so it cannot be used to probe for free.
            await verifyCode(ctx.db, 'EMAIL_VALIDATION', address, '-', settings, now);
        if (outcome === 'OK') {
          request.log.info('e-mail address confirmed');
          return reply.code(204).send();
        }
        if (outcome === 'EXPIRED')
          throw refuse('errors.otp.expired', {}, { field: 'I_TOKEN', code: 'EXPIRED' });
        throw refuse('errors.otp.invalid', {}, { field: 'I_TOKEN', code: 'INVALID' });
      },
    );
  };
}
