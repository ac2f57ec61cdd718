// The right of withdrawal for a visitor who bought without an account (issue 28 item 1): the
// policy e-mail's link (/withdraw#<token>) opens the site's page, which reads the contract's
// withdrawal by the token, has a one-time code sent to the policy's e-mail or mobile, and
// withdraws with that code. Public JSON calls (a cross-site form cannot send them); the token is
// the only key, and an unknown, malformed or expired one gets one answer.

import type { FastifyPluginAsync } from 'fastify';
import { getPath } from '../../../engine/paths';
import { maskMobile } from '../../customers/store';
import { issueCode, type OtpSettings, verifyCode } from '../../otp/codes';
import { enqueueMail, enqueueSms, normalizeCypriotMobile } from '../../outbox';
import { type ServiceContext, today } from '../../platform/context';
import { ApiError, requestLang } from '../../platform/errors';
import { hitLimit } from '../../platform/rateLimit';
import { answers, body, noContent, open, str } from '../../platform/schemaParts';
import { contractOfLink } from './links';
import { WITHDRAWAL_ANSWER, withdrawalDeps } from './routes';
import { policyMailOf, productTitle, reasonText, refusal, withdraw } from './service';
import {
  callCentrePhone,
  recordAnswer,
  withdrawalAnswer,
  withdrawalContract,
  withdrawalState,
} from './state';

const TAG = 'withdrawal link';
const TOKEN = str(64, { description: 'the token of the policy e-mail’s /withdraw#<token> link' });
const CHANNEL = { type: 'string', enum: ['MAIL', 'SMS'] };

/** How many codes one link may have sent an hour. */
const CODES_PER_HOUR = 5;

function maskMail(mail: string): string {
  const [user, domain] = mail.split('@');
  // Its first letter and the domain: enough to recognise, not its length.
  return `${user.slice(0, 1)}•••@${domain}`;
}

export function withdrawalLinkRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const settings: OtpSettings = {
    secret: ctx.config.sessionSecret,
    ttlMinutes: ctx.config.otpTtlMinutes,
    maxAttempts: ctx.config.otpMaxAttempts,
  };
  const badLink = () =>
    new ApiError(
      404,
      [{ key: 'errors.withdrawal.badLink', params: { phone: callCentrePhone() }, code: 'BAD_LINK' }],
      {
        CODE: 'BAD_LINK',
        CALL_CENTRE: callCentrePhone(),
      },
    );

  async function linked(token: string) {
    const contractNo = await contractOfLink(ctx.db, token, ctx.now());
    const contract = contractNo ? await withdrawalContract(ctx.db, contractNo) : null;
    if (!contract) throw badLink();
    const mail = policyMailOf(contract);
    const mobile = normalizeCypriotMobile(
      String(getPath(contract.data, 'CS_POLICY_HOLDER.MOB_PHONE_NO') ?? ''),
    );
    return { contract, mail, mobile };
  }

  const recipient = (channel: string, target: { mail: string | null; mobile: string | null }) =>
    channel === 'SMS' ? target.mobile : target.mail;

  return async (app) => {
    app.post<{ Body: { TOKEN: string } }>(
      '/withdrawal/link',
      {
        schema: {
          tags: [TAG],
          summary:
            'The withdrawal of the contract a policy e-mail’s link names (404 BAD_LINK: unknown or expired)',
          body: body({ TOKEN }, ['TOKEN']),
          response: answers({
            200: open(
              `${WITHDRAWAL_ANSWER.description} Also PRODUCT_DESC, START_DATE, EXPIRY_DATE, MAIL_HINT, MOBILE_HINT.`,
            ),
          }),
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const { contract, mail, mobile } = await linked(request.body.TOKEN);
        const state = await withdrawalState(ctx.db, ctx.bundles, contract, today(ctx));
        return {
          ...withdrawalAnswer(state, (reason) => reasonText(lang, state, reason)),
          PRODUCT_DESC: productTitle(contract, lang),
          START_DATE: contract.start_date,
          EXPIRY_DATE: contract.expiry_date,
          MAIL_HINT: mail ? maskMail(mail) : '',
          MOBILE_HINT: mobile ? maskMobile(mobile) : '',
        };
      },
    );

    app.post<{ Body: { TOKEN: string; CHANNEL: 'MAIL' | 'SMS' } }>(
      '/withdrawal/link/code',
      {
        schema: {
          tags: [TAG],
          summary: 'Send a one-time code to the policy’s e-mail (MAIL) or mobile (SMS)',
          description: `At most ${CODES_PER_HOUR} codes an hour per link (429 TOO_MANY). 422 when the right cannot be used, or NO_RECIPIENT when the policy has no such address.`,
          body: body({ TOKEN, CHANNEL }, ['TOKEN', 'CHANNEL']),
          response: answers(noContent('Code sent')),
        },
      },
      async (request, reply) => {
        const lang = requestLang(request);
        const target = await linked(request.body.TOKEN);
        const state = await withdrawalState(ctx.db, ctx.bundles, target.contract, today(ctx));
        if (state.reason !== null) throw refusal(lang, state);
        const to = recipient(request.body.CHANNEL, target);
        if (!to)
          throw new ApiError(
            422,
            [
              {
                key: 'errors.withdrawal.noRecipient',
                params: { phone: callCentrePhone() },
                code: 'NO_RECIPIENT',
                field: 'CHANNEL',
              },
            ],
            { CODE: 'NO_RECIPIENT' },
          );
        const allowed = await hitLimit(
          ctx.db,
          {
            bucket: 'withdrawal-code',
            key: target.contract.contract_no,
            limit: CODES_PER_HOUR,
            windowMs: 3_600_000,
          },
          ctx.now(),
          ctx.config.sessionSecret,
        );
        if (!allowed)
          throw new ApiError(429, [{ key: 'errors.portal.tooMany', code: 'TOO_MANY' }], { CODE: 'TOO_MANY' });
        const code = await issueCode(
          ctx.db,
          'WITHDRAWAL',
          `${target.contract.contract_no}:${to}`,
          settings,
          ctx.now(),
        );
        // The code's message names the contract, so it is never mistaken for another code.
        const values = {
          code,
          minutes: settings.ttlMinutes,
          contractNo: target.contract.contract_no,
          product: productTitle(target.contract, lang),
        };
        if (request.body.CHANNEL === 'SMS')
          await enqueueSms(ctx.db, { to, template: 'withdrawalCode', lang, values });
        else await enqueueMail(ctx.db, { to, template: 'withdrawalCode', lang, values });
        ctx.kickOutbox();
        return reply.code(204).send();
      },
    );

    app.post<{ Body: { TOKEN: string; CHANNEL: 'MAIL' | 'SMS'; CODE: string } }>(
      '/withdrawal/link/withdraw',
      {
        schema: {
          tags: [TAG],
          summary: 'Withdraw with the one-time code sent to the policy’s e-mail or mobile',
          description:
            'Exactly once, as the portal’s /contract/withdraw (409 WITHDRAWN the second time). 422 CODE_INVALID or CODE_EXPIRED.',
          body: body({ TOKEN, CHANNEL, CODE: str(12) }, ['TOKEN', 'CHANNEL', 'CODE']),
          response: answers({ 200: open('{ CONTRACT_NO, STATUS: "WITHDRAWN", WITHDRAWAL }') }),
        },
      },
      async (request) => {
        const lang = requestLang(request);
        const target = await linked(request.body.TOKEN);
        const state = await withdrawalState(ctx.db, ctx.bundles, target.contract, today(ctx));
        if (state.reason !== null) throw refusal(lang, state);
        const to = recipient(request.body.CHANNEL, target);
        const outcome = to
          ? await verifyCode(
              ctx.db,
              'WITHDRAWAL',
              `${target.contract.contract_no}:${to}`,
              request.body.CODE.trim(),
              settings,
              ctx.now(),
            )
          : 'EXPIRED';
        if (outcome !== 'OK') {
          const code = outcome === 'INVALID' ? 'CODE_INVALID' : 'CODE_EXPIRED';
          const key = outcome === 'INVALID' ? 'errors.portal.codeInvalid' : 'errors.portal.codeExpired';
          throw new ApiError(422, [{ key, code, field: 'CODE' }], { CODE: code });
        }
        const done = await withdraw(
          withdrawalDeps(ctx, request),
          target.contract.contract_no,
          'LINK',
          lang,
          target.mail,
        );
        ctx.kickOutbox();
        return {
          CONTRACT_NO: done.contract.contract_no,
          STATUS: done.contract.status,
          WITHDRAWAL: recordAnswer(done.record),
        };
      },
    );
  };
}
