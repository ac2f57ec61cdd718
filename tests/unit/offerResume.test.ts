// A stored offer reopens where the visitor checks the holder's details and pays, on every product,
// with the offer's answers, whatever the machine held before.

import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { createFlowMachine, offerResumeKey } from '../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../src/engine/machine/services';
import { getPath } from '../../src/engine/paths';

const services = { today: () => '2026-11-25' } as unknown as FlowServices;

describe('reopening a stored offer', () => {
  it('reopens on the payment step of every product', async () => {
    const bundles = await loadFlowBundles();
    const keys = Object.fromEntries(
      bundles.filter((b) => b.flow.product).map((b) => [b.flow.id, offerResumeKey(b.flow)]),
    );
    for (const id of ['motor', 'property', 'travel', 'driver', 'hunter', 'cyber'])
      expect(keys[id], id).toBe('payment__holder');
  });

  it('RESUME puts the offer on that substep with its answers', async () => {
    const { flow } = (await loadFlowBundles()).find((b) => b.flow.id === 'driver')!;
    const actor = createActor(createFlowMachine(flow, services)).start();
    const quote = { CS_POLICY: { OFFER_NO: 'OF20260042', PACKAGE_ID: 'DRV_PLUS' } };
    actor.send({ type: 'RESUME', quote, at: 'payment__holder' });
    const snap = actor.getSnapshot();
    expect(snap.matches('payment__holder')).toBe(true);
    expect(getPath(snap.context.quote, 'CS_POLICY.OFFER_NO')).toBe('OF20260042');
    actor.send({ type: 'RESUME', quote, at: 'nowhere' });
    expect(actor.getSnapshot().matches('payment__holder')).toBe(true);
  });
});
