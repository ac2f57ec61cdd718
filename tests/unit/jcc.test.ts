import { webcrypto } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildPaymentRequest,
  buildPaymentResponse,
  formatPurchaseAmount,
  isApproved,
  isPaidOrderStatus,
  ORDER_STATUS,
  parsePurchaseAmount,
  readOrderStatusAnswer,
  readPaymentRequest,
  readPaymentResponse,
  requestSignature,
  responseSignature,
  signaturesEqual,
  verifyRequestSignature,
  verifyResponseSignature,
} from '../../src/server/cardProvider/jcc';
import {
  checkCardForm,
  decideCardResult,
  luhnValid,
  TEST_CARDS,
} from '../../src/server/cardProvider/sandboxCards';
import { paymentConfigFromEnv, SANDBOX_MERCHANT } from '../../src/server/payments/config';

const merchant = { merchantId: '0099000001', acquirerId: '402971', password: 'zcp-sandbox-secret' };

/** SHA-1 through WebCrypto, a different code path from the module's node:crypto hash. */
async function webSha1Base64(text: string): Promise<string> {
  const digest = await webcrypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return Buffer.from(digest).toString('base64');
}

describe('PurchaseAmt', () => {
  it('is 12 zero-padded digits of minor units', () => {
    expect(formatPurchaseAmount(2050)).toBe('000000002050');
    expect(formatPurchaseAmount(1)).toBe('000000000001');
    expect(formatPurchaseAmount(999_999_999_999)).toBe('999999999999');
  });

  it('refuses fractions, negatives and amounts beyond 12 digits', () => {
    expect(() => formatPurchaseAmount(20.5)).toThrow(RangeError);
    expect(() => formatPurchaseAmount(-1)).toThrow(RangeError);
    expect(() => formatPurchaseAmount(1_000_000_000_000)).toThrow(RangeError);
    expect(() => formatPurchaseAmount(Number.NaN)).toThrow(RangeError);
  });

  it('parses only the exact 12-digit form', () => {
    expect(parsePurchaseAmount('000000002050')).toBe(2050);
    expect(parsePurchaseAmount('20.50')).toBeNull();
    expect(parsePurchaseAmount('2050')).toBeNull();
    expect(parsePurchaseAmount('0000000020500')).toBeNull();
    expect(parsePurchaseAmount('00000000205a')).toBeNull();
  });
});

describe('signatures', () => {
  it('match the FIPS 180 "abc" vector when the signed fields concatenate to "abc"', () => {
    const sig = requestSignature('a', {
      MerID: 'b',
      AcqID: 'c',
      OrderID: '',
      PurchaseAmt: '',
      PurchaseCurrency: '',
    });
    expect(sig).toBe('qZk+NkcGgWq6PiVxeFDCbJzQ2J0=');
  });

  it('sign the request as Base64(SHA-1(Password+MerID+AcqID+OrderID+PurchaseAmt+PurchaseCurrency))', async () => {
    const request = buildPaymentRequest(merchant, {
      orderId: '100001-1-ABCDEF',
      amountCents: 2050,
      merRespUrl: 'https://shop.example.cy/zcp/jcc/return',
    });
    // Computed outside the project (Python hashlib) and again through WebCrypto.
    expect(request.Signature).toBe('HwBJyfrUViTPc9xitkLcyJc6Tdc=');
    expect(request.Signature).toBe(
      await webSha1Base64('zcp-sandbox-secret0099000001402971100001-1-ABCDEF000000002050978'),
    );
    expect(request).toMatchObject({
      Version: '1.0.0',
      MerID: '0099000001',
      AcqID: '402971',
      OrderID: '100001-1-ABCDEF',
      PurchaseAmt: '000000002050',
      PurchaseCurrency: '978',
      PurchaseCurrencyExponent: '2',
      CaptureFlag: 'A',
      SignatureMethod: 'SHA1',
    });
    expect(verifyRequestSignature(merchant.password, request)).toBe(true);
  });

  it('sign the response as Base64(SHA-1(Password+MerID+AcqID+OrderID+ResponseCode+ReasonCode))', async () => {
    const fields = {
      MerID: '0099000001',
      AcqID: '402971',
      OrderID: '100001-1-ABCDEF',
      ResponseCode: '1',
      ReasonCode: '1',
    };
    expect(responseSignature(merchant.password, fields)).toBe('3enbPdqdsL9nDc9hkRcDqOne7A0=');
    expect(responseSignature(merchant.password, fields)).toBe(
      await webSha1Base64('zcp-sandbox-secret0099000001402971100001-1-ABCDEF11'),
    );
  });

  it('reject any change to a signed field, and the wrong password', () => {
    const request = buildPaymentRequest(merchant, {
      orderId: 'A-1',
      amountCents: 2050,
      merRespUrl: 'https://x.cy/r',
    });
    expect(verifyRequestSignature(merchant.password, { ...request, PurchaseAmt: '000000000100' })).toBe(
      false,
    );
    expect(verifyRequestSignature(merchant.password, { ...request, OrderID: 'A-2' })).toBe(false);
    expect(verifyRequestSignature(merchant.password, { ...request, MerID: '0099000002' })).toBe(false);
    expect(verifyRequestSignature('other', request)).toBe(false);

    const response = buildPaymentResponse(merchant.password, {
      MerID: '0099000001',
      AcqID: '402971',
      OrderID: 'A-1',
      ResponseCode: '2',
      ReasonCode: '5',
      ReasonCodeDesc: 'Do not honour',
      ReferenceNo: '123',
      PaddedCardNo: 'XXXXXXXXXXXX0028',
      AuthCode: '',
    });
    expect(verifyResponseSignature(merchant.password, response)).toBe(true);
    expect(
      verifyResponseSignature(merchant.password, { ...response, ResponseCode: '1', ReasonCode: '1' }),
    ).toBe(false);
    expect(verifyResponseSignature(merchant.password, { ...response, OrderID: 'A-2' })).toBe(false);
    // ReasonCodeDesc is not signed by the protocol: changing it is not detectable, and harmless.
    expect(verifyResponseSignature(merchant.password, { ...response, ReasonCodeDesc: 'x' })).toBe(true);
  });

  it('compares in constant time without failing on different lengths', () => {
    expect(signaturesEqual('abc', 'abc')).toBe(true);
    expect(signaturesEqual('abc', 'abd')).toBe(false);
    expect(signaturesEqual('abc', 'abcd')).toBe(false);
    expect(signaturesEqual('abc', '')).toBe(false);
  });
});

describe('messages', () => {
  it('approve only when ResponseCode and ReasonCode are both 1', () => {
    expect(isApproved({ ResponseCode: '1', ReasonCode: '1' })).toBe(true);
    expect(isApproved({ ResponseCode: '1', ReasonCode: '5' })).toBe(false);
    expect(isApproved({ ResponseCode: '2', ReasonCode: '1' })).toBe(false);
    expect(isApproved({ ResponseCode: ' 1', ReasonCode: '1' })).toBe(false);
  });

  it('count pre-authorised and deposited orders as paid, nothing else', () => {
    const paid = Object.values(ORDER_STATUS).filter(isPaidOrderStatus);
    expect(paid).toEqual([1, 2]);
  });

  it('read a payment form and say what is wrong with a bad one', () => {
    const good = buildPaymentRequest(merchant, {
      orderId: 'A-1',
      amountCents: 2050,
      merRespUrl: 'https://x.cy/r',
    });
    const read = readPaymentRequest(good);
    expect(read.ok && read.amountCents).toBe(2050);
    const problem = (body: unknown) => {
      const r = readPaymentRequest(body);
      return r.ok ? null : r.problem;
    };
    expect(problem({ ...good, PurchaseAmt: '20.50' })).toEqual({ kind: 'amountFormat' });
    expect(problem({ ...good, PurchaseAmt: '000000000000' })).toEqual({ kind: 'amountFormat' });
    expect(problem({ ...good, Signature: undefined })).toEqual({ kind: 'missing', field: 'Signature' });
    expect(problem({ ...good, PurchaseCurrency: '840' })).toEqual({ kind: 'currency' });
    expect(problem({ ...good, Version: '2.0.0' })).toEqual({ kind: 'version' });
    expect(problem({ ...good, OrderID: 'A 1<script>' })).toEqual({ kind: 'orderId' });
    expect(problem({ ...good, MerRespURL: 'javascript:alert(1)' })).toEqual({ kind: 'responseUrl' });
    expect(problem({ ...good, OrderID: ['A-1', 'A-2'] })).toEqual({ kind: 'missing', field: 'OrderID' });
    expect(problem(null)).toEqual({ kind: 'missing', field: 'Version' });
  });

  it('read a return form only when every signed field is there', () => {
    const response = buildPaymentResponse('p', {
      MerID: 'm',
      AcqID: 'a',
      OrderID: 'o',
      ResponseCode: '1',
      ReasonCode: '1',
      ReasonCodeDesc: '',
      ReferenceNo: '',
      PaddedCardNo: '',
      AuthCode: '',
    });
    expect(readPaymentResponse(response)).toEqual(response);
    expect(readPaymentResponse({ ...response, ResponseSignature: undefined })).toBeNull();
    expect(readPaymentResponse('MerID=m')).toBeNull();
  });

  it('read order-status answers, string or number typed', () => {
    expect(
      readOrderStatusAnswer({ errorCode: '0', orderStatus: 2, amount: 2050, orderNumber: 'A-1' }),
    ).toMatchObject({
      orderStatus: 2,
      amount: 2050,
    });
    expect(readOrderStatusAnswer({ errorCode: 0, orderStatus: '1', amount: '2050' })).toMatchObject({
      errorCode: '0',
      orderStatus: 1,
      amount: 2050,
    });
    expect(readOrderStatusAnswer({ errorCode: '6', errorMessage: 'Order not found' })).toEqual({
      errorCode: '6',
      errorMessage: 'Order not found',
    });
    expect(readOrderStatusAnswer({ errorCode: '0', orderStatus: 9, amount: 1 })).toBeNull();
    expect(readOrderStatusAnswer([])).toBeNull();
  });

  it('read the amounts of an order-status answer; one that is not an amount is left unknown', () => {
    const answer = readOrderStatusAnswer({
      errorCode: '0',
      orderStatus: 4,
      amount: 36500,
      paymentAmountInfo: { approvedAmount: 36500, depositedAmount: '36500', refundedAmount: -5 },
    });
    expect(answer?.paymentAmountInfo).toEqual({
      approvedAmount: 36500,
      depositedAmount: 36500,
      refundedAmount: undefined,
    });
    expect(
      readOrderStatusAnswer({ errorCode: '0', orderStatus: 2, amount: 1 })?.paymentAmountInfo,
    ).toBeUndefined();
  });
});

describe('sandbox card page rules', () => {
  const now = new Date('2026-03-15T10:00:00Z');
  const valid = {
    cardNumber: '4000 0000 0000 0002',
    expiry: '03/26',
    cvv: '123',
    holder: 'Andreas Georgiou',
  };

  it('knows the documented test cards as Luhn-valid', () => {
    for (const card of Object.values(TEST_CARDS)) expect(luhnValid(card)).toBe(true);
    expect(luhnValid('4000000000000001')).toBe(false);
  });

  it('checks the number, the expiry (through the end of its month), the CVV and the name', () => {
    expect(checkCardForm(valid, now)).toEqual({});
    expect(checkCardForm({ ...valid, cardNumber: '' }, now)).toEqual({ cardNumber: 'cardNumberRequired' });
    expect(checkCardForm({ ...valid, cardNumber: '4000 0000 0000 0001' }, now)).toEqual({
      cardNumber: 'cardNumberLuhn',
    });
    expect(checkCardForm({ ...valid, cardNumber: '4000' }, now)).toEqual({ cardNumber: 'cardNumberDigits' });
    expect(checkCardForm({ ...valid, expiry: '02/26' }, now)).toEqual({ expiry: 'expiryPast' });
    expect(checkCardForm({ ...valid, expiry: '13/27' }, now)).toEqual({ expiry: 'expiryFormat' });
    expect(checkCardForm({ ...valid, expiry: '03/2030' }, now)).toEqual({});
    expect(checkCardForm({ ...valid, cvv: '12' }, now)).toEqual({ cvv: 'cvv' });
    expect(checkCardForm({ ...valid, holder: ' ' }, now)).toEqual({ holder: 'holder' });
  });

  it('decides each test card as documented', () => {
    expect(decideCardResult(TEST_CARDS.APPROVED, 'A')).toMatchObject({
      orderStatus: 2,
      responseCode: '1',
      reasonCode: '1',
      returnSent: true,
    });
    expect(decideCardResult(TEST_CARDS.PENDING_PREMIUM, 'A')).toMatchObject({
      orderStatus: 1,
      responseCode: '1',
      captureHeld: true,
    });
    expect(decideCardResult(TEST_CARDS.DECLINED, 'A')).toMatchObject({
      orderStatus: 6,
      responseCode: '2',
      reasonCode: '5',
    });
    expect(decideCardResult(TEST_CARDS.NO_RETURN, 'A')).toMatchObject({ orderStatus: 2, returnSent: false });
    expect(decideCardResult('4111111111111111', 'A')).toMatchObject({ orderStatus: 6, reasonCode: '14' });
    expect(decideCardResult(TEST_CARDS.APPROVED, 'M')).toMatchObject({ orderStatus: 1, captureHeld: false });
    expect(decideCardResult(TEST_CARDS.APPROVED, 'A').paddedCardNo).toBe('XXXXXXXXXXXX0002');
  });
});

describe('configuration', () => {
  it('defaults to the sandbox with the documented test merchant', () => {
    const config = paymentConfigFromEnv({ PUBLIC_URL: 'http://localhost:8080/' });
    expect(config).toMatchObject({
      mode: 'sandbox',
      publicUrl: 'http://localhost:8080',
      providerUrl: 'http://localhost:8080/sandbox/jcc/payment',
      merchantId: SANDBOX_MERCHANT.merchantId,
      password: SANDBOX_MERCHANT.password,
    });
  });

  it('needs every live setting, https, and no sandbox secret in live mode', () => {
    expect(() => paymentConfigFromEnv({ PAYMENT_MODE: 'live', PUBLIC_URL: 'https://shop.cy' })).toThrow(
      /JCC_PAYMENT_URL/,
    );
    const live = {
      PAYMENT_MODE: 'live',
      PUBLIC_URL: 'https://shop.cy',
      JCC_PAYMENT_URL: 'https://gateway.example/payment',
      JCC_STATUS_URL: 'https://gateway.example/rest/getOrderStatusExtended.do',
      JCC_MERCHANT_ID: '0012345678',
      JCC_PASSWORD: 'real-secret',
      JCC_API_USER: 'api-user',
      JCC_API_PASSWORD: 'api-secret',
    };
    expect(paymentConfigFromEnv(live)).toMatchObject({
      mode: 'live',
      merchantId: '0012345678',
      acquirerId: '402971',
    });
    expect(() =>
      paymentConfigFromEnv({ ...live, JCC_PAYMENT_URL: 'http://gateway.example/payment' }),
    ).toThrow(/https/);
    expect(() => paymentConfigFromEnv({ ...live, JCC_PASSWORD: SANDBOX_MERCHANT.password })).toThrow(
      /sandbox/,
    );
    expect(() => paymentConfigFromEnv({ PAYMENT_MODE: 'test' })).toThrow(/PAYMENT_MODE/);
  });
});

type Tree = { [key: string]: string | Tree };

function keysOf(lang: string): string[] {
  const tree = JSON.parse(
    readFileSync(new URL(`../../locales/${lang}/payment.json`, import.meta.url), 'utf8'),
  ) as Tree;
  const keys: string[] = [];
  const walk = (node: Tree, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') keys.push(prefix + key);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(tree, '');
  return keys.sort();
}

describe('payment texts', () => {
  it('exist in Greek and English with the same keys', () => {
    const el = keysOf('el');
    expect(el.length).toBeGreaterThan(40);
    expect(keysOf('en')).toEqual(el);
  });
});
