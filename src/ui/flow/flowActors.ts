// One running machine per flow (and variant) for the whole visit, so moving between the offer,
// send-offer and payment routes keeps the answers; its snapshot is kept in sessionStorage so a
// reload loses nothing. A language switch clears them (spec: switching discards entered data).

import { type Actor, createActor } from 'xstate';
import type { Flow } from '../../engine/flow/types';
import { createFlowMachine } from '../../engine/machine/createFlowMachine';
import { browserServices } from './browserServices';
import { clearStoredFlows, flowStorageKey } from './flowStorage';
import { applyFlowPrefill } from './prefill';

export type FlowActor = Actor<ReturnType<typeof createFlowMachine>>;

const actors = new Map<string, FlowActor>();

const storageKey = (flow: Flow, variant: string | undefined) => flowStorageKey(flow.id, variant);

function readSnapshot(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

export function getFlowActor(flow: Flow, variant: string | undefined): FlowActor {
  const key = storageKey(flow, variant);
  const existing = actors.get(key);
  if (existing) return existing;
  const machine = createFlowMachine(flow, browserServices(flow), { vars: { variant: variant ?? '' } });
  let actor: FlowActor;
  const snapshot = readSnapshot(key);
  try {
    actor = createActor(machine, snapshot ? { snapshot: snapshot as never } : undefined);
    actor.start();
    // Back from the provider's page without paying: the visitor is on the payment step again.
    if (actor.getSnapshot().matches('redirecting')) actor.send({ type: 'CANCEL_PAYMENT' });
  } catch {
    // A snapshot of an older version of the flow: start afresh.
    sessionStorage.removeItem(key);
    actor = createActor(machine);
    actor.start();
  }
  // A quote started fresh takes the host's prefill (the portal customer's details).
  if (!snapshot) {
    const prefilled = applyFlowPrefill(actor.getSnapshot().context.quote);
    if (prefilled) actor.send({ type: 'CHANGE', quote: prefilled });
  }
  actor.subscribe((snap) => {
    try {
      if (snap.status === 'active') sessionStorage.setItem(key, JSON.stringify(actor.getPersistedSnapshot()));
      else sessionStorage.removeItem(key);
    } catch {
      // Storage full or disabled: the visit goes on without it.
    }
  });
  actors.set(key, actor);
  return actor;
}

/** Ends a flow's machine (after payment, or to start a new quote). */
export function resetFlowActor(flow: Flow, variant: string | undefined): void {
  const key = storageKey(flow, variant);
  actors.get(key)?.stop();
  actors.delete(key);
  sessionStorage.removeItem(key);
}

/** Forgets every flow's answers (language switch). */
export function clearAllFlows(): void {
  for (const actor of actors.values()) actor.stop();
  actors.clear();
  clearStoredFlows();
}

/**
 * Starts a flow's quote afresh on its next opening (every variant): a purchase begun from the
 * portal takes the customer's details, not a quote left over from earlier in the visit.
 */
export function resetFlowActorsStarted(flowId: string): void {
  for (const [key, actor] of actors) {
    if (key !== flowStorageKey(flowId, undefined) && !key.startsWith(`${flowStorageKey(flowId, undefined)}:`))
      continue;
    actor.stop();
    actors.delete(key);
  }
  try {
    for (const key of Object.keys(sessionStorage))
      if (
        key === flowStorageKey(flowId, undefined) ||
        key.startsWith(`${flowStorageKey(flowId, undefined)}:`)
      )
        sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}
