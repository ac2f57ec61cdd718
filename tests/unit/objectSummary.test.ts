// The insured object in a few words (OBJECT_DESC on the portal's cards and lists), from each product
// flow's `objectSummary`, and the contract's CS_OBJECT with its `objectFallbacks`; flows:check
// refuses a summary naming a path, list or text the flow does not have.

import { beforeAll, describe, expect, it } from 'vitest';
import { readLocales, readSchemas, serviceLovNames, serviceLovValues } from '../../src/cli/workspace';
import { type CheckInputs, checkFlowFolder } from '../../src/engine/flow/check';
import { readLovBindings } from '../../src/engine/flow/checkAll';
import { readFieldSets, readFlowFiles } from '../../src/engine/flow/files';
import { insuredObject, objectSummary, type SummaryReader } from '../../src/engine/flow/objectSummary';
import type { Flow, ObjectSummaryPart } from '../../src/engine/flow/types';
import { objectDescription } from '../../src/server/customers/dashboard';

const flows: Record<string, Flow> = {};
const files: Record<string, CheckInputs['files']> = {};
let base: Omit<CheckInputs, 'files'>;

beforeAll(async () => {
  const [schemas, locales, lovNames, lovValues, fieldSets, lovBindings] = await Promise.all([
    readSchemas(),
    readLocales(),
    serviceLovNames(),
    serviceLovValues(),
    readFieldSets(),
    readLovBindings(),
  ]);
  base = { schemas, locales, lovNames, lovValues, fieldSets, lovBindings };
  for (const id of ['motor', 'property', 'travel', 'driver', 'hunter', 'cyber']) {
    files[id] = { id, ...(await readFlowFiles(id)) };
    flows[id] = files[id].flow as Flow;
  }
});

const holder = { FIRST_NAME: 'Ανδρέας', LAST_NAME: 'Κωνσταντίνου' };

const rav4 = {
  CS_POLICY_HOLDER: holder,
  CS_VEHICLE: { LICENSE_PLATE: 'NNT240', MANUFACTURER: 'TOYOTA', MODEL: 'RAV4' },
};

const strovolos = {
  CS_POLICY_HOLDER: holder,
  CS_PROPERTY: { STREET: 'Λεωφόρος Στροβόλου', STREET_NUMBER: '112', CITY: 'STROVOLOS' },
};

describe('objectSummary of each product (the service: lists and locale files)', () => {
  it('motor: the plate, the make by its name, the model with a capital', () => {
    expect(objectDescription(flows.motor, rav4, 'el')).toBe('NNT240 Toyota RAV4');
    expect(objectDescription(flows.motor, rav4, 'en')).toBe('NNT240 Toyota RAV4');
  });

  it('property: street and number, then the city by its name in the language', () => {
    expect(objectDescription(flows.property, strovolos, 'el')).toBe('Λεωφόρος Στροβόλου 112, Στρόβολος');
    expect(objectDescription(flows.property, strovolos, 'en')).toBe('Λεωφόρος Στροβόλου 112, Strovolos');
  });

  it('travel: the trip’s days in the language, with the singular for one day', () => {
    const trip = { CS_POLICY_HOLDER: holder, CS_TRAVEL: { DURATION_DAYS: '15' } };
    expect(objectDescription(flows.travel, trip, 'el')).toBe('15 ημέρες');
    expect(objectDescription(flows.travel, trip, 'en')).toBe('15 days');
    const oneDay = { CS_POLICY: { DURATION_DAYS: 1 } };
    expect(objectDescription(flows.travel, oneDay, 'el')).toBe('1 ημέρα');
    expect(objectDescription(flows.travel, oneDay, 'en')).toBe('1 day');
  });

  it('travel: the days on CS_POLICY when the trip has none, the trip’s own first', () => {
    expect(objectDescription(flows.travel, { CS_POLICY: { DURATION_DAYS: 8 } }, 'el')).toBe('8 ημέρες');
    expect(
      objectDescription(
        flows.travel,
        { CS_TRAVEL: { DURATION_DAYS: '' }, CS_POLICY: { DURATION_DAYS: 8 } },
        'en',
      ),
    ).toBe('8 days');
    expect(
      objectDescription(
        flows.travel,
        { CS_TRAVEL: { DURATION_DAYS: 22 }, CS_POLICY: { DURATION_DAYS: 8 } },
        'en',
      ),
    ).toBe('22 days');
  });

  it('a product without objectSummary, or an unknown flow, is its policyholder’s name', () => {
    for (const id of ['driver', 'hunter', 'cyber']) {
      expect(flows[id].product?.objectSummary, id).toBeUndefined();
      expect(objectDescription(flows[id], rav4, 'el'), id).toBe('Ανδρέας Κωνσταντίνου');
      expect(objectDescription(flows[id], rav4, 'en'), id).toBe('Ανδρέας Κωνσταντίνου');
    }
    expect(objectDescription(undefined, { CS_POLICY_HOLDER: { LAST_NAME: ' Κωνσταντίνου ' } }, 'en')).toBe(
      'Κωνσταντίνου',
    );
  });

  it('leaves out a part without a value, with its separator', () => {
    const vehicle = (v: Record<string, unknown>) => ({ CS_VEHICLE: v });
    expect(objectDescription(flows.motor, vehicle({ MANUFACTURER: 'TOYOTA', MODEL: 'RAV4' }), 'el')).toBe(
      'Toyota RAV4',
    );
    // The model by its name in the models' list, not its code.
    expect(
      objectDescription(flows.motor, vehicle({ MANUFACTURER: 'TOYOTA', MODEL: 'LAND_CRUISER' }), 'en'),
    ).toBe('Toyota Land Cruiser');
    expect(objectDescription(flows.motor, vehicle({ LICENSE_PLATE: 'NNT240', MODEL: 'YARIS' }), 'el')).toBe(
      'NNT240 Yaris',
    );
    const home = (p: Record<string, unknown>) => ({ CS_PROPERTY: p });
    expect(
      objectDescription(flows.property, home({ STREET: 'Οδός Ζήνωνος Κιτιέως', CITY: 'LARNAKA' }), 'el'),
    ).toBe('Οδός Ζήνωνος Κιτιέως, Λάρνακα');
    expect(objectDescription(flows.property, home({ STREET_NUMBER: '5', CITY: 'LARNAKA' }), 'en')).toBe(
      '5, Larnaca',
    );
    expect(objectDescription(flows.property, home({ CITY: 'LARNAKA' }), 'en')).toBe('Larnaca');
    expect(
      objectDescription(flows.property, home({ STREET: 'Οδός Ζήνωνος Κιτιέως', STREET_NUMBER: 5 }), 'en'),
    ).toBe('Οδός Ζήνωνος Κιτιέως 5');
    // Declared but empty: nothing, not the holder's name (a summary is the product's choice).
    expect(objectDescription(flows.motor, { CS_POLICY_HOLDER: holder }, 'el')).toBe('');
    expect(objectDescription(flows.travel, { CS_POLICY_HOLDER: holder, CS_TRAVEL: {} }, 'el')).toBe('');
  });

  it('a code its list does not have is shown as stored', () => {
    expect(
      objectDescription(flows.motor, { CS_VEHICLE: { LICENSE_PLATE: 'KXA101', MANUFACTURER: 'LADA' } }, 'en'),
    ).toBe('KXA101 LADA');
    expect(
      objectDescription(flows.property, { CS_PROPERTY: { STREET: 'Οδός Αθηνών', CITY: 'ATLANTIS' } }, 'el'),
    ).toBe('Οδός Αθηνών, ATLANTIS');
  });
});

describe('objectSummary, the engine alone', () => {
  const texts: Record<string, string> = {
    'demo:units.rooms': '{{value}} δωμάτια',
    'demo:units.km': '{{count}} km',
  };
  const reader = (lang = 'el'): SummaryReader => ({
    lang,
    lovText: (name, value) =>
      (name === 'CITY' && value === 'PAFOS' ? { el: 'Πάφος', en: 'Paphos' }[lang] : null) ?? null,
    t: (key, values) =>
      (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: 'value' | 'count') =>
        String(values[name] ?? ''),
      ),
  });
  const flow = (parts: ObjectSummaryPart[]): Flow => ({
    id: 'demo',
    area: 'public',
    lovs: [{ name: 'CITY', as: 'HOME_CITY' }],
    steps: [],
    product: {
      rulesKey: 'DEMO',
      productId: '900',
      objectKey: 'CS_DEMO',
      premiumWording: { label: 'premium.label', period: 'premium.period' },
      api: { segment: 'demo', calc: 'democalc', quotation: 'quotation' },
      objectSummary: parts,
    },
  });

  it('reads a list by the name the flow gives it (`as`), in the reader’s language', () => {
    const f = flow([{ path: 'CS_DEMO.CITY', lov: 'HOME_CITY' }]);
    expect(objectSummary(f, { CS_DEMO: { CITY: 'PAFOS' } }, reader('el'))).toBe('Πάφος');
    expect(objectSummary(f, { CS_DEMO: { CITY: 'PAFOS' } }, reader('en'))).toBe('Paphos');
  });

  it('letter case: capitalize, upper (Greek capitals without accents), lower', () => {
    const quote = { CS_DEMO: { A: 'LAND CRUISER', B: 'Λεωφόρος Αρχιεπισκόπου', C: 'ΠΑΦΟΣ' } };
    expect(objectSummary(flow([{ path: 'CS_DEMO.A', case: 'capitalize' }]), quote, reader())).toBe(
      'Land cruiser',
    );
    expect(objectSummary(flow([{ path: 'CS_DEMO.B', case: 'upper' }]), quote, reader('el'))).toBe(
      'ΛΕΩΦΟΡΟΣ ΑΡΧΙΕΠΙΣΚΟΠΟΥ',
    );
    expect(objectSummary(flow([{ path: 'CS_DEMO.C', case: 'lower' }]), quote, reader('el'))).toBe('παφος');
  });

  it('puts a part in its text with {{value}}, and {{count}} for a number', () => {
    const quote = { CS_DEMO: { ROOMS: '3', KM: 12.5, NAME: 'Σπίτι' } };
    expect(
      objectSummary(
        flow([
          { path: 'CS_DEMO.NAME' },
          { path: 'CS_DEMO.ROOMS', text: 'units.rooms', separator: ' · ' },
          { path: 'CS_DEMO.KM', text: 'demo:units.km', separator: ' · ' },
        ]),
        quote,
        reader(),
      ),
    ).toBe('Σπίτι · 3 δωμάτια · 12.5 km');
  });

  it('tries the paths of a part in order, skipping blanks; objects and booleans have no text', () => {
    const f = flow([{ path: ['CS_DEMO.A', 'CS_DEMO.B', 'CS_DEMO.C'] }]);
    expect(objectSummary(f, { CS_DEMO: { A: '  ', B: null, C: 'τρίτο' } }, reader())).toBe('τρίτο');
    expect(objectSummary(f, { CS_DEMO: { A: 0, C: 'τρίτο' } }, reader())).toBe('0');
    expect(objectSummary(f, { CS_DEMO: { A: { X: 1 }, B: true } }, reader())).toBe('');
    expect(objectSummary(f, null, reader())).toBe('');
  });
});

describe('insuredObject: the contract’s CS_OBJECT', () => {
  it('is the product object, with travel’s DURATION_DAYS taken from CS_POLICY when the trip has none', () => {
    const product = flows.travel.product;
    expect(product?.objectFallbacks).toEqual({ DURATION_DAYS: 'CS_POLICY.DURATION_DAYS' });
    const bought = { CS_POLICY: { DURATION_DAYS: 8 }, CS_TRAVEL: { OBJECT_TYPE: 'WORLDWIDE' } };
    expect(insuredObject(product, bought)).toEqual({ OBJECT_TYPE: 'WORLDWIDE', DURATION_DAYS: 8 });
    const own = { CS_POLICY: { DURATION_DAYS: 8 }, CS_TRAVEL: { DURATION_DAYS: 15 } };
    expect(insuredObject(product, own)).toEqual({ DURATION_DAYS: 15 });
    expect(insuredObject(product, { CS_TRAVEL: { OBJECT_TYPE: 'EUROPE' } })).toEqual({
      OBJECT_TYPE: 'EUROPE',
    });
    // A copy: the stored quote is not changed.
    expect(bought.CS_TRAVEL).toEqual({ OBJECT_TYPE: 'WORLDWIDE' });
  });

  it('is the object as stored for a product without fallbacks, and empty without a product', () => {
    expect(insuredObject(flows.motor.product, rav4)).toEqual(rav4.CS_VEHICLE);
    expect(insuredObject(undefined, rav4)).toEqual({});
    expect(insuredObject(flows.driver.product, { CS_DRIVER: 'not an object' })).toEqual({});
  });
});

describe('flows:check and objectSummary', () => {
  function checkChanged(id: string, change: (flow: Flow) => void) {
    const copy = structuredClone(files[id]);
    change(copy.flow as Flow);
    return checkFlowFolder({ ...base, files: copy });
  }
  const product = (flow: Flow) => flow.product as NonNullable<Flow['product']>;

  it('passes the shipped flows', () => {
    for (const id of ['motor', 'property', 'travel'])
      expect(
        checkChanged(id, () => {}),
        id,
      ).toEqual([]);
  });

  it('refuses a path the flow does not write, by its pointer', () => {
    const problems = checkChanged('motor', (f) => {
      product(f).objectSummary = [{ path: 'CS_CAR.LICENSE_PLATE' }, { path: 'CS_VEHICLE.MODEL' }];
    });
    expect(problems).toEqual([
      {
        file: 'flows/motor/flow.json',
        pointer: '/product/objectSummary/0/path',
        message: 'path "CS_CAR.LICENSE_PLATE" is not written by any field, default, derived value or call',
      },
    ]);
    const listed = checkChanged('travel', (f) => {
      product(f).objectSummary = [{ path: ['CS_TRAVEL.DURATION_DAYS', 'CS_TRAVEL.DAYS'] }];
    });
    expect(listed.map((p) => p.pointer)).toEqual(['/product/objectSummary/0/path/1']);
  });

  it('refuses a list the flow does not declare, and a text missing in a language', () => {
    const problems = checkChanged('property', (f) => {
      product(f).objectSummary = [
        { path: 'CS_PROPERTY.CITY', lov: 'MANUFACTURER' },
        { path: 'CS_PROPERTY.STREET', text: 'summary.street' },
      ];
    });
    expect(problems.map((p) => [p.pointer, p.message])).toEqual([
      ['/product/objectSummary/0/lov', 'list of values "MANUFACTURER" is not declared in /lovs'],
      [
        '/product/objectSummary/1/text',
        'locale key "property:summary.street" is missing in locales/el/property.json',
      ],
      [
        '/product/objectSummary/1/text',
        'locale key "property:summary.street" is missing in locales/en/property.json',
      ],
    ]);
  });

  it('refuses a fallback path the flow does not write', () => {
    const problems = checkChanged('travel', (f) => {
      product(f).objectFallbacks = { DURATION_DAYS: 'CS_TRIP.DAYS' };
    });
    expect(problems.map((p) => p.pointer)).toEqual(['/product/objectFallbacks/DURATION_DAYS']);
  });

  it('the schema refuses an unknown letter case, an unknown key and a part without a path', () => {
    const problems = checkChanged('motor', (f) => {
      product(f).objectSummary = [
        { path: 'CS_VEHICLE.MODEL', case: 'title' as 'upper' },
        { path: 'CS_VEHICLE.MODEL', format: 'euro' } as ObjectSummaryPart,
        { lov: 'MANUFACTURER' } as ObjectSummaryPart,
      ];
    });
    expect(problems.map((p) => p.pointer).sort()).toEqual(
      ['/product/objectSummary/0/case', '/product/objectSummary/1', '/product/objectSummary/2'].sort(),
    );
  });
});
