// Resuming a stored offer (the e-mailed link, the portal): RESUME puts its quote on the substep
// where the visitor checks the holder's details and pays, from whatever the machine held before.

import { applyDerived } from '../flow/derived';
import type { Flow, Substep } from '../flow/types';
import type { Update } from './actions';
import { substepPositions } from './navigation';
import type { FlowEvent, MachineBuild } from './types';

/**
 * Where a stored offer reopens: the last substep that stores the quote (its onLeave calls the
 * product's quotation), where the visitor checks the holder's details and pays. Undefined for a
 * flow without one.
 */
export function offerResumeKey(flow: Flow): string | undefined {
  const quotation = flow.product?.api.quotation;
  if (!quotation) return undefined;
  const stores = (s: Substep) =>
    (s.onLeave ?? []).some((e) => {
      const name = (e as { call?: string }).call;
      return name !== undefined && flow.calls?.[name]?.path.split('/').pop() === quotation;
    });
  return substepPositions(flow)
    .filter((p) => stores(p.substep))
    .pop()?.key;
}

/** RESUME, accepted anywhere: to the substep it names (an unknown one is ignored). */
export function resumeTransitions({ positions }: MachineBuild) {
  return positions.map((p) => ({
    guard: ({ event }: { event: FlowEvent }) => event.type === 'RESUME' && event.at === p.key,
    target: `.${p.key}`,
    actions: 'takeResumed',
  }));
}

export function resumeActions({ flow, services }: MachineBuild): Record<string, Update> {
  return {
    takeResumed: ({ context, event }) => ({
      quote: event.type === 'RESUME' ? applyDerived(flow, event.quote, services.today()) : context.quote,
    }),
  };
}
