// Helpers shared by the portal's route modules.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { isValidYmd } from '../../engine/dates';
import { portalPasswordProblem } from '../../engine/rules/passwords';
import type { CustomerRow } from '../customers/store';
import { findCustomer, maskMobile } from '../customers/store';
import type { Db } from '../db';
import { normalizeCypriotMobile } from '../outbox';
import type { ServiceContext } from '../platform/context';
import { coded, setSessionCookies } from './http';
import { verifyPassword } from './passwords';
import { type IssuedTokens, openSession, revokeUserSessions } from './sessions';
import type { CodeOutcome } from './smsCodes';
import type { UserRow } from './users';
import {
  recordLogin,
  settleRightPassword,
  settleWrongPassword,
  takePasswordTry,
  userByCustomer,
  userByMobile,
} from './users';

export function portalSettings(ctx: ServiceContext) {
  return { secret: ctx.config.sessionSecret, config: ctx.config.portal };
}

/** The 8-digit mobile, or 422 with the field at fault. */
export function mobileOrRefuse(raw: string, field: string): string {
  const mobile = normalizeCypriotMobile(raw);
  if (!mobile) throw coded(422, 'errors.portal.invalidMobile', 'INVALID_DATA', {}, field);
  return mobile;
}

export function dateOrRefuse(raw: string, field: string): string {
  if (!isValidYmd(raw)) throw coded(422, 'errors.portal.identity', 'INVALID_DATA', {}, field);
  return raw;
}

/** The portal password rule of src/engine/rules/passwords.ts, as a 422 with the rule's own text. */
export function refuseWeakPassword(password: string, mobile: string): void {
  const problem = portalPasswordProblem(password, mobile);
  if (problem) throw coded(422, `validation:portal_password_${problem}`, 'WEAK_PASSWORD', {}, 'PASSWORD');
}

export function refuseCode(outcome: CodeOutcome, field = 'CODE'): void {
  if (outcome === 'INVALID') throw coded(422, 'errors.portal.codeInvalid', 'INVALID', {}, field);
  if (outcome === 'EXPIRED') throw coded(422, 'errors.portal.codeExpired', 'EXPIRED', {}, field);
}

export const lockedError = () => coded(403, 'errors.portal.locked', 'LOCKED', { LOCKED: true });
export const wrongLogin = () => coded(401, 'errors.portal.wrongLogin', 'WRONG_LOGIN', { LOCKED: false });
export const legalEntity = () => coded(422, 'errors.portal.legalEntity', 'LEGAL_ENTITY');

/** LOCKING: a wrong password that took the last try (so the account is now locked). */
export type PasswordVerdict = 'RIGHT' | 'WRONG' | 'LOCKING' | 'LOCKED';

/**
 * The one password check of the portal (login, re-authentication): a try is taken before the
 * comparison and settled after it (users.ts), so parallel attempts cannot get past the lock. The
 * attempt that locks the account ends its sessions.
 */
export async function checkPassword(
  ctx: ServiceContext,
  user: UserRow,
  password: string,
): Promise<PasswordVerdict> {
  const max = ctx.config.portal.maxFailedLogins;
  if (!(await takePasswordTry(ctx.db, user.user_id, max))) return 'LOCKED';
  if (await verifyPassword(password, user.password_hash)) {
    return (await settleRightPassword(ctx.db, user.user_id)) ? 'RIGHT' : 'LOCKED';
  }
  const now = ctx.now();
  if (!(await settleWrongPassword(ctx.db, user.user_id, max, now))) return 'WRONG';
  await revokeUserSessions(ctx.db, user.user_id, 'LOCKED', now);
  return 'LOCKING';
}

/** The session body of docs/portal-api.md §2. */
export function sessionAnswer(
  ctx: ServiceContext,
  user: UserRow,
  customer: CustomerRow,
  tokens: { accessExpiresAt: Date; sessionExpiresAt: Date },
) {
  return {
    LOGGED_IN: true,
    TWO_FA_REQUIRED: false,
    LOCKED: false,
    USERNAME: user.mobile,
    USER_ID: user.user_id,
    CLIENT_ID: customer.customer_no,
    CUSTOMER_NO: customer.customer_no,
    CONTACT_ID: customer.contact_id,
    TELEPHONE: user.mobile,
    BIRTHDATE: customer.birth_date ?? '',
    FIRST_NAME: customer.first_name,
    LAST_NAME: customer.last_name,
    OUTDATED_DATA: customer.outdated_data,
    ACCESS_EXPIRES_AT: tokens.accessExpiresAt.toISOString(),
    SESSION_EXPIRES_AT: tokens.sessionExpiresAt.toISOString(),
    INACTIVITY_SECONDS: ctx.config.portal.inactivityMinutes * 60,
  };
}

/** Opens a full session for a user who passed every factor, sets its cookies and answers its body. */
export async function completeLogin(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  customer: CustomerRow,
) {
  const now = ctx.now();
  await recordLogin(ctx.db, user.user_id, now);
  const tokens: IssuedTokens = await openSession(ctx.db, portalSettings(ctx), user.user_id, 'ACTIVE', now, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  setSessionCookies(reply, ctx.config.portal, tokens, now, ctx.config.sessionSecret);
  request.log.info({ event: 'portal.login', userId: user.user_id }, 'portal login');
  return sessionAnswer(ctx, user, customer, tokens);
}

/** The answer of a right password on a two-factor account: a pending session and the methods. */
export async function startSecondFactor(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
) {
  const now = ctx.now();
  const tokens = await openSession(ctx.db, portalSettings(ctx), user.user_id, 'PENDING_2FA', now, {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  });
  setSessionCookies(reply, ctx.config.portal, tokens, now, ctx.config.sessionSecret);
  const [{ n }] = await ctx.db.query<{ n: string }>(
    'SELECT count(*)::text AS n FROM passkeys WHERE user_id = $1',
    [user.user_id],
  );
  return {
    LOGGED_IN: false,
    TWO_FA_REQUIRED: true,
    TWO_FA_METHODS: Number(n) > 0 ? ['SMS', 'PASSKEY'] : ['SMS'],
    MOBILE_HINT: maskMobile(user.mobile),
    LOCKED: false,
  };
}

/**
 * Why this customer may not register this mobile, as the 422 to answer; in order: a company, a
 * refusal by the insurer, an existing account (of the customer or of the number), and a mobile
 * that is not the one the insurer has on record for the customer (codes go to the number on
 * record, so someone who knows a customer's ID and birth date cannot open their account from
 * another phone; spec §5 "a mobile number may be refused").
 */
export async function registrationRefusal(db: Db, customer: CustomerRow, mobile: string) {
  if (customer.customer_type === 'LEGAL_ENTITY') return legalEntity();
  if (customer.portal_refused) return coded(422, 'errors.portal.refused', 'REFUSED');
  if ((await userByCustomer(db, customer.customer_no)) || (await userByMobile(db, mobile))) {
    return coded(422, 'errors.portal.alreadyRegistered', 'ALREADY_REGISTERED');
  }
  const onRecord = normalizeCypriotMobile(customer.telephone);
  if (onRecord && onRecord !== mobile) {
    return coded(422, 'errors.portal.mobileNotOnRecord', 'MOBILE_NOT_ON_RECORD', {}, 'MOBILE_NUMBER');
  }
  return null;
}

/**
 * The customer these personal details name, with why they may not register this mobile (null:
 * they may). None: the failure is counted (`onUnknown`) and the answer is 422 USER_NOT_FOUND.
 */
export async function registrant(
  db: Db,
  details: { idType?: string; idNumber: string; birthDate: string },
  mobile: string,
  onUnknown: () => Promise<unknown>,
) {
  const customer = await findCustomer(db, details);
  if (!customer) {
    await onUnknown();
    throw coded(422, 'errors.portal.userNotFound', 'USER_NOT_FOUND');
  }
  return { customer, refusal: await registrationRefusal(db, customer, mobile) };
}
