// The built-in card provider, modelled on JCC's hosted payment page: it checks the merchant's
// signed form, shows a card page, posts a signed result back to MerRespURL and answers the
// order-status query. Registered by the payments module when PAYMENT_MODE is sandbox.

import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../db';
import type { PaymentConfig } from '../payments/config';
import { type PaymentLang, paymentText, pickLang } from '../payments/texts';
import {
  buildPaymentResponse,
  type JccOrderStatusAnswer,
  type JccRefundAnswer,
  ORDER_STATUS,
  REASON_CODE,
  REFUND_ERROR_CODE,
  readPaymentRequest,
  STATUS_ERROR_CODE,
  signaturesEqual,
  verifyRequestSignature,
} from './jcc';
import { SANDBOX_AUTOSUBMIT_JS, SANDBOX_CSS } from './sandboxAssets';
import {
  ACTION_CODE_TEXT,
  type CardForm,
  cancelledResult,
  checkCardForm,
  decideCardResult,
} from './sandboxCards';
import {
  renderCardPage,
  renderNoReturnPage,
  renderRequestErrorPage,
  renderReturnPage,
  SANDBOX_BASE,
} from './sandboxPages';
import {
  decideSandboxOrder,
  findSandboxOrder,
  isDecided,
  refundSandboxOrder,
  registerSandboxOrder,
  type SandboxOrder,
  sandboxOrderAt,
} from './sandboxStore';

export interface SandboxOptions {
  db: Db;
  config: PaymentConfig;
  now?: () => Date;
}

function field(body: unknown, name: string): string {
  if (body === null || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

function origin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Pages allow only their own assets, and forms only to the sandbox and the merchant's return address. */
function sendPage(reply: FastifyReply, status: number, html: string, formTarget = ''): FastifyReply {
  const formAction = ["'self'", formTarget].filter(Boolean).join(' ');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(html);
}

const APPROVED: readonly number[] = [
  ORDER_STATUS.PRE_AUTHORISED,
  ORDER_STATUS.DEPOSITED,
  ORDER_STATUS.REFUNDED,
];
const DEPOSITED: readonly number[] = [ORDER_STATUS.DEPOSITED, ORDER_STATUS.REFUNDED];

/** What of the order is approved, deposited and refunded, as the provider's paymentAmountInfo. */
function amountsOf(order: SandboxOrder) {
  return {
    approvedAmount: APPROVED.includes(order.orderStatus) ? order.amountCents : 0,
    depositedAmount: DEPOSITED.includes(order.orderStatus) ? order.amountCents : 0,
    refundedAmount: order.refundedCents,
  };
}

/** The status query's answer for one order, as getOrderStatusExtended gives it. */
export function sandboxStatusAnswer(order: SandboxOrder): JccOrderStatusAnswer {
  return {
    errorCode: STATUS_ERROR_CODE.OK,
    errorMessage: 'Success',
    orderNumber: order.orderId,
    orderStatus: order.orderStatus,
    actionCode: order.actionCode,
    actionCodeDescription: ACTION_CODE_TEXT[order.actionCode] ?? '',
    amount: order.amountCents,
    currency: order.currency,
    // The provider's own order id, which refund.do takes.
    attributes: [{ name: 'mdOrder', value: order.mdOrder }],
    paymentAmountInfo: amountsOf(order),
    ...(order.bindingId
      ? {
          bindingInfo: { bindingId: order.bindingId },
          cardAuthInfo: { maskedPan: order.paddedCardNo ?? '', expiration: order.cardExpiry ?? '' },
        }
      : {}),
  };
}

const NOT_FOUND: JccOrderStatusAnswer = {
  errorCode: STATUS_ERROR_CODE.NOT_FOUND,
  errorMessage: 'Order not found',
};

export const sandboxProvider: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);

  const requestError = (
    reply: FastifyReply,
    lang: PaymentLang,
    key: string,
    values?: Record<string, string>,
  ) =>
    sendPage(
      reply,
      400,
      renderRequestErrorPage(lang, paymentText(lang, `sandbox.requestErrors.${key}`, values)),
    );

  /** The page after the card page decided: the signed return form, or the no-return notice. */
  const resultPage = (reply: FastifyReply, lang: PaymentLang, order: SandboxOrder) => {
    if (!order.returnSent) {
      const merchant = `${origin(order.merRespUrl)}/payment-completion/${encodeURIComponent(order.orderId)}`;
      return sendPage(reply, 200, renderNoReturnPage(lang, merchant));
    }
    const response = buildPaymentResponse(config.password, {
      MerID: order.merId,
      AcqID: order.acqId,
      OrderID: order.orderId,
      ResponseCode: order.responseCode ?? '',
      ReasonCode: order.reasonCode ?? '',
      ReasonCodeDesc: order.reasonText ?? '',
      ReferenceNo: order.referenceNo ?? '',
      PaddedCardNo: order.paddedCardNo ?? '',
      AuthCode: order.authCode ?? '',
    });
    const kind =
      order.orderStatus === ORDER_STATUS.DEPOSITED || order.orderStatus === ORDER_STATUS.PRE_AUTHORISED
        ? 'approved'
        : order.reasonCode === REASON_CODE.CARDHOLDER_CANCELLED
          ? 'cancelled'
          : 'declined';
    return sendPage(
      reply,
      200,
      renderReturnPage(lang, kind, order.merRespUrl, response),
      origin(order.merRespUrl),
    );
  };

  const cardPage = (
    reply: FastifyReply,
    status: number,
    lang: PaymentLang,
    order: SandboxOrder,
    extra = {},
  ) =>
    sendPage(
      reply,
      status,
      renderCardPage({
        lang,
        merId: order.merId,
        orderId: order.orderId,
        amountCents: order.amountCents,
        pageToken: order.pageToken,
        ...extra,
      }),
    );

  app.get(`${SANDBOX_BASE}/assets/sandbox.css`, async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_CSS),
  );
  app.get(`${SANDBOX_BASE}/assets/autosubmit.js`, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SANDBOX_AUTOSUBMIT_JS),
  );

  // The merchant's signed form, posted by the visitor's browser.
  app.post(`${SANDBOX_BASE}/payment`, async (request, reply) => {
    const lang = pickLang(field(request.body, 'lang'), request.headers['accept-language']);
    const read = readPaymentRequest(request.body);
    if (!read.ok) {
      const { problem } = read;
      return problem.kind === 'missing'
        ? requestError(reply, lang, 'missing', { field: problem.field })
        : requestError(reply, lang, problem.kind);
    }
    const { request: form, amountCents } = read;
    if (form.MerID !== config.merchantId || form.AcqID !== config.acquirerId)
      return requestError(reply, lang, 'merchant');
    if (!verifyRequestSignature(config.password, form)) {
      request.log.warn(
        { event: 'sandbox.signature_rejected', orderId: form.OrderID },
        'sandbox: request signature rejected',
      );
      return requestError(reply, lang, 'signature');
    }
    if (amountCents > 2_147_483_647) return requestError(reply, lang, 'amountFormat');
    const { created, order } = await registerSandboxOrder(
      db,
      {
        merId: form.MerID,
        orderId: form.OrderID,
        acqId: form.AcqID,
        amountCents,
        currency: form.PurchaseCurrency,
        captureFlag: form.CaptureFlag,
        merRespUrl: form.MerRespURL,
        pageToken: randomBytes(18).toString('base64url'),
      },
      now(),
    );
    if (!created) {
      // The same form posted again (back button, reload) reopens the page; anything else is refused.
      if (order.amountCents !== amountCents || order.merRespUrl !== form.MerRespURL)
        return requestError(reply, lang, 'orderConflict');
      if (isDecided(order)) return requestError(reply, lang, 'orderProcessed');
    }
    return cardPage(reply, 200, lang, order);
  });

  // Reopens the card page, e.g. in the other language.
  app.get(`${SANDBOX_BASE}/card`, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const lang = pickLang(field(query, 'lang'), request.headers['accept-language']);
    const order = await findSandboxOrder(db, config.merchantId, field(query, 'order'));
    if (!order || !signaturesEqual(order.pageToken, field(query, 'token')))
      return requestError(reply, lang, 'session');
    if (isDecided(order)) return resultPage(reply, lang, order);
    return cardPage(reply, 200, lang, order);
  });

  // Pay or Cancel on the card page.
  app.post(`${SANDBOX_BASE}/pay`, async (request, reply) => {
    const body = request.body;
    const lang = pickLang(field(body, 'lang'), request.headers['accept-language']);
    const order = await findSandboxOrder(db, config.merchantId, field(body, 'orderId'));
    if (!order || !signaturesEqual(order.pageToken, field(body, 'token')))
      return requestError(reply, lang, 'session');
    if (isDecided(order)) return resultPage(reply, lang, order);

    let result = cancelledResult();
    if (field(body, 'action') !== 'cancel') {
      const form: CardForm = {
        cardNumber: field(body, 'cardNumber'),
        expiry: field(body, 'expiry'),
        cvv: field(body, 'cvv'),
        holder: field(body, 'holder'),
      };
      const errors = checkCardForm(form, now());
      if (Object.keys(errors).length > 0) return cardPage(reply, 422, lang, order, { values: form, errors });
      result = decideCardResult(form.cardNumber, order.captureFlag);
    }
    const decided = await decideSandboxOrder(
      db,
      order.merId,
      order.orderId,
      result,
      now(),
      config.sandboxCaptureDelaySeconds,
      { expiry: field(body, 'expiry') },
    );
    return resultPage(reply, lang, decided ?? order);
  });

  // Status query for testers and the service: GET with orderId.
  app.get(`${SANDBOX_BASE}/status`, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const orderId = field(query, 'orderId');
    const order = orderId ? await sandboxOrderAt(db, config.merchantId, orderId, now()) : null;
    if (!order) return reply.code(404).send(NOT_FOUND);
    return sandboxStatusAnswer(order);
  });

  // The REST form of the status query, authenticated as the provider's API is.
  app.post(`${SANDBOX_BASE}/rest/getOrderStatusExtended.do`, async (request) => {
    const body = request.body;
    const userOk = signaturesEqual(config.apiUser, field(body, 'userName'));
    const passwordOk = signaturesEqual(config.apiPassword, field(body, 'password'));
    if (!userOk || !passwordOk) {
      return {
        errorCode: STATUS_ERROR_CODE.ACCESS_DENIED,
        errorMessage: 'Access denied',
      } satisfies JccOrderStatusAnswer;
    }
    const orderId = field(body, 'orderNumber');
    const order = orderId ? await sandboxOrderAt(db, config.merchantId, orderId, now()) : null;
    return order ? sandboxStatusAnswer(order) : NOT_FOUND;
  });

  // The REST refund call (refund.do), as the provider's: orderId is its own id (mdOrder).
  app.post(`${SANDBOX_BASE}/rest/refund.do`, async (request): Promise<JccRefundAnswer> => {
    const body = request.body;
    const userOk = signaturesEqual(config.apiUser, field(body, 'userName'));
    const passwordOk = signaturesEqual(config.apiPassword, field(body, 'password'));
    if (!userOk || !passwordOk)
      return { errorCode: REFUND_ERROR_CODE.ACCESS_DENIED, errorMessage: 'Access denied' };
    const mdOrder = field(body, 'orderId');
    const amount = Number(field(body, 'amount'));
    if (!mdOrder || !Number.isSafeInteger(amount) || amount <= 0)
      return { errorCode: REFUND_ERROR_CODE.REFUSED, errorMessage: 'Invalid amount or order' };
    const outcome = await refundSandboxOrder(db, config.merchantId, { mdOrder }, amount, now());
    if (outcome === 'NOT_FOUND')
      return { errorCode: REFUND_ERROR_CODE.NOT_FOUND, errorMessage: 'Order not found' };
    if (outcome === 'REFUSED')
      return {
        errorCode: REFUND_ERROR_CODE.REFUSED,
        errorMessage: 'Refund amount exceeds the deposited amount',
      };
    return { errorCode: REFUND_ERROR_CODE.OK, errorMessage: 'Success' };
  });
};
