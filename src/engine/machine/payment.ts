// Payment and return: a `payment` effect sends the visitor to the provider's page (redirecting);
// the page around the flow reports what the provider answered (PAYMENT_RESULT) or that the visitor
// came back without paying (CANCEL_PAYMENT: the paying substep's form again).

import { assign } from 'xstate';
import { outputOf, type Update } from './actions';
import type { PaymentRedirect } from './services';
import type { FlowEvent, MachineBuild, PaymentOutcome } from './types';

/** The state key of the redirect, the target of a leaving substep's payment. */
export const REDIRECTING = 'redirecting';

/** The substep whose onLeave pays (the one a cancelled payment returns to), if any. */
export function payingPosition({ positions }: MachineBuild) {
  return positions.find((p) => p.substep.onLeave?.some((e) => 'payment' in e));
}

type Result = { event: FlowEvent };
const resultIs =
  (status: PaymentOutcome) =>
  ({ event }: Result) =>
    event.type === 'PAYMENT_RESULT' && event.status === status;

/** redirecting and the three final outcomes: paid, paid pending the provider, failed. */
export function paymentStates(build: MachineBuild) {
  const paying = payingPosition(build);
  return {
    [REDIRECTING]: {
      on: {
        ...(paying ? { CANCEL_PAYMENT: `#${build.flow.id}.${paying.key}.editing` } : {}),
        PAYMENT_RESULT: [
          { guard: resultIs('SUCCESS'), target: 'paid' },
          { guard: resultIs('SUCCESS_PENDING'), target: 'paidPending' },
          { target: 'paymentFailed' },
        ],
      },
    },
    paid: { type: 'final', entry: assign({ outcome: 'SUCCESS' as PaymentOutcome }) },
    paidPending: { type: 'final', entry: assign({ outcome: 'SUCCESS_PENDING' as PaymentOutcome }) },
    paymentFailed: { type: 'final', entry: assign({ outcome: 'FAILED' as PaymentOutcome }) },
  };
}

export const paymentActions: Record<string, Update> = {
  takeRedirect: ({ event }) => ({ redirect: (outputOf(event) as { redirect: PaymentRedirect }).redirect }),
};
