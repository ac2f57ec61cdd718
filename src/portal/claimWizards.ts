// The portal's claim wizards: the route of spec §2 each one answers at and the flow it runs. Which
// products a wizard serves is the flow's own `claimFor` (flows/<id>/flow.json, checked by
// `flows:check`), so the contract cards, the claims page and the routes follow the flow folders:
// a product gains a claim wizard in config, with no product code here.

import { generatePath } from 'react-router';
import { claimFor as motorClaimFor } from '../../flows/motor-claim/flow.json';
import { claimFor as propertyClaimFor } from '../../flows/property-claim/flow.json';
import { MOTOR_CLAIM_PATH, PROPERTY_CLAIM_PATH } from './routePaths';

export interface ClaimWizard {
  /** The route's name in spec §2. */
  name: string;
  flowId: string;
  /** The route, ending in the wizard's step (:step). */
  path: string;
  /** The page title, and the claims page's button that starts a claim (i18n key). */
  titleKey: string;
  /** The route parameter naming the contract the claim is for ("any": the customer chooses). */
  contractParam?: string;
  /** PRODUCT_CODEs of the contracts it files claims for: the flow's `claimFor`. */
  products: readonly string[];
}

export const CLAIM_WIZARDS: readonly ClaimWizard[] = [
  {
    name: 'MotorClaim',
    flowId: 'motor-claim',
    path: MOTOR_CLAIM_PATH,
    titleKey: 'claims:list.newMotor',
    products: motorClaimFor,
  },
  {
    name: 'PropertyClaim',
    flowId: 'property-claim',
    path: PROPERTY_CLAIM_PATH,
    titleKey: 'claims:list.newProperty',
    contractParam: 'contractId',
    products: propertyClaimFor,
  },
];

/** The wizard's first step, for a contract when its route names one, else for the customer to choose. */
export function claimWizardStart(wizard: ClaimWizard, contractNo?: string): string {
  const params: Record<string, string> = { step: '1' };
  if (wizard.contractParam) params[wizard.contractParam] = contractNo || 'any';
  return generatePath(wizard.path, params);
}

/** Where a claim on this contract is filed: an active contract of a product some wizard serves. */
export function claimWizardLink(
  contract: { STATUS: string; PRODUCT_CODE: string; CONTRACT_NO: string },
  wizards: readonly ClaimWizard[] = CLAIM_WIZARDS,
): string | null {
  if (contract.STATUS !== 'ACTIVE') return null;
  const wizard = wizards.find((w) => w.products.includes(contract.PRODUCT_CODE));
  return wizard ? claimWizardStart(wizard, contract.CONTRACT_NO) : null;
}
