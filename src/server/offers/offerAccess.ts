// Who may read, change or pay a stored offer without logging in: the browser that made it (a
// signed, HttpOnly cookie listing its offer numbers) or the holder of the link in the offer
// e-mail (an HMAC token of the offer number). Offer numbers are sequential, so the number alone is
// never enough. Over https the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so a
// sibling sub-domain cannot plant one.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Product } from './catalog';
import { OFFER_NO } from './store';

export const OFFER_COOKIE = 'zcp_offers';
export const SECURE_OFFER_COOKIE = '__Host-zcp_offers';
const MAX_REMEMBERED = 10;

export function offerToken(secret: string, offerNo: string): string {
  return createHmac('sha256', secret).update(`offer\u0000${offerNo}`).digest('base64url').slice(0, 32);
}

/** The e-mailed link that reopens the offer, in the variant's co-branded site when it has one. */
export function offerMailLink(
  config: { publicUrl: string; sessionSecret: string },
  product: Product,
  variantId: string | undefined,
  offerNo: string,
  productId: string,
): string {
  const query = new URLSearchParams({
    offer: offerNo,
    product: productId,
    token: offerToken(config.sessionSecret, offerNo),
  });
  const variant = product.flow.variants?.find((v) => v.id === variantId);
  if (variant) query.set(variant.query.name, variant.query.value);
  return `${config.publicUrl}/${product.id}/offer/1?${query}`;
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
  /** When this browser got the offer (its quotation, or opening the e-mailed link); null when not listed. */
  rememberedAt(request: FastifyRequest, offerNo: string): Date | null;
  /** Adds the offer to the browser's cookie, noting when. */
  remember(request: FastifyRequest, reply: FastifyReply, offerNo: string, now: Date): void;
  /** True for the browser that made the offer, or with the offer e-mail's token. */
  mayAccess(request: FastifyRequest, offerNo: string, token?: string): boolean;
  /** True when `token` is the offer e-mail's token of the offer. */
  validToken(offerNo: string, token?: string): boolean;
}

/** One cookie entry: the offer number and the minute this browser got it (base 36). */
const ENTRY = /^(OF\d{1,12})(?:~([0-9a-z]{1,10}))?$/;

export function offerAccess(options: { secret: string; secure: boolean }): OfferAccess {
  const cookieName = options.secure ? SECURE_OFFER_COOKIE : OFFER_COOKIE;
  const entries = (request: FastifyRequest): { offerNo: string; at: Date | null }[] => {
    const raw = request.cookies?.[cookieName];
    if (!raw) return [];
    const unsigned = request.unsignCookie(raw);
    if (!unsigned.valid || !unsigned.value) return [];
    return unsigned.value.split('.').flatMap((entry) => {
      const match = ENTRY.exec(entry);
      if (!match || !OFFER_NO.test(match[1])) return [];
      return [{ offerNo: match[1], at: match[2] ? new Date(Number.parseInt(match[2], 36) * 60_000) : null }];
    });
  };
  const remembered = (request: FastifyRequest) => entries(request).map((e) => e.offerNo);
  const validToken = (offerNo: string, token?: string) =>
    typeof token === 'string' && token !== '' && sameText(token, offerToken(options.secret, offerNo));
  return {
    cookieName,
    remembered,
    validToken,
    rememberedAt(request, offerNo) {
      const found = entries(request).find((e) => e.offerNo === offerNo);
      return found ? (found.at ?? new Date(0)) : null;
    },
    remember(request, reply, offerNo, now) {
      const minute = Math.floor(now.getTime() / 60_000).toString(36);
      const list = [
        `${offerNo}~${minute}`,
        ...entries(request)
          .filter((e) => e.offerNo !== offerNo)
          .map((e) =>
            e.at ? `${e.offerNo}~${Math.floor(e.at.getTime() / 60_000).toString(36)}` : e.offerNo,
          ),
      ].slice(0, MAX_REMEMBERED);
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

/** Clears the offer cookie, in both its names (logout: nothing of the customer stays readable). */
export function clearOfferCookies(reply: FastifyReply): void {
  reply.clearCookie(OFFER_COOKIE, { path: '/' });
  reply.clearCookie(SECURE_OFFER_COOKIE, { path: '/', secure: true });
}

/** The offer access of a service configuration (secure cookie when the site is served over https). */
export function offerAccessFor(config: { sessionSecret: string; publicUrl: string }): OfferAccess {
  return offerAccess({ secret: config.sessionSecret, secure: config.publicUrl.startsWith('https://') });
}
