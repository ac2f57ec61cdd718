// Who may read or change a stored offer without logging in: the browser that made it (a signed,
// HttpOnly cookie listing its offer numbers) or the holder of the link in the offer e-mail (an
// HMAC token of the offer number). Offer numbers are sequential, so the number alone is not enough.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OFFER_NO } from './offers';

export const OFFER_COOKIE = 'zcp_offers';
const MAX_REMEMBERED = 10;

export function offerToken(secret: string, offerNo: string): string {
  return createHmac('sha256', secret).update(`offer\u0000${offerNo}`).digest('base64url').slice(0, 32);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Offer numbers the request's signed cookie lists (an unsigned or tampered cookie lists none). */
export function rememberedOffers(request: FastifyRequest): string[] {
  const raw = request.cookies[OFFER_COOKIE];
  if (!raw) return [];
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return [];
  return unsigned.value.split('.').filter((n) => OFFER_NO.test(n));
}

export function rememberOffer(
  request: FastifyRequest,
  reply: FastifyReply,
  offerNo: string,
  secure: boolean,
): void {
  const list = [offerNo, ...rememberedOffers(request).filter((n) => n !== offerNo)].slice(0, MAX_REMEMBERED);
  reply.setCookie(OFFER_COOKIE, list.join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 60 * 24 * 3600,
  });
}

export function mayAccessOffer(
  request: FastifyRequest,
  offerNo: string,
  secret: string,
  token?: string,
): boolean {
  if (rememberedOffers(request).includes(offerNo)) return true;
  return typeof token === 'string' && token !== '' && sameText(token, offerToken(secret, offerNo));
}
