// What a flow machine needs from the outside world. The browser passes the /zcp client, the replay
// CLI passes the service in-process, tests pass fakes: the machine itself does no I/O.

import type { CheckPoint } from '../checkpoints';
import type { CallSpec, Quote } from '../flow/types';

export interface PaymentRedirect {
  URL: string;
  METHOD: 'POST' | 'GET';
  FIELDS: Record<string, string>;
}

/** An error a service call may throw; `referral` when the server refused with a check point. */
export interface ServiceError {
  status?: number;
  message?: string;
  /** Machine-readable code of a refusal (e.g. EXPIRED for a one-time code). */
  code?: string;
  /** The flow's own text for this refusal (a call's `refusals`), qualified: "register:refusals.x". */
  messageKey?: string;
  referral?: { CHECK_NUMBER: string; ERROR_MESSAGE: string; ERROR_TEXT_TYPE: string };
}

export type OtpResult = 'ok' | 'invalid' | 'expired';

export interface FlowServices {
  /** Runs one of the flow's named calls and answers the parsed body (true for 204). */
  call(name: string, spec: CallSpec, quote: Quote): Promise<unknown>;
  /** The product's check points (GET /zcp/offer/RulesDetail/{key}), in the visitor's language. */
  checkPoints(): Promise<readonly CheckPoint[]>;
  /** Mails a one-time code to the address (POST /zcp/otp/generate). */
  otpGenerate(email: string): Promise<void>;
  /** Checks a one-time code (POST /zcp/otp/validate). */
  otpValidate(email: string, code: string): Promise<OtpResult>;
  /** Registers the payment and answers where to send the visitor (POST /zcp/jcc/JCCFunc/REGPAY). */
  payment(name: string, quote: Quote): Promise<PaymentRedirect>;
  /** Europe/Nicosia today, Y-m-d. */
  today(): string;
}

/** Reads a thrown value as a ServiceError (the /zcp client's ZcpError has this shape). */
export function asServiceError(error: unknown): ServiceError {
  if (error && typeof error === 'object') {
    const e = error as Record<string, unknown>;
    const body = (e.body ?? {}) as Record<string, unknown>;
    const messages = (e.messages ?? body.MESSAGES ?? body.CT_MESSAGE) as { MSGTEXT?: string }[] | undefined;
    return {
      status: typeof e.status === 'number' ? e.status : undefined,
      message: messages?.[0]?.MSGTEXT ?? (typeof e.message === 'string' ? e.message : undefined),
      code: typeof body.CODE === 'string' ? body.CODE : typeof e.code === 'string' ? e.code : undefined,
      referral: (e.referral ?? body.CS_REFERRAL) as ServiceError['referral'],
    };
  }
  return { message: String(error) };
}
