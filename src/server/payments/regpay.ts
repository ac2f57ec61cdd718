// POST /zcp/jcc/JCCFunc/REGPAY: registers a payment order for an offer and answers the signed
// form the browser posts to the provider (ES_RETURN_DATA). The amount is the offer's, never the
// client's, and the referral rules are checked again first. Only the offer's owner may start it
// (the offer cookie, or the e-mailed link's TOKEN): offer numbers are sequential.

import type { FastifyInstance } from 'fastify';
import { type CheckPoint, type CheckPointHit, evaluateCheckPoints } from '../../engine/checkpoints';
import { todayInNicosia } from '../../engine/dates';
import { type FlowBundle, localizeRules } from '../../engine/flow/bundle';
import { buildPaymentRequest } from '../cardProvider/jcc';
import { ApiError, notFound, refuse } from '../platform/errors';
import { checkedWithin, latestUnsettledOrder } from './orders';
import { newOrderId, REGPAY_PATH, RETURN_PATH, type RegpayAnswer } from './providerForm';
import { resolveOrderByStatusQuery } from './resolve';
import { type PaymentsRuntime, resolveContext } from './runtime';
import { type PaymentLang, pickLang } from './texts';

export { newOrderId, REGPAY_PATH, RETURN_PATH, type RegpayAnswer } from './providerForm';

interface RegpayBody {
  CS_POLICY?: { OFFER_NO: string; PRODUCT_ID?: string | number };
  /** A contract's pending balance (the customer portal): CONTRACT_NO and PRODUCT_ID instead of CS_POLICY. */
  CONTRACT_NO?: string;
  LANGUAGE?: string;
  PAYMENT_METHOD?: string;
  TOKEN?: string;
}

const regpaySchema = {
  body: {
    type: 'object',
    // An offer's payment (CS_POLICY) or a logged-in customer's contract balance (CONTRACT_NO).
    anyOf: [{ required: ['CS_POLICY'] }, { required: ['CONTRACT_NO', 'PRODUCT_ID'] }],
    properties: {
      CONTRACT_NO: { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9/_.-]+$' },
      CS_POLICY: {
        type: 'object',
        required: ['OFFER_NO'],
        properties: {
          OFFER_NO: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9/_.-]+$' },
          // The web app may send product ids as numbers (157) or text ("157").
          PRODUCT_ID: { type: ['string', 'integer'], maxLength: 20, minimum: 0 },
        },
      },
      LANGUAGE: { type: 'string', maxLength: 10 },
      PAYMENT_METHOD: { type: 'string', maxLength: 20 },
      // The offer e-mail link's token, for a browser that does not hold the offer cookie.
      TOKEN: { type: 'string', maxLength: 64 },
    },
  },
} as const;

type OfferRow = {
  offer_no: string;
  flow_id: string;
  product_id: string;
  quote: Record<string, unknown>;
  premium_cents: number;
  status: string;
  expiry_date: string;
};

// Localised once per bundle and language, so the check-point engine's per-array cache holds.
const localized = new WeakMap<FlowBundle, Partial<Record<PaymentLang, CheckPoint[]>>>();

function checkPointsOf(bundle: FlowBundle, lang: PaymentLang): CheckPoint[] {
  let entry = localized.get(bundle);
  if (!entry) {
    entry = {};
    localized.set(bundle, entry);
  }
  entry[lang] ??= localizeRules(bundle.rules, lang).ET_CHECK_POINTS as CheckPoint[];
  return entry[lang];
}

/** An earlier attempt checked with the provider this recently is not asked about again. */
const EARLIER_RECHECK_MS = 30_000;

function referral(hit: CheckPointHit): ApiError {
  return new ApiError(422, [{ text: hit.ERROR_MESSAGE, code: hit.ERROR_TEXT_TYPE }], {
    CS_REFERRAL: {
      CHECK_NUMBER: hit.CHECK_NUMBER,
      ERROR_MESSAGE: hit.ERROR_MESSAGE,
      ERROR_TEXT_TYPE: hit.ERROR_TEXT_TYPE,
    },
  });
}

export function registerRegpay(app: FastifyInstance, rt: PaymentsRuntime): void {
  app.post<{ Body: RegpayBody }>(
    REGPAY_PATH,
    { schema: regpaySchema },
    async (request, reply): Promise<RegpayAnswer> => {
      const body = request.body;
      if (!body.CS_POLICY) {
        const contracts = rt.contracts?.();
        if (!contracts) throw notFound('payment:errors.contractNotFound');
        return (await contracts.regpay(request, reply)) as RegpayAnswer;
      }
      const lang = pickLang(body.LANGUAGE, request.headers['accept-language']);
      const offerNo = body.CS_POLICY.OFFER_NO.trim();
      const productId =
        body.CS_POLICY.PRODUCT_ID === undefined ? '' : String(body.CS_POLICY.PRODUCT_ID).trim();
      const { db, config } = rt;

      const known = await db.query<OfferRow>('SELECT offer_no, product_id FROM offers WHERE offer_no = $1', [
        offerNo,
      ]);
      // An offer the caller does not own answers exactly as one that does not exist.
      if (
        !known[0] ||
        (productId && productId !== known[0].product_id) ||
        !(await rt.offers.mayAccess(request, offerNo, body.TOKEN))
      )
        throw notFound('payment:errors.offerNotFound');

      // The latest earlier attempt may have been paid with its return lost: settle it before
      // charging again. One status query at most, whatever the number of attempts (older ones are
      // the recovery job's; a duplicate charge is flagged for refund there).
      const earlier = await latestUnsettledOrder(db, offerNo);
      if (earlier && !checkedWithin(earlier, rt.now(), EARLIER_RECHECK_MS))
        await resolveOrderByStatusQuery(db, earlier.orderId, resolveContext(rt));

      const now = rt.now();
      const order = await db.transaction(async (tx) => {
        const [offer] = await tx.query<OfferRow>('SELECT * FROM offers WHERE offer_no = $1 FOR UPDATE', [
          offerNo,
        ]);
        const paid = await tx.query<{ contract_no: string; order_id: string | null }>(
          `SELECT c.contract_no, o.order_id FROM contracts c
         LEFT JOIN payment_orders o ON o.contract_no = c.contract_no AND o.refund_required = false
         WHERE c.offer_no = $1 LIMIT 1`,
          [offerNo],
        );
        if (paid[0] || offer.status === 'PAID') {
          const contractNo = paid[0]?.contract_no ?? '';
          throw refuse(
            'payment:errors.offerPaid',
            { contractNo },
            {
              code: 'OFFER_PAID',
              extra: { OFFER_NO: offerNo, CONTRACT_NO: contractNo, ORDER_ID: paid[0]?.order_id ?? '' },
            },
          );
        }
        if (offer.status === 'EXPIRED' || offer.expiry_date < todayInNicosia(now)) {
          throw refuse(
            'payment:errors.offerExpired',
            {},
            { code: 'OFFER_EXPIRED', extra: { OFFER_NO: offerNo } },
          );
        }
        const bundle = rt.flows.find((b) => b.flow.id === offer.flow_id);
        if (!bundle) {
          rt.log.error(
            { event: 'payment.unknown_flow', offerNo, flowId: offer.flow_id },
            'offer of a flow the service does not have',
          );
          throw refuse('payment:errors.offerNotPayable', {}, { code: 'NOT_PAYABLE' });
        }
        let hit: CheckPointHit | null;
        try {
          hit = evaluateCheckPoints(checkPointsOf(bundle, lang), offer.quote);
        } catch (error) {
          // A broken rules file must stop the sale, never let it through unchecked.
          rt.log.error(
            { event: 'payment.rules_error', offerNo, err: error },
            'check points could not be evaluated',
          );
          throw refuse('payment:errors.offerNotPayable', {}, { code: 'NOT_PAYABLE' });
        }
        if (hit) throw referral(hit);
        if (!Number.isSafeInteger(offer.premium_cents) || offer.premium_cents <= 0) {
          throw refuse('payment:errors.offerNotPayable', {}, { code: 'NOT_PAYABLE' });
        }

        const [{ next }] = await tx.query<{ next: number }>(
          'SELECT COALESCE(MAX(attempt), 0) + 1 AS next FROM payment_orders WHERE offer_no = $1',
          [offerNo],
        );
        const attempt = Number(next);
        const orderId = newOrderId(offerNo, attempt);
        await tx.query(
          `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, currency, language, created_at, updated_at)
         VALUES ($1, $2, $3, $4, '978', $5, $6, $6)`,
          [orderId, offerNo, attempt, offer.premium_cents, lang, now],
        );
        await tx.query(`UPDATE offers SET status = 'PAYING', updated_at = $2 WHERE offer_no = $1`, [
          offerNo,
          now,
        ]);
        return { orderId, amountCents: offer.premium_cents };
      });

      rt.log.info(
        { event: 'payment.registered', orderId: order.orderId, offerNo, amountCents: order.amountCents },
        'payment order registered',
      );
      return {
        ES_RETURN_DATA: {
          URL: config.providerUrl,
          METHOD: 'POST',
          ORDER_ID: order.orderId,
          FIELDS: buildPaymentRequest(config, {
            orderId: order.orderId,
            amountCents: order.amountCents,
            merRespUrl: `${config.publicUrl}${RETURN_PATH}`,
            lang,
          }),
        },
      };
    },
  );
}
