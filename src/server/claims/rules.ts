// What a portal claim may be (flows/_catalogues/claimRules.json) and the checks of
// /claim/CPClaimValidate, which /claim/CrtClaim runs again: each refusal is a translated message
// (claims:refusals.*, or the claim wizard flow's own field texts) with the field it is about.
// Pure: the caller reads the contract and the product's claim flow and passes what the checks need.

import rulesFile from '../../../flows/_catalogues/claimRules.json' with { type: 'json' };
import { addDays } from '../../engine/dates';
import { validateCallBody } from '../../engine/flow/callAnswers';
import type { Flow } from '../../engine/flow/types';
import { callNameForPath } from '../../engine/flow/validate';
import type { PendingMessage } from '../platform/errors';
import { fieldErrorMessage } from '../platform/fieldErrors';
import type { Lang } from '../platform/i18n';
import { liveCatalogue } from '../platform/liveConfig';

/** A product code claimRules.json lists: the products whose contracts take a portal claim. */
export type ClaimProduct = string;
export type SlotKind = 'photo' | 'document';

export interface SlotRule {
  id: string;
  kind: SlotKind;
  incident?: boolean;
  required?: boolean;
}

interface ProductRules {
  /** The list SrchPolicy answers the product's contracts in besides CT_POLICY (ET_MOTOR, ET_HOME). */
  contractList: string;
  maxSlots: number;
  slots: SlotRule[];
  causes: { CAUSE_NO: string; details: string[] }[];
}

type ClaimRules = {
  claimsLine: string;
  maxDaysSinceIncident: number;
  moreInformationFiles?: number;
  products: Record<string, ProductRules>;
};

/** The live claim rules (a published change applies from the next request, without a restart). */
export const claimRules = (): ClaimRules => liveCatalogue('claimRules', rulesFile as ClaimRules);

/** The slots of the files a customer adds while the insurer asks for more information. */
export const extraSlots = (): string[] =>
  Array.from({ length: claimRules().moreInformationFiles ?? 0 }, (_, i) => `EXTRA_${i + 1}`);

/**
 * The claim products, as the claim rules configure them (no product is named in code). Which
 * products take claims is fixed for the process: each has its claim wizard, and the routes' schemas
 * list them.
 */
export const CLAIM_PRODUCTS: readonly ClaimProduct[] = Object.keys((rulesFile as ClaimRules).products);

export function isClaimProduct(code: string): code is ClaimProduct {
  return CLAIM_PRODUCTS.includes(code);
}

export function slotRule(product: ClaimProduct, slot: string): SlotRule | undefined {
  return claimRules().products[product].slots.find((s) => s.id === slot);
}

/** The claim as CPClaimValidate and CrtClaim receive it (docs/portal-api.md, claims). */
export interface ClaimPayload {
  PRODUCT_ID: string;
  CONTRACT_NO: string;
  IS_INCIDENT: {
    INCIDENT_DATE: string;
    INCIDENT_TIME: string;
    CAUSE_NO: string;
    CAUSE_DETAILS_NO: string;
    DESCRIPTION: string;
    CLAIMED_AMOUNT?: number;
    REPAIR_SHOP?: string;
    OTHER_INSURANCE?: string;
    OTHER_INSURANCE_DETAILS?: string;
    POLICE_PRESENCE?: string;
    POLICE_NUMBER?: string;
    FIRE_RESCUE_PRESENCE?: string;
    FIRE_RESCUE_NUMBER?: string;
  };
  IS_ADDRESS?: { LOCATION: string };
  IS_HOME?: {
    LOCATION?: string;
    POLICE_PRESENCE?: string;
    POLICE_NUMBER?: string;
    FIRE_RESCUE_PRESENCE?: string;
    FIRE_RESCUE_NUMBER?: string;
  };
  IS_DRIVER?: { FULL_NAME: string; LICENCE_NO: string; ID_NUMBER: string };
  FULL_NAME?: string;
  BIRTH_DATE?: string;
  INJURIES?: string;
  INVOLVED_VEHICLES?: number;
  CONSENT_CLAIM_DATA: string;
  CONSENT_GDPR: string;
  /** The photo and document slots the customer filled (empty ones are left out). */
  IT_PHOTO_SLOTS: string[];
}

/** What the checks need to know of the contract the claim is on. */
export interface ClaimContract {
  productCode: ClaimProduct;
  startDate: string;
  expiryDate: string;
  /** False when the policy does not allow an online claim (not active): call the claims line. */
  onlineAllowed: boolean;
}

const refusal = (key: string, field?: string, params: Record<string, unknown> = {}): PendingMessage => ({
  key: `claims:refusals.${key}`,
  params: { claimsLine: claimRules().claimsLine, ...params },
  field,
  code: key.toUpperCase(),
});

/** The presence flags, wherever the product keeps them: 'X' (yes) or '' (no). */
function presence(claim: ClaimPayload) {
  const from = claim.IS_HOME ?? claim.IS_INCIDENT;
  return {
    police: from.POLICE_PRESENCE === 'X',
    policeNumber: (from.POLICE_NUMBER ?? '').trim(),
    fire: from.FIRE_RESCUE_PRESENCE === 'X',
    fireNumber: (from.FIRE_RESCUE_NUMBER ?? '').trim(),
  };
}

function checkSlots(claim: ClaimPayload, product: ClaimProduct): PendingMessage[] {
  const rules = claimRules().products[product];
  const slots = claim.IT_PHOTO_SLOTS;
  const out: PendingMessage[] = [];
  const unknown = slots.filter((s) => !slotRule(product, s));
  if (unknown.length > 0 || new Set(slots).size !== slots.length) {
    out.push(refusal('unknownSlot', 'IT_PHOTO_SLOTS', { slots: unknown.join(', ') }));
  }
  if (slots.length > rules.maxSlots) {
    out.push(refusal('tooManyPhotos', 'IT_PHOTO_SLOTS', { max: rules.maxSlots }));
  }
  if (!slots.some((s) => slotRule(product, s)?.incident)) {
    out.push(refusal('incidentPhotoRequired', 'IT_PHOTO_SLOTS'));
  }
  const missing = rules.slots.filter((r) => r.required && !slots.includes(r.id));
  // The slot by the name the wizard gives it, never its internal id.
  for (const m of missing)
    out.push({ ...refusal('photoMissing', m.id), textParams: { slot: `claims:slots.${m.id}.label` } });
  return out;
}

/**
 * Every reason the claim cannot be filed, first the one the screen shows (422 CT_MESSAGE, first
 * MSGTEXT). An empty list means CrtClaim may create it.
 */
export function claimRefusals(
  claim: ClaimPayload,
  contract: ClaimContract,
  today: string,
  flowRefusals: PendingMessage[],
): PendingMessage[] {
  if (!contract.onlineAllowed) return [refusal('notOnline')];
  const product = contract.productCode;
  const out: PendingMessage[] = [];
  const incident = claim.IS_INCIDENT;
  const date = incident.INCIDENT_DATE;
  if (date > today) out.push(refusal('incidentInFuture', 'INCIDENT_DATE'));
  else if (date < contract.startDate || date > contract.expiryDate) {
    out.push(refusal('incidentOutsideCover', 'INCIDENT_DATE'));
  } else if (date < addDays(today, -claimRules().maxDaysSinceIncident)) {
    out.push(refusal('incidentTooOld', 'INCIDENT_DATE', { days: claimRules().maxDaysSinceIncident }));
  }
  const cause = claimRules().products[product].causes.find((c) => c.CAUSE_NO === incident.CAUSE_NO);
  if (!cause) out.push(refusal('unknownCause', 'CAUSE_NO'));
  else if (!cause.details.includes(incident.CAUSE_DETAILS_NO)) {
    out.push(refusal('unknownCauseDetails', 'CAUSE_DETAILS_NO'));
  }
  const flags = presence(claim);
  if (flags.police && !flags.policeNumber) out.push(refusal('policeNumberRequired', 'POLICE_NUMBER'));
  if (flags.fire && !flags.fireNumber) out.push(refusal('fireNumberRequired', 'FIRE_RESCUE_NUMBER'));
  if (incident.OTHER_INSURANCE === 'X' && !(incident.OTHER_INSURANCE_DETAILS ?? '').trim()) {
    out.push(refusal('otherInsuranceDetailsRequired', 'OTHER_INSURANCE_DETAILS'));
  }
  if (claim.CONSENT_CLAIM_DATA !== 'X' || claim.CONSENT_GDPR !== 'X') {
    out.push(refusal('consentRequired', 'CONSENT_GDPR'));
  }
  out.push(...checkSlots(claim, product));
  // What the wizard flow's own fields say (the motor driver, where it happened ...), once: a field
  // refused above is not refused again.
  const refused = new Set(out.map((m) => m.field));
  out.push(...flowRefusals.filter((m) => !refused.has(m.field)));
  return out;
}

/**
 * The claim checked with the product's claim wizard flow (its required fields, dates, lengths and
 * rules), as the wizard checked it before sending: each error in the caller's language, "Label:
 * message", FIELD the payload's name, CODE the field's (DRIVER_BIRTH_DATE: DRIVERBIRTHDATEREQUIRED
 * when missing, DRIVERBIRTHDATEINVALID otherwise).
 */
export function claimFlowRefusals(
  flow: Flow,
  callPath: string,
  claim: ClaimPayload,
  today: string,
  lang: Lang,
): PendingMessage[] {
  const callName = callNameForPath(flow, callPath);
  if (!callName) throw new Error(`Flow ${flow.id} has no call to ${callPath}`);
  const send = flow.calls?.[callName]?.send;
  const wireName = (path: string) => {
    const entry = Object.entries(typeof send === 'object' ? send : {}).find(
      ([, e]) => (typeof e === 'string' ? e : e.path) === path,
    );
    return (entry?.[0] ?? path).split('.').pop();
  };
  return validateCallBody(flow, callName, claim, { today, vars: { today } }).map((error) => {
    const missing = error.key === 'validation:required' || error.key === 'validation:must_accept';
    return {
      ...fieldErrorMessage(flow, error, lang),
      field: wireName(error.path),
      code: `${error.fieldId.replaceAll('_', '')}${missing ? 'REQUIRED' : 'INVALID'}`,
    };
  });
}
