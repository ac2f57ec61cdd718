// The rules of a payment-method change, shared by its calls: which IBANs are accepted (the
// payment-method flow's own `iban` field rule, so browser and service read one setting), which
// bank an IBAN belongs to, the minimum direct-debit instalment, and whether the contract may be
// changed online at all.

import settings from '../../../../flows/_catalogues/paymentMethod.json' with { type: 'json' };
import type { FlowBundle } from '../../../engine/flow/bundle';
import { ibanBankCode, ibanProblem, normalizeIban } from '../../../engine/rules/fieldRules';
import type { Db } from '../../db';
import { ApiError, type PendingMessage } from '../../platform/errors';
import { liveCatalogue } from '../../platform/liveConfig';

export const PAYMETHOD_FLOW_ID = 'paymethod';
export const CERTIFICATE_PURPOSE = 'paymethod-certificate';

type FieldLike = { rules?: { rule: string; params?: unknown[] }[]; fields?: FieldLike[] };

/** The countries the flow's IBAN field accepts (its `iban` rule's parameters); Cyprus when absent. */
export function sepaCountries(bundles: FlowBundle[]): string[] {
  const flow = bundles.find((b) => b.flow.id === PAYMETHOD_FLOW_ID)?.flow;
  for (const step of flow?.steps ?? []) {
    for (const substep of step.substeps) {
      for (const field of (substep as { fields?: FieldLike[] }).fields ?? []) {
        const rule = field.rules?.find((r) => r.rule === 'iban');
        if (rule?.params?.length) return rule.params.map(String);
      }
    }
  }
  return ['CY'];
}

/** The bank's BIC (CpBankList's VALUE) for a Cypriot IBAN; '' when the bank is not one we collect from. */
export function bankOfIban(iban: string): string {
  return (
    (liveCatalogue('paymentMethod', settings).ibanBankCodes as Record<string, string>)[ibanBankCode(iban)] ??
    ''
  );
}

function ibanRefusal(key: string, code: string): ApiError {
  const message: PendingMessage = { key, field: 'IBAN', code };
  return new ApiError(422, [message], { CODE: code });
}

/** A checked IBAN (normalised) and its bank, or a 422 whose first MSGTEXT is the IBAN error (§8). */
export function checkIban(value: string, bundles: FlowBundle[]): { iban: string; bank: string } {
  const iban = normalizeIban(value);
  const problem = ibanProblem(iban, sepaCountries(bundles));
  if (problem === 'iban_country') throw ibanRefusal('validation:iban_country', 'IBAN_COUNTRY');
  if (problem) throw ibanRefusal('validation:iban', 'IBAN_INVALID');
  const bank = bankOfIban(iban);
  if (!bank) throw ibanRefusal('paymethod:errors.unknownBank', 'IBAN_BANK');
  return { iban, bank };
}

export function minInstalmentCents(): number {
  return Math.round(liveCatalogue('paymentMethod', settings).minInstalmentEuro * 100);
}

export function cardVerificationCents(): number {
  return liveCatalogue('paymentMethod', settings).cardVerificationCents;
}

/** The one instalment a direct debit would collect: the premium over the number of instalments. */
export function instalmentCents(premiumCents: number, instalments: number): number {
  const n = Number.isInteger(instalments) && instalments > 0 ? instalments : 1;
  return Math.floor(premiumCents / n);
}

/** Why the contract's payment method cannot be changed online now, or null. */
export async function blockOf(db: Db, contractNo: string): Promise<string | null> {
  const [row] = await db.query<{ reason: string }>(
    'SELECT reason FROM paymethod_blocks WHERE contract_no = $1',
    [contractNo],
  );
  return row?.reason ?? null;
}

export function unavailable(): ApiError {
  return new ApiError(422, [{ key: 'paymethod:errors.unavailable', code: 'PAYMETH_UNAVAILABLE' }], {
    CODE: 'PAYMETH_UNAVAILABLE',
  });
}
