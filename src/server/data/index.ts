// Reference data of the zcp service: lists of values, places, banks, garages, vehicles, FAQs and
// cookie texts. Texts are stored in both languages and localised per request; answers are fresh
// copies in the spec's wire shape ({ LOV_NAME, LOV_VALUE: [{ VALUE, TEXT }], DEPENDENCIES? }).
//
// The JSON is imported with import attributes: tsx, vitest and vite all read it, and tsc checks
// each file against the interfaces below when it is assigned to them.

import banksJson from './banks.json' with { type: 'json' };
import citiesJson from './cities.json' with { type: 'json' };
import cookieTextsJson from './cookieTexts.json' with { type: 'json' };
import faqsJson from './faqs.json' with { type: 'json' };
import garagesJson from './garages.json' with { type: 'json' };
import lovsJson from './lovs.json' with { type: 'json' };
import registerJson from './vehicleRegister.json' with { type: 'json' };
import vehiclesJson from './vehicles.json' with { type: 'json' };

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

interface StoredFaqs {
  CATEGORIES: { ID: string; TEXT: Localised }[];
  QUESTIONS: { ID: string; CATEGORY_ID: string; QUESTION: Localised; ANSWER: Localised }[];
}

const lovStore: Record<string, StoredLov> = lovsJson;
const cityStore: { POSTAL_RANGES: Record<string, string[]>; DISTRICTS: Record<string, StoredCity[]> } =
  citiesJson;
const bankStore: StoredLovEntry[] = banksJson.CpBankList;
const garageStore: StoredGarage[] = garagesJson.GARAGE;
const vehicleStore: { BRANDS: Record<string, string>; MAKES: StoredMake[] } = vehiclesJson;
const registerStore: RegisteredVehicle[] = registerJson.VEHICLES;
const faqStore: StoredFaqs = faqsJson;
const cookieStore: { TEXT_NAME: string; TEXT: Localised }[] = cookieTextsJson.ET_TEXTS;

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

// ---- language -----------------------------------------------------------------------------

/** The answer language from an Accept-Language header: the best-weighted el or en, else Greek. */
export function pickLang(acceptLanguage: string | undefined | null): Lang {
  if (!acceptLanguage) return 'el';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0],
        weight: Number.isFinite(weight) ? weight : 0,
        index,
      };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) if (r.primary === 'el' || r.primary === 'en') return r.primary;
  return 'el';
}

const collators: Record<Lang, Intl.Collator> = {
  el: new Intl.Collator('el', { sensitivity: 'base' }),
  en: new Intl.Collator('en', { sensitivity: 'base' }),
};

function localiseEntries(entries: StoredLovEntry[], lang: Lang, sortByText: boolean): LovItem[] {
  const items = entries.map((e) => ({ pin: e.PIN === true, item: { VALUE: e.VALUE, TEXT: e.TEXT[lang] } }));
  if (sortByText) {
    const pinned = items.filter((i) => i.pin);
    const rest = items
      .filter((i) => !i.pin)
      .sort((a, b) => collators[lang].compare(a.item.TEXT, b.item.TEXT));
    return [...pinned, ...rest].map((i) => i.item);
  }
  return items.map((i) => i.item);
}

// ---- vehicles (needed by the list registry below) ------------------------------------------

const makeByValue = new Map(vehicleStore.MAKES.map((m) => [m.VALUE, m]));

function byName<T extends { NAME: string }>(a: T, b: T): number {
  return collators.en.compare(a.NAME, b.NAME);
}

function makeItems(vehicleType?: string): LovItem[] {
  return [...vehicleStore.MAKES]
    .filter((m) => !vehicleType || m.MODELS.some((x) => x.VEHICLE_TYPE === vehicleType))
    .sort(byName)
    .map((m) => ({ VALUE: m.VALUE, TEXT: m.NAME }));
}

function modelItems(make: StoredMake, vehicleType?: string): ModelItem[] {
  return [...make.MODELS]
    .filter((m) => !vehicleType || m.VEHICLE_TYPE === vehicleType)
    .sort(byName)
    .map((m) => ({
      VALUE: m.VALUE,
      TEXT: m.NAME,
      VEHICLE_TYPE: m.VEHICLE_TYPE,
      ENGINE_CAPACITY: m.ENGINE_CAPACITY,
      NO_OF_SEATS: m.NO_OF_SEATS,
      FUEL: m.FUEL,
    }));
}

// ---- places -------------------------------------------------------------------------------

const cityByValue = new Map<string, StoredCity>(
  Object.values(cityStore.DISTRICTS).flatMap((cities) => cities.map((c) => [c.VALUE, c] as const)),
);

function cityItems(cities: StoredCity[], lang: Lang): LovItem[] {
  return cities.map((c) => ({ VALUE: c.VALUE, TEXT: c.TEXT[lang] }));
}

function postalItems(codes: string[]): LovItem[] {
  return codes.map((code) => ({ VALUE: code, TEXT: code }));
}

/** Official postal code range of a district, e.g. LIM: ["3000", "4999"]; null for an unknown district. */
export function postalRange(district: string): [string, string] | null {
  const range = cityStore.POSTAL_RANGES[district];
  return range && range.length === 2 ? [range[0], range[1]] : null;
}

/** The district a CITY value belongs to, or null. */
export function cityDistrict(city: string): string | null {
  for (const [district, cities] of Object.entries(cityStore.DISTRICTS)) {
    if (cities.some((c) => c.VALUE === city)) return district;
  }
  return null;
}

// ---- registry of lists --------------------------------------------------------------------

/** Lists answered whole (GET /zcp/lov/multi and the fixed routes) besides those of lovs.json. */
const FIXED_LISTS: Record<string, (lang: Lang) => LovItem[]> = {
  CpBankList: (lang) => localiseEntries(bankStore, lang, false),
  GARAGE: (lang) => garageItems(lang),
  MANUFACTURER: () => makeItems(),
};

interface DependentList {
  keys: string[];
  /** Values for the given key values (each present); [] when a key value is unknown. */
  filtered: (deps: Record<string, string>, lang: Lang) => LovItem[];
  /** Every value, whatever the keys. */
  all: (lang: Lang) => LovItem[];
}

/** Lists answered by GET /zcp/lov/dep/{key}/{value}.../{lov}. */
const DEPENDENT_LISTS: Record<string, DependentList> = {
  CITY: {
    keys: ['DISTRICT'],
    filtered: (deps, lang) => cityItems(cityStore.DISTRICTS[deps.DISTRICT] ?? [], lang),
    all: (lang) => cityItems([...cityByValue.values()], lang),
  },
  POSTAL_CODE: {
    keys: ['CITY'],
    filtered: (deps) => postalItems(cityByValue.get(deps.CITY)?.POSTAL_CODES ?? []),
    all: () => postalItems([...cityByValue.values()].flatMap((c) => c.POSTAL_CODES)),
  },
  MODEL: {
    keys: ['MANUFACTURER'],
    filtered: (deps) => {
      const make = makeByValue.get(deps.MANUFACTURER);
      return make ? modelItems(make) : [];
    },
    all: () => vehicleStore.MAKES.flatMap((m) => modelItems(m)),
  },
};

const has = (obj: object, key: string) => Object.hasOwn(obj, key);

/**
 * Every LOV_NAME the service answers: whole lists (lovList: lovs.json, CpBankList, GARAGE,
 * MANUFACTURER) and dependent ones (dependentLov: CITY, POSTAL_CODE, MODEL).
 */
export function lovNames(): string[] {
  return [...Object.keys(lovStore), ...Object.keys(FIXED_LISTS), ...Object.keys(DEPENDENT_LISTS)];
}

/** Names of the dependent lists and the keys each is filtered by, in URL order. */
export function dependentLovKeys(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(DEPENDENT_LISTS).map(([name, d]) => [name, [...d.keys]]));
}

/** A whole list in the answer language, or null for an unknown or dependent list. */
export function lovList(name: string, lang: Lang): LovAnswer | null {
  if (has(lovStore, name)) {
    const lov = lovStore[name];
    return { LOV_NAME: name, LOV_VALUE: localiseEntries(lov.VALUES, lang, lov.SORT === 'TEXT') };
  }
  if (has(FIXED_LISTS, name)) return { LOV_NAME: name, LOV_VALUE: FIXED_LISTS[name](lang) };
  return null;
}

/**
 * A dependent list filtered by its keys, e.g. dependentLov('CITY', { DISTRICT: 'LIM' }, 'el').
 * Null when the list is unknown or a key has no value (the client looks up only when all have one);
 * an unknown key value gives an empty list.
 */
export function dependentLov(lovName: string, deps: Record<string, string>, lang: Lang): LovAnswer | null {
  if (!has(DEPENDENT_LISTS, lovName)) return null;
  const list = DEPENDENT_LISTS[lovName];
  if (list.keys.some((k) => !has(deps, k) || deps[k] === '')) return null;
  return {
    LOV_NAME: lovName,
    LOV_VALUE: list.filtered(deps, lang),
    DEPENDENCIES: list.keys.map((k) => ({ KEY: k, VALUE: deps[k] })),
  };
}

/**
 * Whether a submitted code belongs to a list. For a dependent list, pass the key values to check
 * against the filtered list (a city of that district); without them any value of the list counts.
 */
export function lovHasValue(name: string, value: string, deps?: Record<string, string>): boolean {
  if (has(DEPENDENT_LISTS, name)) {
    const list = DEPENDENT_LISTS[name];
    const keyed = deps && list.keys.every((k) => has(deps, k) && deps[k] !== '');
    const items = keyed ? list.filtered(deps, 'en') : list.all('en');
    return items.some((i) => i.VALUE === value);
  }
  return lovList(name, 'en')?.LOV_VALUE.some((i) => i.VALUE === value) ?? false;
}

/** The text of a code in the answer language (whole or dependent list), or null. */
export function lovText(name: string, value: string, lang: Lang): string | null {
  const items = has(DEPENDENT_LISTS, name) ? DEPENDENT_LISTS[name].all(lang) : lovList(name, lang)?.LOV_VALUE;
  return items?.find((i) => i.VALUE === value)?.TEXT ?? null;
}

/** The stored entry of a lovs.json list with its attributes (PROFESSION's CLASS), or null. */
export function lovEntry(name: string, value: string): StoredLovEntry | null {
  if (!has(lovStore, name)) return null;
  const entry = lovStore[name].VALUES.find((e) => e.VALUE === value);
  return entry ? structuredClone(entry) : null;
}

// ---- banks and garages --------------------------------------------------------------------

/** CpBankList: VALUE is the bank's BIC. */
export function banks(lang: Lang): LovAnswer {
  return { LOV_NAME: 'CpBankList', LOV_VALUE: FIXED_LISTS.CpBankList(lang) };
}

function garageItems(lang: Lang): GarageItem[] {
  return garageStore.map((g) => ({
    VALUE: g.VALUE,
    TEXT: g.TEXT[lang],
    DISTRICT: g.DISTRICT,
    ADDRESS: g.ADDRESS[lang],
    PHONE: g.PHONE,
  }));
}

/** GARAGE: the network repair shops, with district, address and phone. */
export function garages(lang: Lang): LovAnswer<GarageItem> {
  return { LOV_NAME: 'GARAGE', LOV_VALUE: garageItems(lang) };
}

// ---- makes, models and the register -------------------------------------------------------

/** MANUFACTURER list in name order; with a vehicle type, only makes that have such models. */
export function makes(_lang: Lang, vehicleType?: string): LovAnswer {
  return { LOV_NAME: 'MANUFACTURER', LOV_VALUE: makeItems(vehicleType) };
}

/** MODEL list of a make in name order (optionally of one vehicle type), or null for an unknown make. */
export function models(make: string, _lang: Lang, vehicleType?: string): LovAnswer<ModelItem> | null {
  const stored = makeByValue.get(make);
  if (!stored) return null;
  return {
    LOV_NAME: 'MODEL',
    LOV_VALUE: modelItems(stored, vehicleType),
    DEPENDENCIES: [{ KEY: 'MANUFACTURER', VALUE: make }],
  };
}

/** A model's stored details (typical engine, seats, fuel, price new), or null. */
export function modelInfo(make: string, model: string): StoredModel | null {
  const found = makeByValue.get(make)?.MODELS.find((m) => m.VALUE === model);
  return found ? { ...found } : null;
}

/** The make of a co-branded motor variant (?ref=1 Toyota, ?ref=2 Nissan), or null. */
export function brandMake(brand: string): string | null {
  return has(vehicleStore.BRANDS, brand) ? vehicleStore.BRANDS[brand] : null;
}

const PLATE = /^[A-Z]{1,3}\d{3}$/;
const VIN_TAIL = /^[A-HJ-NPR-Z0-9]{7}$/;

const byPlate = new Map(registerStore.filter((v) => v.LICENSE_PLATE !== '').map((v) => [v.LICENSE_PLATE, v]));
const byChassisTail = new Map(registerStore.map((v) => [v.CHASSIS_NUMBER.slice(-7), v]));

/**
 * Looks a plate up as the visitor may type it: any case, spaces or a dash, and a 1- or 2-digit
 * number padded to 3 (KXR 5 is KXR005). Null when not found or not a valid Cypriot plate.
 */
export function findVehicleByPlate(plate: string): RegisteredVehicle | null {
  const compact = plate.toUpperCase().replace(/[\s-]/g, '');
  const m = /^([A-Z]{1,3})(\d{1,3})$/.exec(compact);
  if (!m) return null;
  const normalised = m[1] + m[2].padStart(3, '0');
  if (!PLATE.test(normalised) || normalised.endsWith('000')) return null;
  const found = byPlate.get(normalised);
  return found ? { ...found } : null;
}

/** Looks a vehicle up by the last 7 characters of its chassis number (any case), or null. */
export function findVehicleByChassisTail(last7: string): RegisteredVehicle | null {
  const tail = last7.trim().toUpperCase();
  if (!VIN_TAIL.test(tail)) return null;
  const found = byChassisTail.get(tail);
  return found ? { ...found } : null;
}

/** Every vehicle of the register (copies). */
export function allVehicles(): RegisteredVehicle[] {
  return registerStore.map((v) => ({ ...v }));
}

// ---- FAQs and cookie texts ----------------------------------------------------------------

/** GET /zcp/CommonParams/FAQs. */
export function faqs(lang: Lang): FaqsAnswer {
  return {
    CATEGORIES: faqStore.CATEGORIES.map((c) => ({ ID: c.ID, TEXT: c.TEXT[lang] })),
    QUESTIONS: faqStore.QUESTIONS.map((q) => ({
      ID: q.ID,
      CATEGORY_ID: q.CATEGORY_ID,
      QUESTION: q.QUESTION[lang],
      ANSWER: q.ANSWER[lang],
    })),
  };
}

/** POST /zcp/cookies/gettexts: plain text, no markup. */
export function cookieTexts(lang: Lang): TextsAnswer {
  return { ET_TEXTS: cookieStore.map((t) => ({ TEXT_NAME: t.TEXT_NAME, TEXT: t.TEXT[lang] })) };
}
