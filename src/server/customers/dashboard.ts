// What the dashboard lists: the customer's contracts, open offers and claims, in the spec's
// answer names (CT_CONTRACTS, CT_OFFERS / OFFER_LIST, CLAIM_LIST).

import type { FlowBundle } from '../../engine/flow/bundle';
import { objectSummary } from '../../engine/flow/objectSummary';
import type { Flow, Quote } from '../../engine/flow/types';
import { centsToEuro } from '../../engine/money';
import { contractAmounts } from '../contracts/contractAmounts';
import type { Db } from '../db';
import type { Catalog } from '../offers/catalog';
import { offerToken } from '../offers/offerAccess';
import { repriceOffer } from '../offers/rerate';
import { hasKey, type Lang, t, tCount } from '../platform/i18n';
import { lovText } from '../reference';
import { type CustomerRow, linkPurchases } from './store';

type Json = Record<string, unknown>;

/** MOTOR, PROPERTY … of a flow id (the flow's rulesKey). */
export function productCode(bundles: FlowBundle[], flowId: string): string {
  return bundles.find((b) => b.flow.id === flowId)?.flow.product?.rulesKey ?? flowId.toUpperCase();
}

/** The flow of a flow id, if the service has it. */
export function flowOf(bundles: FlowBundle[], flowId: string): Flow | undefined {
  return bundles.find((b) => b.flow.id === flowId)?.flow;
}

/**
 * The insured object in a few words (OBJECT_DESC), as the product's flow describes it
 * (`objectSummary`: plate and model, an address, a trip's days), else the policyholder's name.
 */
export function objectDescription(flow: Flow | undefined, quote: unknown, lang: Lang): string {
  return objectSummary(flow, quote, {
    lang,
    lovText: (name, value) => lovText(name, value, lang),
    t: (key, values) => tCount(lang, key, values),
  });
}

/**
 * A contract's status (spec §4) and its name: one name per status, contracts:statuses in the
 * locales, which the portal's lists and cards read too. An active contract past its expiry is expired.
 */
export function contractStatus(stored: string, expiryDate: string, today: string, renewed = false) {
  // Ended and continued by its renewal: "Renewed", not "Expired".
  const ended = stored === 'ACTIVE' && expiryDate < today;
  const code = ended ? (renewed ? 'RENEWED' : 'EXPIRED') : stored;
  const key = `contracts:statuses.${code}`;
  return { code, text: (lang: Lang) => (hasKey(lang, key) ? t(lang, key) : code) };
}

type ContractRow = {
  contract_no: string;
  product_id: string;
  package_id: string;
  flow_id: string;
  start_date: string;
  expiry_date: string;
  premium_cents: number;
  balance_cents: number;
  status: string;
  version: number;
  data: Json;
} & RenewalColumns;

/** A contract's renewal, read with it (RENEWAL_JOIN): the renewals row and its offer. */
export type RenewalColumns = {
  renewal_status: string | null;
  renewal_offer_no: string | null;
  renewal_new_contract_no: string | null;
  renewal_premium_cents: number | null;
  renewal_start: string | null;
  renewal_end: string | null;
  renewal_variant: string | null;
};

export const RENEWAL_COLUMNS = `r.status AS renewal_status, r.offer_no AS renewal_offer_no,
  r.new_contract_no AS renewal_new_contract_no, ro.premium_cents AS renewal_premium_cents,
  ro.quote->'CS_POLICY'->>'START_DATE' AS renewal_start, ro.quote->'CS_POLICY'->>'END_DATE' AS renewal_end,
  ro.variant AS renewal_variant`;
export const RENEWAL_JOIN = `LEFT JOIN renewals r ON r.contract_no = c.contract_no
  LEFT JOIN offers ro ON ro.offer_no = r.offer_no`;

/**
 * The contract's RENEWAL block (issue 28 item 2), or null before one is prepared: where it stands
 * (OFFERED, RENEWED, EXPIRED, REFERRED), the offer's premium and period, and the way into its
 * purchase flow while it can be paid.
 */
export function renewalBlock(bundles: FlowBundle[], flowId: string, row: RenewalColumns) {
  if (!row.renewal_status) return null;
  const offered = row.renewal_status === 'OFFERED' && row.renewal_offer_no;
  return {
    STATUS: row.renewal_status,
    OFFER_NO: row.renewal_offer_no ?? '',
    PREMIUM: row.renewal_premium_cents === null ? 0 : centsToEuro(Number(row.renewal_premium_cents)),
    START_DATE: row.renewal_start ?? '',
    EXPIRY_DATE: row.renewal_end ?? '',
    NEW_CONTRACT_NO: row.renewal_new_contract_no ?? '',
    LINK: offered
      ? offerLink(bundles, {
          offer_no: row.renewal_offer_no ?? '',
          flow_id: flowId,
          variant: row.renewal_variant,
        })
      : '',
  };
}

export async function contractsOf(
  db: Db,
  bundles: FlowBundle[],
  customer: CustomerRow,
  lang: Lang,
  today: string,
) {
  await linkPurchases(db, customer);
  const rows = await db.query<ContractRow>(
    `SELECT c.contract_no, c.product_id, c.package_id, o.flow_id, c.start_date, c.expiry_date, c.premium_cents,
            c.balance_cents, c.status, c.version, c.data, ${RENEWAL_COLUMNS}
       FROM contracts c JOIN offers o ON o.offer_no = c.offer_no ${RENEWAL_JOIN}
      WHERE c.customer_no = $1 ORDER BY c.start_date DESC, c.contract_no DESC`,
    [customer.customer_no],
  );
  return rows.map((r) => {
    const code = productCode(bundles, r.flow_id);
    const status = contractStatus(r.status, r.expiry_date, today, r.renewal_status === 'RENEWED');
    return {
      CONTRACT_NO: r.contract_no,
      CONTRACT_VERSION: Number(r.version),
      PRODUCT_ID: r.product_id,
      PRODUCT_CODE: code,
      // The list's filter: one category per product (spec §2 "all or by category").
      CATEGORY: code,
      PACKAGE_ID: r.package_id,
      STATUS: status.code,
      STATUS_DESC: status.text(lang),
      START_DATE: r.start_date,
      EXPIRY_DATE: r.expiry_date,
      ...contractAmounts(r),
      OBJECT_DESC: objectDescription(flowOf(bundles, r.flow_id), r.data, lang),
      RENEWAL: renewalBlock(bundles, r.flow_id, r),
    };
  });
}

type OfferRow = {
  offer_no: string;
  flow_id: string;
  variant: string | null;
  product_id: string;
  package_id: string;
  quote: Json;
  premium_cents: number;
  status: string;
  expiry_date: string;
  created_at: Date | string;
  renewal_of: string | null;
};

/**
 * Where the portal reopens an offer: the purchase flow's offer step with the offer e-mail's token
 * (the offer routes accept it), in the co-branded variant the offer was made in.
 */
/**
 * The portal's way into the offer's purchase flow. No token: the portal session authorises it, and a
 * token in the address would stay in the browser's history after logout (issue 25 item 3).
 */
function offerLink(bundles: FlowBundle[], offer: Pick<OfferRow, 'offer_no' | 'flow_id' | 'variant'>): string {
  const query = new URLSearchParams({ offer: offer.offer_no });
  const variant = bundles
    .find((b) => b.flow.id === offer.flow_id)
    ?.flow.variants?.find((v) => v.id === offer.variant);
  if (variant) query.set(variant.query.name, variant.query.value);
  return `/${offer.flow_id}/offer/1?${query}`;
}

export async function offersOf(
  db: Db,
  bundles: FlowBundle[],
  catalog: Catalog,
  customer: CustomerRow,
  lang: Lang,
  today: string,
  secret: string,
) {
  await linkPurchases(db, customer);
  const rows = await db.query<OfferRow>(
    `SELECT offer_no, flow_id, variant, product_id, package_id, quote, premium_cents, status, expiry_date, created_at,
            renewal_of
       FROM offers WHERE customer_no = $1 AND status = 'OPEN' AND expiry_date >= $2::date
      ORDER BY created_at DESC`,
    [customer.customer_no, today],
  );
  return (
    rows
      // The product block says whether its offers are listed (cyber's are not, spec §1).
      .filter((r) => flowOf(bundles, r.flow_id)?.product?.portalOffers !== false)
      .map((r) => ({ r, code: productCode(bundles, r.flow_id) }))
      .map(({ r, code }) => ({
        OFFER_NO: r.offer_no,
        PRODUCT_ID: r.product_id,
        PRODUCT_CODE: code,
        OFFER_TYPE: `OFFER_${code}`,
        PACKAGE_ID: r.package_id,
        SAVE_DATE: new Date(r.created_at).toISOString().slice(0, 10),
        EXPIRY_DATE: r.expiry_date,
        PREMIUM: centsToEuro(Number(r.premium_cents)),
        STATUS: r.status,
        OBJECT_DESC: objectDescription(flowOf(bundles, r.flow_id), r.quote, lang),
        DATA_CHANGED: premiumChanged(catalog, r, today, lang) ? 'X' : '',
        // A renewal offer names the contract it renews (the portal says so on its card).
        RENEWAL_OF: r.renewal_of ?? '',
        TOKEN: offerToken(secret, r.offer_no),
        LINK: offerLink(bundles, r),
      }))
  );
}

/** Whether the offer priced today differs from its stored premium (one it cannot price is not flagged). */
function premiumChanged(catalog: Catalog, offer: OfferRow, today: string, lang: Lang): boolean {
  const product = catalog.byFlowId(offer.flow_id);
  if (!product) return false;
  try {
    const quote = (typeof offer.quote === 'string' ? JSON.parse(offer.quote) : offer.quote) as Quote;
    return repriceOffer(
      product,
      { quote, premium_cents: offer.premium_cents, renewal_of: offer.renewal_of },
      { today, lang },
    ).premiumChanged;
  } catch {
    // Referred or refused today: its detail says so when the customer opens it.
    return false;
  }
}

type ClaimRow = {
  claim_id: string | number;
  claim_no: string;
  contract_no: string;
  product_code: string;
  object_no: string;
  incident_date: string;
  incident_time: string;
  cause: string;
  location: string;
  description: string;
  status: string;
  submitted_on: string;
  claimed_amount_cents: number | null;
  compensation_type: string;
  payment_status: string;
  repair_shop: string;
};

/** A claim's status by its one name (claims:statuses, as the portal shows it). */
export function claimStatusText(status: string, lang: Lang): string {
  const key = `claims:statuses.${status}`;
  return hasKey(lang, key) ? t(lang, key) : status;
}

export async function claimsOf(db: Db, customer: CustomerRow, lang: Lang) {
  const rows = await db.query<ClaimRow>(
    'SELECT * FROM claims WHERE customer_no = $1 ORDER BY submitted_on DESC, claim_id DESC',
    [customer.customer_no],
  );
  return rows.map((r) => ({
    CLAIM_NO: r.claim_no,
    CLAIM_ID: String(r.claim_id),
    OBJECT_NO: r.object_no,
    CONTRACT_NO: r.contract_no,
    PRODUCT_CODE: r.product_code,
    INCIDENT_DATE: r.incident_date,
    INCIDENT_TIME: r.incident_time,
    CAUSE: r.cause,
    CAUSE_DESC: r.cause ? (lovText('CLAIM_CAUSE', r.cause, lang) ?? r.cause) : '',
    LOCATION: r.location,
    DESCRIPTION: r.description,
    STATUS: r.status,
    STATUS_DESC: claimStatusText(r.status, lang),
    SUBMITTED_ON: r.submitted_on,
    CLAIMED_AMOUNT: r.claimed_amount_cents === null ? null : centsToEuro(Number(r.claimed_amount_cents)),
    COMPENSATION_TYPE: r.compensation_type,
    PAYMENT_STATUS: r.payment_status,
    REPAIR_SHOP: r.repair_shop,
  }));
}
