// The anonymous visitor's browser, as the service knows it: a random id in a signed, HttpOnly
// cookie, set when the browser first asks for an e-mail code. A code, and the confirmation it
// gives, belong to that browser only: another browser cannot use it to have offers mailed to an
// address it does not read, nor end the code the owner is typing. Over https the cookie carries
// the __Host- prefix (Secure, Path=/, no Domain).

import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CLIENT_COOKIE = 'zcp_client';
export const SECURE_CLIENT_COOKIE = '__Host-zcp_client';
const CLIENT_ID = /^[A-Za-z0-9_-]{22}$/;
/** Long enough for a quote journey plus the confirmation's life (EMAIL_CONFIRMATION_HOURS). */
const COOKIE_DAYS = 30;

export interface ClientBinding {
  cookieName: string;
  /** The browser's id from its signed cookie; undefined without a valid one. */
  idOf(request: FastifyRequest): string | undefined;
  /** The browser's id, giving it one (and the cookie) when it has none. */
  ensure(request: FastifyRequest, reply: FastifyReply): string;
}

export function clientBinding(options: { secure: boolean }): ClientBinding {
  const cookieName = options.secure ? SECURE_CLIENT_COOKIE : CLIENT_COOKIE;
  const idOf = (request: FastifyRequest): string | undefined => {
    const raw = request.cookies?.[cookieName];
    if (!raw) return undefined;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid && unsigned.value && CLIENT_ID.test(unsigned.value) ? unsigned.value : undefined;
  };
  return {
    cookieName,
    idOf,
    ensure(request, reply) {
      const known = idOf(request);
      if (known) return known;
      const id = randomBytes(16).toString('base64url');
      reply.setCookie(cookieName, id, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
        maxAge: COOKIE_DAYS * 24 * 3600,
      });
      return id;
    },
  };
}

/** The client binding of a service configuration (secure cookie when the site is served over https). */
export function clientBindingFor(config: { publicUrl: string }): ClientBinding {
  return clientBinding({ secure: config.publicUrl.startsWith('https://') });
}
