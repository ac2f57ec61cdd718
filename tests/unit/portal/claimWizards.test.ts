// Which claim wizard a contract's card links to comes from the claim flows' own `claimFor`
// (flows/motor-claim, flows/property-claim), checked by the flow format's schema and by flows:check
// across the folders; the portal holds only the spec's routes.

import { beforeAll, describe, expect, it } from 'vitest';
import { type CheckInputs, checkClaimWizards, checkFlowFolder } from '../../../src/engine/flow/check';
import { listFlowIds, readFlowFiles } from '../../../src/engine/flow/files';
import type { Flow } from '../../../src/engine/flow/types';
import {
  CLAIM_WIZARDS,
  type ClaimWizard,
  claimWizardLink,
  claimWizardStart,
} from '../../../src/portal/claimWizards';
import { flowCheckInputs } from '../support/flowCheckInputs';

const contract = (PRODUCT_CODE: string, STATUS = 'ACTIVE', CONTRACT_NO = 'CY9000102') => ({
  PRODUCT_CODE,
  STATUS,
  CONTRACT_NO,
});

let flows: { id: string; flow: Flow }[] = [];

beforeAll(async () => {
  const ids = await listFlowIds();
  flows = await Promise.all(ids.map(async (id) => ({ id, flow: (await readFlowFiles(id)).flow as Flow })));
});

describe('the claim wizards come from the flows’ claimFor', () => {
  it('each wizard serves the products its flow names, and every claim flow has a route', () => {
    for (const wizard of CLAIM_WIZARDS) {
      const flow = flows.find((f) => f.id === wizard.flowId)?.flow;
      expect(flow?.claimFor, wizard.flowId).toEqual(wizard.products);
    }
    const claimFlows = flows.filter((f) => f.flow.claimFor).map((f) => f.id);
    expect(claimFlows.sort()).toEqual(CLAIM_WIZARDS.map((w) => w.flowId).sort());
    expect(flows.find((f) => f.id === 'motor-claim')?.flow.claimFor).toEqual(['MOTOR']);
    expect(flows.find((f) => f.id === 'property-claim')?.flow.claimFor).toEqual(['PROPERTY']);
  });

  it('links an active contract to its product’s wizard, the contract in the address where the route has it', () => {
    expect(claimWizardLink(contract('MOTOR'))).toBe('/motor-claim/1');
    expect(claimWizardLink(contract('PROPERTY'))).toBe('/property-claim/CY9000102/1');
    expect(claimWizardLink(contract('PROPERTY', 'ACTIVE', 'CY 90/01'))).toBe(
      '/property-claim/CY%2090%2F01/1',
    );
  });

  it('offers no claim for a product no wizard serves, nor for a contract that is not active', () => {
    for (const code of ['TRAVEL', 'DRIVER', 'HUNTER', 'CYBER'])
      expect(claimWizardLink(contract(code))).toBeNull();
    for (const status of ['EXPIRED', 'CANCELLED', 'PENDING_PAYMENT'])
      expect(claimWizardLink(contract('MOTOR', status))).toBeNull();
  });

  it('follows the configuration: a product named by a wizard’s claimFor gets that wizard', () => {
    const wizards: ClaimWizard[] = CLAIM_WIZARDS.map((w) =>
      w.flowId === 'property-claim' ? { ...w, products: ['PROPERTY', 'TRAVEL'] } : w,
    );
    expect(claimWizardLink(contract('TRAVEL', 'ACTIVE', 'CY9000103'), wizards)).toBe(
      '/property-claim/CY9000103/1',
    );
  });

  it('starts a claim with no contract chosen from the claims page', () => {
    expect(CLAIM_WIZARDS.map((w) => claimWizardStart(w))).toEqual([
      '/motor-claim/1',
      '/property-claim/any/1',
    ]);
  });
});

describe('flows:check knows claimFor', () => {
  it('passes the shipped flows', () => {
    expect(checkClaimWizards(flows)).toEqual([]);
  });

  it('refuses an unknown product, a public flow, and a product with two claim wizards', () => {
    const edited = flows.map(({ id, flow }) => {
      const copy = structuredClone(flow);
      if (id === 'motor-claim') copy.claimFor = ['MOTOR', 'BOAT'];
      if (id === 'property-claim') copy.claimFor = ['PROPERTY', 'MOTOR'];
      if (id === 'travel') copy.claimFor = ['TRAVEL'];
      return { id, flow: copy };
    });
    const messages = checkClaimWizards(edited).map((p) => `${p.file}${p.pointer}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'flows/motor-claim/flow.json/claimFor/1: product "BOAT" is not the rulesKey of any product flow (CYBER, DRIVER, HUNTER, MOTOR, PROPERTY, TRAVEL)',
        'flows/property-claim/flow.json/claimFor/1: product "MOTOR" already has a claim wizard: flows/motor-claim',
        'flows/travel/flow.json/claimFor: a claim wizard is a portal flow ("area": "portal")',
      ]),
    );
    expect(messages).toHaveLength(3);
  });

  describe('the flow schema', () => {
    let base: Omit<CheckInputs, 'files'>;
    let files: CheckInputs['files'];
    beforeAll(async () => {
      ({ base, files } = await flowCheckInputs('motor-claim'));
    });
    const check = (claimFor: unknown) => {
      const copy = structuredClone(files) as CheckInputs['files'] & { flow: Record<string, unknown> };
      copy.flow.claimFor = claimFor;
      return checkFlowFolder({ ...base, files: copy }).map((p) => p.pointer);
    };

    it('accepts a list of product codes and refuses anything else, by JSON pointer', () => {
      expect(check(['MOTOR'])).toEqual([]);
      expect(check([])).toEqual(['/claimFor']);
      expect(check('MOTOR')).toEqual(['/claimFor']);
      expect(check(['motor'])).toEqual(['/claimFor/0']);
      expect(check(['MOTOR', 'MOTOR'])).toEqual(['/claimFor']);
    });
  });
});
