// Input the database or the router cannot take is refused up front, the same way on every route:
// deeply nested JSON, NUL characters (PostgreSQL's text and jsonb refuse them) and lone UTF-16
// surrogates ("\ud800": valid JSON, but not Unicode, so jsonb refuses it) anywhere in a body,
// query or path parameter; and paths whose percent-encoding is broken. Each is a 400 with the
// usual translated MESSAGES body and the usual security headers, never a 500 or a raw framework body.

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, renderMessages, requestLang } from './errors';
import type { SecurityHeaders } from './security';

/** Deeper JSON than any quote needs is refused before validation walks it. */
export const MAX_BODY_DEPTH = 16;

// With the u flag a well-formed surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text holds a character no database column can store (NUL, a lone surrogate). */
export function hasBadCharacter(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * Nesting depth of a parsed JSON value, walked without recursion, and whether any key or string
 * holds a character the database refuses (`bad`).
 */
export function inspectBody(value: unknown, limit = MAX_BODY_DEPTH): { depth: number; bad: boolean } {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node === 'string') {
      if (hasBadCharacter(node)) return { depth: max, bad: true };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) max = depth;
    if (max > limit) return { depth: max, bad: false };
    if (Array.isArray(node)) {
      for (const child of node) stack.push([child, depth + 1]);
    } else {
      for (const [key, child] of Object.entries(node)) {
        if (hasBadCharacter(key)) return { depth: max, bad: true };
        stack.push([child, depth + 1]);
      }
    }
  }
  return { depth: max, bad: false };
}

function checkInput(value: unknown): void {
  if (value === undefined || value === null) return;
  const { depth, bad } = inspectBody(value);
  if (depth > MAX_BODY_DEPTH) throw new ApiError(400, [{ key: 'errors.validation.tooDeep' }]);
  if (bad) throw new ApiError(400, [{ key: 'errors.validation.character' }]);
}

/** Checks body, query and path parameters of every request before its schema sees them. */
export function registerInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    checkInput(request.body);
    checkInput(request.query);
    checkInput(request.params);
  });
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a path whose percent-encoding
 * does not decode, an over-long parameter) are answered here, outside the hooks, so the security
 * headers are applied by hand. Only the translated message leaves; the framework's code stays in the log.
 */
export function frameworkErrorAnswer(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    request.log.info({ code: error.code, url: request.url }, 'request refused before routing');
    headers.apply(reply);
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    reply
      .code(status)
      .header('x-request-id', request.id)
      .type('application/json; charset=utf-8')
      .send({ MESSAGES: renderMessages(requestLang(request), [{ key: 'security:badUrl' }]) });
  };
}
