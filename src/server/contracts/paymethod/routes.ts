// The payment-method calls of the customer portal (issue 14 item 5; docs/portal-api.md §10):
//   GET  /zcp/paymeth/options/{contractNo}/{productId}  what the page and the flow start from
//   GET  /zcp/paymeth/CHECKIBAN?IBAN=                   mod-97 and Cyprus rules; 422 MESSAGES/MSGTEXT
//   POST /zcp/PayMeth/MUPLOAD                           the IBAN certificate (multipart, via the upload core)
//   POST /zcp/contract/chgpaymeth                       direct debit (cash is refused, §8)
//   POST /zcp/jcc/JCCFunc/REGCARD                       a card for the contract, through the card provider
//   POST /zcp/jcc/ChgExpDate/CHGEXPDATE                 a registered card's new expiry
// and, through the payment calls, REGPAY with CONTRACT_NO (a pending balance), ORDSTAT and
// PendPaymTimeOut for the contract's own orders. Every call answers only the logged-in customer's
// own contract (403 FORBIDDEN otherwise, as the contract detail does).

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import settings from '../../../../flows/_catalogues/paymentMethod.json' with { type: 'json' };
import { centsToEuro } from '../../../engine/money';
import { fieldRules } from '../../../engine/rules/fieldRules';
import { auth, cookieNames, requireSession } from '../../accounts/http';
import { sessionFromAccessToken } from '../../accounts/sessions';
import { userById } from '../../accounts/users';
import { addWorkingDays, registerContractOrder } from '../../payments';
import { type ServiceContext, today } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { liveCatalogue } from '../../platform/liveConfig';
import { answers, body, open, str } from '../../platform/schemaParts';
import { receiveUpload, uploadSummary } from '../../uploads/routes';
import { instalmentsOf } from '../contractAmounts';
import { ownContract, paymentData } from '../detail';
import {
  blockOf,
  CERTIFICATE_PURPOSE,
  cardVerificationCents,
  checkIban,
  instalmentCents,
  minInstalmentCents,
  unavailable,
} from './rules';

const TAG = 'portal: payment method';

type Json = Record<string, unknown>;
type ContractKey = { CONTRACT_NO: string; PRODUCT_ID: string };

const KEY = { CONTRACT_NO: str(20), PRODUCT_ID: str(10) };

function refusal(key: string, code: string, field?: string, params: Json = {}): ApiError {
  return new ApiError(422, [{ key, code, field, params }], { CODE: code });
}

function langOf(request: FastifyRequest, given?: string): 'el' | 'en' {
  if (given === 'el' || given === 'en') return given;
  return String(request.headers['accept-language'] ?? '').startsWith('en') ? 'en' : 'el';
}

export function paymethodRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const active = requireSession(ctx, 'ACTIVE');
  const settingsOfSession = { secret: ctx.config.sessionSecret, config: ctx.config.portal };

  /** The logged-in customer's number without touching the session's cookies (ORDSTAT's question). */
  async function customerOf(request: FastifyRequest): Promise<string | null> {
    const token = request.cookies[cookieNames(ctx.config.portal).access];
    if (!token) return null;
    try {
      const session = await sessionFromAccessToken(ctx.db, settingsOfSession, token, ctx.now());
      if (session.stage !== 'ACTIVE') return null;
      const user = await userById(ctx.db, session.user_id);
      return user && !user.locked ? user.customer_no : null;
    } catch {
      return null;
    }
  }

  async function contractOf(request: FastifyRequest, key: ContractKey) {
    const { customer } = auth(request);
    const row = await ownContract(ctx.db, customer, key.CONTRACT_NO.trim(), String(key.PRODUCT_ID).trim());
    return { customer, row };
  }

  async function changeable(request: FastifyRequest, key: ContractKey) {
    const found = await contractOf(request, key);
    if (await blockOf(ctx.db, found.row.contract_no)) throw unavailable();
    return found;
  }

  return async (app) => {
    // REGPAY with CONTRACT_NO arrives through the payment calls (one path for both uses of REGPAY),
    // so this scope's login check is applied here by hand (the CSRF rule, src/server/accounts/csrf.ts, covers
    // every route).
    ctx.contractPayments = {
      customerOf,
      async regpay(request: FastifyRequest, reply: FastifyReply) {
        await active(request, reply);
        const b = request.body as ContractKey & { LANGUAGE?: string };
        const { customer, row } = await contractOf(request, b);
        const balance = Number(row.balance_cents);
        if (!(balance > 0)) throw refusal('paymethod:errors.noBalance', 'NO_BALANCE');
        return registerContractOrder(ctx.db, ctx.config.payment, {
          contractNo: row.contract_no,
          offerNo: row.offer_no,
          customerNo: customer.customer_no,
          purpose: 'BALANCE',
          amountCents: balance,
          lang: langOf(request, b.LANGUAGE),
          now: ctx.now(),
        });
      },
    };

    app.get<{ Params: { contractNo: string; productId: string } }>(
      '/paymeth/options/:contractNo/:productId',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "What a contract's payment-method page starts from: current method, what may be chosen",
          params: body({ contractNo: str(20), productId: str(10) }, ['contractNo', 'productId']),
          response: answers({ 200: open('{ CS_PAYMENT_DATA, CHANGE_AVAILABLE, METHODS, … } (§10)') }),
        },
      },
      async (request) => {
        const { row } = await contractOf(request, {
          CONTRACT_NO: request.params.contractNo,
          PRODUCT_ID: request.params.productId,
        });
        const instalment = instalmentCents(Number(row.premium_cents), instalmentsOf(row.data));
        const blocked = await blockOf(ctx.db, row.contract_no);
        return {
          CONTRACT_NO: row.contract_no,
          PRODUCT_ID: row.product_id,
          CS_PAYMENT_DATA: paymentData(row.data),
          CHANGE_AVAILABLE: blocked === null,
          ZZBALANCE_AMOUNT: centsToEuro(Number(row.balance_cents)),
          INSTALLMENT_AMOUNT: centsToEuro(instalment),
          MIN_INSTALLMENT_AMOUNT: liveCatalogue('paymentMethod', settings).minInstalmentEuro,
          DIRECT_DEBIT_AVAILABLE: instalment >= minInstalmentCents(),
          // Cash is listed so the page can say why it cannot be chosen (§8).
          METHODS: [
            { VALUE: 'CARD', AVAILABLE: true },
            { VALUE: 'DIRECT_DEBIT', AVAILABLE: instalment >= minInstalmentCents() },
            { VALUE: 'CASH', AVAILABLE: false },
          ],
        };
      },
    );

    app.get<{ Querystring: { IBAN: string } }>(
      '/paymeth/CHECKIBAN',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: 'Checks an IBAN for direct debit (mod-97, Cyprus: CY, 28 characters, a known bank)',
          querystring: body({ IBAN: str(60) }, ['IBAN']),
          response: answers({ 200: open('{ IBAN, IBAN_DISPLAY, BANK, BANK_CODE }') }),
        },
      },
      async (request) => {
        const { iban, bank } = checkIban(request.query.IBAN, ctx.bundles);
        return {
          IBAN: iban,
          IBAN_DISPLAY: iban.replace(/(.{4})(?=.)/g, '$1 '),
          BANK: bank,
          BANK_CODE: iban.slice(4, 7),
        };
      },
    );

    app.post(
      '/PayMeth/MUPLOAD',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            'The IBAN certificate of a direct debit (multipart: CONTRACT_NO, PRODUCT_ID, then FILE: pdf, jpg or png by content)',
          response: answers({ 200: open('{ UPLOAD_ID, FILE_NAME, MIME_TYPE, SIZE, SHA256 }') }),
        },
      },
      async (request) => {
        // The contract (a field sent before the file) is checked before anything is stored, so a
        // stranger's number is refused with nothing kept.
        const { row } = await receiveUpload(ctx, request, {
          purpose: CERTIFICATE_PURPOSE,
          kind: async (fields) => {
            await contractOf(request, {
              CONTRACT_NO: fields.CONTRACT_NO ?? '',
              PRODUCT_ID: fields.PRODUCT_ID ?? '',
            });
            return 'document';
          },
          field: 'CERTIFICATE',
        });
        return uploadSummary(row);
      },
    );

    app.post<{
      Body: ContractKey & {
        PAYMENT_METHOD: string;
        IBAN?: string;
        BANK?: string;
        ACCOUNT_HOLDER_CONFIRMED?: boolean | string;
        CERTIFICATE_ID?: string;
      };
    }>(
      '/contract/chgpaymeth',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            'Changes a contract to direct debit (SEPA); cash cannot be chosen, a card goes through REGCARD',
          body: body(
            {
              ...KEY,
              PAYMENT_METHOD: str(20),
              IBAN: str(60),
              BANK: str(20),
              ACCOUNT_HOLDER_CONFIRMED: { type: ['boolean', 'string'], maxLength: 5 },
              CERTIFICATE_ID: str(36),
            },
            ['CONTRACT_NO', 'PRODUCT_ID', 'PAYMENT_METHOD'],
          ),
          response: answers({ 200: open('{ CS_PAYMENT_DATA, EFFECTIVE_DATE, CONTRACT_VERSION }') }),
        },
      },
      async (request) => {
        const b = request.body;
        const method = b.PAYMENT_METHOD.trim().toUpperCase();
        if (method === 'CASH') throw refusal('paymethod:errors.cash', 'CASH_NOT_ALLOWED', 'PAYMENT_METHOD');
        if (method === 'CARD') throw refusal('paymethod:errors.cardThroughProvider', 'USE_REGCARD');
        if (method !== 'DIRECT_DEBIT')
          throw refusal('paymethod:errors.unknownMethod', 'UNKNOWN_METHOD', 'PAYMENT_METHOD');
        const { customer, row } = await changeable(request, b);

        const { iban, bank } = checkIban(b.IBAN ?? '', ctx.bundles);
        if ((b.BANK ?? '').trim() && b.BANK?.trim() !== bank)
          throw refusal('paymethod:errors.bankMismatch', 'BANK_MISMATCH', 'BANK');
        const confirmed = b.ACCOUNT_HOLDER_CONFIRMED === true || b.ACCOUNT_HOLDER_CONFIRMED === 'true';
        if (!confirmed)
          throw refusal(
            'paymethod:errors.holderConfirmation',
            'HOLDER_CONFIRMATION',
            'ACCOUNT_HOLDER_CONFIRMED',
          );
        const instalment = instalmentCents(Number(row.premium_cents), instalmentsOf(row.data));
        if (instalment < minInstalmentCents())
          throw refusal('paymethod:errors.minInstalment', 'MIN_INSTALMENT', 'PAYMENT_METHOD', {
            amount: liveCatalogue('paymentMethod', settings).minInstalmentEuro,
          });
        const [certificate] = await ctx.db.query<{ upload_id: string }>(
          'SELECT upload_id FROM uploads WHERE upload_id::text = $1 AND customer_no = $2 AND purpose = $3',
          [(b.CERTIFICATE_ID ?? '').trim(), customer.customer_no, CERTIFICATE_PURPOSE],
        );
        if (!certificate)
          throw refusal('paymethod:errors.certificateRequired', 'CERTIFICATE_REQUIRED', 'CERTIFICATE_ID');

        const effective = addWorkingDays(
          today(ctx),
          liveCatalogue('paymentMethod', settings).workingDaysToEffect,
        );
        const holder = `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim();
        const data = {
          PAYMENT_METHOD: 'DIRECT_DEBIT',
          IBAN: iban,
          BANK: bank,
          ACCOUNT_HOLDER: holder,
          CERTIFICATE_ID: certificate.upload_id,
          EFFECTIVE_DATE: effective,
        };
        const version = await ctx.db.transaction(async (tx) => {
          const [updated] = await tx.query<{ version: number }>(
            `UPDATE contracts SET data = jsonb_set(data, '{CS_PAYMENT_DATA}', $2::jsonb, true), version = version + 1
             WHERE contract_no = $1 RETURNING version`,
            [row.contract_no, JSON.stringify(data)],
          );
          await tx.query(
            `INSERT INTO paymethod_changes (contract_no, customer_no, payment_method, iban, bank, certificate_id,
               effective_date, created_at)
             VALUES ($1, $2, 'DIRECT_DEBIT', $3, $4, $5, $6, $7)`,
            [row.contract_no, customer.customer_no, iban, bank, certificate.upload_id, effective, ctx.now()],
          );
          return Number(updated.version);
        });
        return {
          CONTRACT_NO: row.contract_no,
          CONTRACT_VERSION: version,
          CS_PAYMENT_DATA: paymentData({ CS_PAYMENT_DATA: data }),
          EFFECTIVE_DATE: effective,
        };
      },
    );

    app.post<{ Body: ContractKey & { LANGUAGE?: string } }>(
      '/jcc/JCCFunc/REGCARD',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary:
            "Registers a card for the contract on the card provider's page (a held, never captured verification amount); answers ES_RETURN_DATA",
          body: body({ ...KEY, LANGUAGE: str(10) }, ['CONTRACT_NO', 'PRODUCT_ID']),
          response: answers({ 200: open('{ ES_RETURN_DATA: { URL, METHOD, ORDER_ID, FIELDS } }') }),
        },
      },
      async (request) => {
        const { customer, row } = await changeable(request, request.body);
        return registerContractOrder(ctx.db, ctx.config.payment, {
          contractNo: row.contract_no,
          offerNo: row.offer_no,
          customerNo: customer.customer_no,
          purpose: 'CARD_REGISTRATION',
          amountCents: cardVerificationCents(),
          lang: langOf(request, request.body.LANGUAGE),
          now: ctx.now(),
        });
      },
    );

    app.post<{ Body: ContractKey & { CUSTOMER_NO: string; BINDING_ID: string; NEW_EXPIRY: string } }>(
      '/jcc/ChgExpDate/CHGEXPDATE',
      {
        preHandler: active,
        schema: {
          tags: [TAG],
          summary: "A registered card's new expiry (MM/YY); the binding must be the contract's",
          body: body({ ...KEY, CUSTOMER_NO: str(20), BINDING_ID: str(80), NEW_EXPIRY: str(10) }, [
            'CUSTOMER_NO',
            'CONTRACT_NO',
            'PRODUCT_ID',
            'BINDING_ID',
            'NEW_EXPIRY',
          ]),
          response: answers({ 200: open('{ CS_PAYMENT_DATA, CONTRACT_VERSION }') }),
        },
      },
      async (request) => {
        const b = request.body;
        const { customer, row } = await changeable(request, b);
        const current = (row.data.CS_PAYMENT_DATA ?? {}) as Json;
        // Another customer's number, or a binding that is not this contract's card, reads as not found.
        if (
          b.CUSTOMER_NO.trim() !== customer.customer_no ||
          !current.BINDING_ID ||
          current.BINDING_ID !== b.BINDING_ID
        )
          throw refusal('paymethod:errors.bindingNotFound', 'BINDING_NOT_FOUND', 'BINDING_ID');
        const expiry = b.NEW_EXPIRY.trim();
        const m = /^(\d{2})\/(?:20)?(\d{2})$/.exec(expiry);
        // The same rule as the card-expiry field: MM/YY, a real month, not in the past.
        if (!m || fieldRules.card_expiry(`${m[1]}/${m[2]}`, today(ctx)) !== true)
          throw refusal('paymethod:errors.expiry', 'EXPIRY_INVALID', 'NEW_EXPIRY');
        const stored = `${m[1]}/20${m[2]}`;
        const [updated] = await ctx.db.query<{ version: number; data: Json }>(
          `UPDATE contracts SET data = jsonb_set(data, '{CS_PAYMENT_DATA,CARD_EXPIRY}', to_jsonb($2::text), true),
             version = version + 1
           WHERE contract_no = $1 RETURNING version, data`,
          [row.contract_no, stored],
        );
        return {
          CONTRACT_NO: row.contract_no,
          CONTRACT_VERSION: Number(updated.version),
          CS_PAYMENT_DATA: paymentData(updated.data),
        };
      },
    );
  };
}
