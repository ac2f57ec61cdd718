// Signing in to the studio: the password (the portal's Argon2id hashes and its atomic lock), then
// the TOTP code of the account's authenticator. Every attempt, right or wrong, is audited.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { coded } from '../accounts/http';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../accounts/passwords';
import { countFailure, refuseIfThrottled } from '../accounts/throttle';
import type { ServiceContext } from '../platform/context';
import { audit } from './audit';
import { setStaffCookies } from './http';
import { openStaffSession, revokeStaffSession, revokeStaffSessions } from './sessions';
import {
  recordSignIn,
  type StaffRow,
  settleRight,
  settleWrong,
  spendTotpStep,
  staffByEmail,
  staffView,
  takeTry,
} from './store';
import { decryptSecret, matchingStep } from './totp';

export const wrongSignIn = () => coded(401, 'studio:errors.wrongSignIn', 'WRONG_LOGIN', { LOCKED: false });
export const lockedStaff = () => coded(403, 'studio:errors.locked', 'LOCKED', { LOCKED: true });
const disabledStaff = () => coded(403, 'studio:errors.disabled', 'DISABLED');

type Verdict = 'RIGHT' | 'WRONG' | 'LOCKING' | 'LOCKED';

/** One try at a secret (password or code): taken before the check, settled after it. */
async function tryAnswer(
  ctx: ServiceContext,
  staff: StaffRow,
  right: () => Promise<boolean>,
): Promise<Verdict> {
  const max = ctx.config.staff.maxFailedLogins;
  if (!(await takeTry(ctx.db, staff.staff_id, max))) return 'LOCKED';
  if (await right()) return (await settleRight(ctx.db, staff.staff_id)) ? 'RIGHT' : 'LOCKED';
  const now = ctx.now();
  if (!(await settleWrong(ctx.db, staff.staff_id, max, now))) return 'WRONG';
  await revokeStaffSessions(ctx.db, staff.staff_id, 'LOCKED', now);
  return 'LOCKING';
}

function client(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/** The signed-in answer: who, their role, the session's limits. */
export function staffSessionAnswer(ctx: ServiceContext, staff: StaffRow, expiresAt: Date) {
  return {
    SIGNED_IN: true,
    TOTP_REQUIRED: false,
    STAFF: staffView(staff),
    SESSION_EXPIRES_AT: expiresAt.toISOString(),
    INACTIVITY_SECONDS: ctx.config.staff.inactivityMinutes * 60,
  };
}

async function openActive(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: StaffRow,
) {
  const now = ctx.now();
  const session = await openStaffSession(
    ctx.db,
    ctx.config.staff,
    staff.staff_id,
    'ACTIVE',
    now,
    client(request),
  );
  await recordSignIn(ctx.db, staff.staff_id, now);
  setStaffCookies(reply, ctx, session);
  await audit(ctx.db, {
    actor: { staffId: staff.staff_id, email: staff.email },
    action: 'staff.signin',
    target: `staff:${staff.staff_id}`,
    after: { SESSION: session.sessionId, ROLE: staff.role },
    at: now,
    ip: request.ip,
  });
  request.log.info({ event: 'studio.signin', staffId: staff.staff_id }, 'studio sign-in');
  return staffSessionAnswer(ctx, staff, session.expiresAt);
}

async function refused(
  ctx: ServiceContext,
  request: FastifyRequest,
  staff: StaffRow | null,
  email: string,
  why: string,
) {
  await audit(ctx.db, {
    actor: { staffId: staff?.staff_id ?? null, email: staff?.email ?? email.slice(0, 200) },
    action: 'staff.signin-refused',
    target: staff ? `staff:${staff.staff_id}` : '',
    after: { REASON: why },
    at: ctx.now(),
    ip: request.ip,
  });
}

/** The password step: a pending session awaiting the code, or (outside production, no code enrolled) the session. */
export async function signInWithPassword(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  password: string,
) {
  const secret = ctx.config.sessionSecret;
  const ipLimit = ctx.config.portal.loginFailuresPerIpHour;
  await refuseIfThrottled(ctx.db, secret, request.ip, ipLimit, ctx.now());
  const staff = await staffByEmail(ctx.db, email);
  if (!staff) {
    await verifyPassword(password, await dummyHash());
    await countFailure(ctx.db, secret, request.ip, ipLimit, ctx.now());
    await refused(ctx, request, null, email, 'UNKNOWN_EMAIL');
    throw wrongSignIn();
  }
  const verdict = await tryAnswer(ctx, staff, () => verifyPassword(password, staff.password_hash));
  if (verdict !== 'RIGHT') {
    if (verdict !== 'LOCKED') await countFailure(ctx.db, secret, request.ip, ipLimit, ctx.now());
    await refused(ctx, request, staff, email, verdict === 'WRONG' ? 'WRONG_PASSWORD' : verdict);
    if (verdict === 'LOCKING')
      await audit(ctx.db, {
        actor: 'system',
        action: 'staff.lock',
        target: `staff:${staff.staff_id}`,
        after: { LOCKED: true, FAILED_ATTEMPTS: ctx.config.staff.maxFailedLogins },
        at: ctx.now(),
        ip: request.ip,
      });
    throw verdict === 'WRONG' ? wrongSignIn() : lockedStaff();
  }
  if (staff.disabled) {
    await refused(ctx, request, staff, email, 'DISABLED');
    throw disabledStaff();
  }
  if (needsRehash(staff.password_hash)) {
    await ctx.db.query('UPDATE staff_users SET password_hash = $2 WHERE staff_id = $1', [
      staff.staff_id,
      await hashPassword(password),
    ]);
  }
  if (staff.totp_secret) {
    const now = ctx.now();
    const pending = await openStaffSession(
      ctx.db,
      ctx.config.staff,
      staff.staff_id,
      'PENDING_TOTP',
      now,
      client(request),
    );
    setStaffCookies(reply, ctx, pending);
    return { SIGNED_IN: false, TOTP_REQUIRED: true };
  }
  if (ctx.config.staff.secondFactorRequired) {
    await refused(ctx, request, staff, email, 'NO_SECOND_FACTOR');
    throw coded(403, 'studio:errors.secondFactorMissing', 'SECOND_FACTOR_MISSING');
  }
  return openActive(ctx, request, reply, staff);
}

/** The code step, on the pending session: the code of now (or one step either side), once. */
export async function signInWithCode(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  staff: StaffRow,
  pendingSessionId: string,
  code: string,
) {
  const secret = staff.totp_secret ? decryptSecret(ctx.config.staff.totpKey, staff.totp_secret) : null;
  const given = code.replace(/\s/g, '');
  const verdict = await tryAnswer(ctx, staff, async () => {
    const step = secret ? matchingStep(secret, given, ctx.now()) : null;
    return step !== null && (await spendTotpStep(ctx.db, staff.staff_id, step));
  });
  if (verdict !== 'RIGHT') {
    await refused(ctx, request, staff, staff.email, verdict === 'WRONG' ? 'WRONG_CODE' : verdict);
    if (verdict === 'WRONG') throw coded(422, 'studio:errors.wrongCode', 'INVALID', {}, 'CODE');
    throw lockedStaff();
  }
  await revokeStaffSession(ctx.db, pendingSessionId, 'SECOND_FACTOR_DONE', ctx.now());
  return openActive(ctx, request, reply, staff);
}
