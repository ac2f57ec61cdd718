// /zcp/customer: the profile (read, change, the mobile number's change by SMS code) and identity
// matching. Every id in a path or body must be the logged-in customer's own: 403 FORBIDDEN
// otherwise, whether or not it exists (docs/portal-api.md §4). The dashboard's reads:
// dashboardRoutes.ts.

import type { FastifyPluginAsync } from 'fastify';
import { isEmailAddress } from '../../engine/rules/fieldRules';
import { dateOrRefuse, mobileOrRefuse, portalSettings, refuseCode, registrant } from '../accounts/common';
import { auth, coded, forbidden, requireSession } from '../accounts/http';
import { confirmForUse, consumeCode, isConfirmedCode } from '../accounts/smsCodes';
import { countFailure, refuseIfThrottled } from '../accounts/throttle';
import { userByMobile } from '../accounts/users';
import { enqueueSms } from '../outbox';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import {
  answers,
  body,
  code,
  csUserAnswer,
  mobile,
  noContent,
  open,
  optionalBody,
  str,
  ymd,
} from '../platform/schemaParts';
import { lovHasValue } from '../reference';
import { type CustomerRow, csUser, customerByNo, maskEmail, normalizeIdNumber } from './store';

const TAG = 'portal: customer';
const ID_TYPES = { type: 'string', enum: ['ID', 'PASSPORT', 'ARC', 'MEU1'] };

const BASIC = {
  EMAIL: str(254),
  GENDER: str(10),
  PROFESSION: str(40),
  HOME_PHONE_NUMBER: str(20),
  WORK_PHONE_NUMBER: str(20),
};
const ADDRESS = {
  DISTRICT: str(10),
  CITY: str(40),
  ZIP_CODE: str(10),
  STREET: str(100),
  STREET_OTHER: str(100),
  CITY_OTHER: str(60),
  BUILDING: str(60),
  HOUSE: str(20),
  APARTMENT: str(20),
  PO_BOX: str(20),
};
const CONSENT = { MARKETING_CONSENT: { type: 'boolean' }, SMS_CONSENT: { type: 'boolean' } };

type Changes = Record<string, string | boolean | undefined>;

const COLUMNS: Record<string, string> = {
  EMAIL: 'email',
  GENDER: 'gender',
  PROFESSION: 'profession',
  HOME_PHONE_NUMBER: 'home_phone_number',
  WORK_PHONE_NUMBER: 'work_phone_number',
  DISTRICT: 'district',
  CITY: 'city',
  ZIP_CODE: 'zip_code',
  STREET: 'street',
  STREET_OTHER: 'street_other',
  CITY_OTHER: 'city_other',
  BUILDING: 'building',
  HOUSE: 'house',
  APARTMENT: 'apartment',
  PO_BOX: 'po_box',
  MARKETING_CONSENT: 'marketing_consent',
  SMS_CONSENT: 'sms_consent',
};

const invalid = (key: string, field: string, params: Record<string, unknown> = {}) => {
  const error = coded(422, key, 'INVALID_DATA', {}, field);
  if (Object.keys(params).length > 0) error.messages[0].params = params;
  return error;
};

/** Checks the changed values against the lists and formats; answers them trimmed. */
function checkChanges(changes: Changes, current: CustomerRow): Changes {
  const out: Changes = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  const email = out.EMAIL;
  if (typeof email === 'string') {
    if (!isEmailAddress(email.toLowerCase())) throw invalid('errors.validation.email', 'EMAIL');
    out.EMAIL = email.toLowerCase();
  }
  for (const field of ['HOME_PHONE_NUMBER', 'WORK_PHONE_NUMBER']) {
    const v = out[field];
    if (typeof v === 'string' && v !== '' && !/^(?:\+357|00357)?[2-9]\d{7}$/.test(v.replace(/[\s-]/g, ''))) {
      throw invalid('errors.portal.phone', field);
    }
  }
  for (const [field, lov] of [
    ['GENDER', 'GENDER'],
    ['PROFESSION', 'PROFESSION'],
  ] as const) {
    const v = out[field];
    if (typeof v === 'string' && v !== '' && !lovHasValue(lov, v)) {
      throw invalid('errors.portal.notInList', field, { field });
    }
  }
  // The address is checked as a whole when any part of district, city, postcode changes.
  if (['DISTRICT', 'CITY', 'ZIP_CODE'].some((k) => out[k] !== undefined)) {
    const district = (out.DISTRICT as string | undefined) ?? current.district;
    const city = (out.CITY as string | undefined) ?? current.city;
    const zip = (out.ZIP_CODE as string | undefined) ?? current.zip_code;
    if (!lovHasValue('DISTRICT', district))
      throw invalid('errors.portal.notInList', 'DISTRICT', { field: 'DISTRICT' });
    if (city && !lovHasValue('CITY', city, { DISTRICT: district }))
      throw invalid('errors.portal.cityNotInDistrict', 'CITY');
    if (zip && !lovHasValue('POSTAL_CODE', zip, { CITY: city }))
      throw invalid('errors.portal.zipNotInCity', 'ZIP_CODE');
  }
  return out;
}

export function customerRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');
  const throttle = (ip: string) =>
    refuseIfThrottled(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());
  const failed = (ip: string) =>
    countFailure(ctx.db, settings.secret, ip, portal.loginFailuresPerIpHour, ctx.now());

  /** Writes the changes and answers the customer as it now is. */
  async function update(customer: CustomerRow, changes: Changes, extraSql = ''): Promise<CustomerRow> {
    const sets: string[] = [];
    const values: unknown[] = [customer.customer_no, ctx.now().toISOString()];
    for (const [key, value] of Object.entries(changes)) {
      values.push(value);
      sets.push(`${COLUMNS[key]} = $${values.length}`);
    }
    const [row] = await ctx.db.query<CustomerRow>(
      `UPDATE customers SET ${[...sets, 'updated_at = $2::timestamptz', extraSql].filter(Boolean).join(', ')}
        WHERE customer_no = $1 RETURNING *`,
      values,
    );
    return row;
  }

  const own = (id: string, customer: CustomerRow) => {
    if (id !== customer.customer_no) throw forbidden();
  };

  const updateRoute = (path: string, summary: string, properties: Record<string, unknown>, extraSql = '') =>
    ({
      path,
      options: {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary,
          params: body({ id: str(20) }, ['id']),
          body: optionalBody(properties),
          response: answers({ 200: csUserAnswer }),
        },
      },
      extraSql,
    }) as const;

  return async (app) => {
    app.get<{ Querystring: { ACCOUNT_ID?: string } }>(
      '/customer/userid',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The logged-in user's connections (customer number, contact id, phone, birth date)",
          querystring: body({ ACCOUNT_ID: str(40) }),
          response: answers({
            200: open('{ USER_ID, ACCOUNT_ID, CUSTOMER_NO, CLIENT_ID, CONTACT_ID, TELEPHONE, BIRTHDATE }'),
          }),
        },
      },
      async (request) => {
        const { user, customer } = auth(request);
        if (request.query.ACCOUNT_ID !== undefined && request.query.ACCOUNT_ID !== user.user_id)
          throw forbidden();
        return {
          USER_ID: user.user_id,
          ACCOUNT_ID: user.user_id,
          CUSTOMER_NO: customer.customer_no,
          CLIENT_ID: customer.customer_no,
          CONTACT_ID: customer.contact_id,
          TELEPHONE: user.mobile,
          BIRTHDATE: customer.birth_date ?? '',
        };
      },
    );

    app.get<{ Params: { id: string } }>(
      '/customer/:id',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'The customer (CS_USER); id is the CUSTOMER_NO',
          params: body({ id: str(20) }, ['id']),
          response: answers({ 200: csUserAnswer }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        own(request.params.id, customer);
        return { CS_USER: csUser(customer, requestLang(request)) };
      },
    );

    for (const route of [
      updateRoute('/customer/custUpdBasic/:id', 'Update e-mail, gender, profession, phones', BASIC),
      updateRoute(
        '/customer/custUpdAddr/:id',
        'Update the contact address (district → city → postcode)',
        ADDRESS,
      ),
      updateRoute(
        '/customer/custUpdConsent/:id',
        'Update the marketing consent and the consent to texts (SMS_CONSENT: claims, changes and renewals by SMS)',
        CONSENT,
      ),
      updateRoute(
        '/customer/custUpdProfile/:id',
        'Confirm (or edit and confirm) the profile: clears OUTDATED_DATA',
        { ...BASIC, ...ADDRESS, ...CONSENT },
        'outdated_data = false',
      ),
    ]) {
      app.put<{ Params: { id: string }; Body: Changes }>(route.path, route.options, async (request) => {
        const { customer } = auth(request);
        own(request.params.id, customer);
        const updated = await update(customer, checkChanges(request.body ?? {}, customer), route.extraSql);
        return { CS_USER: csUser(updated, requestLang(request)) };
      });
    }

    app.put<{ Body: { MOBILE_NUMBER: string; CODE: string } }>(
      '/customer/custUpdMobile',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Change the mobile number (= user name) with a code sent to the new number',
          description:
            'Needs a recent verifypassword (403 REAUTH_REQUIRED). 422 MOBILE_UNAVAILABLE when another account uses the number; 422 INVALID/EXPIRED for the code.',
          body: body({ MOBILE_NUMBER: mobile, CODE: code }, ['MOBILE_NUMBER', 'CODE']),
          response: answers({ 200: csUserAnswer }),
        },
      },
      async (request) => {
        const { user, customer, session } = auth(request);
        const now = ctx.now();
        const reauthAt = session.reauth_at ? new Date(session.reauth_at).getTime() : 0;
        if (reauthAt + portal.reauthMinutes * 60_000 <= now.getTime()) {
          throw coded(403, 'errors.portal.reauthRequired', 'REAUTH_REQUIRED');
        }
        const next = mobileOrRefuse(request.body.MOBILE_NUMBER, 'MOBILE_NUMBER');
        const other = await userByMobile(ctx.db, next);
        if (other && other.user_id !== user.user_id) {
          throw coded(422, 'errors.portal.mobileUnavailable', 'MOBILE_UNAVAILABLE', {}, 'MOBILE_NUMBER');
        }
        const given = request.body.CODE.trim();
        refuseCode(await confirmForUse(ctx.db, settings, 'MOBILE_CHANGE', next, given, now));
        const lang = requestLang(request);
        const updated = await ctx.db.transaction(async (tx) => {
          if (!(await consumeCode(tx, settings, 'MOBILE_CHANGE', next, given, now))) refuseCode('EXPIRED');
          await tx.query('UPDATE portal_users SET mobile = $2 WHERE user_id = $1', [user.user_id, next]);
          const [row] = await tx.query<CustomerRow>(
            'UPDATE customers SET telephone = $2, updated_at = $3::timestamptz WHERE customer_no = $1 RETURNING *',
            [customer.customer_no, next, now.toISOString()],
          );
          if (user.mobile !== next) {
            await enqueueSms(tx, {
              to: user.mobile,
              template: 'mobileChanged',
              lang,
              values: { mobile: next },
            });
          }
          return row;
        });
        ctx.kickOutbox();
        request.log.info({ event: 'portal.mobile_changed', userId: user.user_id }, 'mobile changed');
        return { CS_USER: csUser(updated, lang) };
      },
    );

    app.post<{
      Body: {
        MOBILE_NUMBER: string;
        CODE: string;
        ID_TYPE?: string;
        IDENTIFICATION: string;
        DATE_OF_BIRTH: string;
      };
    }>(
      '/customer/matching',
      {
        schema: {
          tags: [TAG],
          summary: 'Registration: do these personal details match a customer who may register?',
          description:
            'Needs the REGISTRATION code confirmed with validateotp (422 EXPIRED otherwise). 200 MATCHED; 422 USER_NOT_FOUND, LEGAL_ENTITY, REFUSED, ALREADY_REGISTERED, MOBILE_NOT_ON_RECORD.',
          body: body(
            {
              MOBILE_NUMBER: mobile,
              CODE: code,
              ID_TYPE: ID_TYPES,
              IDENTIFICATION: str(20),
              DATE_OF_BIRTH: ymd,
            },
            ['MOBILE_NUMBER', 'CODE', 'IDENTIFICATION', 'DATE_OF_BIRTH'],
          ),
          response: answers({ 200: open('{ MATCHED: true, FIRST_NAME, EMAIL_HINT }') }),
        },
      },
      async (request) => {
        const b = request.body;
        const mobileNo = mobileOrRefuse(b.MOBILE_NUMBER, 'MOBILE_NUMBER');
        const birthDate = dateOrRefuse(b.DATE_OF_BIRTH, 'DATE_OF_BIRTH');
        await throttle(request.ip);
        const now = ctx.now();
        if (!(await isConfirmedCode(ctx.db, settings, 'REGISTRATION', mobileNo, b.CODE.trim(), now))) {
          refuseCode('EXPIRED');
        }
        const { customer, refusal } = await registrant(
          ctx.db,
          { idType: b.ID_TYPE, idNumber: b.IDENTIFICATION, birthDate },
          mobileNo,
          () => failed(request.ip),
        );
        if (refusal) throw refusal;
        return { MATCHED: true, FIRST_NAME: customer.first_name, EMAIL_HINT: maskEmail(customer.email) };
      },
    );

    app.post<{
      Body: { USERNAME: string; CODE: string; ID_TYPE?: string; CLIENT_ID: string; BIRTH_DATE: string };
    }>(
      '/customer/MatchingLogin',
      {
        schema: {
          tags: [TAG],
          summary: 'Reset/unlock: do these personal details belong to the account of this mobile?',
          description:
            'Needs the RESET code confirmed with validateotp. 204 yes; 422 USER_NOT_FOUND, EXPIRED.',
          body: body(
            { USERNAME: mobile, CODE: code, ID_TYPE: ID_TYPES, CLIENT_ID: str(20), BIRTH_DATE: ymd },
            ['USERNAME', 'CODE', 'CLIENT_ID', 'BIRTH_DATE'],
          ),
          response: answers(noContent('The details are the account holder’s')),
        },
      },
      async (request, reply) => {
        const b = request.body;
        const mobileNo = mobileOrRefuse(b.USERNAME, 'USERNAME');
        const birthDate = dateOrRefuse(b.BIRTH_DATE, 'BIRTH_DATE');
        await throttle(request.ip);
        if (!(await isConfirmedCode(ctx.db, settings, 'RESET', mobileNo, b.CODE.trim(), ctx.now()))) {
          refuseCode('EXPIRED');
        }
        const user = await userByMobile(ctx.db, mobileNo);
        const customer = user ? await customerByNo(ctx.db, user.customer_no) : null;
        if (
          !customer ||
          customer.id_number !== normalizeIdNumber(b.CLIENT_ID) ||
          customer.birth_date !== birthDate ||
          (b.ID_TYPE !== undefined && customer.id_type !== b.ID_TYPE)
        ) {
          await failed(request.ip);
          throw coded(422, 'errors.portal.userNotFound', 'USER_NOT_FOUND');
        }
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { ID_TYPE?: string; IDENTIFICATION: string; DATE_OF_BIRTH: string } }>(
      '/customer/matchCheck',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "Are these policyholder details the logged-in customer's own?",
          body: body({ ID_TYPE: ID_TYPES, IDENTIFICATION: str(20), DATE_OF_BIRTH: ymd }, [
            'IDENTIFICATION',
            'DATE_OF_BIRTH',
          ]),
          response: answers({ 200: open('{ MATCH: boolean }') }),
        },
      },
      async (request) => {
        const { customer } = auth(request);
        const b = request.body;
        return {
          MATCH:
            customer.id_number === normalizeIdNumber(b.IDENTIFICATION) &&
            customer.birth_date === b.DATE_OF_BIRTH &&
            (b.ID_TYPE === undefined || customer.id_type === b.ID_TYPE),
        };
      },
    );
  };
}
