// The endorsement flows (flows/endorsement-home, flows/endorsement-motor) against the service's
// kinds (flows/_catalogues/endorsements.json): every kind reaches its own chg…/save… pair and
// nothing else, the page's values seed the quote, a manual refusal pauses as a referral, and the
// completion link is filled from the quote.

import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { loadFlowBundles } from '../../../src/engine/flow/files';
import type { Quote } from '../../../src/engine/flow/types';
import { createFlowMachine } from '../../../src/engine/machine/createFlowMachine';
import type { FlowServices } from '../../../src/engine/machine/services';
import { getPath, setPath } from '../../../src/engine/paths';
import { endorsementRules } from '../../../src/server/contracts/endorsements/kinds';
import { completionLink } from '../../../src/ui/flow/CompletionScreen';

let bundles: FlowBundle[];
beforeAll(async () => {
  bundles = await loadFlowBundles();
});

function fakeServices(answer: (name: string, path: string, quote: Quote) => unknown) {
  const calls: string[] = [];
  const services: FlowServices = {
    today: () => '2026-11-25',
    checkPoints: async () => [],
    otpGenerate: async () => undefined,
    otpValidate: async () => 'ok',
    payment: async () => {
      throw new Error('no payment in an endorsement');
    },
    call: async (name, spec, quote) => {
      calls.push(name);
      const out = answer(name, spec.path, quote);
      if (out instanceof Error) throw out;
      return out;
    },
  };
  return { services, calls };
}

const CURRENT = {
  CS_CONTRACT: { CONTRACT_NO: 'CY9000102', PRODUCT_ID: '157', ZZPREMIUM_AFTER_DISC_AMOUNT: 214.5 },
  CS_CURRENT: { VALUE_OF_CONTENTS: 24000 },
  CS_NEW: { VALUE_OF_CONTENTS: 24000 },
  CS_LIMITS: { VALUABLE_ITEM_MAX: 2000, VALUE_OF_CONTENTS_MAX: 27600, VALUE_OF_CONTENTS_MIN: 20400 },
};

describe('the kinds and the flows agree', () => {
  const locale = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/endorsements.json`, 'utf8'));

  it('every kind has its flow, its chg…/save… calls there, a field per value and its texts in both languages', () => {
    for (const kind of endorsementRules().kinds) {
      const flow = bundles.find((b) => b.flow.id === kind.flow)?.flow;
      expect(flow, kind.flow).toBeDefined();
      const paths = Object.values(flow?.calls ?? {}).map((c) => c.path);
      expect(paths).toContain(`/contract/chg${kind.call}`);
      expect(paths).toContain(`/contract/save${kind.call}`);
      const fields = flow?.steps[0].substeps[0].fields ?? [];
      for (const f of kind.fields) {
        const path = `CS_NEW.${f.name}`;
        expect(
          fields.some((x) => x.path === path),
          `${kind.type}: ${path}`,
        ).toBe(true);
      }
      for (const lang of ['el', 'en'])
        expect(locale(lang).types[kind.type]?.title, `${lang} ${kind.type}`).toBeTruthy();
    }
  });
});

describe('an endorsement run through the machine', () => {
  it('seeds the contract and kind, prices the contents only with chgpropvalue, saves with savepropvalue', async () => {
    const flow = bundles.find((b) => b.flow.id === 'endorsement-home')!.flow;
    const { services, calls } = fakeServices((name, path, quote) => {
      if (name === 'current') {
        expect(path).toBe('/contract/endorsements/{CS_CONTRACT.CONTRACT_NO}');
        return CURRENT;
      }
      expect(getPath(quote, 'CS_ENDORSEMENT.ENDORSEMENT_TYPE')).toBe('CONTENTS');
      if (path === '/contract/chgpropvalue')
        return { CS_ENDORSEMENT: { PREMIUM_BEFORE: 214.5, PREMIUM_AFTER: 227.8, PREMIUM_DIFFERENCE: 13.3 } };
      if (path === '/contract/savepropvalue')
        return { CS_ENDORSEMENT: { SAVED: 'X' }, CS_CONTRACT: { ZZPREMIUM_AFTER_DISC_AMOUNT: 227.8 } };
      throw new Error(`unexpected call ${name}`);
    });
    const actor = createActor(
      createFlowMachine(flow, services, {
        values: { 'CS_CONTRACT.CONTRACT_NO': 'CY9000102', 'CS_ENDORSEMENT.ENDORSEMENT_TYPE': 'CONTENTS' },
      }),
    ).start();
    await waitFor(actor, (s) => JSON.stringify(s.value).includes('editing'));
    expect(getPath(actor.getSnapshot().context.quote, 'CS_NEW.VALUE_OF_CONTENTS')).toBe(24000);
    const quote = setPath(actor.getSnapshot().context.quote, 'CS_NEW.VALUE_OF_CONTENTS', 26400);
    actor.send({ type: 'NEXT', quote });
    await waitFor(actor, (s) => JSON.stringify(s.value).includes('confirm__premium'));
    expect(getPath(actor.getSnapshot().context.quote, 'CS_ENDORSEMENT.PREMIUM_AFTER')).toBe(227.8);
    actor.send({ type: 'NEXT' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls).toEqual(['current', 'chgPropValue', 'savePropValue']);
    const done = actor.getSnapshot().context.quote;
    expect(completionLink(flow.completion!.links![0].to, done)).toBe('/my-contract/CY9000102');
  });

  it('pauses on a manual refusal as a referral with the call-back, and its call sends the asked values', async () => {
    const flow = bundles.find((b) => b.flow.id === 'endorsement-home')!.flow;
    const manual = Object.assign(new Error('HTTP 422'), {
      status: 422,
      body: {
        CODE: 'LIMIT_UP',
        CS_REFERRAL: {
          CHECK_NUMBER: 'LIMIT_UP',
          ERROR_MESSAGE: 'cannot be completed automatically',
          ERROR_TEXT_TYPE: '5',
        },
      },
    });
    const { services } = fakeServices((name) => (name === 'current' ? CURRENT : manual));
    const actor = createActor(
      createFlowMachine(flow, services, {
        values: { 'CS_CONTRACT.CONTRACT_NO': 'CY9000102', 'CS_ENDORSEMENT.ENDORSEMENT_TYPE': 'CONTENTS' },
      }),
    ).start();
    await waitFor(actor, (s) => JSON.stringify(s.value).includes('editing'));
    actor.send({
      type: 'NEXT',
      quote: setPath(actor.getSnapshot().context.quote, 'CS_NEW.VALUE_OF_CONTENTS', 40000),
    });
    await waitFor(actor, (s) => JSON.stringify(s.value).includes('referral'));
    expect(actor.getSnapshot().context.referral?.ERROR_TEXT_TYPE).toBe('5');
    expect(flow.referralCallBack).toBe('workOrder');
    const spec = flow.calls?.workOrder;
    expect(spec?.path).toBe('/workorder/CrtWorkOrder');
    const { callRequest } = await import('../../../src/engine/machine/calls');
    const request = callRequest(spec!, actor.getSnapshot().context.quote);
    expect(request.body).toMatchObject({
      CONTRACT_NO: 'CY9000102',
      ENDORSEMENT_TYPE: 'CONTENTS',
      CALL_BACK: 'X',
      REQUESTED_VALUES: { VALUE_OF_CONTENTS: 40000 },
    });
  });

  it('fills completion links from the quote, encoded', () => {
    expect(
      completionLink('/my-contract/{CS_CONTRACT.CONTRACT_NO}', { CS_CONTRACT: { CONTRACT_NO: 'a/../b' } }),
    ).toBe('/my-contract/a%2F..%2Fb');
  });
});
