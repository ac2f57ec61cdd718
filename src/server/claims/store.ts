// Claims in the database: a filed claim (the answers kept whole in claims.data for the insurer's
// staff), the files attached to its slots, and what the detail screen shows of them.

import type { Db } from '../db';
import type { ConfigVersionRefs } from '../offers/catalog';
import type { Lang } from '../platform/i18n';
import type { ClaimPayload, ClaimProduct } from './rules';

export interface StoredClaim {
  claim_id: string | number;
  claim_no: string;
  customer_no: string;
  contract_no: string;
  product_code: ClaimProduct;
  product_id: string;
  object_no: string;
  declared_slots: string[];
  status: string;
  language: string;
  data: ClaimPayload;
}

/** Creates the claim (status SUBMITTED) and answers its number, id and object number. */
export async function insertClaim(
  db: Db,
  input: {
    customerNo: string;
    product: ClaimProduct;
    claim: ClaimPayload;
    lang: Lang;
    today: string;
    /** The versions of the claim wizard flow that checked it. */
    configVersions?: ConfigVersionRefs;
  },
): Promise<StoredClaim> {
  const { claim } = input;
  const incident = claim.IS_INCIDENT;
  const location = claim.IS_ADDRESS?.LOCATION ?? claim.IS_HOME?.LOCATION ?? '';
  const year = input.today.slice(0, 4);
  const [row] = await db.query<StoredClaim & Record<string, unknown>>(
    `INSERT INTO claims (claim_no, customer_no, contract_no, product_code, product_id, object_no, incident_date,
       incident_time, cause, location, description, status, submitted_on, claimed_amount_cents, repair_shop,
       data, language, declared_slots, filed_online, config_versions)
     VALUES ('CL' || $1 || lpad(nextval('claim_no_seq')::text, 6, '0'), $2, $3, $4, $5, '1', $6::date, $7, $8, $9,
       $10, 'SUBMITTED', $11::date, $12, $13, $14::jsonb, $15, $16::text[], true, $17::jsonb)
     RETURNING *`,
    [
      year,
      input.customerNo,
      claim.CONTRACT_NO,
      input.product,
      claim.PRODUCT_ID,
      incident.INCIDENT_DATE,
      incident.INCIDENT_TIME,
      incident.CAUSE_NO,
      location.trim(),
      incident.DESCRIPTION.trim(),
      input.today,
      incident.CLAIMED_AMOUNT === undefined ? null : Math.round(incident.CLAIMED_AMOUNT * 100),
      incident.REPAIR_SHOP ?? '',
      JSON.stringify(claim),
      input.lang,
      claim.IT_PHOTO_SLOTS,
      input.configVersions ? JSON.stringify(input.configVersions) : null,
    ],
  );
  return row;
}

/** The customer's claim by number, or null (someone else's and a missing one look the same). */
export async function ownClaim(db: Db, customerNo: string, claimNo: string): Promise<StoredClaim | null> {
  const [row] = await db.query<StoredClaim & Record<string, unknown>>(
    'SELECT * FROM claims WHERE claim_no = $1 AND customer_no = $2',
    [claimNo, customerNo],
  );
  return row ?? null;
}

/** Puts a stored upload in a slot of the claim; a slot sent again gets the newer file. */
export async function attachFile(
  db: Db,
  claimId: string | number,
  slot: string,
  uploadId: string,
  now: Date,
) {
  await db.query(
    `INSERT INTO claim_files (claim_id, slot, upload_id, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (claim_id, slot) DO UPDATE SET upload_id = EXCLUDED.upload_id, created_at = EXCLUDED.created_at`,
    [claimId, slot, uploadId, now],
  );
}

export interface ClaimFile {
  SLOT: string;
  UPLOAD_ID: string;
  FILE_NAME: string;
  MIME_TYPE: string;
  SIZE: number;
  SHA256: string;
}

export async function claimFiles(db: Db, claimId: string | number): Promise<ClaimFile[]> {
  const rows = await db.query<{
    slot: string;
    upload_id: string;
    original_name: string;
    mime: string;
    size_bytes: number;
    original_sha256: string;
  }>(
    `SELECT f.slot, u.upload_id, u.original_name, u.mime, u.size_bytes, u.original_sha256
       FROM claim_files f JOIN uploads u ON u.upload_id = f.upload_id
      WHERE f.claim_id = $1 ORDER BY f.slot`,
    [claimId],
  );
  return rows.map((r) => ({
    SLOT: r.slot,
    UPLOAD_ID: r.upload_id,
    FILE_NAME: r.original_name,
    MIME_TYPE: r.mime,
    SIZE: Number(r.size_bytes),
    SHA256: r.original_sha256,
  }));
}
