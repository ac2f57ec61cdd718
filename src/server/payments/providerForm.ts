// What the browser is given to post to the card provider, for an offer (regpay.ts) and for a
// contract's own orders (contractOrders.ts) alike: the calls' paths, the answer's shape and the
// order ids. Kept below both, so the payment files import one way.

import { randomInt } from 'node:crypto';
import type { JccPaymentRequest } from '../cardProvider/jcc';

export const REGPAY_PATH = '/zcp/jcc/JCCFunc/REGPAY';
export const RETURN_PATH = '/zcp/jcc/return';

export interface RegpayAnswer {
  ES_RETURN_DATA: {
    URL: string;
    METHOD: 'POST';
    ORDER_ID: string;
    FIELDS: JccPaymentRequest;
  };
}

const SUFFIX_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Offer number, attempt, and a random part so order ids cannot be guessed from an offer number. */
export function newOrderId(offerNo: string, attempt: number): string {
  let suffix = '';
  for (let i = 0; i < 6; i++) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return `${offerNo.replace(/[^A-Za-z0-9]/g, '').slice(0, 30)}-${attempt}-${suffix}`;
}
