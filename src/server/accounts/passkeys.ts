// Passkeys (WebAuthn) with @simplewebauthn/server: register one in the profile, list and remove
// them, log in with one instead of the password, or use one as the second factor instead of an
// SMS code (issue 12 item 5). Challenges are stored, single-use and short-lived.

import { createHmac } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { customerByNo } from '../customers/store';
import type { Db } from '../db';
import type { ServiceContext } from '../platform/context';
import { answers, body, mobile, noContent, open, optionalBody, str } from '../platform/schemaParts';
import {
  completeLogin,
  legalEntity,
  lockedError,
  mobileOrRefuse,
  portalSettings,
  wrongLogin,
} from './common';
import { auth, coded, forbidden, requireSession } from './http';
import { revokeSession } from './sessions';
import { userById, userByMobile } from './users';

const TAG = 'portal: passkeys';
const CHALLENGE_MINUTES = 5;

type Purpose = 'REGISTER' | 'LOGIN' | 'SECOND_FACTOR' | 'REAUTH';

type PasskeyRow = {
  credential_id: string;
  user_id: string;
  webauthn_user_id: string;
  public_key: string;
  counter: number | string;
  transports: string[];
  device_type: string;
  backed_up: boolean;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

function passkeyAnswer(p: PasskeyRow) {
  return {
    ID: p.credential_id,
    NAME: p.name,
    CREATED_AT: iso(p.created_at),
    LAST_USED_AT: iso(p.last_used_at),
    BACKED_UP: p.backed_up,
  };
}

const passkeyFailed = () => coded(422, 'errors.portal.passkeyFailed', 'PASSKEY_FAILED');

async function passkeysOf(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at', [userId]);
}

/** A WebAuthn user handle derived from the user id: stable, and says nothing about the person. */
function userHandle(secret: string, userId: string): Uint8Array {
  return new Uint8Array(createHmac('sha256', secret).update(`webauthn-user\u0000${userId}`).digest());
}

export function passkeyRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const { secret } = portalSettings(ctx);
  const portal = ctx.config.portal;
  const active = requireSession(ctx, 'ACTIVE');
  const pending = requireSession(ctx, 'PENDING_2FA');
  const rp = { rpID: portal.webauthnRpId, origin: portal.webauthnOrigin };

  async function storeChallenge(challenge: string, purpose: Purpose, userId?: string, sessionId?: string) {
    const expires = new Date(ctx.now().getTime() + CHALLENGE_MINUTES * 60_000).toISOString();
    await ctx.db.query(
      `INSERT INTO webauthn_challenges (challenge, purpose, user_id, session_id, expires_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz)`,
      [challenge, purpose, userId ?? null, sessionId ?? null, expires],
    );
  }

  /** The library's challenge check: one stored for this purpose (and session), unexpired, spent now. */
  const challengeCheck = (purpose: Purpose, sessionId?: string) => async (challenge: string) => {
    const rows = await ctx.db.query(
      `UPDATE webauthn_challenges SET used_at = $3::timestamptz
        WHERE challenge = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3::timestamptz
          AND ($4::text IS NULL OR session_id = $4)
        RETURNING challenge`,
      [challenge, purpose, ctx.now().toISOString(), sessionId ?? null],
    );
    return rows.length === 1;
  };

  /** Verifies an assertion against the stored passkey; answers the passkey row when good. */
  async function verifyAssertion(
    response: AuthenticationResponseJSON,
    purpose: Purpose,
    sessionId?: string,
  ): Promise<PasskeyRow | null> {
    const id = typeof response?.id === 'string' ? response.id : '';
    const [passkey] = await ctx.db.query<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [id]);
    if (!passkey) return null;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challengeCheck(purpose, sessionId),
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        // Alone (login) or in place of the password (re-confirmation), the passkey must verify its user.
        requireUserVerification: purpose === 'LOGIN' || purpose === 'REAUTH',
      });
      if (!result.verified) return null;
      await ctx.db.query(
        'UPDATE passkeys SET counter = $2, last_used_at = $3::timestamptz, backed_up = $4 WHERE credential_id = $1',
        [
          passkey.credential_id,
          result.authenticationInfo.newCounter,
          ctx.now().toISOString(),
          result.authenticationInfo.credentialBackedUp,
        ],
      );
      return passkey;
    } catch {
      // A malformed or forged assertion is a failed login, not a fault.
      return null;
    }
  }

  /**
   * Options for an assertion by one of the session's user's passkeys, the challenge bound to the
   * session: the second factor of a login, or a re-confirmation (which must verify the user).
   */
  async function sessionAssertionOptions(request: FastifyRequest, purpose: 'SECOND_FACTOR' | 'REAUTH') {
    const { user, session } = auth(request);
    const keys = await passkeysOf(ctx.db, user.user_id);
    if (keys.length === 0) throw passkeyFailed();
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      allowCredentials: keys.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
      userVerification: purpose === 'REAUTH' ? 'required' : 'preferred',
    });
    await storeChallenge(options.challenge, purpose, user.user_id, session.session_id);
    return options;
  }

  const responseBody = (extra: Record<string, unknown> = {}) =>
    body({ RESPONSE: { type: 'object', additionalProperties: true, maxProperties: 20 }, ...extra }, [
      'RESPONSE',
    ]);

  return async (app) => {
    app.post(
      '/um/passkey/register/options',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Options for navigator.credentials.create (@simplewebauthn/browser startRegistration)',
          response: answers({ 200: open('PublicKeyCredentialCreationOptionsJSON') }),
        },
      },
      async (request) => {
        const { user, customer, session } = auth(request);
        const existing = await passkeysOf(ctx.db, user.user_id);
        const options = await generateRegistrationOptions({
          rpName: portal.webauthnRpName,
          rpID: rp.rpID,
          userName: user.mobile,
          userID: userHandle(secret, user.user_id) as Uint8Array<ArrayBuffer>,
          userDisplayName: `${customer.first_name} ${customer.last_name}`.trim() || user.mobile,
          attestationType: 'none',
          excludeCredentials: existing.map((p) => ({
            id: p.credential_id,
            transports: p.transports as never,
          })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
        await storeChallenge(options.challenge, 'REGISTER', user.user_id, session.session_id);
        return options;
      },
    );

    app.post<{ Body: { RESPONSE: RegistrationResponseJSON; NAME?: string } }>(
      '/um/passkey/register/verify',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Store the new passkey',
          body: responseBody({ NAME: str(60) }),
          response: answers({ 200: open('{ PASSKEY: { ID, NAME, CREATED_AT, LAST_USED_AT, BACKED_UP } }') }),
        },
      },
      async (request) => {
        const { user, session } = auth(request);
        let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
        try {
          info = await verifyRegistrationResponse({
            response: request.body.RESPONSE,
            expectedChallenge: challengeCheck('REGISTER', session.session_id),
            expectedOrigin: rp.origin,
            expectedRPID: rp.rpID,
            requireUserVerification: true,
          });
        } catch (error) {
          request.log.info(
            { event: 'portal.passkey_register_failed', err: (error as Error).message },
            'refused',
          );
          throw passkeyFailed();
        }
        if (!info.verified) throw passkeyFailed();
        const { credential, credentialDeviceType, credentialBackedUp } = info.registrationInfo;
        const name = request.body.NAME?.trim() || `Passkey ${new Date(ctx.now()).toISOString().slice(0, 10)}`;
        const [row] = await ctx.db.query<PasskeyRow>(
          `INSERT INTO passkeys (credential_id, user_id, webauthn_user_id, public_key, counter, transports, device_type,
             backed_up, name, created_at)
           VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $10::timestamptz)
           ON CONFLICT (credential_id) DO NOTHING RETURNING *`,
          [
            credential.id,
            user.user_id,
            Buffer.from(userHandle(secret, user.user_id)).toString('base64url'),
            Buffer.from(credential.publicKey).toString('base64url'),
            credential.counter,
            JSON.stringify(credential.transports ?? []),
            credentialDeviceType,
            credentialBackedUp,
            name,
            ctx.now().toISOString(),
          ],
        );
        if (!row) throw passkeyFailed();
        request.log.info({ event: 'portal.passkey_added', userId: user.user_id }, 'passkey added');
        return { PASSKEY: passkeyAnswer(row) };
      },
    );

    app.get(
      '/um/passkeys',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "The user's passkeys",
          response: answers({
            200: open('{ CT_PASSKEYS: [{ ID, NAME, CREATED_AT, LAST_USED_AT, BACKED_UP }] }'),
          }),
        },
      },
      async (request) => ({
        CT_PASSKEYS: (await passkeysOf(ctx.db, auth(request).user.user_id)).map(passkeyAnswer),
      }),
    );

    app.delete<{ Params: { id: string } }>(
      '/um/passkeys/:id',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Remove a passkey (403 for one that is not the user’s)',
          params: body({ id: str(1400) }, ['id']),
          response: answers(noContent('Removed')),
        },
      },
      async (request, reply) => {
        const removed = await ctx.db.query(
          'DELETE FROM passkeys WHERE credential_id = $1 AND user_id = $2 RETURNING credential_id',
          [request.params.id, auth(request).user.user_id],
        );
        if (removed.length === 0) throw forbidden();
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { USERNAME?: string } | undefined }>(
      '/um/passkey/login/options',
      {
        schema: {
          tags: [TAG],
          summary: 'Options for logging in with a passkey (startAuthentication)',
          body: optionalBody({ USERNAME: mobile }),
          response: answers({ 200: open('PublicKeyCredentialRequestOptionsJSON') }),
        },
      },
      async (request) => {
        // With a user name the known passkeys are offered; a number without any gets the same
        // answer shape (discoverable credentials), so the call tells nothing about accounts.
        let allow: { id: string; transports?: never }[] | undefined;
        const given = request.body?.USERNAME;
        if (given) {
          const user = await userByMobile(ctx.db, mobileOrRefuse(given, 'USERNAME'));
          const keys = user ? await passkeysOf(ctx.db, user.user_id) : [];
          if (keys.length > 0)
            allow = keys.map((p) => ({ id: p.credential_id, transports: p.transports as never }));
        }
        const options = await generateAuthenticationOptions({
          rpID: rp.rpID,
          allowCredentials: allow,
          userVerification: 'required',
        });
        await storeChallenge(options.challenge, 'LOGIN');
        return options;
      },
    );

    app.post<{ Body: { RESPONSE: AuthenticationResponseJSON } }>(
      '/um/passkey/login/verify',
      {
        schema: {
          tags: [TAG],
          summary: 'Log in with a passkey: the session body, as login',
          description:
            '401 WRONG_LOGIN for an unknown or unverifiable passkey; 403 LOCKED; 422 LEGAL_ENTITY.',
          body: responseBody(),
          response: answers({ 200: open('session body') }),
        },
      },
      async (request, reply) => {
        const passkey = await verifyAssertion(request.body.RESPONSE, 'LOGIN');
        if (!passkey) throw wrongLogin();
        return finishWithPasskey(request, reply, passkey.user_id);
      },
    );

    app.post(
      '/um/reauthpasskey/options',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Re-confirm with a passkey instead of the password: options for the user’s passkeys',
          response: answers({ 200: open('PublicKeyCredentialRequestOptionsJSON') }),
        },
      },
      async (request) => sessionAssertionOptions(request, 'REAUTH'),
    );

    app.post<{ Body: { RESPONSE: AuthenticationResponseJSON } }>(
      '/um/reauthpasskey/verify',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: `Re-confirmed by a passkey: the session may act as after verifypassword (for ${portal.reauthMinutes} minutes)`,
          description:
            '204 re-confirmed (a withdrawal may then be confirmed without the password); 422 PASSKEY_FAILED for an assertion that is not one of the user’s passkeys, not for this session’s challenge, or without user verification.',
          body: responseBody(),
          response: answers({ 204: { type: 'null' } }),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        const passkey = await verifyAssertion(request.body.RESPONSE, 'REAUTH', session.session_id);
        if (!passkey || passkey.user_id !== user.user_id) throw passkeyFailed();
        await ctx.db.query('UPDATE portal_sessions SET reauth_at = $2::timestamptz WHERE session_id = $1', [
          session.session_id,
          ctx.now().toISOString(),
        ]);
        return reply.code(204).send();
      },
    );

    app.post(
      '/um/2fapasskey/options',
      {
        preHandler: pending,
        schema: {
          tags: [TAG],
          summary: 'Second factor by passkey: options for the user’s passkeys (pending-2FA session)',
          response: answers({ 200: open('PublicKeyCredentialRequestOptionsJSON') }),
        },
      },
      async (request) => sessionAssertionOptions(request, 'SECOND_FACTOR'),
    );

    app.post<{ Body: { RESPONSE: AuthenticationResponseJSON } }>(
      '/um/2fapasskey/verify',
      {
        preHandler: pending,
        schema: {
          tags: [TAG],
          summary: 'Complete a two-factor login with a passkey instead of the SMS code',
          body: responseBody(),
          response: answers({ 200: open('session body') }),
        },
      },
      async (request, reply) => {
        const { user, session } = auth(request);
        const passkey = await verifyAssertion(request.body.RESPONSE, 'SECOND_FACTOR', session.session_id);
        if (!passkey || passkey.user_id !== user.user_id) throw passkeyFailed();
        await revokeSession(ctx.db, session.session_id, 'SECOND_FACTOR_DONE', ctx.now());
        return finishWithPasskey(request, reply, user.user_id);
      },
    );
  };

  async function finishWithPasskey(
    request: FastifyRequest,
    reply: Parameters<typeof completeLogin>[2],
    userId: string,
  ) {
    const user = await userById(ctx.db, userId);
    if (!user) throw wrongLogin();
    if (user.locked) throw lockedError();
    const customer = await customerByNo(ctx.db, user.customer_no);
    if (!customer) throw wrongLogin();
    if (customer.customer_type === 'LEGAL_ENTITY') throw legalEntity();
    return completeLogin(ctx, request, reply, user, customer);
  }
}
