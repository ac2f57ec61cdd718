// Reference data of the zcp service: lists of values, places, banks, garages and vehicles (the
// product team's texts, FAQs and cookie texts, are src/server/content's). Texts are stored in both languages and localised per request; answers are fresh
// copies in the spec's wire shape ({ LOV_NAME, LOV_VALUE: [{ VALUE, TEXT }], DEPENDENCIES? }).
//
// The JSON is imported with import attributes: tsx, vitest and vite all read it, and tsc checks
// each file against the interfaces of types.ts when it is assigned to them. Vehicles: vehicles.ts.

import banksJson from './banks.json' with { type: 'json' };
import citiesJson from './cities.json' with { type: 'json' };
import garagesJson from './garages.json' with { type: 'json' };
import lovsJson from './lovs.json' with { type: 'json' };
import type {
  GarageItem,
  Lang,
  LovAnswer,
  LovItem,
  StoredCity,
  StoredGarage,
  StoredLov,
  StoredLovEntry,
} from './types';
import { makeByValue, makeItems, modelItems, vehicleMakes } from './vehicles';

export type {
  FaqsAnswer,
  GarageItem,
  Lang,
  Localised,
  LovAnswer,
  LovDependency,
  LovItem,
  ModelItem,
  RegisteredVehicle,
  StoredCity,
  StoredGarage,
  StoredLov,
  StoredLovEntry,
  StoredMake,
  StoredModel,
  TextsAnswer,
} from './types';
export { LANGS } from './types';
export {
  allVehicles,
  brandMake,
  findVehicleByChassisTail,
  findVehicleByPlate,
  makes,
  modelInfo,
  models,
} from './vehicles';

const lovStore: Record<string, StoredLov> = lovsJson;
const cityStore: { POSTAL_RANGES: Record<string, string[]>; DISTRICTS: Record<string, StoredCity[]> } =
  citiesJson;
const bankStore: StoredLovEntry[] = banksJson.CpBankList;
const garageStore: StoredGarage[] = garagesJson.GARAGE;

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
    all: () => vehicleMakes.flatMap((m) => modelItems(m)),
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
