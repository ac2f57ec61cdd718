// One document of the customer's, drawn as a PDF from the records (catalogue.ts names them). Every
// id is checked against the caller: the record's contract must be the customer's own, else the
// same 403 as any other contract call, so nothing is told about another customer's records.

import { ymdToDisplay } from '../../engine/dates';
import { centsToEuro, formatEuro } from '../../engine/money';
import { forbidden } from '../accounts/http';
import { renderCertificate } from '../contracts/certificate/routes';
import { amountsAfterChange } from '../contracts/contractAmounts';
import { contractDetail, holderName, ownContract, type StoredContract } from '../contracts/detail';
import { kindByType } from '../contracts/endorsements/kinds';
import { policySchedulePdf, scheduleFileName } from '../contracts/policySchedule';
import { withdrawalFileName } from '../contracts/withdrawal/pdf';
import { confirmationPdf } from '../contracts/withdrawal/service';
import { withdrawalContract, withdrawalState } from '../contracts/withdrawal/state';
import type { CustomerRow } from '../customers/store';
import { type ServiceContext, today } from '../platform/context';
import type { Lang } from '../platform/i18n';
import { lovText } from '../reference';
import { DECISIONS, type DocumentKind, parseDocId } from './catalogue';
import { claimAckPdf, claimDecisionPdf, endorsementPdf, labelOr } from './pdf';

type Json = Record<string, unknown>;

export interface RenderedDocument {
  fileName: string;
  pdf: Buffer;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9-]/g, '');

/** The caller's contract by its number alone (403 for anyone else's or an unknown one). */
async function own(ctx: ServiceContext, customer: CustomerRow, contractNo: string): Promise<StoredContract> {
  const [row] = await ctx.db.query<{ product_id: string; customer_no: string | null }>(
    'SELECT product_id, customer_no FROM contracts WHERE contract_no = $1',
    [contractNo],
  );
  if (!row) throw forbidden();
  return ownContract(ctx.db, customer, contractNo, row.product_id);
}

type EndorsementRow = {
  id: string;
  contract_no: string;
  endorsement_type: string;
  old_values: Json;
  new_values: Json;
  premium_before_cents: number;
  premium_after_cents: number;
  contract_version: number;
  created_at: Date | string;
};

const endorsementsAfter = (ctx: ServiceContext, contractNo: string, version: number) =>
  ctx.db.query<EndorsementRow>(
    `SELECT * FROM endorsements WHERE contract_no = $1 AND contract_version > $2 ORDER BY contract_version DESC`,
    [contractNo, version],
  );

/**
 * The contract as it stood at `version`: each later endorsement undone, newest first (its old
 * values back in the object, its premium and the amounts that follow it back as they were).
 */
export async function contractAtVersion(
  ctx: ServiceContext,
  row: StoredContract,
  version: number,
): Promise<StoredContract> {
  let at: StoredContract = { ...row, data: structuredClone(row.data) };
  for (const e of await endorsementsAfter(ctx, row.contract_no, version)) {
    const kind = kindByType(e.endorsement_type);
    const data: Json = { ...at.data };
    if (kind) {
      const object: Json = { ...((data[kind.object] as Json | undefined) ?? {}) };
      for (const f of kind.fields) {
        const old = e.old_values[f.name];
        if (f.top) data[f.name] = old ?? [];
        else if (old === undefined) delete object[f.name];
        else object[f.name] = old;
      }
      data[kind.object] = object;
    }
    const back = amountsAfterChange(at, data, Number(e.premium_before_cents) - Number(e.premium_after_cents));
    at = {
      ...at,
      data: back.data,
      premium_cents: Number(e.premium_before_cents),
      balance_cents: back.balanceCents,
      version: Number(e.contract_version) - 1,
    };
  }
  return at;
}

function valueText(value: unknown, lov: string | undefined, lang: Lang): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value))
    return value
      .map((v) => (typeof v === 'object' && v ? Object.values(v as Json).join(' ') : String(v)))
      .join('; ');
  if (lov) return lovText(lov, String(value), lang) || String(value);
  if (typeof value === 'number') return formatEuro(value, lang);
  if (value === '1' || value === '0' || typeof value === 'boolean')
    return labelOr(lang, `common:yesNo.${value === true || value === '1' ? 'yes' : 'no'}`, String(value));
  return String(value);
}

async function schedule(
  ctx: ServiceContext,
  customer: CustomerRow,
  lang: Lang,
  contractNo: string,
  v: string,
) {
  const row = await own(ctx, customer, contractNo);
  const version = Number(v);
  if (!Number.isInteger(version) || version < 1 || version > Number(row.version)) throw forbidden();
  const at = await contractAtVersion(ctx, row, version);
  const detail = contractDetail(at, ctx.bundles, customer, lang, today(ctx));
  const pdf = await policySchedulePdf({
    detail,
    holderName: holderName(at.data, detail),
    lang,
    issuedOn: today(ctx),
  });
  const name = scheduleFileName(contractNo, lang).replace(/-(el|en)\.pdf$/, `-v${version}-$1.pdf`);
  return { fileName: name, pdf };
}

async function endorsement(ctx: ServiceContext, customer: CustomerRow, lang: Lang, id: string) {
  if (!/^\d{1,18}$/.test(id)) throw forbidden();
  const [e] = await ctx.db.query<EndorsementRow>('SELECT * FROM endorsements WHERE id = $1', [id]);
  if (!e) throw forbidden();
  const row = await own(ctx, customer, e.contract_no);
  const detail = contractDetail(row, ctx.bundles, customer, lang, today(ctx));
  const kind = kindByType(e.endorsement_type);
  const rows: [string, string, string][] = (kind?.fields ?? []).map((f) => [
    labelOr(lang, `endorsements:fields.${f.name}.label`, f.name),
    valueText(e.old_values[f.name], f.lov, lang),
    valueText(e.new_values[f.name], f.lov, lang),
  ]);
  const euro = (cents: number) => formatEuro(centsToEuro(cents), lang);
  const pdf = await endorsementPdf({
    lang,
    contractNo: row.contract_no,
    product: String(detail.CS_CONTRACT.PRODUCT_DESC ?? ''),
    holderName: holderName(row.data, detail),
    change: labelOr(lang, `endorsements:types.${e.endorsement_type}.title`, e.endorsement_type),
    madeOn: new Date(e.created_at).toISOString().slice(0, 10),
    version: Number(e.contract_version),
    rows,
    premiumBefore: euro(Number(e.premium_before_cents)),
    premiumAfter: euro(Number(e.premium_after_cents)),
    issuedOn: today(ctx),
  });
  return { fileName: `endorsement-${safe(row.contract_no)}-${id}-${lang}.pdf`, pdf };
}

async function withdrawal(ctx: ServiceContext, customer: CustomerRow, lang: Lang, contractNo: string) {
  await own(ctx, customer, contractNo);
  const contract = await withdrawalContract(ctx.db, contractNo);
  const state = contract && (await withdrawalState(ctx.db, ctx.bundles, contract, today(ctx)));
  if (!state?.record) throw forbidden();
  return {
    fileName: withdrawalFileName(contractNo, lang),
    pdf: await confirmationPdf(state.contract, state.record, lang),
  };
}

type ClaimRow = {
  claim_id: string;
  claim_no: string;
  customer_no: string;
  contract_no: string;
  incident_date: string;
  incident_time: string;
  cause: string;
  location: string;
  submitted_on: string;
};

async function ownClaim(ctx: ServiceContext, customer: CustomerRow, claimNo: string) {
  const [claim] = await ctx.db.query<ClaimRow>(
    `SELECT claim_id, claim_no, customer_no, contract_no, incident_date::text, incident_time, cause, location,
            submitted_on::text FROM claims WHERE claim_no = $1`,
    [claimNo],
  );
  if (!claim || claim.customer_no !== customer.customer_no) throw forbidden();
  const row = await own(ctx, customer, claim.contract_no);
  return { claim, row };
}

async function claimAck(ctx: ServiceContext, customer: CustomerRow, lang: Lang, claimNo: string) {
  const { claim, row } = await ownClaim(ctx, customer, claimNo);
  const detail = contractDetail(row, ctx.bundles, customer, lang, today(ctx));
  const pdf = await claimAckPdf({
    lang,
    claimNo: claim.claim_no,
    contractNo: row.contract_no,
    product: String(detail.CS_CONTRACT.PRODUCT_DESC ?? ''),
    holderName: holderName(row.data, detail),
    submittedOn: claim.submitted_on,
    incident: `${ymdToDisplay(claim.incident_date)} ${claim.incident_time}`.trim(),
    cause: labelOr(lang, `claims:causes.${claim.cause}`, claim.cause),
    location: claim.location,
    issuedOn: today(ctx),
  });
  return { fileName: `claim-${safe(claim.claim_no)}-${lang}.pdf`, pdf };
}

async function claimDecision(ctx: ServiceContext, customer: CustomerRow, lang: Lang, eventId: string) {
  if (!/^\d{1,18}$/.test(eventId)) throw forbidden();
  const [event] = await ctx.db.query<{
    case_ref: string;
    to_status: string;
    note: string;
    created_at: Date | string;
  }>(
    `SELECT case_ref, to_status, note, created_at FROM case_events
      WHERE event_id = $1 AND case_kind = 'CLAIM' AND to_status = ANY($2::text[])
        AND from_status IS DISTINCT FROM to_status`,
    [eventId, [...DECISIONS]],
  );
  if (!event) throw forbidden();
  const { claim, row } = await ownClaim(ctx, customer, event.case_ref);
  const detail = contractDetail(row, ctx.bundles, customer, lang, today(ctx));
  const [payment] =
    event.to_status === 'PAID'
      ? await ctx.db.query<{
          amount_cents: number;
          paid_on: string;
          method: string;
          account_masked: string;
          reference: string;
        }>(
          'SELECT amount_cents, paid_on::text, method, account_masked, reference FROM claim_payments WHERE claim_id = $1',
          [claim.claim_id],
        )
      : [];
  const pdf = await claimDecisionPdf({
    lang,
    claimNo: claim.claim_no,
    contractNo: row.contract_no,
    product: String(detail.CS_CONTRACT.PRODUCT_DESC ?? ''),
    holderName: holderName(row.data, detail),
    decidedOn: new Date(event.created_at).toISOString().slice(0, 10),
    outcome: labelOr(lang, `claims:statuses.${event.to_status}`, event.to_status),
    note: event.note,
    payment: payment
      ? {
          amount: formatEuro(centsToEuro(Number(payment.amount_cents)), lang),
          paidOn: payment.paid_on,
          method: labelOr(lang, `claims:paymentMethods.${payment.method}`, payment.method),
          account: payment.account_masked,
          reference: payment.reference,
        }
      : null,
    issuedOn: today(ctx),
  });
  return { fileName: `claim-decision-${safe(claim.claim_no)}-${eventId}-${lang}.pdf`, pdf };
}

async function certificate(ctx: ServiceContext, customer: CustomerRow, lang: Lang, contractNo: string) {
  const row = await own(ctx, customer, contractNo);
  return renderCertificate(ctx, row, customer, lang);
}

const RENDERERS: Record<
  DocumentKind,
  (ctx: ServiceContext, customer: CustomerRow, lang: Lang, ...parts: string[]) => Promise<RenderedDocument>
> = {
  SCHEDULE: (ctx, customer, lang, contractNo, version) =>
    schedule(ctx, customer, lang, contractNo, version ?? ''),
  ENDORSEMENT: endorsement,
  WITHDRAWAL: withdrawal,
  CLAIM_ACK: claimAck,
  CLAIM_DECISION: claimDecision,
  CERTIFICATE: certificate,
};

/** The document `id` of the customer's, or 403 for one that is not theirs (or not a document). */
export async function renderDocument(
  ctx: ServiceContext,
  customer: CustomerRow,
  lang: Lang,
  id: string,
): Promise<RenderedDocument> {
  const parsed = parseDocId(id);
  if (!parsed) throw forbidden();
  return RENDERERS[parsed.kind](ctx, customer, lang, ...parsed.parts);
}
