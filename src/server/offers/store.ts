// Stored offers (quotations): saved in one transaction with what they cause, read back for the
// offer detail and by the payments module.

import type { Quote } from '../../engine/flow/types';
import type { Db } from '../db';
import type { ConfigVersionRefs } from './catalog';

export type StoredOffer = {
  offer_no: string;
  flow_id: string;
  product_id: string;
  package_id: string;
  variant: string | null;
  quote: Quote;
  premium_cents: number;
  mail_address: string | null;
  language: string;
  status: string;
  expiry_date: string;
  created_at: string;
  updated_at: string;
  /** The configuration versions that validated and priced it (null: written before versions). */
  config_versions: ConfigVersionRefs | null;
  /** The contract this offer renews (src/server/contracts/renewal), or null. */
  renewal_of: string | null;
};

export interface OfferInput {
  flowId: string;
  productId: string;
  packageId: string;
  variant?: string;
  quote: Quote;
  premiumCents: number;
  mailAddress: string;
  language: string;
  expiryDate: string;
  now: Date;
  /** The product's configuration versions (Product.configVersions), recorded with the offer. */
  configVersions?: ConfigVersionRefs;
}

const versionsJson = (input: OfferInput): string | null =>
  input.configVersions ? JSON.stringify(input.configVersions) : null;

export const OFFER_NO = /^OF\d{1,12}$/;

function parseQuote(value: unknown): Quote {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Quote;
}

export async function findOffer(
  db: Db,
  offerNo: string,
  forUpdate = false,
): Promise<StoredOffer | undefined> {
  if (!OFFER_NO.test(offerNo)) return undefined;
  const rows = await db.query<StoredOffer>(
    `SELECT offer_no, flow_id, product_id, package_id, variant, quote, premium_cents, mail_address, language,
            status, expiry_date::text AS expiry_date, created_at, updated_at, config_versions, renewal_of
       FROM offers WHERE offer_no = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [offerNo],
  );
  const row = rows[0];
  return row ? { ...row, quote: parseQuote(row.quote), premium_cents: Number(row.premium_cents) } : undefined;
}

/** The stored quote: the offer's number and expiry in CS_POLICY. */
export function withOffer(quote: Quote, offerNo: string, expiryDate: string): Quote {
  const policy = (quote.CS_POLICY ?? {}) as Record<string, unknown>;
  return { ...quote, CS_POLICY: { ...policy, OFFER_NO: offerNo, EXPIRY_DATE: expiryDate, CONTRACT_NO: '' } };
}

/** A new offer number: "OF" and the next value of the sequence. */
export async function nextOfferNo(db: Db): Promise<string> {
  const seq = await db.query<{ n: string | number }>("SELECT nextval('offer_no_seq') AS n");
  return `OF${seq[0].n}`;
}

/** `count` new offer numbers, in the sequence's order, in one round trip. */
export async function nextOfferNos(db: Db, count: number): Promise<string[]> {
  const rows = await db.query<{ n: string | number }>(
    "SELECT nextval('offer_no_seq') AS n FROM generate_series(1, $1::int) AS i ORDER BY i",
    [count],
  );
  return rows.map((r) => `OF${r.n}`);
}

/**
 * Many new offers in one statement: one array parameter per column, unnested into rows. Stores
 * exactly what `insertOffer` stores for each (same columns, casts and status).
 */
export async function insertOffers(tx: Db, rows: { offerNo: string; input: OfferInput }[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (r: { offerNo: string; input: OfferInput }) => T) => rows.map(pick);
  await tx.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, variant, quote, premium_cents, mail_address,
                         language, status, expiry_date, created_at, updated_at, config_versions)
     SELECT r.offer_no, r.flow_id, r.product_id, r.package_id, r.variant, r.quote::jsonb, r.premium_cents,
            r.mail_address, r.language, 'OPEN', r.expiry_date::date, r.at::timestamptz, r.at::timestamptz,
            r.config_versions::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[],
                   $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
            AS r(offer_no, flow_id, product_id, package_id, variant, quote, premium_cents, mail_address,
                 language, expiry_date, at, config_versions)`,
    [
      column((r) => r.offerNo),
      column((r) => r.input.flowId),
      column((r) => r.input.productId),
      column((r) => r.input.packageId),
      column((r) => r.input.variant ?? null),
      column((r) => JSON.stringify(r.input.quote)),
      column((r) => r.input.premiumCents),
      column((r) => r.input.mailAddress),
      column((r) => r.input.language),
      column((r) => r.input.expiryDate),
      column((r) => r.input.now.toISOString()),
      column((r) => versionsJson(r.input)),
    ],
  );
}

export async function insertOffer(tx: Db, offerNo: string, input: OfferInput): Promise<void> {
  await tx.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, variant, quote, premium_cents, mail_address,
                         language, status, expiry_date, created_at, updated_at, config_versions)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, 'OPEN', $10::date, $11::timestamptz, $11::timestamptz,
             $12::jsonb)`,
    [
      offerNo,
      input.flowId,
      input.productId,
      input.packageId,
      input.variant ?? null,
      JSON.stringify(input.quote),
      input.premiumCents,
      input.mailAddress,
      input.language,
      input.expiryDate,
      input.now.toISOString(),
      versionsJson(input),
    ],
  );
}

export async function updateOffer(tx: Db, offerNo: string, input: OfferInput): Promise<void> {
  await tx.query(
    `UPDATE offers SET product_id = $2, package_id = $3, variant = $4, quote = $5::jsonb, premium_cents = $6,
                       language = $7, expiry_date = $8::date, updated_at = $9::timestamptz,
                       config_versions = $10::jsonb
      WHERE offer_no = $1`,
    [
      offerNo,
      input.productId,
      input.packageId,
      input.variant ?? null,
      JSON.stringify(input.quote),
      input.premiumCents,
      input.language,
      input.expiryDate,
      input.now.toISOString(),
      versionsJson(input),
    ],
  );
}
