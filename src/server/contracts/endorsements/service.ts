// Endorsements of a customer's contract: what may be changed online, the change priced without
// saving (chg…), the change saved (save…) in one transaction, and the work orders staff act on.
// Every entry point starts from ownContract: another customer's contract gets 403 FORBIDDEN.

import type { FlowBundle } from '../../../engine/flow/bundle';
import { applyDerived } from '../../../engine/flow/derived';
import { centsToEuro } from '../../../engine/money';
import { getPath } from '../../../engine/paths';
import { rateQuote } from '../../../engine/rating/rate';
import { contractStatus, productCode } from '../../customers/dashboard';
import type { CustomerRow } from '../../customers/store';
import type { Db } from '../../db';
import type { ConfigVersionRefs } from '../../offers/catalog';
import { stripClientPrices } from '../../offers/pricing';
import { type ServiceContext, today as todayOf } from '../../platform/context';
import { ApiError } from '../../platform/errors';
import { type Lang, t } from '../../platform/i18n';
import { findVehicleByPlate } from '../../reference';
import { amountsAfterChange } from '../contractAmounts';
import { contractDetail, ownContract } from '../detail';
import { type EndorsementKind, endorsementRules, kindByType, kindsOf } from './kinds';
import {
  amountOf,
  changedObject,
  homeCapRefusal,
  isRefusal,
  limitRefusal,
  nothingChanges,
  type Refusal,
  readValues,
  refusal,
} from './rules';

type Json = Record<string, unknown>;
type Contract = Awaited<ReturnType<typeof ownContract>>;

const KEY = (name: string) => `endorsements:errors.${name}`;

function record(value: unknown): Json {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

/** The customer's own contract by its number alone (the portal's route carries no product id). */
export async function ownContractByNo(db: Db, customer: CustomerRow, contractNo: string, productId?: string) {
  const [row] = await db.query<{ product_id: string }>(
    'SELECT product_id FROM contracts WHERE contract_no = $1 AND customer_no = $2',
    [contractNo, customer.customer_no],
  );
  // ownContract links the customer's public-site purchases first, then checks again.
  return ownContract(db, customer, contractNo, productId ?? row?.product_id ?? '');
}

interface History {
  types: Set<string>;
  /** The value of each limited field before the period's first change of it. */
  firstOld: Record<string, number>;
}

async function historyOf(db: Db, contract: Contract): Promise<History> {
  const rows = await db.query<{ endorsement_type: string; old_values: Json }>(
    `SELECT endorsement_type, old_values FROM endorsements
      WHERE contract_no = $1 AND period_start = $2::date ORDER BY id`,
    [contract.contract_no, contract.start_date],
  );
  const history: History = { types: new Set(), firstOld: {} };
  for (const r of rows) {
    history.types.add(r.endorsement_type);
    const field = kindByType(r.endorsement_type)?.limit?.field;
    if (field && history.firstOld[field] === undefined)
      history.firstOld[field] = amountOf(r.old_values, field);
  }
  return history;
}

async function hasOpenWorkOrder(db: Db, contractNo: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM work_orders WHERE contract_no = $1 AND endorsement_type IS NOT NULL
        AND status IN ('OPEN', 'IN_PROGRESS') LIMIT 1`,
    [contractNo],
  );
  return rows.length > 0;
}

/** Why a kind cannot be started on this contract now, before any value is entered (null: it can). */
function availability(
  kind: EndorsementKind,
  contract: Contract,
  code: string,
  history: History,
  openWorkOrder: boolean,
  today: string,
): Refusal | null {
  const object = record(contract.data[kind.object]);
  if (kind.product !== code || contractStatus(contract.status, contract.expiry_date, today).code !== 'ACTIVE')
    return refusal('NOT_AVAILABLE', KEY('notAvailable'));
  if (openWorkOrder) return refusal('OPEN_ENDORSEMENT', KEY('openEndorsement'));
  if (kind.ownerOnly && object.OWNER_OR_TENANT !== 'OWNER') return refusal('NOT_AVAILABLE', KEY('ownerOnly'));
  if (kind.limit?.oncePerPeriod && history.types.has(kind.type))
    return refusal('ONCE_PER_PERIOD', KEY('oncePerPeriod'), { manual: true });
  if (kind.homeValue) return homeCapRefusal(endorsementRules(), object, object);
  return null;
}

/** The answer of a refusal: 422 with the reason; a referral (call-back offered) when staff can do it. */
export function refusalError(r: Refusal, kind: string, lang: Lang): ApiError {
  const reason = t(lang, r.key, r.params ?? {});
  const extra: Json = { CODE: r.code, ENDORSEMENT_TYPE: kind };
  // Type 5 offers the call-back (§8 "a contact-me option when the code is 1, 2 or 5"); type 3 only
  // says why and gives the service line.
  const manualText = t(lang, 'endorsements:errors.manual');
  extra.CS_REFERRAL = {
    CHECK_NUMBER: r.code,
    ERROR_MESSAGE: r.manual ? `${reason} ${manualText}` : reason,
    ERROR_TEXT_TYPE: r.manual ? '5' : '3',
  };
  // A value to correct is the customer's to fix on the form: no referral then.
  if (!r.manual && r.field) delete extra.CS_REFERRAL;
  return new ApiError(422, [{ text: reason, code: r.code, field: r.field }], extra);
}

function productOf(ctx: ServiceContext, contract: Contract) {
  const product = ctx.catalog.products.find((p) => p.id === contract.flow_id);
  if (!product?.tariff) return null;
  return product;
}

/** The contract's package premium for this data by the product's own tariff (no new-policy promotions). */
function ratedCents(ctx: ServiceContext, contract: Contract, data: Json, today: string): number | null {
  const product = productOf(ctx, contract);
  if (!product?.tariff) return null;
  try {
    const quote = applyDerived(product.flow, stripClientPrices(data), today);
    const variant = String(getPath(quote, 'CS_USER_EXTRAS.VARIANT') ?? '') || undefined;
    const rating = rateQuote(product.tariff, quote, { today, variant, newPolicy: false, promotions: [] });
    const pkg = rating.CT_PACKAGES.find((p) => p.PACKAGE_ID === contract.package_id);
    return pkg ? Math.round(Number(pkg.AMOUNT) * 100) : null;
  } catch {
    return null;
  }
}

export interface PricedChange {
  kind: EndorsementKind;
  contract: Contract;
  oldValues: Json;
  newValues: Json;
  newData: Json;
  premiumBefore: number;
  premiumAfter: number;
  /** The configuration versions that checked and priced the change (recorded with it). */
  configVersions?: ConfigVersionRefs;
}

/**
 * Checks a change against every rule and prices it. The premium after is the contract's premium
 * plus what the product's tariff says the change adds or takes away (rated with and without it),
 * so a contract priced under a promotion keeps it.
 */
export async function priceChange(
  live: ServiceContext,
  db: Db,
  contract: Contract,
  type: string,
  body: Json,
  lang: Lang,
): Promise<PricedChange> {
  // One snapshot of the live configuration for the whole change (both ratings on one version).
  const ctx: ServiceContext = { ...live, bundles: live.bundles, catalog: live.catalog };
  const rules = endorsementRules();
  const code = productCode(ctx.bundles, contract.flow_id);
  const kind = kindByType(type);
  const today = todayOf(ctx);
  if (!kind || kind.product !== code)
    throw refusalError(refusal('NOT_AVAILABLE', KEY('notAvailable')), type, lang);
  const history = await historyOf(db, contract);
  const blocked = availability(
    kind,
    contract,
    code,
    history,
    await hasOpenWorkOrder(db, contract.contract_no),
    today,
  );
  if (blocked) throw refusalError(blocked, type, lang);

  const values = readValues(kind, body, rules);
  if (isRefusal(values)) throw refusalError(values, type, lang);
  const object = record(contract.data[kind.object]);
  const lists: Json = { CT_VALUABLES: contract.data.CT_VALUABLES ?? [] };
  if (nothingChanges(kind, object, values, lists))
    throw refusalError(refusal('NO_CHANGE', KEY('noChange'), { field: kind.fields[0].name }), type, lang);

  const after = changedObject(kind, object, values);
  if (kind.homeValue) {
    const capped = homeCapRefusal(rules, object, after);
    if (capped) throw refusalError(capped, type, lang);
  }
  if (kind.limit) {
    const field = kind.limit.field;
    const oldValue = amountOf(object, field);
    const base = history.firstOld[field] ?? oldValue;
    const limited = limitRefusal(kind, oldValue, amountOf(after, field), base);
    if (limited) throw refusalError(limited, type, lang);
  }
  if (kind.vehicleSearch) {
    const mismatch = vehicleMismatch(object, String(values.LICENSE_PLATE ?? ''));
    if (mismatch) throw refusalError(mismatch, type, lang);
  }

  const newData: Json = { ...contract.data, [kind.object]: after };
  for (const field of kind.fields) if (field.top) newData[field.name] = values[field.name] ?? [];
  const oldValues: Json = {};
  for (const field of kind.fields)
    oldValues[field.name] = field.top ? contract.data[field.name] : object[field.name];

  const ratedBefore = ratedCents(ctx, contract, contract.data, today);
  const ratedAfter = ratedCents(ctx, contract, newData, today);
  if (ratedBefore === null || ratedAfter === null)
    throw refusalError(refusal('PREMIUM_UPDATE', KEY('premiumUpdate'), { manual: true }), type, lang);
  const premiumBefore = Number(contract.premium_cents);
  const premiumAfter = Math.max(0, premiumBefore + ratedAfter - ratedBefore);
  const configVersions = productOf(ctx, contract)?.configVersions;
  return {
    kind,
    contract,
    oldValues,
    newValues: values,
    newData,
    premiumBefore,
    premiumAfter,
    ...(configVersions ? { configVersions } : {}),
  };
}

/**
 * A new plate of the insured vehicle: the register's vehicle under that plate must have a chassis
 * number containing the contract's and the same manufacturer (the /motor/VhlSrchEndor match).
 */
function vehicleMismatch(vehicle: Json, plate: string): Refusal | null {
  const found = findVehicleByPlate(plate);
  if (!found)
    return refusal('VEHICLE_NOT_FOUND', KEY('vehicleNotFound'), { manual: true, field: 'LICENSE_PLATE' });
  const chassis = String(vehicle.CHASSIS_NUMBER ?? '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  const maker = String(vehicle.MANUFACTURER ?? '').toUpperCase();
  if (
    chassis === '' ||
    !found.CHASSIS_NUMBER.toUpperCase().includes(chassis) ||
    found.MANUFACTURER.toUpperCase() !== maker
  )
    return refusal('VEHICLE_MISMATCH', KEY('vehicleMismatch'), { manual: true, field: 'LICENSE_PLATE' });
  return null;
}

export function changeAnswer(change: PricedChange, saved: boolean) {
  return {
    CS_ENDORSEMENT: {
      CONTRACT_NO: change.contract.contract_no,
      PRODUCT_ID: change.contract.product_id,
      ENDORSEMENT_TYPE: change.kind.type,
      OLD_VALUES: change.oldValues,
      NEW_VALUES: change.newValues,
      PREMIUM_BEFORE: centsToEuro(change.premiumBefore),
      PREMIUM_AFTER: centsToEuro(change.premiumAfter),
      PREMIUM_DIFFERENCE: centsToEuro(change.premiumAfter - change.premiumBefore),
      SAVED: saved ? 'X' : '',
    },
  };
}

/**
 * Saves a change: the contract row is locked, every rule checked again on what is stored now (two
 * tabs cannot both use the once-per-period change), then the contract's data, premium and version
 * and the endorsement row are written together.
 */
export async function saveChange(
  ctx: ServiceContext,
  customer: CustomerRow,
  contractNo: string,
  productId: string,
  type: string,
  body: Json,
  lang: Lang,
): Promise<PricedChange> {
  await ownContractByNo(ctx.db, customer, contractNo, productId);
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM contracts WHERE contract_no = $1 FOR UPDATE', [contractNo]);
    const contract = await ownContract(tx, customer, contractNo, productId);
    const change = await priceChange(ctx, tx, contract, type, body, lang);
    // Every amount follows: before discount, the balance to pay (and so each instalment).
    const moved = amountsAfterChange(contract, change.newData, change.premiumAfter - change.premiumBefore);
    await tx.query(
      `UPDATE contracts SET data = $2::jsonb, premium_cents = $3, balance_cents = $4, version = version + 1
        WHERE contract_no = $1`,
      [contractNo, JSON.stringify(moved.data), change.premiumAfter, moved.balanceCents],
    );
    await tx.query(
      `INSERT INTO endorsements (contract_no, customer_no, endorsement_type, period_start, old_values, new_values,
         premium_before_cents, premium_after_cents, contract_version, created_at, config_versions)
       VALUES ($1, $2, $3, $4::date, $5::jsonb, $6::jsonb, $7, $8, $9, $10::timestamptz, $11::jsonb)`,
      [
        contractNo,
        customer.customer_no,
        type,
        contract.start_date,
        JSON.stringify(change.oldValues),
        JSON.stringify(change.newValues),
        change.premiumBefore,
        change.premiumAfter,
        Number(contract.version) + 1,
        ctx.now().toISOString(),
        change.configVersions ? JSON.stringify(change.configVersions) : null,
      ],
    );
    return change;
  });
}

/** The endorsements screen's data: each kind of the product, whether it can be done online, and why not. */
export async function endorsementsOf(
  ctx: ServiceContext,
  customer: CustomerRow,
  contractNo: string,
  lang: Lang,
) {
  const contract = await ownContractByNo(ctx.db, customer, contractNo);
  const code = productCode(ctx.bundles, contract.flow_id);
  const today = todayOf(ctx);
  const history = await historyOf(ctx.db, contract);
  const open = await hasOpenWorkOrder(ctx.db, contract.contract_no);
  const detail = contractDetail(contract, ctx.bundles, customer, lang, today);
  const current: Json = {};
  const list = kindsOf(code).map((kind) => {
    const object = record(contract.data[kind.object]);
    for (const f of kind.fields)
      current[f.name] = f.top ? (contract.data[f.name] ?? []) : (object[f.name] ?? '');
    const blocked = availability(kind, contract, code, history, open, today);
    return {
      ENDORSEMENT_TYPE: kind.type,
      FLOW_ID: kind.flow,
      AVAILABLE: blocked === null,
      ...(blocked
        ? {
            CODE: blocked.code,
            MSGTEXT: t(lang, blocked.key, blocked.params ?? {}),
            CALL_BACK: blocked.manual,
          }
        : {}),
    };
  });
  // What the product's endorsement wizards read of the contract besides the values they change
  // (the motor wizard's register search: the chassis and maker), as their flows' contractFacts say.
  for (const [name, path] of Object.entries(contractFactsOf(ctx.bundles, code)))
    current[name] = getPath(contract.data, path) ?? '';
  return {
    CS_CONTRACT: detail.CS_CONTRACT,
    CS_OBJECT: detail.CS_OBJECT,
    CT_ENDORSEMENTS: list,
    CS_CURRENT: current,
    // The flow's form starts from the values as they are.
    CS_NEW: current,
    CS_LIMITS: limitsOf(code, contract, history),
  };
}

/** The contract facts the endorsement wizards of the product's kinds declare, by name. */
export function contractFactsOf(bundles: readonly FlowBundle[], code: string): Record<string, string> {
  const flows = new Set(kindsOf(code).map((k) => k.flow));
  const facts: Record<string, string> = {};
  for (const { flow } of bundles) if (flows.has(flow.id)) Object.assign(facts, flow.contractFacts);
  return facts;
}

/** The bounds the customer can reach online, shown before they type (the service checks them again). */
function limitsOf(code: string, contract: Contract, history: History): Json {
  const out: Json = { VALUABLE_ITEM_MAX: endorsementRules().valuableItemMax };
  for (const kind of kindsOf(code)) {
    const limit = kind.limit;
    if (!limit) continue;
    const value = amountOf(record(contract.data[kind.object]), limit.field);
    const base = history.firstOld[limit.field] ?? value;
    out[`${limit.field}_MAX`] = Math.floor((value * (100 + limit.maxUpPercent)) / 100);
    out[`${limit.field}_MIN`] =
      limit.maxTotalDownPercent !== undefined
        ? Math.ceil((base * (100 - limit.maxTotalDownPercent)) / 100)
        : Math.ceil((value * (100 - (limit.maxDownPercent ?? 0))) / 100);
  }
  return out;
}

export async function createWorkOrder(
  ctx: ServiceContext,
  customer: CustomerRow,
  input: {
    CONTRACT_NO: string;
    PRODUCT_ID: string;
    ENDORSEMENT_TYPE?: string;
    CALL_BACK?: string;
    PHONE?: string;
    REQUESTED_VALUES?: Json;
  },
  lang: Lang,
) {
  const contract = await ownContract(ctx.db, customer, input.CONTRACT_NO, input.PRODUCT_ID);
  const type = input.ENDORSEMENT_TYPE?.trim() || null;
  if (type) {
    const kind = kindByType(type);
    if (!kind || kind.product !== productCode(ctx.bundles, contract.flow_id))
      throw refusalError(
        refusal('NOT_AVAILABLE', KEY('notAvailable'), { field: 'ENDORSEMENT_TYPE' }),
        type,
        lang,
      );
  }
  const [{ id }] = await ctx.db.query<{ id: string }>(`SELECT 'WO' || nextval('work_order_no_seq') AS id`);
  await ctx.db.query(
    `INSERT INTO work_orders (workorder_id, customer_no, contract_no, product_id, endorsement_type, requested_values,
       call_back, phone, language, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $10, $9::timestamptz, $9::timestamptz)`,
    [
      id,
      customer.customer_no,
      contract.contract_no,
      contract.product_id,
      type,
      JSON.stringify(input.REQUESTED_VALUES ?? {}),
      input.CALL_BACK === 'X',
      (input.PHONE ?? customer.telephone ?? '').slice(0, 20),
      ctx.now().toISOString(),
      // The language the customer is told of the work order's progress in.
      lang,
    ],
  );
  return { WORKORDER_ID: id };
}
