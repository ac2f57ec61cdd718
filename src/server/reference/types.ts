// The shapes of the service's reference data: as stored in this folder's JSON (texts in both
// languages) and as answered (the spec's wire shape, one language).

export type Lang = 'el' | 'en';
export const LANGS: readonly Lang[] = ['el', 'en'];
export type Localised = Record<Lang, string>;

// ---- stored shapes ------------------------------------------------------------------------

export interface StoredLovEntry {
  VALUE: string;
  TEXT: Localised;
  /** Kept at the top, in file order, when the list is sorted by text (Cyprus, Greece, UK). */
  PIN?: boolean;
  /** PROFESSION: personal-accident risk class "1" (office) to "4" (hazardous), read by rating. */
  CLASS?: string;
}

export interface StoredLov {
  /** "TEXT": answered in alphabetical order of the localised text (pinned entries first). */
  SORT?: string;
  VALUES: StoredLovEntry[];
}

export interface StoredCity {
  VALUE: string;
  TEXT: Localised;
  /** Occupied since 1974 (Kyrenia): kept for historical addresses, no postal codes. */
  OCCUPIED?: boolean;
  POSTAL_CODES: string[];
}

export interface StoredGarage {
  VALUE: string;
  DISTRICT: string;
  TEXT: Localised;
  ADDRESS: Localised;
  PHONE: string;
}

export interface StoredModel {
  VALUE: string;
  NAME: string;
  /** A VEHICLE_TYPE value. */
  VEHICLE_TYPE: string;
  /** cc; 0 for electric vehicles. */
  ENGINE_CAPACITY: number;
  /** A NUMBER_OF_SEATS value. */
  NO_OF_SEATS: string;
  /** A FUEL value: PETROL, DIESEL, HYBRID or ELECTRIC. */
  FUEL: string;
  /** Typical price new in Cyprus, euro. */
  NEW_PRICE: number;
}

export interface StoredMake {
  VALUE: string;
  NAME: string;
  MODELS: StoredModel[];
}

/** A vehicle of the seeded register, in CS_VEHICLE's field names. */
export interface RegisteredVehicle {
  /** "" for a new vehicle not registered yet (found by the chassis number's last 7 characters). */
  LICENSE_PLATE: string;
  CHASSIS_NUMBER: string;
  VEHICLE_TYPE: string;
  /** A MANUFACTURER value. */
  MANUFACTURER: string;
  /** A MODEL value of that make. */
  MODEL: string;
  MANUFACTURE_YEAR: number;
  ENGINE_CAPACITY: number;
  NO_OF_SEATS: string;
  /** Euro. */
  VEHICLE_VALUE: number;
  VEHICLE_USE: string;
  FUEL: string;
  /** Y-m-d; 0000-00-00 when not registered. */
  REGISTRATION_DATE: string;
}

// ---- wire shapes --------------------------------------------------------------------------

export interface LovItem {
  VALUE: string;
  TEXT: string;
}

export interface LovDependency {
  KEY: string;
  VALUE: string;
}

export interface LovAnswer<T extends LovItem = LovItem> {
  LOV_NAME: string;
  LOV_VALUE: T[];
  /** Dependent lists: the key values the list was filtered by, in the list's key order. */
  DEPENDENCIES?: LovDependency[];
}

export interface GarageItem extends LovItem {
  DISTRICT: string;
  ADDRESS: string;
  PHONE: string;
}

export interface ModelItem extends LovItem {
  VEHICLE_TYPE: string;
  ENGINE_CAPACITY: number;
  NO_OF_SEATS: string;
  FUEL: string;
}

export interface FaqsAnswer {
  CATEGORIES: { ID: string; TEXT: string }[];
  QUESTIONS: { ID: string; CATEGORY_ID: string; QUESTION: string; ANSWER: string }[];
}

export interface TextsAnswer {
  ET_TEXTS: { TEXT_NAME: string; TEXT: string }[];
}
