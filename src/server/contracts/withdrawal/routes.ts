// The right of withdrawal in the portal (issue 28 item 1): the contract page reads whether it may
// be used and the refund (GET /contract/withdrawal/…), the customer confirms with the password
// (the portal's one password check, with its lock: five wrong ones lock the account), and the
// confirmation PDF is the owner's to download. Every contract number is checked against the caller.

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { checkPassword, lockedError } from '../../accounts/common';
import { auth, clearSessionCookies, coded, requireSession } from '../../accounts/http';
import { createRefundClient } from '../../cardProvider/refunds';
import { type ServiceContext, today } from '../../platform/context';
import { ApiError, requestLang } from '../../platform/errors';
import { answers, body, open, str } from '../../platform/schemaParts';
import { ownContract } from '../detail';
import { withdrawalFileName } from './pdf';
import { confirmationPdf, policyMailOf, reasonText, refusal, type WithdrawalDeps, withdraw } from './service';
import { recordAnswer, withdrawalAnswer, withdrawalContract, withdrawalState } from './state';

const TAG = 'portal: withdrawal';

export const WITHDRAWAL_ANSWER = open(
  '{ CONTRACT_NO, ELIGIBLE, REASON (PERIOD_OVER | CLAIM | NOT_ISSUED | NOT_ACTIVE | WITHDRAWN | null), REASON_TEXT, PERIOD_DAYS, ISSUED_ON, LAST_DAY, PREMIUM_AMOUNT, PAID_AMOUNT, COVERED_DAYS, POLICY_DAYS, KEPT_AMOUNT, REFUND_AMOUNT, REFUND_METHOD (CARD | BACK_OFFICE | NONE), CARD_NUMBER, CALL_CENTRE, WITHDRAWAL: { WITHDRAWN_ON, COVERED_DAYS, KEPT_AMOUNT, REFUND_AMOUNT, REFUND_METHOD, REFUND_STATUS } | null }. Amounts in euro; the refund is the premium less the share for the days covered (the day of withdrawal included).',
);

export function withdrawalDeps(ctx: ServiceContext, request: FastifyRequest): WithdrawalDeps {
  return {
    db: ctx.db,
    bundles: ctx.bundles,
    refunds: createRefundClient(ctx.db, ctx.config.payment, ctx.now),
    now: ctx.now,
    today: () => today(ctx),
    log: request.log,
  };
}

type Key = { CONTRACT_NO: string; PRODUCT_ID: string };

export function withdrawalRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  // A re-confirmation (passkey, or the password re-entered) counts for the portal's re-auth minutes.
  const reconfirmed = (at: Date | string | null) =>
    at !== null && new Date(at).getTime() + ctx.config.portal.reauthMinutes * 60_000 > ctx.now().getTime();

  /** The caller's own contract (403 otherwise) and its withdrawal's state today. */
  async function stateOf(request: FastifyRequest, contractNo: string, productId: string) {
    const { customer } = auth(request);
    await ownContract(ctx.db, customer, contractNo, productId);
    const contract = await withdrawalContract(ctx.db, contractNo);
    if (!contract) throw new Error('own contract vanished');
    return withdrawalState(ctx.db, ctx.bundles, contract, today(ctx));
  }

  return async (app) => {
    app.get<{ Params: { contractNo: string; productId: string } }>(
      '/contract/withdrawal/:contractNo/:productId',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Whether the customer may withdraw from a contract today, and the refund',
          params: body({ contractNo: str(20), productId: str(10) }, ['contractNo', 'productId']),
          response: answers({ 200: WITHDRAWAL_ANSWER }),
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const state = await stateOf(request, request.params.contractNo, request.params.productId);
        return withdrawalAnswer(state, (reason) => reasonText(lang, state, reason));
      },
    );

    app.post<{ Body: Key & { PASSWORD?: string } }>(
      '/contract/withdraw',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Withdraw from a contract within the period, confirmed by the password or a passkey',
          description:
            'Exactly once: a second call or a parallel one answers 409 WITHDRAWN and refunds nothing. 422 PERIOD_OVER, CLAIM, NOT_ACTIVE (with the call centre); without PASSWORD the session must have been re-confirmed by a passkey (POST /zcp/um/reauthpasskey/verify) in the last minutes, else 422 PASSWORD_REQUIRED; 422 WRONG_PASSWORD; the fifth wrong password locks: 403 LOCKED. The refund goes back to the card through the provider, or is recorded for the back office when the contract was paid otherwise; the confirmation e-mail carries the withdrawal PDF.',
          body: body({ CONTRACT_NO: str(20), PRODUCT_ID: str(10), PASSWORD: str(200) }, [
            'CONTRACT_NO',
            'PRODUCT_ID',
          ]),
          response: answers({
            200: open('{ CONTRACT_NO, STATUS: "WITHDRAWN", WITHDRAWAL: { … as in the GET } }'),
          }),
        },
      },
      async (request, reply) => {
        const { user, customer, session } = auth(request);
        const lang = requestLang(request);
        const { CONTRACT_NO: contractNo, PRODUCT_ID: productId, PASSWORD: password = '' } = request.body;
        const state = await stateOf(request, contractNo, productId);
        // The right is checked before the password is asked for, so a refusal costs no try.
        if (state.reason !== null) throw refusal(lang, state);
        if (!password) {
          // Re-confirmed by a passkey a moment ago (POST /um/reauthpasskey/verify) instead.
          if (!reconfirmed(session.reauth_at))
            throw coded(422, 'errors.withdrawal.passwordRequired', 'PASSWORD_REQUIRED', {}, 'PASSWORD');
        } else {
          const verdict = await checkPassword(ctx, user, password);
          if (verdict === 'LOCKED' || verdict === 'LOCKING') {
            clearSessionCookies(reply, ctx.config.portal);
            throw lockedError();
          }
          if (verdict === 'WRONG')
            throw coded(422, 'errors.portal.wrongPassword', 'WRONG_PASSWORD', {}, 'PASSWORD');
        }
        const done = await withdraw(
          withdrawalDeps(ctx, request),
          contractNo,
          'PORTAL',
          lang,
          policyMailOf(state.contract, customer.email),
        );
        ctx.kickOutbox();
        return {
          CONTRACT_NO: contractNo,
          STATUS: done.contract.status,
          WITHDRAWAL: recordAnswer(done.record),
        };
      },
    );

    app.post<{ Body: Key }>(
      '/contract/withdrawal/print',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'The withdrawal confirmation of a withdrawn contract, as a PDF (404 NOT_WITHDRAWN before)',
          body: body({ CONTRACT_NO: str(20), PRODUCT_ID: str(10) }, ['CONTRACT_NO', 'PRODUCT_ID']),
          response: answers({
            200: {
              description: 'The withdrawal confirmation (application/pdf, attachment)',
              content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
            },
          }),
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const state = await stateOf(request, request.body.CONTRACT_NO, request.body.PRODUCT_ID);
        if (!state.record)
          throw new ApiError(404, [{ text: reasonText(lang, state, 'NOT_ACTIVE'), code: 'NOT_WITHDRAWN' }], {
            CODE: 'NOT_WITHDRAWN',
          });
        const pdf = await confirmationPdf(state.contract, state.record, lang);
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${withdrawalFileName(state.contract.contract_no, lang)}"`,
          )
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
}
