// The e-mail code gate (an `otpGate` effect): the visitor gives an address, receives a one-time
// code and types it; once it checks, the address is the holder's and marked confirmed, and the
// paused effects go on. The browser's confirmation component may run the exchange itself and say
// so (OTP_CONFIRMED).

import { assign, fromPromise } from 'xstate';
import { getPath, setPath } from '../paths';
import { type Update, update } from './actions';
import { CONFIRMED_EMAIL_PATH } from './effects';
import { asServiceError, type OtpResult } from './services';
import type { FlowContext, FlowEvent, MachineBuild, SubstepPosition } from './types';

export function emailCodeActors({ services }: MachineBuild) {
  return {
    otpSendActor: fromPromise<void, { email: string }>(({ input }) => services.otpGenerate(input.email)),
    otpCheckActor: fromPromise<OtpResult, { email: string; code: string }>(({ input }) =>
      services.otpValidate(input.email, input.code),
    ),
  };
}

type CheckDone = { event: { output: OtpResult } };

/** The `otp` pause of a substep: email → sending → code → verifying (→ expired). */
export function emailCodeState({ flow }: MachineBuild, pos: SubstepPosition) {
  return {
    initial: 'email',
    on: {
      OTP_CONFIRMED: {
        target: 'leaving',
        actions: [
          update(({ context, event }) =>
            event.type === 'OTP_CONFIRMED' ? { otp: { ...context.otp, email: event.email.trim() } } : {},
          ),
          'confirmEmail',
        ],
      },
    },
    states: {
      email: {
        on: {
          OTP_SEND: {
            target: 'sending',
            actions: update(({ event }) =>
              event.type === 'OTP_SEND' ? { otp: { email: event.email.trim(), problem: null } } : {},
            ),
          },
        },
      },
      sending: {
        invoke: {
          src: 'otpSendActor',
          input: ({ context }: { context: FlowContext }) => ({ email: context.otp.email }),
          onDone: 'code',
          onError: {
            target: 'email',
            actions: assign({
              otp: ({ context }) => ({ ...context.otp, problem: 'send' as const }),
              serviceError: ({ event }) => asServiceError(event.error),
            }),
          },
        },
      },
      code: {
        on: {
          OTP_VERIFY: { target: 'verifying' },
          OTP_RESEND: 'sending',
          OTP_CHANGE_EMAIL: 'email',
        },
      },
      verifying: {
        invoke: {
          src: 'otpCheckActor',
          input: ({ context, event }: { context: FlowContext; event: FlowEvent }) => ({
            email: context.otp.email,
            code: event.type === 'OTP_VERIFY' ? event.code.trim() : '',
          }),
          onDone: [
            {
              guard: ({ event }: CheckDone) => event.output === 'ok',
              target: `#${flow.id}.${pos.key}.leaving`,
              actions: 'confirmEmail',
            },
            {
              guard: ({ event }: CheckDone) => event.output === 'expired',
              target: 'expired',
              actions: assign({ otp: ({ context }) => ({ ...context.otp, problem: 'expired' as const }) }),
            },
            {
              target: 'code',
              actions: assign({ otp: ({ context }) => ({ ...context.otp, problem: 'invalid' as const }) }),
            },
          ],
          onError: {
            target: 'code',
            actions: assign({ serviceError: ({ event }) => asServiceError(event.error) }),
          },
        },
      },
      expired: { on: { OTP_RESEND: 'sending', OTP_CHANGE_EMAIL: 'email' } },
    },
  };
}

export const emailCodeActions: Record<string, Update> = {
  /** The gate opens with the address given before, or the holder's. */
  prefillOtpEmail: ({ context }) => ({
    otp: {
      email: context.otp.email || String(getPath(context.quote, 'CS_POLICY_HOLDER.MAIL_ADDRESS') ?? ''),
      problem: null,
    },
  }),
  /** The checked address becomes the holder's, marked confirmed (the gate then lets it through). */
  confirmEmail: ({ context }) => {
    let q = setPath(context.quote, 'CS_CONFIRMATION.EMAIL', context.otp.email);
    q = setPath(q, CONFIRMED_EMAIL_PATH, 'X');
    return {
      quote: setPath(q, 'CS_POLICY_HOLDER.MAIL_ADDRESS', context.otp.email),
      otp: { ...context.otp, problem: null },
    };
  },
};
