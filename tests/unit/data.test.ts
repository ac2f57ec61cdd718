import { describe, expect, it } from 'vitest';
import cookieTextsJson from '../../flows/_catalogues/cookieTexts.json' with { type: 'json' };
import faqsJson from '../../flows/_catalogues/faqs.json' with { type: 'json' };
import { cookieTexts, faqs } from '../../src/server/content/texts';
import banksJson from '../../src/server/reference/banks.json' with { type: 'json' };
import citiesJson from '../../src/server/reference/cities.json' with { type: 'json' };
import garagesJson from '../../src/server/reference/garages.json' with { type: 'json' };
import {
  allVehicles,
  banks,
  brandMake,
  cityDistrict,
  dependentLov,
  dependentLovKeys,
  findVehicleByChassisTail,
  findVehicleByPlate,
  garages,
  LANGS,
  type Localised,
  lovEntry,
  lovHasValue,
  lovList,
  lovNames,
  lovText,
  makes,
  modelInfo,
  models,
  pickLang,
  postalRange,
  type StoredCity,
  type StoredLov,
} from '../../src/server/reference/index';
import lovsJson from '../../src/server/reference/lovs.json' with { type: 'json' };
import vehiclesJson from '../../src/server/reference/vehicles.json' with { type: 'json' };

const lovStore: Record<string, StoredLov> = lovsJson;
const districts: Record<string, StoredCity[]> = citiesJson.DISTRICTS;

const GREEK = /[\u0370-\u03ff\u1f00-\u1fff]/;
const LETTER = /\p{L}/u;
// Brand names written the same way in Greek texts.
const LATIN_IN_GREEK = new Set(['AstroBank']);

function checkLocalised(where: string, text: Localised): void {
  for (const lang of LANGS) {
    expect(typeof text[lang], `${where} ${lang}`).toBe('string');
    expect(text[lang].trim(), `${where} ${lang} is empty`).not.toBe('');
    expect(text[lang], `${where} ${lang} has stray spaces`).toBe(text[lang].trim());
  }
  expect(GREEK.test(text.en), `${where}: English text "${text.en}" has Greek letters`).toBe(false);
  if (LETTER.test(text.el) && !LATIN_IN_GREEK.has(text.el)) {
    expect(GREEK.test(text.el), `${where}: Greek text "${text.el}" has no Greek letters`).toBe(true);
  }
}

function expectUnique(where: string, values: string[]): void {
  const dupes = values.filter((v, i) => values.indexOf(v) !== i);
  expect(dupes, `${where}: duplicate values`).toEqual([]);
}

// ISO 3779 check digit (position 9), as North American VINs carry it.
function vinCheckDigit(vin: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const digits = [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9];
  const map = Object.fromEntries([...letters].map((c, k) => [c, digits[k]]));
  const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (/\d/.test(vin[i]) ? Number(vin[i]) : map[vin[i]]) * weights[i];
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

const values = (name: string) => lovList(name, 'en')?.LOV_VALUE.map((i) => i.VALUE) ?? [];

describe('lists of values (lovs.json)', () => {
  it('has every list the flows load', () => {
    const needed = (
      'DISTRICT DRIVER_LICENSE_YEAR NUMBER_OF_DRIVERS NUMBER_OF_SEATS VEHICLE_TYPE VEHICLE_USE YESNO ' +
      'NATIONAL_ID_TYPE FINANCE_COMPANY GENDER OCCUPATION PERIOD WEBSITE_SOURCE TRAVEL_TYPE TRAVEL_DURATION ' +
      'NUMBER_OF_ADULTS NUMBER_OF_CHILDREN NUMBER_OF_GUNS INSURANCE_TYPE PAYMENT_METHOD CpBankList ' +
      'INSTALLMENT_NUMBER COUNTRY_CODE PROFESSION NATIONALITY SINGLE_RETURN MARITAL_STATUS PREF_COMMUNICATION ' +
      'BUILDING_TYPE USE_OF_RESIDENCE CONSTRUCTION_FRAMEWORK WALLS_TYPE ROOF_TYPE ALARM_CONNECTION MORTGAGE_TYPE ' +
      'ADJOINING_BUILDING_TYPE PHOTOVOLTAIC_PLACE CLAIM_CAUSE GARAGE MANUFACTURER FUEL CITY POSTAL_CODE MODEL'
    ).split(' ');
    const names = lovNames();
    expect(needed.filter((n) => !names.includes(n))).toEqual([]);
    expect(dependentLovKeys()).toEqual({
      CITY: ['DISTRICT'],
      POSTAL_CODE: ['CITY'],
      MODEL: ['MANUFACTURER'],
    });
    expectUnique('LOV_NAME', names);
    // Every name answers: whole lists through lovList, dependent ones through dependentLov only.
    for (const name of names) {
      if (dependentLovKeys()[name]) expect(lovList(name, 'el'), name).toBeNull();
      else expect(lovList(name, 'el')?.LOV_VALUE.length, name).toBeGreaterThan(0);
    }
  });

  it('every list has unique values and texts in both languages', () => {
    for (const [name, lov] of Object.entries(lovStore)) {
      expect(lov.VALUES.length, name).toBeGreaterThan(0);
      expectUnique(
        name,
        lov.VALUES.map((v) => v.VALUE),
      );
      for (const entry of lov.VALUES) {
        expect(entry.VALUE, `${name} value`).toMatch(/^[A-Z0-9_.]+$/);
        checkLocalised(`${name}.${entry.VALUE}`, entry.TEXT);
      }
    }
  });

  it('the text checks catch an English text in the Greek slot', () => {
    expect(() => checkLocalised('bad', { el: 'Nicosia', en: 'Nicosia' })).toThrow(/no Greek letters/);
    expect(() => checkLocalised('bad', { el: 'Λευκωσία', en: '' })).toThrow(/empty/);
    expect(() => checkLocalised('bad', { el: 'Λευκωσία', en: 'Λευκωσία' })).toThrow(/has Greek letters/);
  });

  it('writes the districts as a Cypriot would', () => {
    expect(lovList('DISTRICT', 'el')?.LOV_VALUE).toEqual([
      { VALUE: 'NIC', TEXT: 'Λευκωσία' },
      { VALUE: 'LIM', TEXT: 'Λεμεσός' },
      { VALUE: 'LAR', TEXT: 'Λάρνακα' },
      { VALUE: 'FAM', TEXT: 'Αμμόχωστος' },
      { VALUE: 'PAF', TEXT: 'Πάφος' },
      { VALUE: 'KYR', TEXT: 'Κερύνεια' },
    ]);
  });

  it('YESNO is 1 yes and 2 no, never 0 (a check point treats a zero field as false)', () => {
    expect(lovList('YESNO', 'el')?.LOV_VALUE).toEqual([
      { VALUE: '1', TEXT: 'Ναι' },
      { VALUE: '2', TEXT: 'Όχι' },
    ]);
    expect(lovList('YESNO', 'en')?.LOV_VALUE.map((i) => i.TEXT)).toEqual(['Yes', 'No']);
  });

  it('lists compared by check points or rating have no zero-valued answer that means something', () => {
    for (const name of [
      'DRIVER_LICENSE_YEAR',
      'NUMBER_OF_DRIVERS',
      'NUMBER_OF_SEATS',
      'TRAVEL_DURATION',
      'NUMBER_OF_GUNS',
    ]) {
      for (const v of values(name)) expect(Number(v), `${name} ${v}`).toBeGreaterThan(0);
    }
  });

  it('numeric lists hold the ranges of the spec', () => {
    expect(values('NUMBER_OF_ADULTS')).toEqual(['1', '2']);
    expect(values('NUMBER_OF_CHILDREN')).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(values('NUMBER_OF_GUNS')).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(values('NUMBER_OF_SEATS')).toEqual(['2', '3', '4', '5', '6', '7', '8', '9']);
    expect(values('INSTALLMENT_NUMBER')).toEqual(['1', '2', '4', '12']);
    const durations = values('TRAVEL_DURATION').map(Number);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    expect(durations.at(-1)).toBe(92);
    const licence = values('DRIVER_LICENSE_YEAR').map(Number);
    expect(licence[0]).toBeLessThan(1);
    expect(licence).toEqual([...licence].sort((a, b) => a - b));
  });

  it('has at least 60 countries and nationalities with ISO alpha-2 codes, the EU complete', () => {
    const eu = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ');
    const others = 'GB US RU UA IL LB EG CN IN PH LK GE RS CH NO AU CA ZA JP'.split(' ');
    for (const name of ['COUNTRY_CODE', 'NATIONALITY']) {
      const codes = values(name);
      expect(codes.length, name).toBeGreaterThanOrEqual(60);
      for (const c of codes) expect(c).toMatch(/^[A-Z]{2}$/);
      expect(
        [...eu, ...others].filter((c) => !codes.includes(c)),
        name,
      ).toEqual([]);
    }
    expect([...values('NATIONALITY')].sort()).toEqual([...values('COUNTRY_CODE')].sort());
    expect(lovText('COUNTRY_CODE', 'DE', 'el')).toBe('Γερμανία');
    expect(lovText('NATIONALITY', 'CY', 'el')).toBe('Κυπριακή');
  });

  it('sorts countries by the answer language, with Cyprus, Greece and the UK first', () => {
    for (const lang of LANGS) {
      const list = lovList('COUNTRY_CODE', lang)?.LOV_VALUE ?? [];
      expect(list.slice(0, 3).map((i) => i.VALUE)).toEqual(['CY', 'GR', 'GB']);
      const rest = list.slice(3).map((i) => i.TEXT);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, lang, { sensitivity: 'base' })));
    }
    const el = lovList('COUNTRY_CODE', 'el')?.LOV_VALUE.map((i) => i.VALUE) ?? [];
    const en = lovList('COUNTRY_CODE', 'en')?.LOV_VALUE.map((i) => i.VALUE) ?? [];
    expect(el).not.toEqual(en);
  });

  it('has at least 40 occupations and professions, each profession with a risk class 1-4', () => {
    expect(values('OCCUPATION').length).toBeGreaterThanOrEqual(40);
    const professions = lovStore.PROFESSION.VALUES;
    expect(professions.length).toBeGreaterThanOrEqual(40);
    for (const p of professions) expect(p.CLASS, p.VALUE).toMatch(/^[1-4]$/);
    expect(new Set(professions.map((p) => p.CLASS))).toEqual(new Set(['1', '2', '3', '4']));
    expect(lovEntry('PROFESSION', 'ACCOUNTANT')?.CLASS).toBe('1');
    expect(lovEntry('PROFESSION', 'BUILDER')?.CLASS).toBe('4');
    expect(lovEntry('PROFESSION', 'NOPE')).toBeNull();
    expect(lovEntry('NOPE', 'ACCOUNTANT')).toBeNull();
  });

  it('answers the wire shape in the asked language and null for unknown or dependent lists', () => {
    const el = lovList('GENDER', 'el');
    expect(el).toEqual({
      LOV_NAME: 'GENDER',
      LOV_VALUE: [
        { VALUE: 'M', TEXT: 'Άνδρας' },
        { VALUE: 'F', TEXT: 'Γυναίκα' },
      ],
    });
    expect(lovList('GENDER', 'en')?.LOV_VALUE[1]).toEqual({ VALUE: 'F', TEXT: 'Female' });
    expect(lovList('NO_SUCH_LIST', 'el')).toBeNull();
    expect(lovList('CITY', 'el')).toBeNull();
    expect(lovList('toString', 'el')).toBeNull();
  });

  it('answers fresh copies: a caller cannot change the stored data', () => {
    const first = lovList('DISTRICT', 'el');
    if (!first) throw new Error('DISTRICT missing');
    first.LOV_VALUE[0].TEXT = 'changed';
    first.LOV_VALUE.pop();
    expect(lovList('DISTRICT', 'el')?.LOV_VALUE[0].TEXT).toBe('Λευκωσία');
    expect(lovList('DISTRICT', 'el')?.LOV_VALUE).toHaveLength(6);
  });

  it('checks membership of submitted codes', () => {
    expect(lovHasValue('YESNO', '1')).toBe(true);
    expect(lovHasValue('YESNO', '0')).toBe(false);
    expect(lovHasValue('YESNO', 'Ναι')).toBe(false);
    expect(lovHasValue('CpBankList', 'BCYPCY2N')).toBe(true);
    expect(lovHasValue('GARAGE', 'G01')).toBe(true);
    expect(lovHasValue('MANUFACTURER', 'TOYOTA')).toBe(true);
    expect(lovHasValue('MANUFACTURER', 'TRABANT')).toBe(false);
    expect(lovHasValue('NO_SUCH_LIST', '1')).toBe(false);
    expect(lovText('DISTRICT', 'LIM', 'en')).toBe('Limassol');
    expect(lovText('DISTRICT', 'XXX', 'en')).toBeNull();
    expect(lovText('NO_SUCH_LIST', 'LIM', 'en')).toBeNull();
  });
});

describe('cities and postal codes', () => {
  const allCities = Object.values(districts).flat();

  it('covers every district, at least 8 towns in each of the four main ones', () => {
    expect(Object.keys(districts).sort()).toEqual([...values('DISTRICT')].sort());
    for (const d of ['NIC', 'LIM', 'LAR', 'PAF']) expect(districts[d].length, d).toBeGreaterThanOrEqual(8);
    expect(districts.FAM.length).toBeGreaterThanOrEqual(5);
    expectUnique(
      'CITY',
      allCities.map((c) => c.VALUE),
    );
    for (const c of allCities) checkLocalised(`CITY.${c.VALUE}`, c.TEXT);
  });

  it('gives 4-digit postal codes within the district range, each code once', () => {
    const all: string[] = [];
    for (const [district, cities] of Object.entries(districts)) {
      const range = postalRange(district);
      if (!range) throw new Error(`no range for ${district}`);
      for (const city of cities) {
        if (city.OCCUPIED) {
          expect(city.POSTAL_CODES, city.VALUE).toEqual([]);
          continue;
        }
        expect(city.POSTAL_CODES.length, city.VALUE).toBeGreaterThan(0);
        for (const code of city.POSTAL_CODES) {
          expect(code).toMatch(/^\d{4}$/);
          expect(code >= range[0] && code <= range[1], `${city.VALUE} ${code} outside ${range}`).toBe(true);
          all.push(code);
        }
      }
    }
    expectUnique('POSTAL_CODE', all);
    expect(postalRange('XXX')).toBeNull();
  });

  it('answers CITY filtered by DISTRICT with the dependencies it used', () => {
    const answer = dependentLov('CITY', { DISTRICT: 'LIM' }, 'el');
    expect(answer?.LOV_NAME).toBe('CITY');
    expect(answer?.DEPENDENCIES).toEqual([{ KEY: 'DISTRICT', VALUE: 'LIM' }]);
    expect(answer?.LOV_VALUE).toContainEqual({ VALUE: 'GERMASOGEIA', TEXT: 'Γερμασόγεια' });
    expect(answer?.LOV_VALUE.map((i) => i.VALUE)).not.toContain('STROVOLOS');
    expect(dependentLov('CITY', { DISTRICT: 'NIC' }, 'en')?.LOV_VALUE).toContainEqual({
      VALUE: 'STROVOLOS',
      TEXT: 'Strovolos',
    });
    expect(cityDistrict('STROVOLOS')).toBe('NIC');
    expect(cityDistrict('ATLANTIS')).toBeNull();
  });

  it('answers POSTAL_CODE filtered by CITY', () => {
    const answer = dependentLov('POSTAL_CODE', { CITY: 'LEMESOS' }, 'el');
    expect(answer?.DEPENDENCIES).toEqual([{ KEY: 'CITY', VALUE: 'LEMESOS' }]);
    expect(answer?.LOV_VALUE).toContainEqual({ VALUE: '3025', TEXT: '3025' });
    expect(answer?.LOV_VALUE.map((i) => i.VALUE)).not.toContain('2003');
    expect(dependentLov('POSTAL_CODE', { CITY: 'KERYNEIA' }, 'el')?.LOV_VALUE).toEqual([]);
  });

  it('refuses a lookup with a missing or empty key, and answers an unknown key value with no values', () => {
    expect(dependentLov('CITY', {}, 'el')).toBeNull();
    expect(dependentLov('CITY', { DISTRICT: '' }, 'el')).toBeNull();
    expect(dependentLov('CITY', { CITY: 'LIM' }, 'el')).toBeNull();
    expect(dependentLov('NO_SUCH_LIST', { DISTRICT: 'LIM' }, 'el')).toBeNull();
    expect(dependentLov('DISTRICT', { DISTRICT: 'LIM' }, 'el')).toBeNull();
    expect(dependentLov('CITY', { DISTRICT: 'XXX' }, 'el')).toEqual({
      LOV_NAME: 'CITY',
      LOV_VALUE: [],
      DEPENDENCIES: [{ KEY: 'DISTRICT', VALUE: 'XXX' }],
    });
  });

  it('checks a city against its district, or against all cities without one', () => {
    expect(lovHasValue('CITY', 'STROVOLOS', { DISTRICT: 'NIC' })).toBe(true);
    expect(lovHasValue('CITY', 'STROVOLOS', { DISTRICT: 'LIM' })).toBe(false);
    expect(lovHasValue('CITY', 'STROVOLOS')).toBe(true);
    expect(lovHasValue('CITY', 'ATLANTIS')).toBe(false);
    expect(lovHasValue('POSTAL_CODE', '3025', { CITY: 'LEMESOS' })).toBe(true);
    expect(lovHasValue('POSTAL_CODE', '3025', { CITY: 'STROVOLOS' })).toBe(false);
    expect(lovHasValue('POSTAL_CODE', '9999')).toBe(false);
    expect(lovText('CITY', 'AGIA_NAPA', 'el')).toBe('Αγία Νάπα');
  });
});

describe('banks and garages', () => {
  it('lists the Cypriot banks by BIC', () => {
    const list = banksJson.CpBankList;
    expectUnique(
      'CpBankList',
      list.map((b) => b.VALUE),
    );
    for (const b of list) {
      expect(b.VALUE).toMatch(/^[A-Z]{4}CY[A-Z0-9]{2}$/);
      checkLocalised(`CpBankList.${b.VALUE}`, b.TEXT);
    }
    const answer = banks('el');
    expect(answer.LOV_NAME).toBe('CpBankList');
    expect(answer.LOV_VALUE).toContainEqual({ VALUE: 'BCYPCY2N', TEXT: 'Τράπεζα Κύπρου' });
    expect(banks('en').LOV_VALUE).toContainEqual({ VALUE: 'HEBACY2N', TEXT: 'Hellenic Bank' });
    expect(lovList('CpBankList', 'en')).toEqual(banks('en'));
  });

  it('lists at least 15 network garages with a Cypriot address and phone in their district', () => {
    const list = garagesJson.GARAGE;
    expect(list.length).toBeGreaterThanOrEqual(15);
    expectUnique(
      'GARAGE',
      list.map((g) => g.VALUE),
    );
    const areaCode: Record<string, string> = { NIC: '22', FAM: '23', LAR: '24', LIM: '25', PAF: '26' };
    for (const g of list) {
      checkLocalised(`GARAGE.${g.VALUE}`, g.TEXT);
      checkLocalised(`GARAGE.${g.VALUE} address`, g.ADDRESS);
      expect(g.PHONE).toMatch(new RegExp(`^\\+357 ${areaCode[g.DISTRICT]} \\d{6}$`));
      const code = /\b(\d{4})\b/.exec(g.ADDRESS.el)?.[1] ?? '';
      const range = postalRange(g.DISTRICT);
      expect(range && code >= range[0] && code <= range[1], `${g.VALUE} postal code ${code}`).toBe(true);
      expect(g.ADDRESS.en).toContain(code);
    }
    for (const d of ['NIC', 'LIM', 'LAR', 'PAF', 'FAM'])
      expect(
        list.some((g) => g.DISTRICT === d),
        d,
      ).toBe(true);
    const answer = garages('en');
    expect(answer.LOV_NAME).toBe('GARAGE');
    expect(answer.LOV_VALUE[0]).toEqual({
      VALUE: 'G01',
      TEXT: list[0].TEXT.en,
      DISTRICT: list[0].DISTRICT,
      ADDRESS: list[0].ADDRESS.en,
      PHONE: list[0].PHONE,
    });
  });
});

describe('makes and models', () => {
  const stored = vehiclesJson.MAKES;

  it('has the makes popular in Cyprus, each model with type, engine, seats and fuel from the lists', () => {
    expect(stored.length).toBeGreaterThanOrEqual(20);
    expectUnique(
      'MANUFACTURER',
      stored.map((m) => m.VALUE),
    );
    const needed = (
      'TOYOTA NISSAN MAZDA HONDA MITSUBISHI SUZUKI HYUNDAI KIA VOLKSWAGEN MERCEDES BMW AUDI PEUGEOT RENAULT ' +
      'FORD SKODA SUBARU LEXUS TESLA PORSCHE LAND_ROVER YAMAHA'
    ).split(' ');
    expect(needed.filter((n) => !stored.some((m) => m.VALUE === n))).toEqual([]);
    const types = values('VEHICLE_TYPE');
    const seats = values('NUMBER_OF_SEATS');
    const fuels = values('FUEL');
    for (const make of stored) {
      expect(make.MODELS.length, make.VALUE).toBeGreaterThan(0);
      expectUnique(
        `MODEL of ${make.VALUE}`,
        make.MODELS.map((m) => m.VALUE),
      );
      for (const m of make.MODELS) {
        const where = `${make.VALUE}.${m.VALUE}`;
        expect(types, where).toContain(m.VEHICLE_TYPE);
        expect(seats, where).toContain(m.NO_OF_SEATS);
        expect(fuels, where).toContain(m.FUEL);
        expect(m.FUEL === 'ELECTRIC', `${where}: electric means no engine capacity`).toBe(
          m.ENGINE_CAPACITY === 0,
        );
        expect(m.NEW_PRICE, where).toBeGreaterThan(1000);
      }
    }
    for (const make of ['YAMAHA', 'HONDA']) {
      expect(
        stored.find((m) => m.VALUE === make)?.MODELS.some((m) => m.VEHICLE_TYPE === 'MOTORCYCLE'),
        make,
      ).toBe(true);
    }
  });

  it('answers makes in name order, optionally only those with a vehicle type', () => {
    const all = makes('el').LOV_VALUE.map((m) => m.TEXT);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const bikes = makes('en', 'MOTORCYCLE').LOV_VALUE.map((m) => m.VALUE);
    expect(bikes).toContain('YAMAHA');
    expect(bikes).toContain('HONDA');
    expect(bikes).not.toContain('TESLA');
    expect(makes('en', 'SPACESHIP').LOV_VALUE).toEqual([]);
  });

  it('answers the models of a make with their details, and null for an unknown make', () => {
    const toyota = models('TOYOTA', 'en');
    expect(toyota?.LOV_NAME).toBe('MODEL');
    expect(toyota?.DEPENDENCIES).toEqual([{ KEY: 'MANUFACTURER', VALUE: 'TOYOTA' }]);
    expect(toyota?.LOV_VALUE).toContainEqual({
      VALUE: 'COROLLA',
      TEXT: 'Corolla',
      VEHICLE_TYPE: 'CAR',
      ENGINE_CAPACITY: 1798,
      NO_OF_SEATS: '5',
      FUEL: 'HYBRID',
    });
    const hondaBikes = models('HONDA', 'el', 'MOTORCYCLE')?.LOV_VALUE ?? [];
    expect(hondaBikes.length).toBeGreaterThan(0);
    expect(hondaBikes.every((m) => m.VEHICLE_TYPE === 'MOTORCYCLE')).toBe(true);
    expect(models('TRABANT', 'en')).toBeNull();
    expect(dependentLov('MODEL', { MANUFACTURER: 'NISSAN' }, 'en')?.LOV_VALUE.map((m) => m.VALUE)).toContain(
      'QASHQAI',
    );
    expect(lovHasValue('MODEL', 'QASHQAI', { MANUFACTURER: 'NISSAN' })).toBe(true);
    expect(lovHasValue('MODEL', 'QASHQAI', { MANUFACTURER: 'TOYOTA' })).toBe(false);
    expect(modelInfo('PORSCHE', 'CAYENNE')?.NEW_PRICE).toBeGreaterThan(70000);
    expect(modelInfo('PORSCHE', 'COROLLA')).toBeNull();
  });

  it('maps the co-branded variants to their makers', () => {
    expect(brandMake('1')).toBe('TOYOTA');
    expect(brandMake('2')).toBe('NISSAN');
    expect(brandMake('3')).toBeNull();
    expect(brandMake('constructor')).toBeNull();
  });
});

describe('vehicle register', () => {
  const register = allVehicles();
  const registered = register.filter((v) => v.LICENSE_PLATE !== '');
  const unregistered = register.filter((v) => v.LICENSE_PLATE === '');

  it('holds at least 60 vehicles with Cypriot plates that are unique and never end in 000', () => {
    expect(register.length).toBeGreaterThanOrEqual(60);
    for (const v of registered) {
      expect(v.LICENSE_PLATE).toMatch(/^[A-Z]{1,3}\d{3}$/);
      expect(v.LICENSE_PLATE).toMatch(/^[ABEHKMNPTXYZ]{3}\d{3}$/);
      expect(v.LICENSE_PLATE.endsWith('000'), v.LICENSE_PLATE).toBe(false);
    }
    expectUnique(
      'LICENSE_PLATE',
      registered.map((v) => v.LICENSE_PLATE),
    );
  });

  it('has 17-character VINs of valid characters, unique, with unique last 7 and a valid check digit', () => {
    for (const v of register) {
      expect(v.CHASSIS_NUMBER).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
      expect(v.CHASSIS_NUMBER[8], v.CHASSIS_NUMBER).toBe(vinCheckDigit(v.CHASSIS_NUMBER));
    }
    expectUnique(
      'CHASSIS_NUMBER',
      register.map((v) => v.CHASSIS_NUMBER),
    );
    expectUnique(
      'chassis last 7',
      register.map((v) => v.CHASSIS_NUMBER.slice(-7)),
    );
  });

  it('the check-digit test can fail', () => {
    const vin = register[0].CHASSIS_NUMBER;
    const wrong = vin.slice(0, 8) + (vin[8] === '1' ? '2' : '1') + vin.slice(9);
    expect(vinCheckDigit(wrong)).not.toBe(wrong[8]);
    const typo = vin.slice(0, 12) + (vin[12] === '1' ? '2' : '1') + vin.slice(13);
    expect(vinCheckDigit(typo)).not.toBe(typo[8]);
  });

  it('describes each vehicle with codes of the lists and details of its model', () => {
    for (const v of register) {
      const where = v.CHASSIS_NUMBER;
      const model = modelInfo(v.MANUFACTURER, v.MODEL);
      if (!model) throw new Error(`${where}: unknown model ${v.MANUFACTURER} ${v.MODEL}`);
      expect(v.VEHICLE_TYPE, where).toBe(model.VEHICLE_TYPE);
      expect(v.ENGINE_CAPACITY, where).toBe(model.ENGINE_CAPACITY);
      expect(v.NO_OF_SEATS, where).toBe(model.NO_OF_SEATS);
      expect(v.FUEL, where).toBe(model.FUEL);
      expect(['PETROL', 'DIESEL', 'HYBRID', 'ELECTRIC'], where).toContain(v.FUEL);
      expect(lovHasValue('VEHICLE_USE', v.VEHICLE_USE), where).toBe(true);
      expect(v.MANUFACTURE_YEAR, where).toBeGreaterThanOrEqual(2000);
      expect(v.VEHICLE_VALUE, where).toBeGreaterThan(0);
      expect(v.VEHICLE_VALUE, `${where}: worth more than new`).toBeLessThanOrEqual(model.NEW_PRICE);
    }
  });

  it('has registration dates on or after the year of manufacture, and none for new vehicles', () => {
    for (const v of registered) {
      expect(v.REGISTRATION_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const d = new Date(`${v.REGISTRATION_DATE}T00:00:00Z`);
      expect(d.toISOString().slice(0, 10), v.REGISTRATION_DATE).toBe(v.REGISTRATION_DATE);
      expect(Number(v.REGISTRATION_DATE.slice(0, 4)), v.LICENSE_PLATE).toBeGreaterThanOrEqual(
        v.MANUFACTURE_YEAR,
      );
    }
    expect(unregistered.length).toBeGreaterThanOrEqual(3);
    for (const v of unregistered) expect(v.REGISTRATION_DATE).toBe('0000-00-00');
  });

  it('has at least 6 registered vehicles of each co-branded maker, 3 above 70,000 euro and motorcycles', () => {
    for (const brand of ['1', '2']) {
      const make = brandMake(brand);
      expect(
        registered.filter((v) => v.MANUFACTURER === make).length,
        `brand ${brand}`,
      ).toBeGreaterThanOrEqual(6);
    }
    expect(registered.filter((v) => v.VEHICLE_VALUE > 70000).length).toBeGreaterThanOrEqual(3);
    expect(registered.filter((v) => v.VEHICLE_TYPE === 'MOTORCYCLE').length).toBeGreaterThanOrEqual(3);
  });

  it('finds a vehicle by plate as typed: any case, spaces and short numbers padded', () => {
    const v = registered[0];
    expect(findVehicleByPlate(v.LICENSE_PLATE)).toEqual(v);
    expect(findVehicleByPlate(` ${v.LICENSE_PLATE.toLowerCase().replace(/(\d)/, ' $1')} `)).toEqual(v);
    const padded = registered.find((x) => /00\d$/.test(x.LICENSE_PLATE));
    if (!padded) throw new Error('the register needs a plate numbered 001-009');
    const short = padded.LICENSE_PLATE.slice(0, 3) + padded.LICENSE_PLATE.slice(-1);
    expect(findVehicleByPlate(short)).toEqual(padded);
    expect(
      findVehicleByPlate(`${padded.LICENSE_PLATE.slice(0, 3)}-0${padded.LICENSE_PLATE.slice(-1)}`),
    ).toEqual(padded);
  });

  it('finds no vehicle for an unknown or invalid plate', () => {
    expect(findVehicleByPlate('')).toBeNull();
    expect(findVehicleByPlate('ZZZ999')).toBeNull();
    expect(findVehicleByPlate('NYB000')).toBeNull();
    expect(findVehicleByPlate('ABCD123')).toBeNull();
    expect(findVehicleByPlate('AB1234')).toBeNull();
    expect(findVehicleByPlate('ΝΥΒ004')).toBeNull();
  });

  it('answers copies: changing a found vehicle does not change the register', () => {
    const plate = registered[0].LICENSE_PLATE;
    const found = findVehicleByPlate(plate);
    if (!found) throw new Error('not found');
    found.VEHICLE_VALUE = 1;
    expect(findVehicleByPlate(plate)?.VEHICLE_VALUE).toBe(registered[0].VEHICLE_VALUE);
  });

  it('finds a new vehicle by the last 7 chassis characters, in any case', () => {
    for (const v of unregistered) {
      expect(findVehicleByChassisTail(v.CHASSIS_NUMBER.slice(-7))).toEqual(v);
      expect(findVehicleByChassisTail(` ${v.CHASSIS_NUMBER.slice(-7).toLowerCase()} `)).toEqual(v);
    }
    expect(findVehicleByChassisTail(registered[0].CHASSIS_NUMBER.slice(-7))?.LICENSE_PLATE).toBe(
      registered[0].LICENSE_PLATE,
    );
  });

  it('finds no vehicle for a chassis tail of the wrong length, with invalid characters or unknown', () => {
    const tail = unregistered[0].CHASSIS_NUMBER.slice(-7);
    expect(findVehicleByChassisTail(tail.slice(1))).toBeNull();
    expect(findVehicleByChassisTail(`A${tail}`)).toBeNull();
    expect(findVehicleByChassisTail('O000000')).toBeNull();
    expect(findVehicleByChassisTail('')).toBeNull();
    const unknown = ['Z999999', 'Y999998', 'X999997'].find(
      (t) => !register.some((v) => v.CHASSIS_NUMBER.endsWith(t)),
    );
    expect(findVehicleByChassisTail(unknown ?? '')).toBeNull();
  });
});

describe('FAQs', () => {
  it('has at least 6 categories and 24 questions, every question in an existing category', () => {
    const ids = faqsJson.CATEGORIES.map((c) => c.ID);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(faqsJson.QUESTIONS.length).toBeGreaterThanOrEqual(24);
    expectUnique('FAQ categories', ids);
    expectUnique(
      'FAQ questions',
      faqsJson.QUESTIONS.map((q) => q.ID),
    );
    for (const c of faqsJson.CATEGORIES) checkLocalised(`category ${c.ID}`, c.TEXT);
    for (const q of faqsJson.QUESTIONS) {
      expect(ids, `question ${q.ID}`).toContain(q.CATEGORY_ID);
      checkLocalised(`question ${q.ID}`, q.QUESTION);
      checkLocalised(`answer ${q.ID}`, q.ANSWER);
      expect(q.QUESTION.el.endsWith(';') || q.QUESTION.el.endsWith('.'), `question ${q.ID} el`).toBe(true);
    }
    for (const id of ids)
      expect(
        faqsJson.QUESTIONS.some((q) => q.CATEGORY_ID === id),
        `empty ${id}`,
      ).toBe(true);
  });

  it('gives the service line, hours and the key limits of the spec', () => {
    const text = faqsJson.QUESTIONS.map((q) => `${q.ANSWER.el}\n${q.ANSWER.en}`).join('\n');
    for (const needle of [
      '8000 8787',
      '07:30–14:30',
      '07:30–14:00',
      '14 ημέρες',
      '14 days',
      '48 ώρες',
      '1,5%',
      '1.5%',
      '400',
      '30.000',
      '30,000',
      '70.000',
    ]) {
      expect(text, needle).toContain(needle);
    }
  });

  it('answers the spec shape in the asked language', () => {
    const el = faqs('el');
    const en = faqs('en');
    expect(el.CATEGORIES).toHaveLength(faqsJson.CATEGORIES.length);
    expect(el.QUESTIONS[0]).toEqual({
      ID: faqsJson.QUESTIONS[0].ID,
      CATEGORY_ID: faqsJson.QUESTIONS[0].CATEGORY_ID,
      QUESTION: faqsJson.QUESTIONS[0].QUESTION.el,
      ANSWER: faqsJson.QUESTIONS[0].ANSWER.el,
    });
    expect(en.CATEGORIES[0].TEXT).toBe(faqsJson.CATEGORIES[0].TEXT.en);
    expect(GREEK.test(en.QUESTIONS.map((q) => q.ANSWER).join(' '))).toBe(false);
  });
});

describe('cookie texts', () => {
  it('has the banner and a policy for each category in both languages, as plain text', () => {
    const names = cookieTextsJson.ET_TEXTS.map((t) => t.TEXT_NAME);
    expectUnique('cookie texts', names);
    const needed =
      'BANNER_TITLE BANNER_TEXT POLICY_TITLE NECESSARY_TEXT PREFERENCES_TEXT ANALYTICS_TEXT RETENTION_TEXT CHANGE_SETTINGS_TEXT';
    for (const name of needed.split(' ')) {
      expect(names).toContain(name);
    }
    for (const t of cookieTextsJson.ET_TEXTS) {
      checkLocalised(t.TEXT_NAME, t.TEXT);
      expect(`${t.TEXT.el} ${t.TEXT.en}`, t.TEXT_NAME).not.toMatch(/<[a-z/]/i);
    }
  });

  it('answers ET_TEXTS in the asked language', () => {
    const el = cookieTexts('el').ET_TEXTS;
    expect(el.find((t) => t.TEXT_NAME === 'BANNER_TITLE')?.TEXT).toBe('Η ιδιωτικότητά σας');
    expect(cookieTexts('en').ET_TEXTS.find((t) => t.TEXT_NAME === 'BANNER_TITLE')?.TEXT).toBe('Your privacy');
  });
});

describe('pickLang', () => {
  it('reads Accept-Language, Greek by default', () => {
    expect(pickLang(undefined)).toBe('el');
    expect(pickLang('')).toBe('el');
    expect(pickLang('el-GR,el;q=0.9,en;q=0.8')).toBe('el');
    expect(pickLang('en-GB,en;q=0.9')).toBe('en');
    expect(pickLang('EN')).toBe('en');
    expect(pickLang('fr-FR,fr;q=0.9,en;q=0.8,el;q=0.7')).toBe('en');
    expect(pickLang('en;q=0.5, el;q=0.9')).toBe('el');
    expect(pickLang('de-DE')).toBe('el');
    expect(pickLang('en;q=0')).toBe('el');
    expect(pickLang('*')).toBe('el');
  });
});
