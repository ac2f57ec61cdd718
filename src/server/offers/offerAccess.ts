// Who may read, change or pay a stored offer without logging in: the browser that made it (a
// signed, HttpOnly cookie listing its offer numbers) or the holder of the link in the offer
// e-mail (an HMAC token of the offer number). Offer numbers are sequential, so the number alone is
// never enough. Over https the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so a
// sibling sub-domain cannot plant one.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OFFER_NO } from './store';

export const OFFER_COOKIE = 'zcp_offers';
export const SECURE_OFFER_COOKIE = '__Host-zcp_offers';
const MAX_REMEMBERED = 10;

export function offerToken(secret: string, offerNo: string): string {
  return createHmac('sha256', secret).update(`offer\u0000${offerNo}`).digest('base64url').slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface OfferAccess {
  /** The offer cookie's name: __Host-zcp_offers over https, zcp_offers over plain http (development). */
  cookieName: string;
  /** Offer numbers the request's signed cookie lists (an unsigned or tampered cookie lists none). */
  remembered(request: FastifyRequest): string[];
  /** Adds the offer to the browser's cookie. */
  remember(request: FastifyRequest, reply: FastifyReply, offerNo: string): void;
  /** True for the browser that made the offer, or with the offer e-mail's token. */
  mayAccess(request: FastifyRequest, offerNo: string, token?: string): boolean;
  /** True when `token` is the offer e-mail's token of the offer. */
  validToken(offerNo: string, token?: string): boolean;
}

export function offerAccess(options: { secret: string; secure: boolean }): OfferAccess {
  const cookieName = options.secure ? SECURE_OFFER_COOKIE : OFFER_COOKIE;
  const remembered = (request: FastifyRequest): string[] => {
    const raw = request.cookies?.[cookieName];
    if (!raw) return [];
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return [];
    return unsigned.value.split('.').filter((n) => OFFER_NO.test(n));
  };
  const validToken = (offerNo: string, token?: string) =>
    typeof token === 'string' && token !== '' && sameText(token, offerToken(options.secret, offerNo));
  return {
    cookieName,
    remembered,
    validToken,
    remember(request, reply, offerNo) {
      const list = [offerNo, ...remembered(request).filter((n) => n !== offerNo)].slice(0, MAX_REMEMBERED);
      reply.setCookie(cookieName, list.join('.'), {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.secure,
        path: '/',
        maxAge: 60 * 24 * 3600,
      });
    },
    mayAccess(request, offerNo, token) {
      return remembered(request).includes(offerNo) || validToken(offerNo, token);
    },
  };
}

/** The offer access of a service configuration (secure cookie when the site is served over https). */
export function offerAccessFor(config: { sessionSecret: string; publicUrl: string }): OfferAccess {
  return offerAccess({ secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
}
