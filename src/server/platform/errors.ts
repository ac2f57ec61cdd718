// Error answers in the spec's shape: { MESSAGES: [{ MSGTEXT, FIELD?, CODE? }] }, whose first
// MSGTEXT the client shows. Bad input is 400 (schema) or 422 (business refusal), never 500.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Lang, langFromHeader, t } from './i18n';

export interface ApiMessage {
  MSGTEXT: string;
  FIELD?: string;
  CODE?: string;
}

/** A message to translate at answer time (key and params), or a text already in the visitor's language. */
export interface PendingMessage {
  key?: string;
  params?: Record<string, unknown>;
  /** Params that are texts themselves (a slot's name): param name -> locale key, in the answer's language. */
  textParams?: Record<string, string>;
  text?: string;
  field?: string;
  code?: string;
}

/** An error the service answers on purpose: a status, messages, and extra answer fields. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: PendingMessage[],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(messages[0]?.key ?? messages[0]?.text ?? `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

/** 422: a business refusal, with a message key from locales/<lang>/mail.json ("errors.…"). */
export function refuse(
  key: string,
  params: Record<string, unknown> = {},
  options: { field?: string; code?: string; extra?: Record<string, unknown> } = {},
): ApiError {
  return new ApiError(422, [{ key, params, field: options.field, code: options.code }], {
    ...(options.code ? { CODE: options.code } : {}),
    ...options.extra,
  });
}

export function notFound(key = 'errors.http.notFound', params: Record<string, unknown> = {}): ApiError {
  return new ApiError(404, [{ key, params }]);
}

export function badRequest(key: string, params: Record<string, unknown> = {}, field?: string): ApiError {
  return new ApiError(400, [{ key, params, field }]);
}

export function requestLang(request: FastifyRequest): Lang {
  return langFromHeader(request.headers['accept-language']);
}

export function renderMessages(lang: Lang, messages: PendingMessage[]): ApiMessage[] {
  return messages.map((m) => {
    const texts = Object.entries(m.textParams ?? {}).map(([name, key]) => [name, t(lang, key)]);
    const params = texts.length ? { ...m.params, ...Object.fromEntries(texts) } : m.params;
    const out: ApiMessage = { MSGTEXT: m.text ?? t(lang, m.key ?? 'errors.http.badRequest', params) };
    if (m.field) out.FIELD = m.field;
    if (m.code) out.CODE = m.code;
    return out;
  });
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** "/CS_POLICY/START_DATE" → "CS_POLICY.START_DATE" (JSON pointer escapes undone). */
function dottedPath(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** One schema failure as a message in the visitor's language. */
export function validationMessage(error: AjvError, context: string | undefined): PendingMessage {
  const base = dottedPath(error.instancePath);
  const join = (child: unknown) => [base, typeof child === 'string' ? child : ''].filter(Boolean).join('.');
  let field = base || (context === 'body' ? '' : (context ?? ''));
  const limit = error.params.limit;
  let key = 'errors.validation.generic';
  switch (error.keyword) {
    case 'required':
      field = join(error.params.missingProperty);
      key = 'errors.validation.required';
      break;
    case 'additionalProperties':
      field = join(error.params.additionalProperty);
      key = 'errors.validation.additionalProperties';
      break;
    case 'format':
      key = error.params.format === 'email' ? 'errors.validation.email' : 'errors.validation.format';
      break;
    case 'const':
      key = 'errors.validation.enum';
      break;
    case 'type':
    case 'maxLength':
    case 'minLength':
    case 'pattern':
    case 'enum':
    case 'maximum':
    case 'minimum':
    case 'maxItems':
    case 'minItems':
    case 'maxProperties':
      key = `errors.validation.${error.keyword}`;
      break;
    case 'propertyNames':
      key = 'errors.validation.maxProperties';
      break;
    default:
      key = 'errors.validation.generic';
  }
  return { key, params: { field: field || '-', limit }, field: field || undefined };
}

function sendError(reply: FastifyReply, lang: Lang, status: number, messages: PendingMessage[], extra = {}) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({
      MESSAGES: renderMessages(lang, messages),
      ...extra,
    });
}

const PLAIN_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'errors.validation.bodyTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'errors.validation.mediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'errors.validation.generic'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'errors.validation.invalidJson'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'errors.validation.invalidJson'],
};

function isDataException(error: { code?: unknown }): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = requestLang(request);
    if (error instanceof ApiError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, 'service refused');
      return sendError(reply, lang, error.statusCode, error.messages, error.extra);
    }
    if (error.validation) {
      const first = error.validation[0] as unknown as AjvError | undefined;
      const message = first
        ? validationMessage(first, error.validationContext)
        : { key: 'errors.validation.generic' };
      return sendError(reply, lang, 400, [message]);
    }
    const plain = error.code ? PLAIN_ERRORS[error.code] : undefined;
    if (plain) return sendError(reply, lang, plain[0], [{ key: plain[1] }]);
    // JSON.parse failures and prototype-poisoning refusals arrive as 400s without a code.
    if (error instanceof SyntaxError || (error.statusCode === 400 && !error.code)) {
      return sendError(reply, lang, 400, [{ key: 'errors.validation.invalidJson' }]);
    }
    if (error.statusCode === 429) {
      return sendError(reply, lang, 429, [{ key: 'errors.http.rateLimited' }]);
    }
    // A value the database refuses (PostgreSQL class 22, "data exception": a number out of range,
    // a character it cannot store …) is the client's input, whatever route let it through.
    if (isDataException(error)) {
      request.log.warn({ err: error, pgCode: error.code }, 'input refused by the database');
      return sendError(reply, lang, 400, [{ key: 'errors.validation.generic' }]);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, lang, error.statusCode, [{ key: 'errors.http.badRequest' }]);
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, lang, 500, [{ key: 'errors.http.internal' }]);
  });
}
