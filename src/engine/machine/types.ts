// The flow machine's context, events and options, and what every part is built from. The parts
// (navigation, pricing, effects, the e-mail code gate, payment, offer resume, the wizard's start
// and end) each add their states, transitions and named actions; createFlowMachine assembles them.

import type { Flow, Quote, Substep } from '../flow/types';
import type { FieldError } from '../flow/validate';
import type { FlowServices, PaymentRedirect, ServiceError } from './services';

export type PaymentOutcome = 'SUCCESS' | 'SUCCESS_PENDING' | 'FAILED';

export interface SubstepPosition {
  key: string;
  stepIndex: number;
  substepIndex: number;
  index: number;
  substep: Substep;
}

export interface FlowContext {
  flow: Flow;
  quote: Quote;
  /** Values "$" paths read in conditions: variant, area … */
  vars: Record<string, unknown>;
  /** Errors of the last rejected NEXT. */
  errors: FieldError[];
  referral: ServiceError['referral'] | null;
  serviceError: ServiceError | null;
  cursor: number;
  premium: { previous: number; current: number } | null;
  otp: { email: string; problem: 'invalid' | 'expired' | 'send' | null };
  redirect: PaymentRedirect | null;
  outcome: PaymentOutcome | null;
  /** Steps reached so far (the ACTIVATED flag of each step). */
  activated: Record<string, boolean>;
  /** The quote before the package or cover choices still being priced (null when all are priced). */
  choiceBefore: Quote | null;
}

/** ServiceError code of a recalculation that failed and took back the visitor's last choices. */
export const CHOICE_UNDONE = 'CHOICE_UNDONE';

export type FlowEvent =
  | { type: 'CHANGE'; quote: Quote }
  | { type: 'NEXT'; quote?: Quote }
  | { type: 'BACK' }
  | { type: 'GOTO'; step: number }
  | { type: 'EDIT' }
  | { type: 'RETRY' }
  | { type: 'CONFIRM_PREMIUM' }
  | { type: 'REJECT_PREMIUM' }
  | { type: 'SELECT_PACKAGE'; packageId: string }
  | { type: 'TOGGLE_COVER'; coverId: string; selected: boolean }
  | { type: 'OPEN_PANEL'; id: string }
  | { type: 'OTP_SEND'; email: string }
  | { type: 'OTP_VERIFY'; code: string }
  | { type: 'OTP_RESEND' }
  | { type: 'OTP_CHANGE_EMAIL' }
  /** The browser's e-mail confirmation component ran the code exchange itself. */
  | { type: 'OTP_CONFIRMED'; email: string }
  | { type: 'PAYMENT_RESULT'; status: PaymentOutcome }
  /** The visitor came back from the provider's page without paying. */
  | { type: 'CANCEL_PAYMENT' }
  /** Values the page around the flow holds (the promo block, a logged-in customer's details), by path. */
  | { type: 'SET_VALUES'; values: Record<string, unknown> }
  /** A stored offer reopened (the e-mailed link, the portal): its quote, on the substep `at`. */
  | { type: 'RESUME'; quote: Quote; at: string };

export interface FlowMachineOptions {
  quote?: Quote;
  /**
   * Values the page sets on the new quote over the defaults, by path: what the wizard is about
   * (the contract and the kind of an endorsement, from the page's route).
   */
  values?: Record<string, unknown>;
  vars?: Record<string, unknown>;
  /** Path analysis (flows:paths): answers are not checked, so every NEXT may leave. */
  analysis?: boolean;
}

/** What each part of the machine is built from: one flow, its substeps, the outside world. */
export interface MachineBuild {
  flow: Flow;
  positions: SubstepPosition[];
  services: FlowServices;
  vars: Record<string, unknown>;
  options: FlowMachineOptions;
}
