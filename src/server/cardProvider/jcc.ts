// JCC's redirect protocol (hosted payment page) and its REST order-status answer, as typed
// messages. SHA-1 is what the protocol mandates for its signatures; it stays in this module.

import { createHash, timingSafeEqual } from 'node:crypto';

export const JCC_VERSION = '1.0.0';
/** ISO 4217 numeric code of the euro, the only currency the service charges. */
export const CURRENCY_EUR = '978';
export const CURRENCY_EXPONENT = '2';
export const SIGNATURE_METHOD = 'SHA1';
/** A: authorise and deposit at once; M: authorise only, deposit later by the merchant. */
export type CaptureFlag = 'A' | 'M';

/** ResponseCode of the return message. */
export const RESPONSE_CODE = { APPROVED: '1', DECLINED: '2', ERROR: '3' } as const;

/**
 * ReasonCode of the return message. 1 is the protocol's "approved"; the others are the values
 * the sandbox sends. The service only ever relies on "1 and 1 means approved"; a decline with
 * CARDHOLDER_CANCELLED is shown as a cancellation.
 */
export const REASON_CODE = {
  APPROVED: '1',
  DECLINED: '5',
  INVALID_CARD: '14',
  CARDHOLDER_CANCELLED: '17',
} as const;

/** orderStatus of the REST order-status answer. */
export const ORDER_STATUS = {
  REGISTERED: 0,
  PRE_AUTHORISED: 1,
  DEPOSITED: 2,
  REVERSED: 3,
  REFUNDED: 4,
  THREE_DS_STARTED: 5,
  DECLINED: 6,
} as const;
export type JccOrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export function isOrderStatus(value: unknown): value is JccOrderStatus {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}

/** Pre-authorised and deposited orders are paid; every other status is not (yet). */
export function isPaidOrderStatus(status: JccOrderStatus): boolean {
  return status === ORDER_STATUS.PRE_AUTHORISED || status === ORDER_STATUS.DEPOSITED;
}

/** The form the browser posts to the provider's payment page. */
export interface JccPaymentRequest {
  Version: string;
  MerID: string;
  AcqID: string;
  MerRespURL: string;
  OrderID: string;
  PurchaseAmt: string;
  PurchaseCurrency: string;
  PurchaseCurrencyExponent: string;
  CaptureFlag: string;
  SignatureMethod: string;
  Signature: string;
  /**
   * The language the page opens in: the one the customer is using (a portal in Greek on an English
   * browser gets the Greek page). Outside the signature; a provider that has no such field ignores it.
   */
  lang?: 'el' | 'en';
}

/** The form the provider's page posts back to MerRespURL. */
export interface JccPaymentResponse {
  MerID: string;
  AcqID: string;
  OrderID: string;
  ResponseCode: string;
  ReasonCode: string;
  ReasonCodeDesc: string;
  ReferenceNo: string;
  PaddedCardNo: string;
  AuthCode: string;
  ResponseSignature: string;
}

export const PAYMENT_REQUEST_FIELDS = [
  'Version',
  'MerID',
  'AcqID',
  'MerRespURL',
  'OrderID',
  'PurchaseAmt',
  'PurchaseCurrency',
  'PurchaseCurrencyExponent',
  'CaptureFlag',
  'SignatureMethod',
  'Signature',
] as const satisfies readonly (keyof JccPaymentRequest)[];

export const PAYMENT_RESPONSE_FIELDS = [
  'MerID',
  'AcqID',
  'OrderID',
  'ResponseCode',
  'ReasonCode',
  'ReasonCodeDesc',
  'ReferenceNo',
  'PaddedCardNo',
  'AuthCode',
  'ResponseSignature',
] as const satisfies readonly (keyof JccPaymentResponse)[];

const AMOUNT_DIGITS = 12;
const MAX_AMOUNT = 10 ** AMOUNT_DIGITS - 1;
/** Order ids the service creates and the sandbox accepts: letters, digits and . _ - only. */
export const ORDER_ID_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;

/** Minor units as the protocol's 12-digit, zero-padded PurchaseAmt: 2050 → "000000002050". */
export function formatPurchaseAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_AMOUNT) {
    throw new RangeError(`purchase amount must be a whole number of cents from 0 to ${MAX_AMOUNT}: ${cents}`);
  }
  return String(cents).padStart(AMOUNT_DIGITS, '0');
}

/** The cents of a PurchaseAmt, or null when it is not exactly 12 digits. */
export function parsePurchaseAmount(value: string): number | null {
  return /^\d{12}$/.test(value) ? Number(value) : null;
}

function sha1Base64(text: string): string {
  return createHash('sha1').update(text, 'utf8').digest('base64');
}

type SignedRequestPart = Pick<
  JccPaymentRequest,
  'MerID' | 'AcqID' | 'OrderID' | 'PurchaseAmt' | 'PurchaseCurrency'
>;
type SignedResponsePart = Pick<
  JccPaymentResponse,
  'MerID' | 'AcqID' | 'OrderID' | 'ResponseCode' | 'ReasonCode'
>;

/** Base64(SHA-1(Password + MerID + AcqID + OrderID + PurchaseAmt + PurchaseCurrency)). */
export function requestSignature(password: string, r: SignedRequestPart): string {
  return sha1Base64(password + r.MerID + r.AcqID + r.OrderID + r.PurchaseAmt + r.PurchaseCurrency);
}

/** Base64(SHA-1(Password + MerID + AcqID + OrderID + ResponseCode + ReasonCode)). */
export function responseSignature(password: string, r: SignedResponsePart): string {
  return sha1Base64(password + r.MerID + r.AcqID + r.OrderID + r.ResponseCode + r.ReasonCode);
}

/** Constant-time comparison; both sides are hashed first so their lengths leak nothing either. */
export function signaturesEqual(expected: string, given: string): boolean {
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b) && expected.length === given.length;
}

export function verifyRequestSignature(password: string, r: JccPaymentRequest): boolean {
  return signaturesEqual(requestSignature(password, r), r.Signature);
}

export function verifyResponseSignature(password: string, r: JccPaymentResponse): boolean {
  return signaturesEqual(responseSignature(password, r), r.ResponseSignature);
}

export interface MerchantCredentials {
  merchantId: string;
  acquirerId: string;
  password: string;
}

/** The signed form for one order; the amount comes from the service, never from the browser. */
export function buildPaymentRequest(
  merchant: MerchantCredentials,
  order: {
    orderId: string;
    amountCents: number;
    merRespUrl: string;
    captureFlag?: CaptureFlag;
    lang?: 'el' | 'en';
  },
): JccPaymentRequest {
  const unsigned = {
    Version: JCC_VERSION,
    MerID: merchant.merchantId,
    AcqID: merchant.acquirerId,
    MerRespURL: order.merRespUrl,
    OrderID: order.orderId,
    PurchaseAmt: formatPurchaseAmount(order.amountCents),
    PurchaseCurrency: CURRENCY_EUR,
    PurchaseCurrencyExponent: CURRENCY_EXPONENT,
    CaptureFlag: order.captureFlag ?? 'A',
    SignatureMethod: SIGNATURE_METHOD,
  };
  const signed = { ...unsigned, Signature: requestSignature(merchant.password, unsigned) };
  return order.lang ? { ...signed, lang: order.lang } : signed;
}

export function buildPaymentResponse(
  password: string,
  fields: Omit<JccPaymentResponse, 'ResponseSignature'>,
): JccPaymentResponse {
  return { ...fields, ResponseSignature: responseSignature(password, fields) };
}

/** Approved only when both ResponseCode and ReasonCode are 1. */
export function isApproved(r: Pick<JccPaymentResponse, 'ResponseCode' | 'ReasonCode'>): boolean {
  return r.ResponseCode === RESPONSE_CODE.APPROVED && r.ReasonCode === REASON_CODE.APPROVED;
}

/** A single string form value, or undefined (missing, repeated or not text). */
function formValue(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  return typeof value === 'string' ? value : undefined;
}

/** Reads the return form; null when a field needed to check its signature is absent. */
export function readPaymentResponse(body: unknown): JccPaymentResponse | null {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const signed = ['MerID', 'AcqID', 'OrderID', 'ResponseCode', 'ReasonCode', 'ResponseSignature'] as const;
  if (signed.some((key) => formValue(record, key) === undefined)) return null;
  const read = (key: (typeof PAYMENT_RESPONSE_FIELDS)[number]) => formValue(record, key) ?? '';
  return {
    MerID: read('MerID'),
    AcqID: read('AcqID'),
    OrderID: read('OrderID'),
    ResponseCode: read('ResponseCode'),
    ReasonCode: read('ReasonCode'),
    ReasonCodeDesc: read('ReasonCodeDesc'),
    ReferenceNo: read('ReferenceNo'),
    PaddedCardNo: read('PaddedCardNo'),
    AuthCode: read('AuthCode'),
    ResponseSignature: read('ResponseSignature'),
  };
}

/** What is wrong with a payment form, in the order a provider checks it. */
export type RequestProblem =
  | { kind: 'missing'; field: string }
  | { kind: 'version' }
  | { kind: 'orderId' }
  | { kind: 'amountFormat' }
  | { kind: 'currency' }
  | { kind: 'exponent' }
  | { kind: 'captureFlag' }
  | { kind: 'signatureMethod' }
  | { kind: 'responseUrl' };

/** Checks the form's shape and formats (not the merchant nor the signature). */
export function readPaymentRequest(
  body: unknown,
): { ok: true; request: JccPaymentRequest; amountCents: number } | { ok: false; problem: RequestProblem } {
  const record =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const values: Partial<JccPaymentRequest> = {};
  for (const field of PAYMENT_REQUEST_FIELDS) {
    const value = formValue(record, field);
    if (value === undefined || value === '') return { ok: false, problem: { kind: 'missing', field } };
    values[field] = value;
  }
  const request = values as JccPaymentRequest;
  if (request.Version !== JCC_VERSION) return { ok: false, problem: { kind: 'version' } };
  if (!ORDER_ID_PATTERN.test(request.OrderID)) return { ok: false, problem: { kind: 'orderId' } };
  const amountCents = parsePurchaseAmount(request.PurchaseAmt);
  if (amountCents === null || amountCents === 0) return { ok: false, problem: { kind: 'amountFormat' } };
  if (request.PurchaseCurrency !== CURRENCY_EUR) return { ok: false, problem: { kind: 'currency' } };
  if (request.PurchaseCurrencyExponent !== CURRENCY_EXPONENT)
    return { ok: false, problem: { kind: 'exponent' } };
  if (request.CaptureFlag !== 'A' && request.CaptureFlag !== 'M')
    return { ok: false, problem: { kind: 'captureFlag' } };
  if (request.SignatureMethod !== SIGNATURE_METHOD)
    return { ok: false, problem: { kind: 'signatureMethod' } };
  if (!isHttpUrl(request.MerRespURL)) return { ok: false, problem: { kind: 'responseUrl' } };
  return { ok: true, request, amountCents };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The REST order-status answer (getOrderStatusExtended). errorCode "0" is success, "6" an unknown order. */
export interface JccOrderStatusAnswer {
  errorCode: string;
  errorMessage?: string;
  orderNumber?: string;
  orderStatus?: JccOrderStatus;
  actionCode?: number;
  actionCodeDescription?: string;
  /** Minor units. */
  amount?: number;
  currency?: string;
  /** A card binding the merchant may charge again (card registration). */
  bindingInfo?: { bindingId: string };
  /** The card as the provider shows it: masked number, expiry (MM/YYYY). */
  cardAuthInfo?: { maskedPan?: string; expiration?: string };
  /** Merchant-order attributes; mdOrder is the provider's own order id. */
  attributes?: { name: string; value: string }[];
  /** The order's amounts so far, minor units (getOrderStatusExtended's paymentAmountInfo). */
  paymentAmountInfo?: { approvedAmount?: number; depositedAmount?: number; refundedAmount?: number };
}

export const STATUS_ERROR_CODE = { OK: '0', ACCESS_DENIED: '5', NOT_FOUND: '6' } as const;

/** Reads an order-status answer; null when it is not one. */
export function readOrderStatusAnswer(json: unknown): JccOrderStatusAnswer | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const r = json as Record<string, unknown>;
  const errorCode = r.errorCode === undefined ? STATUS_ERROR_CODE.OK : String(r.errorCode);
  const answer: JccOrderStatusAnswer = { errorCode };
  if (typeof r.errorMessage === 'string') answer.errorMessage = r.errorMessage;
  if (errorCode !== STATUS_ERROR_CODE.OK) return answer;
  const orderStatus = typeof r.orderStatus === 'string' ? Number(r.orderStatus) : r.orderStatus;
  const amount = typeof r.amount === 'string' ? Number(r.amount) : r.amount;
  if (!isOrderStatus(orderStatus) || typeof amount !== 'number' || !Number.isSafeInteger(amount)) return null;
  answer.orderStatus = orderStatus;
  answer.amount = amount;
  if (typeof r.orderNumber === 'string') answer.orderNumber = r.orderNumber;
  if (r.actionCode !== undefined && Number.isInteger(Number(r.actionCode)))
    answer.actionCode = Number(r.actionCode);
  if (typeof r.actionCodeDescription === 'string') answer.actionCodeDescription = r.actionCodeDescription;
  if (typeof r.currency === 'string') answer.currency = r.currency;
  const binding = r.bindingInfo as Record<string, unknown> | undefined;
  if (binding && typeof binding.bindingId === 'string' && binding.bindingId)
    answer.bindingInfo = { bindingId: binding.bindingId };
  const card = r.cardAuthInfo as Record<string, unknown> | undefined;
  if (card && typeof card === 'object')
    answer.cardAuthInfo = {
      maskedPan: typeof card.maskedPan === 'string' ? card.maskedPan : undefined,
      expiration: typeof card.expiration === 'string' ? card.expiration : undefined,
    };
  const amounts = r.paymentAmountInfo as Record<string, unknown> | undefined;
  if (amounts && typeof amounts === 'object') {
    const minor = (v: unknown) => {
      const n = typeof v === 'string' ? Number(v) : v;
      return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
    };
    answer.paymentAmountInfo = {
      approvedAmount: minor(amounts.approvedAmount),
      depositedAmount: minor(amounts.depositedAmount),
      refundedAmount: minor(amounts.refundedAmount),
    };
  }
  return answer;
}

/**
 * The REST refund call (refund.do): userName, password, orderId (the provider's own order id,
 * mdOrder, which the order status answers among its attributes) and amount in minor units.
 * errorCode "0" is success; "5" access denied; "6" an unknown order; "7" an amount above what is
 * left to refund or an order in a state that cannot be refunded.
 */
export interface JccRefundAnswer {
  errorCode: string;
  errorMessage?: string;
}

export const REFUND_ERROR_CODE = { OK: '0', ACCESS_DENIED: '5', NOT_FOUND: '6', REFUSED: '7' } as const;

/** Reads a refund answer; null when it is not one. */
export function readRefundAnswer(json: unknown): JccRefundAnswer | null {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const r = json as Record<string, unknown>;
  if (r.errorCode === undefined || (typeof r.errorCode !== 'string' && typeof r.errorCode !== 'number'))
    return null;
  return {
    errorCode: String(r.errorCode),
    ...(typeof r.errorMessage === 'string' ? { errorMessage: r.errorMessage } : {}),
  };
}

/** The provider's own order id (mdOrder) among an order status answer's attributes. */
export function mdOrderOf(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const attributes = (json as { attributes?: unknown }).attributes;
  if (!Array.isArray(attributes)) return undefined;
  const found = attributes.find(
    (a) => a && typeof a === 'object' && (a as { name?: unknown }).name === 'mdOrder',
  ) as { value?: unknown } | undefined;
  return typeof found?.value === 'string' && found.value ? found.value : undefined;
}
