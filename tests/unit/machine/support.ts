// Small hand-made flows and fake services for the flow machine's part tests: each test builds only
// what its part needs, so a failure names the part.

import { createActor, waitFor } from 'xstate';
import type { CallSpec, Flow, Quote, Step } from '../../../src/engine/flow/types';
import { createFlowMachine, type FlowMachineOptions } from '../../../src/engine/machine/createFlowMachine';
import { substepPositions } from '../../../src/engine/machine/navigation';
import type { FlowServices } from '../../../src/engine/machine/services';
import type { MachineBuild } from '../../../src/engine/machine/types';

export const TODAY = '2026-11-22';

export function tinyFlow(steps: Step[], extra: Partial<Flow> = {}): Flow {
  return { id: 'tiny', area: 'public', steps, ...extra };
}

/** A step with one form substep of one field, optional effects. */
export function formStep(id: string, field: string, more: Partial<Step['substeps'][number]> = {}): Step {
  return {
    id,
    label: `steps.${id}`,
    substeps: [
      {
        id: 'form',
        kind: 'form',
        fields: [{ id: field, path: `CS_X.${field}`, type: 'string', required: true }],
        ...more,
      },
    ],
  };
}

export interface FakeServices extends FlowServices {
  calls: { name: string; quote: Quote }[];
  sent: string[];
}

export function fakeServices(over: Partial<FlowServices> = {}): FakeServices {
  const fake: FakeServices = {
    calls: [],
    sent: [],
    today: () => TODAY,
    checkPoints: async () => [],
    otpGenerate: async (email) => {
      fake.sent.push(email);
    },
    otpValidate: async (_email, code) =>
      code === '123456' ? 'ok' : code === '000000' ? 'expired' : 'invalid',
    payment: async () => ({ URL: 'https://jcc.example/pay', METHOD: 'POST', FIELDS: { OrderID: 'OF7-1' } }),
    call: async (name: string, _spec: CallSpec, quote: Quote) => {
      fake.calls.push({ name, quote });
      return {};
    },
    ...over,
  };
  return fake;
}

export function buildOf(
  flow: Flow,
  services: FlowServices = fakeServices(),
  options: FlowMachineOptions = {},
): MachineBuild {
  return { flow, positions: substepPositions(flow), services, vars: { ...(options.vars ?? {}) }, options };
}

export function run(flow: Flow, services: FlowServices = fakeServices(), options: FlowMachineOptions = {}) {
  return createActor(createFlowMachine(flow, services, options)).start();
}

export type Running = ReturnType<typeof run>;

/** Waits until the machine is in the state (a value as xstate's `matches` takes it). */
export const until = (actor: Running, state: Parameters<ReturnType<Running['getSnapshot']>['matches']>[0]) =>
  waitFor(actor, (s) => s.matches(state), { timeout: 2000 });
