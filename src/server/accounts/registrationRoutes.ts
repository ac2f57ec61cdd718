// /zcp/um, getting an account (spec §7 "Auth and user"; docs/portal-api.md §2): the SMS codes of
// registration, reset/unlock and mobile change, registration itself and the password reset that also
// unlocks an account. Registered by umRoutes (routes.ts).

import type { FastifyPluginAsync } from 'fastify';
import { customerByNo, linkPurchases, normalizeIdNumber } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import { answers, body, code, mobile, noContent, str, ymd } from '../platform/schemaParts';
import {
  dateOrRefuse,
  mobileOrRefuse,
  portalSettings,
  refuseCode,
  refuseWeakPassword,
  registrant,
} from './common';
import { auth, coded, requireSession } from './http';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';
import { confirmForUse, confirmSmsCode, consumeCode, type SmsPurpose, sendSmsCode } from './smsCodes';
import { countFailure, refuseIfThrottled } from './throttle';
import { createUser, setPassword, userByMobile } from './users';

const TAG = 'portal: session';
const PURPOSES = ['REGISTRATION', 'RESET', 'MOBILE_CHANGE'] as const;

export function registrationRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');
  const throttle = (ip: string) =>
    refuseIfThrottled(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());
  const failed = (ip: string) =>
    countFailure(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());

  return async (app) => {
    app.post<{ Body: { RECIPIENT: string; PURPOSE?: (typeof PURPOSES)[number] } }>(
      '/um/createotp',
      {
        schema: {
          tags: [TAG],
          summary: 'Send an SMS code (registration, reset/unlock, mobile change)',
          description:
            'Always 204 for a valid mobile; for RESET the SMS is sent only when the number has an account. MOBILE_CHANGE needs a login and a number not used by another account (422 MOBILE_UNAVAILABLE). 429 TOO_MANY.',
          body: body({ RECIPIENT: mobile, PURPOSE: { type: 'string', enum: [...PURPOSES] } }, ['RECIPIENT']),
          response: answers(noContent('Code sent (or, for RESET, nothing to send)')),
        },
      },
      async (request, reply) => {
        const purpose: SmsPurpose = request.body.PURPOSE ?? 'REGISTRATION';
        const recipient = mobileOrRefuse(request.body.RECIPIENT, 'RECIPIENT');
        const lang = requestLang(request);
        if (purpose === 'MOBILE_CHANGE') {
          await active(request, reply);
          const other = await userByMobile(ctx.db, recipient);
          if (other && other.user_id !== auth(request).user.user_id) {
            throw coded(422, 'errors.portal.mobileUnavailable', 'MOBILE_UNAVAILABLE', {}, 'RECIPIENT');
          }
        }
        if (purpose === 'RESET' && !(await userByMobile(ctx.db, recipient))) {
          request.log.info(
            { event: 'portal.reset_unknown_mobile' },
            'reset code for a number without account',
          );
          return reply.code(204).send();
        }
        await sendSmsCode(ctx.db, settings, { purpose, mobile: recipient, lang, ip: request.ip }, ctx.now());
        ctx.kickOutbox();
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { CODE: string; RECIPIENT: string; PURPOSE?: (typeof PURPOSES)[number] } }>(
      '/um/validateotp',
      {
        schema: {
          tags: [TAG],
          summary: 'Check an SMS code; it stays good (once) for the call it was asked for',
          body: body({ CODE: code, RECIPIENT: mobile, PURPOSE: { type: 'string', enum: [...PURPOSES] } }, [
            'CODE',
            'RECIPIENT',
          ]),
          response: answers(noContent('Right code')),
        },
      },
      async (request, reply) => {
        const recipient = mobileOrRefuse(request.body.RECIPIENT, 'RECIPIENT');
        const outcome = await confirmSmsCode(
          ctx.db,
          settings,
          request.body.PURPOSE ?? 'REGISTRATION',
          recipient,
          request.body.CODE.trim(),
          ctx.now(),
        );
        refuseCode(outcome);
        return reply.code(204).send();
      },
    );

    app.post<{
      Body: {
        MOBILE_NUMBER: string;
        CODE: string;
        PASSWORD: string;
        EMAIL: string;
        DATE_OF_BIRTH: string;
        IDENTIFICATION: string;
        ID_TYPE?: string;
        NAME?: string;
        SURNAME?: string;
        GDPR_CONSENT: boolean;
        EMAIL_CONSENT: boolean;
        MARKETING_CONSENT?: boolean;
      };
    }>(
      '/um/register',
      {
        schema: {
          tags: [TAG],
          summary: 'Register: mobile + SMS code, identity matched to a customer, password, consents',
          description:
            '204 registered (then log in). 422 CONSENT_REQUIRED, WEAK_PASSWORD, INVALID/EXPIRED (code), USER_NOT_FOUND, LEGAL_ENTITY, REFUSED, ALREADY_REGISTERED, MOBILE_NOT_ON_RECORD.',
          body: body(
            {
              MOBILE_NUMBER: mobile,
              CODE: code,
              PASSWORD: str(200),
              EMAIL: str(254, { format: 'email' }),
              DATE_OF_BIRTH: ymd,
              IDENTIFICATION: str(20),
              ID_TYPE: { type: 'string', enum: ['ID', 'PASSPORT', 'ARC', 'MEU1'] },
              NAME: str(40),
              SURNAME: str(40),
              GDPR_CONSENT: { type: 'boolean' },
              EMAIL_CONSENT: { type: 'boolean' },
              MARKETING_CONSENT: { type: 'boolean' },
            },
            ['MOBILE_NUMBER', 'CODE', 'PASSWORD', 'EMAIL', 'DATE_OF_BIRTH', 'IDENTIFICATION'],
          ),
          response: answers(noContent('Registered')),
        },
      },
      async (request, reply) => {
        const b = request.body;
        if (b.GDPR_CONSENT !== true) {
          throw coded(422, 'errors.portal.gdprConsent', 'CONSENT_REQUIRED', {}, 'GDPR_CONSENT');
        }
        if (b.EMAIL_CONSENT !== true) {
          throw coded(422, 'errors.portal.emailConsent', 'CONSENT_REQUIRED', {}, 'EMAIL_CONSENT');
        }
        const mobileNo = mobileOrRefuse(b.MOBILE_NUMBER, 'MOBILE_NUMBER');
        const birthDate = dateOrRefuse(b.DATE_OF_BIRTH, 'DATE_OF_BIRTH');
        refuseWeakPassword(b.PASSWORD, mobileNo);
        await throttle(request.ip);
        const now = ctx.now();
        const given = b.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'REGISTRATION', mobileNo, given, now));

        const { customer, refusal } = await registrant(
          ctx.db,
          { idType: b.ID_TYPE, idNumber: b.IDENTIFICATION, birthDate },
          mobileNo,
          () => failed(request.ip),
        );
        if (refusal) {
          request.log.info(
            {
              event: 'portal.registration_refused',
              customerNo: customer.customer_no,
              code: refusal.extra.CODE,
            },
            'registration refused',
          );
          throw refusal;
        }
        const passwordHash = await hashPassword(b.PASSWORD);
        await ctx.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, settings, 'REGISTRATION', mobileNo, given, now))) refuseCode('EXPIRED');
          await createUser(tx, { customerNo: customer.customer_no, mobile: mobileNo, passwordHash }, now);
          await tx.query(
            `UPDATE customers SET email = $2, telephone = $3, marketing_consent = $4, gdpr_consent_at = $5::timestamptz,
                    email_consent_at = $5::timestamptz, updated_at = $5::timestamptz WHERE customer_no = $1`,
            [
              customer.customer_no,
              b.EMAIL.trim().toLowerCase(),
              mobileNo,
              b.MARKETING_CONSENT === true,
              now.toISOString(),
            ],
          );
          await linkPurchases(tx, customer);
        });
        request.log.info(
          { event: 'portal.registered', customerNo: customer.customer_no },
          'portal registration',
        );
        return reply.code(204).send();
      },
    );

    app.post<{
      Body: {
        USERNAME: string;
        PASSWORD: string;
        CLIENT_ID: string;
        BIRTH_DATE: string;
        CODE: string;
        ID_TYPE?: string;
      };
    }>(
      '/um/resetpassword',
      {
        schema: {
          tags: [TAG],
          summary: 'Forgot password / unlock: SMS code + identity, new password; clears the lock',
          description:
            'CLIENT_ID is the identification number. 204 done (lock and failed count cleared, sessions ended). 422 INVALID/EXPIRED, USER_NOT_FOUND, WEAK_PASSWORD.',
          body: body(
            {
              USERNAME: mobile,
              PASSWORD: str(200),
              CLIENT_ID: str(20),
              BIRTH_DATE: ymd,
              CODE: code,
              ID_TYPE: { type: 'string', enum: ['ID', 'PASSPORT', 'ARC', 'MEU1'] },
            },
            ['USERNAME', 'PASSWORD', 'CLIENT_ID', 'BIRTH_DATE', 'CODE'],
          ),
          response: answers(noContent('Password set, account unlocked')),
        },
      },
      async (request, reply) => {
        const b = request.body;
        const mobileNo = mobileOrRefuse(b.USERNAME, 'USERNAME');
        const birthDate = dateOrRefuse(b.BIRTH_DATE, 'BIRTH_DATE');
        refuseWeakPassword(b.PASSWORD, mobileNo);
        await throttle(request.ip);
        const now = ctx.now();
        const given = b.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'RESET', mobileNo, given, now));
        const user = await userByMobile(ctx.db, mobileNo);
        const customer = user ? await customerByNo(ctx.db, user.customer_no) : null;
        const matches =
          customer !== null &&
          customer.id_number === normalizeIdNumber(b.CLIENT_ID) &&
          customer.birth_date === birthDate &&
          (!b.ID_TYPE || customer.id_type === b.ID_TYPE);
        if (!user || !matches) {
          await failed(request.ip);
          throw coded(422, 'errors.portal.userNotFound', 'USER_NOT_FOUND');
        }
        const passwordHash = await hashPassword(b.PASSWORD);
        await ctx.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, settings, 'RESET', mobileNo, given, now))) refuseCode('EXPIRED');
          await setPassword(tx, user.user_id, passwordHash, now);
          await revokeUserSessions(tx, user.user_id, 'PASSWORD_RESET', now);
        });
        request.log.info(
          { event: 'portal.password_reset', userId: user.user_id, wasLocked: user.locked },
          'reset',
        );
        return reply.code(204).send();
      },
    );
  };
}
