// The integration API of the insurer's core system (issue 28 item 4), under /zcp/integration:
// read a claim, work order, request or payment-method review, move it to a status the
// transitions allow, add a note, pay a claim. A service token authenticates the caller
// (Authorization: Bearer; the service keeps only its SHA-256, INTEGRATION_TOKEN_SHA256, compared
// in constant time), calls are limited per minute (INTEGRATION_RATE_PER_MINUTE) and every call,
// refused ones included, is written to integration_audit.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { isValidYmd } from '../../engine/dates';
import type { ServiceContext } from '../platform/context';
import { requestLang } from '../platform/errors';
import { hitLimit } from '../platform/rateLimit';
import { body, open, str } from '../platform/schemaParts';
import { CASE_KINDS, type CaseKind, KIND_SEGMENTS } from './kinds';
import {
  caseError,
  caseHistory,
  claimPayment,
  moveCase,
  NOTE_MAX,
  nextStatuses,
  PAYMENT_METHODS,
  type PaymentMethod,
  readCase,
  statusText,
} from './progress';

const TAG = 'integration (core system)';

declare module 'fastify' {
  interface FastifyRequest {
    integrationOutcome?: string;
  }
  interface FastifyContextConfig {
    /** The kind of case an integration route acts on (written to its audit row). */
    caseKind?: CaseKind;
  }
}

/** True when `token`'s SHA-256 is `expectedHex`, compared in constant time. */
export function tokenMatches(token: string, expectedHex: string): boolean {
  const given = createHash('sha256').update(token, 'utf8').digest();
  const expected = Buffer.from(expectedHex, 'hex');
  return expected.length === given.length && timingSafeEqual(given, expected);
}

const OUTCOME_BY_STATUS: Record<number, string> = {
  200: 'OK',
  204: 'OK',
  400: 'INVALID',
  401: 'WRONG_TOKEN',
  404: 'NOT_FOUND',
  409: 'NOT_ALLOWED',
  422: 'INVALID',
  429: 'RATE_LIMITED',
};

const REF = { type: 'object', properties: { ref: str(40) }, required: ['ref'], additionalProperties: false };
const NOTE = { ...str(NOTE_MAX), description: 'The insurer’s note the customer reads (plain text)' };
const ERRORS = {
  401: open('{ MESSAGES, CODE: NO_TOKEN | WRONG_TOKEN | NOT_CONFIGURED (INTEGRATION_TOKEN_SHA256 unset) }'),
  404: open('{ MESSAGES, CODE: NOT_FOUND }: no such case'),
  409: open(
    '{ MESSAGES, CODE: NOT_ALLOWED, STATUS, ALLOWED: [...] }: the move is not allowed from the case’s status',
  ),
  422: open('{ MESSAGES, CODE }'),
  429: open('{ MESSAGES, CODE: RATE_LIMITED }'),
};

export function integrationRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const { tokenSha256, perMinute } = ctx.config.integration;

  async function authenticate(request: FastifyRequest) {
    if (!tokenSha256) {
      request.integrationOutcome = 'NOT_CONFIGURED';
      // No token can be right while none is configured: a refusal, not an outage.
      throw caseError(401, 'NOT_CONFIGURED');
    }
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      request.integrationOutcome = 'NO_TOKEN';
      throw caseError(401, 'NO_TOKEN');
    }
    if (!tokenMatches(match[1], tokenSha256)) {
      request.integrationOutcome = 'WRONG_TOKEN';
      throw caseError(401, 'WRONG_TOKEN');
    }
    // One caller (the core system): one window shared by every instance.
    const rule = { bucket: 'INTEGRATION', key: 'core', limit: perMinute, windowMs: 60_000 };
    if (!(await hitLimit(ctx.db, rule, ctx.now(), ctx.config.sessionSecret))) {
      request.integrationOutcome = 'RATE_LIMITED';
      throw caseError(429, 'RATE_LIMITED');
    }
  }

  async function audit(request: FastifyRequest, reply: FastifyReply) {
    const params = (request.params ?? {}) as { ref?: string };
    const kind = request.routeOptions.config?.caseKind ?? null;
    const payload = (request.body ?? {}) as Record<string, unknown>;
    const outcome = request.integrationOutcome ?? OUTCOME_BY_STATUS[reply.statusCode] ?? 'ERROR';
    await ctx.db.query(
      `INSERT INTO integration_audit (at, request_id, ip, method, route, case_kind, case_ref, outcome, status_code, detail)
       VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb)`,
      [
        ctx.now().toISOString(),
        request.id,
        request.ip,
        request.method,
        request.routeOptions.url ?? request.url.split('?')[0],
        kind,
        typeof params.ref === 'string' ? params.ref.slice(0, 40) : null,
        outcome,
        reply.statusCode,
        // What was asked, never a token or an account number in full.
        JSON.stringify({
          STATUS: typeof payload.STATUS === 'string' ? payload.STATUS.slice(0, 40) : undefined,
          AMOUNT: typeof payload.AMOUNT === 'number' ? payload.AMOUNT : undefined,
          NOTE_LENGTH: typeof payload.NOTE === 'string' ? payload.NOTE.length : undefined,
        }),
      ],
    );
  }

  const settings = () => ({ publicUrl: ctx.config.publicUrl, now: ctx.now() });

  async function view(request: FastifyRequest, kind: CaseKind, ref: string) {
    const lang = requestLang(request);
    const row = await readCase(ctx.db, kind, ref);
    if (!row) throw caseError(404, 'NOT_FOUND', { ref });
    const payment = kind === 'CLAIM' ? await claimPayment(ctx.db, row.id) : null;
    return {
      KIND: kind,
      REF: row.ref,
      CUSTOMER_NO: row.customer_no ?? '',
      CONTRACT_NO: row.contract_no ?? '',
      STATUS: row.status,
      STATUS_DESC: statusText(lang, kind, row.status),
      NEXT: (await nextStatuses(ctx.db, kind, row.status)).map((n) => ({
        STATUS: n.to_status,
        REQUIRES_PAYMENT: n.requires_payment,
      })),
      ET_HISTORY: await caseHistory(ctx.db, kind, row.ref, lang),
      ...(kind === 'CLAIM' ? { ET_PAYMENT: payment ? [payment] : [] } : {}),
    };
  }

  return async (app) => {
    app.addHook('onRequest', authenticate);
    // Written before the answer leaves (onSend, not onResponse): a caller that has its answer can
    // count on the call being in the audit, and a failed audit write fails the call.
    app.addHook('onSend', async (request, reply, payload) => {
      await audit(request, reply);
      return payload;
    });

    for (const kind of CASE_KINDS) {
      const base = `/integration/${KIND_SEGMENTS[kind]}/:ref`;
      const config = { caseKind: kind };
      app.get<{ Params: { ref: string } }>(
        base,
        {
          config,
          schema: {
            tags: [TAG],
            summary: `A ${kind} case: its status, the moves allowed from it, its history`,
            security: [{ integrationToken: [] }],
            params: REF,
            response: {
              200: open(
                '{ KIND, REF, STATUS, NEXT: [{ STATUS, REQUIRES_PAYMENT }], ET_HISTORY, ET_PAYMENT? }',
              ),
              ...ERRORS,
            },
          },
        },
        async (request) => view(request, kind, request.params.ref),
      );

      app.post<{ Params: { ref: string }; Body: { STATUS: string; NOTE?: string } }>(
        `${base}/status`,
        {
          config,
          schema: {
            tags: [TAG],
            summary: `Moves a ${kind} case to a status case_transitions allows, with an optional note; the customer is told`,
            security: [{ integrationToken: [] }],
            params: REF,
            body: body({ STATUS: str(40), NOTE }, ['STATUS']),
            response: { 200: open('{ REF, FROM_STATUS, STATUS }'), ...ERRORS },
          },
        },
        async (request) =>
          moveCase(ctx.db, settings(), {
            kind,
            ref: request.params.ref,
            to: request.body.STATUS,
            note: request.body.NOTE ?? '',
            source: 'INTEGRATION',
          }).finally(ctx.kickOutbox),
      );

      app.post<{ Params: { ref: string }; Body: { NOTE: string } }>(
        `${base}/notes`,
        {
          config,
          schema: {
            tags: [TAG],
            summary: `Adds a note to a ${kind} case without moving it; the customer is told`,
            security: [{ integrationToken: [] }],
            params: REF,
            body: body({ NOTE }, ['NOTE']),
            response: { 200: open('{ REF, FROM_STATUS, STATUS }'), ...ERRORS },
          },
        },
        async (request) =>
          moveCase(ctx.db, settings(), {
            kind,
            ref: request.params.ref,
            note: request.body.NOTE,
            source: 'INTEGRATION',
          }).finally(ctx.kickOutbox),
      );
    }

    app.post<{
      Params: { ref: string };
      Body: {
        AMOUNT: number;
        PAYMENT_DATE: string;
        METHOD: PaymentMethod;
        ACCOUNT?: string;
        REFERENCE?: string;
        NOTE?: string;
      };
    }>(
      '/integration/claims/:ref/payment',
      {
        config: { caseKind: 'CLAIM' },
        schema: {
          tags: [TAG],
          summary:
            'Pays a claim (ET_PAYMENT): the move to the status that records a payment, with its details',
          security: [{ integrationToken: [] }],
          params: REF,
          body: body(
            {
              AMOUNT: { type: 'number', exclusiveMinimum: 0, maximum: 10_000_000, description: 'euro' },
              PAYMENT_DATE: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
              METHOD: { type: 'string', enum: [...PAYMENT_METHODS] },
              ACCOUNT: { ...str(40), description: 'IBAN or account paid into; only its masked form is kept' },
              REFERENCE: str(40),
              NOTE,
            },
            ['AMOUNT', 'PAYMENT_DATE', 'METHOD'],
          ),
          response: { 200: open('{ REF, FROM_STATUS, STATUS }'), ...ERRORS },
        },
      },
      async (request) => {
        const input = request.body;
        if (!isValidYmd(input.PAYMENT_DATE)) throw caseError(422, 'BAD_DATE');
        const amountCents = Math.round(input.AMOUNT * 100);
        if (amountCents <= 0) throw caseError(422, 'BAD_AMOUNT');
        const row = await readCase(ctx.db, 'CLAIM', request.params.ref);
        if (!row) throw caseError(404, 'NOT_FOUND', { ref: request.params.ref });
        const paying = (await nextStatuses(ctx.db, 'CLAIM', row.status)).find((n) => n.requires_payment);
        return moveCase(ctx.db, settings(), {
          kind: 'CLAIM',
          ref: row.ref,
          // No paying move from here: the transition check refuses it (409 with the moves allowed).
          to: paying?.to_status ?? 'PAID',
          note: input.NOTE ?? '',
          source: 'INTEGRATION',
          payment: {
            amountCents,
            paidOn: input.PAYMENT_DATE,
            method: input.METHOD,
            account: input.ACCOUNT ?? '',
            reference: input.REFERENCE ?? '',
          },
        }).finally(ctx.kickOutbox);
      },
    );
  };
}
