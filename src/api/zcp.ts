// Typed functions for the public /zcp calls of the quote-and-purchase flows (spec §7). Product
// calculation and quotation calls go through callZcp with the paths the flow files name.

import { type HttpMethod, type ZcpCallOptions, zcpCommand, zcpRead } from './client';
import type {
  AnnouncementAnswer,
  ContactAnswer,
  ContactRequest,
  CookieTexts,
  FaqAnswer,
  LovList,
  LovMultiAnswer,
  OfferDetail,
  OrderStatusAnswer,
  RegPayAnswer,
  RegPayRequest,
  RulesDetail,
  RulesKey,
  ValidationLogEntry,
} from './types';

export { callZcp, readOrFalse } from './client';

const seg = (s: string) => encodeURIComponent(s);

/** A stored offer re-rated today (spec §4): DATA_CHANGED 'X' when its premium changed since. */
export function getOfferDetail(
  offerNo: string,
  productId: string,
  token: string | undefined,
  options?: ZcpCallOptions,
): Promise<OfferDetail> {
  return zcpRead('GET', `offer/detail/${seg(offerNo)}/${seg(productId)}`, undefined, {
    ...options,
    searchParams: token ? { token } : undefined,
  });
}

export function getRulesDetail(product: RulesKey, options?: ZcpCallOptions): Promise<RulesDetail> {
  return zcpRead('GET', `offer/RulesDetail/${seg(product)}`, undefined, options);
}

/** Several lists in one call: fieldname=DISTRICT,GENDER and the origin (the flow or screen asking). */
export function getLovMulti(
  fieldnames: readonly string[],
  origin?: string,
  options?: ZcpCallOptions,
): Promise<LovMultiAnswer> {
  return zcpRead('GET', 'lov/multi', undefined, {
    ...options,
    searchParams: { fieldname: fieldnames.join(','), origin },
  });
}

/** A dependent list: GET /zcp/lov/dep/{key}/{value}/…/{lov}, dependencies in the given order. */
export function getLovDependent(
  dependencies: readonly { key: string; value: string }[],
  lov: string,
  options?: ZcpCallOptions,
): Promise<LovList> {
  const pairs = dependencies.map((d) => `${seg(d.key)}/${seg(d.value)}`).join('/');
  return zcpRead('GET', `lov/dep/${pairs}/${seg(lov)}`, undefined, options);
}

export function getLovYesNo(options?: ZcpCallOptions): Promise<LovList> {
  return zcpRead('GET', 'lov/yesno', undefined, options);
}

export function getBankList(options?: ZcpCallOptions): Promise<LovList> {
  return zcpRead('GET', 'lov/CpBankList', undefined, options);
}

export function getGarages(options?: ZcpCallOptions): Promise<LovList> {
  return zcpRead('GET', 'lov/GARAGE', undefined, options);
}

/** Sends a one-time code to the address. */
export function generateOtp(email: string, options?: ZcpCallOptions): Promise<true> {
  return zcpCommand('POST', 'otp/generate', { I_MAIL_ADDRESS: email }, options);
}

/** Confirms the code; a wrong code rejects with a 422 ZcpError, an expired or used-up one adds CODE EXPIRED. */
export function validateOtp(email: string, code: string, options?: ZcpCallOptions): Promise<true> {
  return zcpCommand('POST', 'otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: email }, options);
}

/** Records a call-back request; answers its reference and the date by which we call. */
export function sendContactRequest(
  request: ContactRequest,
  options?: ZcpCallOptions,
): Promise<ContactAnswer> {
  return zcpRead('POST', 'contact_us/contactus', request, options);
}

export function logValidation(
  entry: ValidationLogEntry | { ENTRIES: ValidationLogEntry[] },
  options?: ZcpCallOptions,
): Promise<true> {
  return zcpCommand('POST', 'log/validations', entry, options);
}

export function getCookieTexts(options?: ZcpCallOptions): Promise<CookieTexts> {
  return zcpRead('POST', 'cookies/gettexts', undefined, options);
}

export function getFaqs(options?: ZcpCallOptions): Promise<FaqAnswer> {
  return zcpRead('GET', 'CommonParams/FAQs', undefined, options);
}

/** Registers the card payment; ES_RETURN_DATA tells where to send the browser. */
export function registerPayment(request: RegPayRequest, options?: ZcpCallOptions): Promise<RegPayAnswer> {
  return zcpRead('POST', 'jcc/JCCFunc/REGPAY', request, options);
}

export function getOrderStatus(orderId: string, options?: ZcpCallOptions): Promise<OrderStatusAnswer> {
  return zcpRead('GET', 'paymeth/ORDSTAT', undefined, { ...options, searchParams: { ORDER_ID: orderId } });
}

/** Served by the configured base like every other call (the spec's hard-coded address is a leftover). */
export function getAnnouncements(options?: ZcpCallOptions): Promise<AnnouncementAnswer> {
  return zcpRead('GET', 'announcement', undefined, options);
}

/** 204 when the code is valid; 422 when it is wrong (the caller shows its own message). */
export function validatePromo(code: string, options?: ZcpCallOptions): Promise<true> {
  return zcpCommand('POST', 'promo/validate', { PROMO_CODE: code }, options);
}

export type { HttpMethod, ZcpCallOptions };
