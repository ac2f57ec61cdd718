// The right of withdrawal (purchase spec §9 "Withdrawal right: 14 days, if no claims"; issue 28
// item 1), one rule for the portal's page, the service's refund and the withdrawal PDF. The FAQ
// states it to customers: "We refund the premium less only the part for the days you were
// covered" (flows/_catalogues/faqs.json). So:
//
//   covered days  = from the start of cover to the day of withdrawal, both included (the cover
//                   runs to the end of that day); none when the cover has not started yet
//   policy days   = from the start of cover to its last day, both included
//   kept          = premium × covered days ÷ policy days, rounded to the cent (half up)
//   refund        = what was paid less what is kept, never below nothing
//
// The period (14 days) is the product's configuration (flow.json product.withdrawalDays) and is
// counted from the day the policy documents were issued: day 0 is that day, the last day to
// withdraw is day `periodDays`.

import { addDays, diffDays, isValidYmd } from './dates';

export interface WithdrawalInput {
  /** The contract's premium (after discount), cents. */
  premiumCents: number;
  /** What the customer has paid of it so far, cents (the premium less the balance still due). */
  paidCents: number;
  /** First and last day of cover, Y-m-d, both included. */
  startDate: string;
  expiryDate: string;
  /** The day the policy documents were issued (the contract's issue date), Y-m-d. */
  issuedOn: string;
  /** The day the customer withdraws (today in Cyprus), Y-m-d. */
  today: string;
  /** The product's withdrawal period in days. */
  periodDays: number;
  /** Whether a claim is recorded on the contract. */
  hasClaim: boolean;
}

export type WithdrawalRefusal = 'PERIOD_OVER' | 'CLAIM' | 'NOT_ISSUED';

export interface WithdrawalTerms {
  /** Last day the right may be used, Y-m-d. */
  lastDay: string;
  coveredDays: number;
  policyDays: number;
  /** What the insurer keeps for the days covered, cents. */
  keptCents: number;
  /** What goes back to the customer, cents. */
  refundCents: number;
  /** Why the right cannot be used today; null when it can. */
  refusal: WithdrawalRefusal | null;
}

/** The days of cover from `start` to `end`, both included (0 when `end` is before `start`). */
export function coverDays(start: string, end: string): number {
  return Math.max(0, diffDays(start, end) + 1);
}

/** Half-up division of non-negative integers, so a cent is never lost or made up. */
function roundedShare(amount: number, part: number, whole: number): number {
  return Math.floor((amount * part * 2 + whole) / (whole * 2));
}

/** The withdrawal's terms on `today`: whether it may be used, and the refund it gives. */
export function withdrawalTerms(input: WithdrawalInput): WithdrawalTerms {
  for (const key of ['startDate', 'expiryDate', 'issuedOn', 'today'] as const) {
    if (!isValidYmd(input[key])) throw new RangeError(`withdrawalTerms: ${key} is not a date`);
  }
  if (!Number.isSafeInteger(input.premiumCents) || input.premiumCents < 0)
    throw new RangeError('withdrawalTerms: premiumCents must be a whole number of cents');
  if (!Number.isSafeInteger(input.periodDays) || input.periodDays < 0)
    throw new RangeError('withdrawalTerms: periodDays must be a whole number of days');
  const policyDays = coverDays(input.startDate, input.expiryDate);
  if (policyDays < 1) throw new RangeError('withdrawalTerms: the cover ends before it starts');

  const paid = Math.min(Math.max(0, Math.round(input.paidCents)), input.premiumCents);
  const lastCovered = input.today < input.expiryDate ? input.today : input.expiryDate;
  const coveredDays = Math.min(policyDays, coverDays(input.startDate, lastCovered));
  const keptCents = roundedShare(input.premiumCents, coveredDays, policyDays);
  const refundCents = Math.max(0, paid - keptCents);

  const sinceIssue = diffDays(input.issuedOn, input.today);
  const refusal: WithdrawalRefusal | null =
    sinceIssue < 0
      ? 'NOT_ISSUED'
      : sinceIssue > input.periodDays
        ? 'PERIOD_OVER'
        : input.hasClaim
          ? 'CLAIM'
          : null;
  return {
    lastDay: addDays(input.issuedOn, input.periodDays),
    coveredDays,
    policyDays,
    keptCents,
    refundCents,
    refusal,
  };
}
