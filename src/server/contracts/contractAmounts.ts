// A contract's amounts (spec §3: premium before and after discount, balance, instalments), read
// one way for the list, the detail, the policy schedule and the payment-method page, and moved one
// way by an endorsement, so no two screens can disagree about them.

import { centsToEuro } from '../../engine/money';

type Json = Record<string, unknown>;

export interface AmountRow {
  premium_cents: number | string;
  balance_cents: number | string;
  data: Json;
}

const policyOf = (data: Json): Json =>
  data.CS_POLICY && typeof data.CS_POLICY === 'object' ? (data.CS_POLICY as Json) : {};

/** The number of instalments the contract is paid in (1 when none is stored). */
export function instalmentsOf(data: Json): number {
  const n = Number(policyOf(data).INSTALLMENT_NUMBER);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** Before discount in cents: the quote's INITIAL_AMOUNT, never below the premium after discount. */
function beforeCents(row: AmountRow): number {
  const after = Number(row.premium_cents);
  const initial = Number(policyOf(row.data).INITIAL_AMOUNT);
  return Number.isFinite(initial) && initial > 0 ? Math.max(Math.round(initial * 100), after) : after;
}

/** The amounts in the spec's names, in euro. */
export function contractAmounts(row: AmountRow) {
  return {
    ZZPREMIUM_BEFORE_DISC_AMOUNT: centsToEuro(beforeCents(row)),
    ZZPREMIUM_AFTER_DISC_AMOUNT: centsToEuro(Number(row.premium_cents)),
    ZZBALANCE_AMOUNT: centsToEuro(Number(row.balance_cents)),
    INSTALLMENT_NUMBER: instalmentsOf(row.data),
  };
}

/**
 * What an endorsement that moves the premium after discount by `difference` cents does to the
 * rest: the premium before discount moves by the same amount (the discount given stays what it
 * was), and the balance still to pay takes the difference (never below nothing; a refund is the
 * insurer's back office's). Returns the contract's new data and balance.
 */
export function amountsAfterChange(
  row: AmountRow,
  newData: Json,
  difference: number,
): { data: Json; balanceCents: number } {
  const policy = policyOf(newData);
  const before = beforeCents(row) + difference;
  const data = { ...newData, CS_POLICY: { ...policy, INITIAL_AMOUNT: centsToEuro(Math.max(0, before)) } };
  return { data, balanceCents: Math.max(0, Number(row.balance_cents) + difference) };
}
