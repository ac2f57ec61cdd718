// E-mail confirmation with a one-time code (spec §4: before the final step and before an offer
// is sent by e-mail).
//   POST /zcp/otp/generate { I_MAIL_ADDRESS }           204, code mailed
//   POST /zcp/otp/validate { I_TOKEN, I_MAIL_ADDRESS }  204 right; 422 wrong or expired
// The code and the confirmation belong to the browser that asked (its client cookie). Limits are
// counted per address *and* requesting IP, so nobody can spend an address owner's budget; all
// clients together meet a per-address ceiling that slows (one code per few minutes), never blocks.

import type { FastifyPluginAsync } from 'fastify';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import type { Db } from '../db';
import { enqueueMail } from '../outbox';
import { ERROR_ANSWERS, ref } from '../platform/apiSchemas';
import type { ServiceContext } from '../platform/context';
import { ApiError, badRequest, refuse, requestLang } from '../platform/errors';
import { hitLimit } from '../platform/rateLimit';
import { clientBindingFor } from './clientBinding';
import { confirmEmail, issueCode, verifyCode } from './codes';

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

  const clients = clientBindingFor(config);

  return async (app) => {
    app.post<{ Body: { I_MAIL_ADDRESS: string } }>(
      '/otp/generate',
      {
        schema: {
          tags: ['e-mail confirmation'],
          summary: 'Mail a 6-digit code to the address',
          description: `The code lives ${config.otpTtlMinutes} minutes and allows ${config.otpMaxAttempts} attempts; a new code ends the previous one of the same browser. At most ${config.rateLimit.otpPerAddressHour} codes per address and client IP, and ${config.rateLimit.otpPerIpHour} per client IP, an hour (429 TOO_MANY); past ${config.rateLimit.otpAddressCeilingHour} codes an hour to one address from all clients, one code per ${config.rateLimit.otpCeilingSpacingMinutes} minutes (429 SLOWED with RETRY_AFTER seconds).`,
          body: ref('otpGenerate'),
          response: { 204: { type: 'null', description: 'Code sent' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const address = mailAddress(request.body.I_MAIL_ADDRESS);
        const now = ctx.now();
        const client = clients.ensure(request, reply);
        const limits = config.rateLimit;
        const hit = (tx: Db, bucket: string, key: string, limit: number, windowMs: number) =>
          hitLimit(tx, { bucket, key, limit, windowMs }, now, config.sessionSecret);
        await ctx.db.transaction(async (tx) => {
          // This client's budget for this address, and this client's budget overall.
          const perAddress = await hit(
            tx,
            'OTP_ADDRESS_CLIENT',
            `${address}\u0000${request.ip}`,
            limits.otpPerAddressHour,
            HOUR,
          );
          const perIp = await hit(tx, 'OTP_IP', request.ip, limits.otpPerIpHour, HOUR);
          if (!perAddress || !perIp) {
            throw new ApiError(429, [{ key: 'errors.otp.tooMany', code: 'TOO_MANY' }], { CODE: 'TOO_MANY' });
          }
          // Everyone's codes to this address: past the ceiling, one per spacing window.
          const underCeiling = await hit(tx, 'OTP_ADDRESS', address, limits.otpAddressCeilingHour, HOUR);
          if (!underCeiling) {
            const spacingMs = limits.otpCeilingSpacingMinutes * 60_000;
            if (!(await hit(tx, 'OTP_ADDRESS_SLOW', address, 1, spacingMs))) {
              const retryAfter = Math.ceil((spacingMs - (now.getTime() % spacingMs)) / 1000);
              reply.header('retry-after', String(retryAfter));
              throw new ApiError(
                429,
                [
                  {
                    key: 'security:otpSlowed',
                    params: { minutes: Math.ceil(retryAfter / 60) },
                    code: 'SLOWED',
                  },
                ],
                { CODE: 'SLOWED', RETRY_AFTER: retryAfter },
              );
            }
          }
          const code = await issueCode(tx, 'EMAIL_VALIDATION', address, settings, now, client);
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
            '204 when right (the address counts as confirmed for quotations from this browser only). 422 with "The email verification code is not valid." while attempts are left; 422 with CODE EXPIRED when the code expired, its attempts are used up or none was issued.',
          body: ref('otpValidate'),
          response: { 204: { type: 'null', description: 'Confirmed' }, ...ERROR_ANSWERS },
        },
      },
      async (request, reply) => {
        const address = mailAddress(request.body.I_MAIL_ADDRESS);
        const code = request.body.I_TOKEN.trim();
        const now = ctx.now();
        // A browser without the client cookie was never sent a code: nothing to check.
        const client = clients.idOf(request) ?? '';
        const outcome = /^\d{6}$/.test(code)
          ? await ctx.db.transaction(async (tx) => {
              const result = await verifyCode(tx, 'EMAIL_VALIDATION', address, code, settings, now, client);
              if (result === 'OK') await confirmEmail(tx, address, now, client);
              return result;
            })
          : // A malformed code still costs an attempt, so it cannot be used to probe for free.
            await verifyCode(ctx.db, 'EMAIL_VALIDATION', address, '-', settings, now, client);
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
