// One contract of the logged-in customer, in the spec's answer names (§3 Contract detail):
// CS_CONTRACT, CS_CUSTOMER, CS_CUST_ENTITIES.CS_PAYMENT_DATA and one CS_OBJECT from the product's
// CT_OBJECT_… list, built from the quote stored with the contract. Ownership is checked here, so
// every caller (detail, print, GetPDF) refuses another customer's contract the same way.

import type { FlowBundle } from '../../engine/flow/bundle';
import { insuredObject } from '../../engine/flow/objectSummary';
import { getPath } from '../../engine/paths';
import { forbidden } from '../accounts/http';
import {
  contractStatus,
  objectDescription,
  productCode,
  RENEWAL_COLUMNS,
  RENEWAL_JOIN,
  type RenewalColumns,
  renewalBlock,
} from '../customers/dashboard';
import { type CustomerRow, csUser, linkPurchases } from '../customers/store';
import type { Db } from '../db';
import { hasKey, type Lang, t } from '../platform/i18n';
import { contractAmounts } from './contractAmounts';
import { contractObjectFacts } from './objectFacts';

type Json = Record<string, unknown>;

export type StoredContract = {
  contract_no: string;
  offer_no: string;
  product_id: string;
  package_id: string;
  customer_no: string | null;
  flow_id: string;
  start_date: string;
  expiry_date: string;
  premium_cents: number;
  balance_cents: number;
  status: string;
  version: number;
  data: Json;
} & RenewalColumns;

export type PaymentMethod = 'CARD' | 'DIRECT_DEBIT' | 'CASH';

export interface PaymentData {
  PAYMENT_METHOD: PaymentMethod;
  CARD_NUMBER: string;
  CARD_EXPIRY: string;
  BINDING_ID: string;
  IBAN: string;
  BANK: string;
  ACCOUNT_HOLDER: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function record(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** Only the last four digits of a card ever leave the service. */
export function maskCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return '';
  return `•••• •••• •••• ${digits.slice(-4)}`;
}

/** An IBAN as the portal shows it: country, check digits and the last four, in groups of four. */
export function maskIban(value: string): string {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (iban.length < 8) return '';
  const hidden = iban.slice(4, -4).replace(/./g, '•');
  return groupIban(`${iban.slice(0, 4)}${hidden}${iban.slice(-4)}`);
}

/** IBAN in groups of four, as the portal shows it (§5). */
export function groupIban(value: string): string {
  return value
    .replace(/\s+/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * The payment method of a contract: what the portal stored (CS_PAYMENT_DATA, a card binding or a
 * direct debit), else the card the public site was paid with (PAYMENT.PADDED_CARD_NO), else cash.
 * Each method hands out its own details only: a direct debit's IBAN, bank and holder, never the
 * card its first premium was paid with; a card's number, expiry and binding, never an IBAN.
 */
export function paymentData(data: Json): PaymentData {
  const stored = record(data.CS_PAYMENT_DATA);
  const paidWith = record(data.PAYMENT);
  const method = text(stored.PAYMENT_METHOD);
  const card = text(stored.CARD_NUMBER) || text(paidWith.PADDED_CARD_NO);
  const chosen: PaymentMethod =
    method === 'CARD' || method === 'DIRECT_DEBIT' || method === 'CASH' ? method : card ? 'CARD' : 'CASH';
  const byCard = chosen === 'CARD';
  const byDebit = chosen === 'DIRECT_DEBIT';
  return {
    PAYMENT_METHOD: chosen,
    CARD_NUMBER: byCard ? maskCardNumber(card) : '',
    CARD_EXPIRY: byCard ? text(stored.CARD_EXPIRY) : '',
    BINDING_ID: byCard ? text(stored.BINDING_ID) : '',
    IBAN: byDebit && text(stored.IBAN) ? maskIban(text(stored.IBAN)) : '',
    BANK: byDebit ? text(stored.BANK) : '',
    ACCOUNT_HOLDER: byDebit ? text(stored.ACCOUNT_HOLDER) : '',
  };
}

function labelOr(lang: Lang, key: string, fallback: string): string {
  return hasKey(lang, key) ? t(lang, key) : fallback;
}

/** The cover plan: the package's name and its covers, in the customer's language. */
export function coverPlan(bundle: FlowBundle | undefined, packageId: string, lang: Lang) {
  const ns = bundle?.flow.id ?? '';
  const pkg = bundle?.tariff?.packages.find((p) => p.PACKAGE_ID === packageId);
  const covers = (pkg as { covers?: string[] } | undefined)?.covers ?? [];
  return {
    PACKAGE_ID: packageId,
    PACKAGE_DESC: labelOr(lang, `${ns}:packages.${packageId}`, packageId),
    CT_COVERS: covers.map((id) => ({ COVER_ID: id, COVER_DESC: labelOr(lang, `${ns}:covers.${id}`, id) })),
  };
}

export type ContractDetail = {
  CS_CONTRACT: Json;
  CS_CUSTOMER: Json;
  CS_CUST_ENTITIES: { CS_PAYMENT_DATA: PaymentData };
  CS_OBJECT: Json;
};

/**
 * Reads the logged-in customer's contract, or throws 403 FORBIDDEN: another customer's contract,
 * an unknown number and a product id that does not match all get the same answer, so nothing is
 * revealed about contracts that are not the caller's.
 */
export async function ownContract(
  db: Db,
  customer: CustomerRow,
  contractNo: string,
  productId: string,
): Promise<StoredContract> {
  await linkPurchases(db, customer);
  const [row] = await db.query<StoredContract>(
    `SELECT c.contract_no, c.offer_no, c.product_id, c.package_id, c.customer_no, o.flow_id, c.start_date,
            c.expiry_date, c.premium_cents, c.balance_cents, c.status, c.version, c.data, ${RENEWAL_COLUMNS}
       FROM contracts c JOIN offers o ON o.offer_no = c.offer_no ${RENEWAL_JOIN}
      WHERE c.contract_no = $1`,
    [contractNo],
  );
  if (!row || row.customer_no !== customer.customer_no || row.product_id !== productId) throw forbidden();
  return row;
}

export function contractDetail(
  row: StoredContract,
  bundles: FlowBundle[],
  customer: CustomerRow,
  lang: Lang,
  today: string,
): ContractDetail & Record<string, unknown> {
  const code = productCode(bundles, row.flow_id);
  const bundle = bundles.find((b) => b.flow.id === row.flow_id);
  const status = contractStatus(row.status, row.expiry_date, today, row.renewal_status === 'RENEWED');
  const plan = coverPlan(bundle, row.package_id, lang);
  const object: Json = {
    // The quote's part that is the insured object: the product flow's objectKey (CS_VEHICLE …),
    // with what its objectFallbacks read elsewhere (a trip's DURATION_DAYS on CS_POLICY).
    ...insuredObject(bundle?.flow.product, row.data),
    OBJECT_TYPE_CODE: code,
    OBJECT_DESC: objectDescription(bundle?.flow, row.data, lang),
  };
  const detail = {
    CS_CONTRACT: {
      CONTRACT_NO: row.contract_no,
      OFFER_NO: row.offer_no,
      PRODUCT_ID: row.product_id,
      PRODUCT_CODE: code,
      // The product's name as the portal writes it (a title), not the mails' mid-sentence form.
      PRODUCT_DESC: labelOr(lang, `common:products.${row.flow_id}.name`, code),
      CONTRACT_VERSION: Number(row.version),
      STATUS: status.code,
      STATUS_DESC: status.text(lang),
      START_DATE: row.start_date,
      EXPIRY_DATE: row.expiry_date,
      // A certificate of insurance (motor): while the contract is in force, for a product that has one.
      CERTIFICATE: Boolean(bundle?.flow.product?.certificate) && status.code === 'ACTIVE',
      ...contractAmounts(row),
      ...plan,
      RENEWAL: renewalBlock(bundles, row.flow_id, row),
    },
    CS_CUSTOMER: csUser(customer, lang),
    CS_CUST_ENTITIES: { CS_PAYMENT_DATA: paymentData(row.data) },
    CS_OBJECT: object,
    // The object's facts as the page shows them, from the live configuration (the schedule's too).
    ET_OBJECT_FACTS: contractObjectFacts(object, code, lang).map((f) => ({
      FIELD: f.field,
      LABEL: f.label,
      VALUE: f.value,
    })),
  };
  return { ...detail, [`CT_OBJECT_${code}`]: [object] } as ContractDetail & Record<string, unknown>;
}

/** The policyholder named on the contract (the quote's), for the schedule. */
export function holderOf(data: Json): Json {
  return record(getPath(data, 'CS_POLICY_HOLDER'));
}

/** The policyholder's name for the insurer's documents: the quote's, else the customer's. */
export function holderName(data: Json, detail: ContractDetail): string {
  const holder = holderOf(data);
  return (
    [holder.FIRST_NAME, holder.LAST_NAME].filter((p) => typeof p === 'string' && p.trim()).join(' ') ||
    `${detail.CS_CUSTOMER.FIRST_NAME ?? ''} ${detail.CS_CUSTOMER.LAST_NAME ?? ''}`.trim()
  );
}
