// Runs a substep's effects in order (calls, check points, the OTP gate, payment) and stops at the
// first one that needs the visitor: a referral, a one-time code, a changed premium or a redirect.
// The machine resumes from `cursor` once the visitor has answered.

import { evaluateCheckPoints } from '../checkpoints';
import { evaluateCondition } from '../conditions';
import { applyDerived } from '../flow/derived';
import { qualify } from '../flow/expand';
import type { Effect, Flow, Quote } from '../flow/types';
import { getPath, mergeDeep, setPath } from '../paths';
import { asServiceError, type FlowServices, type PaymentRedirect, type ServiceError } from './services';

export type EffectsOutcome =
  | { kind: 'done'; quote: Quote }
  | { kind: 'referral'; quote: Quote; cursor: number; referral: NonNullable<ServiceError['referral']> }
  | { kind: 'otp'; quote: Quote; cursor: number }
  | { kind: 'premiumChanged'; quote: Quote; cursor: number; previous: number; current: number }
  | { kind: 'redirect'; quote: Quote; redirect: PaymentRedirect }
  | { kind: 'error'; quote: Quote; cursor: number; error: ServiceError };

export interface EffectsInput {
  flow: Flow;
  effects: readonly Effect[];
  quote: Quote;
  /** Index of the first effect to run (resuming after the visitor answered). */
  cursor: number;
  vars: Record<string, unknown>;
  /** The premium change at `cursor - 1` was confirmed: do not ask again. */
  services: FlowServices;
}

export const CONFIRMED_EMAIL_PATH = 'CS_CONFIRMATION.CONFIRMED';

/** Merges a call's answer into the quote as the call's `merge` map says. */
export function mergeAnswer(quote: Quote, answer: unknown, merge: Record<string, string> | undefined): Quote {
  if (!answer || typeof answer !== 'object' || !merge) return quote;
  let out = quote;
  for (const [from, to] of Object.entries(merge)) {
    if (from === '*') {
      out = mergeDeep(out, answer);
      continue;
    }
    const value = getPath(answer, from);
    if (value === undefined) continue;
    const current = getPath(out, to);
    const merged =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? mergeDeep(current, value)
        : value;
    out = setPath(out, to, merged);
  }
  return out;
}

function premiumAt(quote: Quote, path: string): number {
  const n = Number(getPath(quote, path));
  return Number.isFinite(n) ? n : 0;
}

export async function runEffects(input: EffectsInput): Promise<EffectsOutcome> {
  const { flow, effects, services, vars } = input;
  const today = services.today();
  let quote = applyDerived(flow, input.quote, today);
  for (let i = input.cursor; i < effects.length; i++) {
    const effect = effects[i];
    if (effect.when && !evaluateCondition(effect.when, quote, vars)) continue;
    try {
      if ('checkpoints' in effect) {
        const hit = evaluateCheckPoints(await services.checkPoints(), quote);
        if (hit) return { kind: 'referral', quote, cursor: i, referral: hit };
      } else if ('otpGate' in effect) {
        if (getPath(quote, CONFIRMED_EMAIL_PATH) !== 'X') return { kind: 'otp', quote, cursor: i };
      } else if ('set' in effect) {
        for (const [path, value] of Object.entries(effect.set)) quote = setPath(quote, path, value);
      } else if ('call' in effect) {
        const spec = flow.calls?.[effect.call];
        if (!spec) throw new Error(`Flow ${flow.id} has no call "${effect.call}"`);
        const before = effect.confirmPremiumChange ? premiumAt(quote, effect.confirmPremiumChange) : 0;
        const answer = await services.call(effect.call, spec, quote);
        quote = applyDerived(flow, mergeAnswer(quote, answer, spec.merge), today);
        if (effect.confirmPremiumChange) {
          const after = premiumAt(quote, effect.confirmPremiumChange);
          if (before > 0 && after > 0 && Math.round(before * 100) !== Math.round(after * 100)) {
            // Resume after this call once confirmed.
            return { kind: 'premiumChanged', quote, cursor: i + 1, previous: before, current: after };
          }
        }
      } else if ('payment' in effect) {
        const redirect = await services.payment(effect.payment, quote);
        return { kind: 'redirect', quote, redirect };
      }
    } catch (thrown) {
      const error = asServiceError(thrown);
      if (error.referral) return { kind: 'referral', quote, cursor: i, referral: error.referral };
      // A refusal the flow words itself (user not found, code expired …) is the visitor's to
      // correct: a 422, whatever status the service chose, so the form stays on screen.
      const refusal =
        'call' in effect && error.code ? flow.calls?.[effect.call]?.refusals?.[error.code] : undefined;
      if (refusal)
        return {
          kind: 'error',
          quote,
          cursor: i,
          error: { ...error, status: 422, messageKey: qualify(flow, refusal) },
        };
      return { kind: 'error', quote, cursor: i, error };
    }
  }
  return { kind: 'done', quote };
}
