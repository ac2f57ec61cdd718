// The renewal calendar (issue 28 item 2), one rule for the service's preparation, its reminders
// and the dashboard's state. A contract's renewal offer is prepared `offerDays` before its last
// day of cover (the product's configuration, 30 by default), the customer is told then and once
// more `reminderDays` before expiry (7); the new contract starts the day after the old one ends
// and runs for the product's duration by the same rule as a purchase (policyEndDate). Unpaid by
// the end of the last day of cover, the contract is expired.

import { addDays, type Duration, isValidYmd, policyEndDate } from './dates';

export const DEFAULT_RENEWAL_OFFER_DAYS = 30;
export const DEFAULT_RENEWAL_REMINDER_DAYS = 7;

export interface RenewalOptions {
  /** Days before expiry that the offer is prepared and first announced (product configuration). */
  offerDays?: number;
  /** Days before expiry of the second and last reminder. */
  reminderDays?: number;
  /** The new contract's duration (the product's, one year by default). */
  duration?: Duration;
}

export interface RenewalSchedule {
  /** The day the offer is prepared and the first notice sent, Y-m-d. */
  offerOn: string;
  /** The day of the second notice, Y-m-d (the same day as offerOn when the periods coincide). */
  reminderOn: string;
  /** First and last day of cover of the renewed contract, Y-m-d, both included. */
  startDate: string;
  expiryDate: string;
}

export type RenewalState = 'NOT_DUE' | 'OFFERED' | 'RENEWED' | 'EXPIRED';

function wholeDays(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${what} must be a whole number of days, not ${n}`);
  return n;
}

/** When a contract ending on `expiryDate` (its last day of cover) is offered, reminded and renewed. */
export function renewalSchedule(expiryDate: string, options: RenewalOptions = {}): RenewalSchedule {
  if (!isValidYmd(expiryDate)) throw new RangeError(`Not a date: ${expiryDate}`);
  const offerDays = wholeDays(options.offerDays ?? DEFAULT_RENEWAL_OFFER_DAYS, 'The renewal offer period');
  const reminderDays = wholeDays(options.reminderDays ?? DEFAULT_RENEWAL_REMINDER_DAYS, 'The reminder');
  // A reminder set earlier than the offer would announce an offer not yet made: it waits for it.
  const offerOn = addDays(expiryDate, -offerDays);
  const reminderOn = addDays(expiryDate, -Math.min(reminderDays, offerDays));
  const startDate = addDays(expiryDate, 1);
  return { offerOn, reminderOn, startDate, expiryDate: policyEndDate(startDate, options.duration) };
}

/** How many renewal notices are due by `today` (0, 1 or 2); the service sends the ones it has not. */
export function renewalNoticesDue(schedule: RenewalSchedule, today: string): number {
  if (today < schedule.offerOn) return 0;
  if (today < schedule.reminderOn || schedule.reminderOn === schedule.offerOn) return 1;
  return 2;
}

/** What the dashboard shows for a contract ending on `expiryDate`, today, given whether its renewal is paid. */
export function renewalState(
  schedule: RenewalSchedule,
  expiryDate: string,
  today: string,
  renewalPaid: boolean,
): RenewalState {
  if (renewalPaid) return 'RENEWED';
  if (today > expiryDate) return 'EXPIRED';
  return today >= schedule.offerOn ? 'OFFERED' : 'NOT_DUE';
}
