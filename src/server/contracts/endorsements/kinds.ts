// The endorsement kinds and their limits, read from flows/_catalogues/endorsements.json (config,
// not code: the product team changes a limit there). Each kind names its product, the portal flow
// that asks for it, its pair of calls (chg…/save…) and the values the customer may send.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES_FOLDER, FLOWS_DIR } from '../../../engine/flow/files';

export type FieldType = 'amount' | 'yesno' | 'days' | 'plate' | 'lov' | 'text' | 'valuables';

export interface KindField {
  name: string;
  type: FieldType;
  required?: boolean;
  /** Required when every named value equals the given one (the organisation of a mortgage). */
  requiredIf?: Record<string, string>;
  /** A top-level list of the contract (CT_VALUABLES) rather than a field of the object. */
  top?: boolean;
  lov?: string;
  max?: number;
  maxLength?: number;
}

export interface KindLimit {
  field: string;
  /** Largest rise, percent of the value before the change (0: no rise online). */
  maxUpPercent: number;
  /** Largest fall of one change (0: no fall online). */
  maxDownPercent?: number;
  /** Largest fall in total within the insurance period, from the value at its first change. */
  maxTotalDownPercent?: number;
  oncePerPeriod?: boolean;
}

export interface EndorsementKind {
  type: string;
  /** The product code (MOTOR, PROPERTY) whose contracts offer it. */
  product: string;
  flow: string;
  /** POST /zcp/contract/chg{call} and /zcp/contract/save{call}. */
  call: string;
  /** The product object the values belong to (CS_PROPERTY, CS_VEHICLE). */
  object: string;
  fields: KindField[];
  /** Counts towards the home caps: not editable online above them. */
  homeValue?: boolean;
  /** Only for an owner's home (a tenant insures no building). */
  ownerOnly?: boolean;
  limit?: KindLimit;
  /** A new plate must be the contract's vehicle in the register (/motor/VhlSrchEndor's match). */
  vehicleSearch?: boolean;
}

export interface EndorsementRules {
  homeCaps: { object: string; total: number; totalOf: string[]; fields: Record<string, number> };
  valuableItemMax: number;
  kinds: EndorsementKind[];
}

const FILE = join(FLOWS_DIR, CATALOGUES_FOLDER, 'endorsements.json');

let loaded: EndorsementRules | null = null;

export function endorsementRules(): EndorsementRules {
  loaded ??= JSON.parse(readFileSync(FILE, 'utf8')) as EndorsementRules;
  return loaded;
}

export function kindsOf(productCode: string): EndorsementKind[] {
  return endorsementRules().kinds.filter((k) => k.product === productCode);
}

export function kindByType(type: string): EndorsementKind | undefined {
  return endorsementRules().kinds.find((k) => k.type === type);
}

/** The calls of every kind, once each (propvalue serves building, contents and valuables). */
export function callNames(): string[] {
  return [...new Set(endorsementRules().kinds.map((k) => k.call))];
}
