// Engine additions made for motor: a packages substep that recalculates with several calls in
// order, edits and opened panels kept while a recalculation runs, a 422 refusal shown on the form
// (not the retry pause), and offer/payment URLs that skip the send-offer substep.

import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { CallSpec, Flow, Quote } from '../../src/engine/flow/types';
import {
  CHOICE_UNDONE,
  createFlowMachine,
  recalcCalls,
  substepPositions,
} from '../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../src/engine/machine/services';
import { getPath, setPath } from '../../src/engine/paths';
import { substepUrl } from '../../src/ui/flow/FlowPage';

const flow: Flow = {
  id: 'demo',
  area: 'public',
  calls: {
    search: { method: 'POST', path: '/demo/search', merge: { CS_VEHICLE: 'CS_VEHICLE' } },
    lists: {
      method: 'GET',
      path: '/demo/lists/{CS_POLICY.PACKAGE_ID}',
      merge: { CT_DEDUCTIBLES: 'CS_DEDUCTIBLES.EXCESS' },
    },
    price: { method: 'POST', path: '/demo/price', merge: { CT_PACKAGES: 'CT_PACKAGES' } },
  },
  steps: [
    {
      id: 'vehicle',
      label: 'steps.vehicle',
      substeps: [
        {
          id: 'search',
          kind: 'form',
          fields: [{ id: 'PLATE', path: 'CS_VEHICLE.LICENSE_PLATE', type: 'string', required: true }],
          onLeave: [{ call: 'search' }],
        },
      ],
    },
    {
      id: 'plans',
      label: 'steps.plans',
      substeps: [
        {
          id: 'packages',
          kind: 'packages',
          packages: {
            listPath: 'CT_PACKAGES',
            offersPath: 'CT_OFFERS',
            recalculate: ['lists', 'price'],
          },
          panels: {
            recordPath: 'CS_POLICY.OPENED_PANELS',
            requireAllOpened: true,
            items: [{ id: 'covers', title: 'panels.covers', text: 'COVERS', kind: 'cover' }],
          },
        },
      ],
    },
    { id: 'offer', label: 'steps.offer', substeps: [{ id: 'send', kind: 'sendOffer' }] },
    { id: 'payment', label: 'steps.payment', substeps: [{ id: 'holder', kind: 'payment' }] },
  ],
};

interface Fake extends FlowServices {
  seen: { name: string; quote: Quote }[];
  /** Resolves the pending price call (set while a test holds it). */
  release?: () => void;
  hold: boolean;
  refuseSearch?: { status: number; message: string };
  /** The price call fails with this status. */
  failPrice?: number;
}

function fake(): Fake {
  const f: Fake = {
    seen: [],
    hold: false,
    today: () => '2026-11-22',
    checkPoints: async () => [],
    otpGenerate: async () => {},
    otpValidate: async () => 'ok',
    payment: async () => ({ URL: 'https://provider.example/pay', METHOD: 'POST', FIELDS: {} }),
    call: async (name: string, _spec: CallSpec, quote: Quote) => {
      f.seen.push({ name, quote });
      if (name === 'search') {
        if (f.refuseSearch) {
          throw { status: f.refuseSearch.status, body: { MESSAGES: [{ MSGTEXT: f.refuseSearch.message }] } };
        }
        return { CS_VEHICLE: { MANUFACTURER: 'TOYOTA' } };
      }
      if (name === 'lists') {
        const pkg = String(getPath(quote, 'CS_POLICY.PACKAGE_ID'));
        return { CT_DEDUCTIBLES: pkg === 'COMP' ? [{ DEDUCTIBLE_ID: 'EX500', DEDUCTIBLE_AMOUNT: 500 }] : [] };
      }
      if (f.hold) await new Promise<void>((resolve) => (f.release = resolve));
      if (f.failPrice) throw { status: f.failPrice, body: { MESSAGES: [{ MSGTEXT: 'Pricing is down' }] } };
      const list = getPath(quote, 'CT_PACKAGES') as { PACKAGE_ID: string }[];
      return { CT_PACKAGES: list.map((p) => ({ ...p, AMOUNT: p.PACKAGE_ID === 'COMP' ? 612 : 240 })) };
    },
  };
  return f;
}

const packages = [
  { PACKAGE_ID: 'TPO', AMOUNT: 240, ZZSELECTED_IND: '' },
  { PACKAGE_ID: 'COMP', AMOUNT: 600, ZZSELECTED_IND: '' },
];

async function onPackages(services: Fake) {
  const actor = createActor(createFlowMachine(flow, services)).start();
  actor.send({
    type: 'NEXT',
    quote: setPath(actor.getSnapshot().context.quote, 'CS_VEHICLE.LICENSE_PLATE', 'NYB004'),
  });
  await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
  actor.send({ type: 'CHANGE', quote: setPath(actor.getSnapshot().context.quote, 'CT_PACKAGES', packages) });
  return actor;
}

describe('packages recalculation with several calls', () => {
  it('runs the calls in order; the price call sees the lists the first call answered', async () => {
    const services = fake();
    const actor = await onPackages(services);
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    const snap = await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(services.seen.map((c) => c.name)).toEqual(['search', 'lists', 'price']);
    expect(getPath(services.seen[2].quote, 'CS_DEDUCTIBLES.EXCESS')).toEqual([
      { DEDUCTIBLE_ID: 'EX500', DEDUCTIBLE_AMOUNT: 500 },
    ]);
    expect(getPath(snap.context.quote, 'CT_PACKAGES.1.AMOUNT')).toBe(612);
    expect(getPath(snap.context.quote, 'CS_DEDUCTIBLES.EXCESS.0.DEDUCTIBLE_ID')).toBe('EX500');
  });

  it('a package without deductibles empties the list', async () => {
    const services = fake();
    const actor = await onPackages(services);
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'TPO' });
    const snap = await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(getPath(snap.context.quote, 'CS_DEDUCTIBLES.EXCESS')).toEqual([]);
  });

  it('keeps a panel opened and an edit made while the calls run', async () => {
    const services = fake();
    const actor = await onPackages(services);
    services.hold = true;
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    await vi.waitFor(() => expect(services.release).toBeDefined());
    expect(actor.getSnapshot().matches({ plans__packages: 'recalculating' })).toBe(true);
    actor.send({ type: 'OPEN_PANEL', id: 'covers' });
    actor.send({
      type: 'CHANGE',
      quote: setPath(actor.getSnapshot().context.quote, 'CS_USER_EXTRAS.RULES_ACCEPTED', true),
    });
    services.release?.();
    const snap = await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(getPath(snap.context.quote, 'CS_POLICY.OPENED_PANELS')).toEqual(['covers']);
    expect(getPath(snap.context.quote, 'CS_USER_EXTRAS.RULES_ACCEPTED')).toBe(true);
    expect(getPath(snap.context.quote, 'CT_PACKAGES.1.AMOUNT')).toBe(612);
  });

  it('a choice made while a price is recalculated shows at once and restarts the recalculation', async () => {
    const services = fake();
    const actor = await onPackages(services);
    services.hold = true;
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    await vi.waitFor(() => expect(services.release).toBeDefined());
    const first = services.release;
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'TPO' });
    // Drawn from the quote at once, not from the answer still on its way.
    expect(getPath(actor.getSnapshot().context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('TPO');
    expect(actor.getSnapshot().matches({ plans__packages: 'recalculating' })).toBe(true);
    await vi.waitFor(() => expect(services.release).not.toBe(first));
    first?.();
    services.release?.();
    const snap = await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    const priced = services.seen
      .filter((c) => c.name === 'price')
      .map((c) => getPath(c.quote, 'CS_POLICY.PACKAGE_ID'));
    expect(priced).toEqual(['COMP', 'TPO']);
    expect(getPath(snap.context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('TPO');
    expect(getPath(snap.context.quote, 'CT_PACKAGES.0.ZZSELECTED_IND')).toBe('X');
    expect(snap.context.choiceBefore).toBeNull();
  });

  it('a failed recalculation takes back every choice it was pricing and says so', async () => {
    const services = fake();
    const actor = await onPackages(services);
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'TPO' });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    services.hold = true;
    services.failPrice = 503;
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    await vi.waitFor(() => expect(services.release).toBeDefined());
    actor.send({
      type: 'CHANGE',
      quote: setPath(actor.getSnapshot().context.quote, 'CS_USER_EXTRAS.RULES_ACCEPTED', true),
    });
    services.release?.();
    const snap = await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    expect(snap.context.serviceError?.code).toBe(CHOICE_UNDONE);
    expect(getPath(snap.context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('TPO');
    expect(getPath(snap.context.quote, 'CT_PACKAGES.1.ZZSELECTED_IND')).toBe('');
    expect(getPath(snap.context.quote, 'CS_POLICY.AMOUNT')).toBe(240);
    // What was typed meanwhile is kept.
    expect(getPath(snap.context.quote, 'CS_USER_EXTRAS.RULES_ACCEPTED')).toBe(true);
  });

  it('values set from the page (a promo code) reach the quote; with a package chosen they reprice it', async () => {
    const services = fake();
    const actor = await onPackages(services);
    actor.send({ type: 'SET_VALUES', values: { CS_PROMO: { PROMO_CODE_CP: 'WELCOME2026' } } });
    expect(actor.getSnapshot().matches({ plans__packages: 'editing' })).toBe(true);
    expect(getPath(actor.getSnapshot().context.quote, 'CS_PROMO.PROMO_CODE_CP')).toBe('WELCOME2026');
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    const calls = services.seen.length;
    // The same values again change nothing and cost no call.
    actor.send({ type: 'SET_VALUES', values: { CS_PROMO: { PROMO_CODE_CP: 'WELCOME2026' } } });
    expect(actor.getSnapshot().matches({ plans__packages: 'editing' })).toBe(true);
    actor.send({ type: 'SET_VALUES', values: { CS_PROMO: {} } });
    expect(actor.getSnapshot().matches({ plans__packages: 'recalculating' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
    const last = services.seen.at(-1)!;
    expect(services.seen.length).toBeGreaterThan(calls);
    expect(last.name).toBe('price');
    expect(getPath(last.quote, 'CS_PROMO')).toEqual({});
  });

  it('recalcCalls reads one name or a list', () => {
    const [search, packagesSub] = substepPositions(flow).map((p) => p.substep);
    expect(recalcCalls(search)).toEqual([]);
    expect(recalcCalls(packagesSub)).toEqual(['lists', 'price']);
  });
});

describe('a refusal of the answers', () => {
  it('422: back on the form with the service message, cleared by the next Continue', async () => {
    const services = fake();
    services.refuseSearch = {
      status: 422,
      message: 'The registration number does not belong to a Nissan vehicle.',
    };
    const actor = createActor(createFlowMachine(flow, services)).start();
    actor.send({
      type: 'NEXT',
      quote: setPath(actor.getSnapshot().context.quote, 'CS_VEHICLE.LICENSE_PLATE', 'NYB004'),
    });
    const snap = await waitFor(actor, (s) => !s.matches({ vehicle__search: 'leaving' }));
    expect(snap.matches({ vehicle__search: 'editing' })).toBe(true);
    expect(snap.context.serviceError?.message).toMatch(/Nissan/);
    services.refuseSearch = undefined;
    actor.send({ type: 'NEXT' });
    expect(actor.getSnapshot().context.serviceError).toBeNull();
    await waitFor(actor, (s) => s.matches({ plans__packages: 'editing' }));
  });

  it('the refusal goes as soon as the answer it spoke of is changed', async () => {
    const services = fake();
    services.refuseSearch = { status: 422, message: 'We could not find a vehicle with these details.' };
    const actor = createActor(createFlowMachine(flow, services)).start();
    const quote = setPath(actor.getSnapshot().context.quote, 'CS_VEHICLE.LICENSE_PLATE', 'NYB004');
    actor.send({ type: 'NEXT', quote });
    await waitFor(actor, (s) => s.matches({ vehicle__search: 'editing' }));
    expect(actor.getSnapshot().context.serviceError?.message).toMatch(/could not find/);
    actor.send({ type: 'CHANGE', quote });
    expect(actor.getSnapshot().context.serviceError).not.toBeNull();
    actor.send({ type: 'CHANGE', quote: setPath(quote, 'CS_VEHICLE.LICENSE_PLATE', 'NYB00') });
    expect(actor.getSnapshot().context.serviceError).toBeNull();
  });

  it('any other failure still pauses with Try again', async () => {
    const services = fake();
    services.refuseSearch = { status: 503, message: 'Service unavailable' };
    const actor = createActor(createFlowMachine(flow, services)).start();
    actor.send({
      type: 'NEXT',
      quote: setPath(actor.getSnapshot().context.quote, 'CS_VEHICLE.LICENSE_PLATE', 'NYB004'),
    });
    const snap = await waitFor(actor, (s) => !s.matches({ vehicle__search: 'leaving' }));
    expect(snap.matches({ vehicle__search: 'error' })).toBe(true);
  });
});

describe('flow URLs', () => {
  it('number offer and payment substeps without the send-offer one', () => {
    const urls = substepPositions(flow).map((p) => substepUrl(flow, p));
    expect(urls).toEqual(['/demo/offer/1', '/demo/offer/2', '/demo/send-offer', '/demo/payment/3']);
  });
});
