// A logged-in customer may read their own stored offers without the offer cookie or the e-mailed
// token (the portal's /my-offers, issue 14 item 3). "Their own" is the offer's customer_no, set
// when the policyholder's identity is the customer's (linkPurchases) or by the demo data; another
// customer's offer stays unreadable, answered exactly as one that does not exist.

import type { FastifyRequest } from 'fastify';
import { cookieNames, sessionError } from '../accounts/http';
import { SessionError, sessionFromAccessToken } from '../accounts/sessions';
import { userById } from '../accounts/users';
import { customerByNo, linkPurchases } from '../customers/store';
import type { ServiceContext } from '../platform/context';
import { offerAccessFor } from './offerAccess';

/**
 * True when the request carries a live portal session whose customer owns the offer. No session or
 * a dead one is simply "no"; an access token past its five minutes answers 401 TOKEN_EXPIRED, so
 * the portal's client refreshes and asks again rather than reading "not found".
 */
export async function portalOwnsOffer(
  ctx: ServiceContext,
  request: FastifyRequest,
  offerNo: string,
): Promise<boolean> {
  const token = request.cookies?.[cookieNames(ctx.config.portal).access];
  if (!token) return false;
  const settings = { secret: ctx.config.sessionSecret, config: ctx.config.portal };
  let userId: string;
  try {
    const session = await sessionFromAccessToken(ctx.db, settings, token, ctx.now());
    if (session.stage !== 'ACTIVE') return false;
    userId = session.user_id;
  } catch (error) {
    if (error instanceof SessionError && error.reason === 'TOKEN_EXPIRED')
      throw sessionError('TOKEN_EXPIRED');
    if (error instanceof SessionError) return false;
    throw error;
  }
  const user = await userById(ctx.db, userId);
  if (!user || user.locked) return false;
  const customer = await customerByNo(ctx.db, user.customer_no);
  if (!customer) return false;
  await linkPurchases(ctx.db, customer);
  const [row] = await ctx.db.query<{ customer_no: string | null }>(
    'SELECT customer_no FROM offers WHERE offer_no = $1',
    [offerNo],
  );
  return row?.customer_no != null && row.customer_no === customer.customer_no;
}

/**
 * Who may read, change or pay a stored offer: the browser that made it (offer cookie), the holder
 * of the e-mailed link (token), or the logged-in portal customer whose offer it is. The payment
 * calls and the quotation ask this, so an offer opened from the portal needs no offer cookie.
 */
export function offerOwnership(ctx: ServiceContext) {
  const access = offerAccessFor(ctx.config);
  return {
    async mayAccess(request: FastifyRequest, offerNo: string, token?: string): Promise<boolean> {
      return access.mayAccess(request, offerNo, token) || (await portalOwnsOffer(ctx, request, offerNo));
    },
  };
}
