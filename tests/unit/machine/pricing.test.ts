// Pricing and recalculation: when a change reprices, the calls in order, and what a failed
// recalculation does with the visitor's choices.

import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { Substep } from '../../../src/engine/flow/types';
import { CHOICE_UNDONE } from '../../../src/engine/machine/createFlowMachine';
import {
  answersChanged,
  recalcActor,
  recalcCalls,
  repricesOnChange,
  repricesOnValues,
  restoreChoice,
  safely,
  withAnswers,
} from '../../../src/engine/machine/pricing';
import { getPath } from '../../../src/engine/paths';
import { buildOf, fakeServices, run, tinyFlow, until } from './support';

const substep: Substep = {
  id: 'packages',
  kind: 'packages',
  packages: { listPath: 'CT_PACKAGES', offersPath: 'CT_OFFERS', recalculate: ['lists', 'price'] },
  fields: [
    { id: 'EXCESS', path: 'CS_DEDUCTIBLES.EXCESS', type: 'string', recalculates: true },
    { id: 'NOTE', path: 'CS_X.NOTE', type: 'string' },
  ],
};
const unpriced: Substep = {
  id: 'plain',
  kind: 'packages',
  packages: { listPath: 'CT_PACKAGES', offersPath: 'CT_OFFERS' },
};
const chosen = { CT_PACKAGES: [{ PACKAGE_ID: 'TPO', ZZSELECTED_IND: 'X' }] };
const none = { CT_PACKAGES: [{ PACKAGE_ID: 'TPO', ZZSELECTED_IND: '' }] };

describe('what reprices', () => {
  it('the recalculate calls in order, one name or none', () => {
    expect(recalcCalls(substep)).toEqual(['lists', 'price']);
    expect(
      recalcCalls({ ...unpriced, packages: { listPath: 'L', offersPath: 'O', recalculate: 'price' } }),
    ).toEqual(['price']);
    expect(recalcCalls(unpriced)).toEqual([]);
  });

  it('a recalculating field changed with a package chosen; not another field, not without a package', () => {
    const after = { ...chosen, CS_DEDUCTIBLES: { EXCESS: '500' } };
    expect(repricesOnChange(substep, chosen, after)).toBe(true);
    expect(repricesOnChange(substep, chosen, { ...chosen, CS_X: { NOTE: 'x' } })).toBe(false);
    expect(repricesOnChange(substep, none, { ...none, CS_DEDUCTIBLES: { EXCESS: '500' } })).toBe(false);
    expect(repricesOnChange(unpriced, chosen, after)).toBe(false);
  });

  it('values the page sets that differ, with a package chosen', () => {
    const promo = { type: 'SET_VALUES' as const, values: { CS_PROMO: { CODE: 'WELCOME2026' } } };
    expect(repricesOnValues(substep, chosen, promo)).toBe(true);
    expect(repricesOnValues(substep, { ...chosen, CS_PROMO: { CODE: 'WELCOME2026' } }, promo)).toBe(false);
    expect(repricesOnValues(substep, none, promo)).toBe(false);
    expect(repricesOnValues(unpriced, chosen, promo)).toBe(false);
    expect(repricesOnValues(substep, chosen, { type: 'BACK' })).toBe(false);
  });

  it('answersChanged reads only the substep own fields', () => {
    expect(answersChanged(substep, {}, { CS_X: { NOTE: 'x' } })).toBe(true);
    expect(answersChanged(substep, {}, { CS_OTHER: { NOTE: 'x' } })).toBe(false);
  });
});

describe('putting choices back', () => {
  it('restores the package list, offers, covers and the policy amounts, keeping everything else', () => {
    const before = {
      CT_PACKAGES: [{ PACKAGE_ID: 'TPO', ZZSELECTED_IND: 'X' }],
      CS_POLICY: { PACKAGE_ID: 'TPO', AMOUNT: 240, START_DATE: '2026-12-01' },
    };
    const now = {
      CT_PACKAGES: [{ PACKAGE_ID: 'COMP', ZZSELECTED_IND: 'X' }],
      CT_COVERS: [{ COVER_ID: 'GLASS' }],
      CS_POLICY: { PACKAGE_ID: 'COMP', AMOUNT: 612, START_DATE: '2027-01-01' },
      CS_X: { NOTE: 'typed meanwhile' },
    };
    const back = restoreChoice(now, before, substep);
    expect(back.CT_PACKAGES).toEqual(before.CT_PACKAGES);
    expect(getPath(back, 'CS_POLICY.PACKAGE_ID')).toBe('TPO');
    expect(getPath(back, 'CS_POLICY.AMOUNT')).toBe(240);
    expect(getPath(back, 'CS_POLICY.START_DATE')).toBe('2027-01-01');
    expect(getPath(back, 'CS_X.NOTE')).toBe('typed meanwhile');
    // Covers the quote had not before: gone; offers neither had: still absent.
    expect(getPath(back, 'CT_COVERS')).toBeUndefined();
    expect('CT_OFFERS' in back).toBe(false);
  });

  it('safely keeps the quote when a change throws (a stale click)', () => {
    const quote = { A: 1 };
    expect(
      safely(quote, () => {
        throw new Error('no such package');
      }),
    ).toBe(quote);
    expect(safely(quote, () => ({ A: 2 }))).toEqual({ A: 2 });
  });
});

describe('the recalculation', () => {
  const flow = tinyFlow([{ id: 'plans', label: 'steps.plans', substeps: [substep] }], {
    calls: {
      lists: { method: 'GET', path: '/x/lists', merge: { CT_DEDUCTIBLES: 'CS_DEDUCTIBLES.LIST' } },
      price: { method: 'POST', path: '/x/price', merge: { AMOUNT: 'CS_POLICY.AMOUNT' } },
    },
  });

  it('runs the calls in order, each seeing what the earlier answered; merges into the quote as it is then', async () => {
    const seen: unknown[] = [];
    const services = fakeServices({
      call: async (name, _spec, quote) => {
        seen.push([name, getPath(quote, 'CS_DEDUCTIBLES.LIST')]);
        return name === 'lists' ? { CT_DEDUCTIBLES: ['EX500'] } : { AMOUNT: 612 };
      },
    });
    const build = buildOf(flow, services);
    const answers = await toPromise(
      createActor(recalcActor(build), { input: { calls: ['lists', 'price'], quote: {} } }).start(),
    );
    expect(seen).toEqual([
      ['lists', undefined],
      ['price', ['EX500']],
    ]);
    const merged = withAnswers(build, { CS_X: { NOTE: 'kept' } }, answers);
    expect(merged).toMatchObject({
      CS_X: { NOTE: 'kept' },
      CS_DEDUCTIBLES: { LIST: ['EX500'] },
      CS_POLICY: { AMOUNT: 612 },
    });
  });

  it('an unknown call is a failure, not a silent skip', async () => {
    const build = buildOf(flow);
    const actor = createActor(recalcActor(build), { input: { calls: ['nowhere'], quote: {} } }).start();
    await expect(toPromise(actor)).rejects.toThrow('Flow tiny has no call "nowhere"');
  });

  const start = (fail?: unknown) => {
    const services = fakeServices({
      call: async (name) => {
        if (name === 'price' && fail) throw fail;
        return name === 'price' ? { AMOUNT: 612 } : {};
      },
    });
    const actor = run(flow, services, {
      quote: {
        CT_PACKAGES: [
          { PACKAGE_ID: 'TPO', ZZSELECTED_IND: 'X' },
          { PACKAGE_ID: 'COMP', ZZSELECTED_IND: '' },
        ],
      },
    });
    return actor;
  };

  it('a choice shows at once and its price lands', async () => {
    const actor = start();
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    expect(actor.getSnapshot().matches({ plans__packages: 'recalculating' })).toBe(true);
    expect(getPath(actor.getSnapshot().context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('COMP');
    const snap = await until(actor, { plans__packages: 'editing' });
    expect(getPath(snap.context.quote, 'CS_POLICY.AMOUNT')).toBe(612);
    expect(snap.context.choiceBefore).toBeNull();
  });

  it('a failed recalculation takes the choice back and says so', async () => {
    const actor = start({ status: 503 });
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    const snap = await until(actor, { plans__packages: 'editing' });
    expect(getPath(snap.context.quote, 'CS_POLICY.PACKAGE_ID')).toBeUndefined();
    expect(snap.context.serviceError).toMatchObject({ status: 503, code: CHOICE_UNDONE });
  });

  it('a refusal with its own message takes the choice back with that message', async () => {
    const actor = start({ status: 422, body: { MESSAGES: [{ MSGTEXT: 'Not for this vehicle' }] } });
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    const snap = await until(actor, { plans__packages: 'editing' });
    expect(getPath(snap.context.quote, 'CT_PACKAGES.1.ZZSELECTED_IND')).toBe('');
    expect(snap.context.serviceError).toMatchObject({ status: 422, message: 'Not for this vehicle' });
    expect(snap.context.serviceError?.code).toBeUndefined();
  });

  it('a check point refusing the choice keeps it with the referral', async () => {
    const referral = { CHECK_NUMBER: '7', ERROR_MESSAGE: 'Over €70,000', ERROR_TEXT_TYPE: '5' };
    const actor = start({ status: 422, body: { CS_REFERRAL: referral } });
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'COMP' });
    const snap = await until(actor, { plans__packages: 'editing' });
    expect(getPath(snap.context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('COMP');
    expect(snap.context.serviceError?.referral).toEqual(referral);
  });

  it('an unknown package (a stale click) changes nothing; without recalculate nothing is called', () => {
    const services = fakeServices();
    const actor = run(tinyFlow([{ id: 'plans', label: 'steps.plans', substeps: [unpriced] }]), services, {
      quote: { CT_PACKAGES: [{ PACKAGE_ID: 'TPO', ZZSELECTED_IND: '' }] },
    });
    const before = actor.getSnapshot().context.quote;
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'GONE' });
    expect(actor.getSnapshot().context.quote).toEqual(before);
    actor.send({ type: 'SELECT_PACKAGE', packageId: 'TPO' });
    expect(actor.getSnapshot().matches({ plans__plain: 'editing' })).toBe(true);
    expect(getPath(actor.getSnapshot().context.quote, 'CS_POLICY.PACKAGE_ID')).toBe('TPO');
    expect(services.calls).toEqual([]);
  });
});
