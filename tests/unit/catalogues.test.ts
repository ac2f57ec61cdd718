// Issue 23 item 2: every file the product team may change (flows/_catalogues/) and the service's
// reference data (src/server/reference/) has a JSON Schema; flows:check refuses a bad file with the
// file and the JSON pointer of what is wrong, and a catalogue that names a product, a flow or a
// list that exists nowhere.

import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REFERENCE_DATA, serviceLovNames, serviceLovValues } from '../../src/cli/workspace';
import { checkAllFlows } from '../../src/engine/flow/checkAll';
import { pointerOf } from '../../src/engine/flow/checkCatalogues';
import { checkDataFolder } from '../../src/engine/flow/checkData';
import { FLOWS_DIR } from '../../src/engine/flow/files';

let lovNames: string[];
let lovValues: Record<string, string[]>;
let dir: string;

beforeAll(async () => {
  [lovNames, lovValues] = await Promise.all([serviceLovNames(), serviceLovValues()]);
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'zcp-catalogues-'));
  cpSync(FLOWS_DIR, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const catalogue = (name: string) => join(dir, '_catalogues', `${name}.json`);
const read = (name: string) => JSON.parse(readFileSync(catalogue(name), 'utf8'));
const write = (name: string, data: unknown) => writeFileSync(catalogue(name), JSON.stringify(data, null, 2));
const check = async () => (await checkAllFlows({ flowsDir: dir, lovNames, lovValues })).problems;

describe('the business catalogues', () => {
  it('are all there, each with its schema, and pass as shipped (with the reference data)', async () => {
    const { problems } = await checkAllFlows({ lovNames, lovValues, dataFolders: [REFERENCE_DATA] });
    expect(problems).toEqual([]);
    const names = readFileSync(join(FLOWS_DIR, '_catalogues', 'promoCodes.json'), 'utf8');
    expect(JSON.parse(names).length).toBeGreaterThan(0);
  });

  it('refuses a promo code of the wrong type with its file and pointer', async () => {
    const codes = read('promoCodes');
    codes[1].PERCENT = 'ten';
    write('promoCodes', codes);
    expect(await check()).toEqual([
      { file: 'flows/_catalogues/promoCodes.json', pointer: '/1/PERCENT', message: 'must be number' },
    ]);
  });

  it('refuses a discount on a reference code, a product no flow sells and a code given twice', async () => {
    const codes = read('promoCodes');
    codes.push({ CODE: 'TIS-CLUB', KIND: 'PROMO_CODE_CP', PRODUCTS: ['BOAT'] });
    codes.push({ CODE: 'TIS-BONUS', KIND: 'PROMO_CODE_TIS', PERCENT: 5 });
    write('promoCodes', codes);
    const n = codes.length;
    expect(await check()).toEqual([
      expect.objectContaining({ file: 'flows/_catalogues/promoCodes.json', pointer: `/${n - 1}` }),
    ]);
    codes.pop();
    write('promoCodes', codes);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/promoCodes.json',
        pointer: `/${n - 2}/CODE`,
        message: 'CODE "TIS-CLUB" appears twice',
      },
      {
        file: 'flows/_catalogues/promoCodes.json',
        pointer: `/${n - 2}/PRODUCTS/0`,
        message: expect.stringContaining('product "BOAT" is not the rulesKey of any product flow'),
      },
    ]);
  });

  it('refuses a claim photo slot of an unknown kind and a claim product no flow sells', async () => {
    const rules = read('claimRules');
    rules.products.MOTOR.slots[0].kind = 'video';
    write('claimRules', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/claimRules.json',
        pointer: '/products/MOTOR/slots/0/kind',
        message: 'must be equal to one of the allowed values (photo, document)',
      },
    ]);
    rules.products.MOTOR.slots[0].kind = 'photo';
    rules.products.BOAT = rules.products.PROPERTY;
    write('claimRules', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/claimRules.json',
        pointer: '/products/BOAT',
        message: expect.stringContaining('product "BOAT" is not the rulesKey of any product flow'),
      },
    ]);
  });

  it("refuses claim slots that are not the ones the product's claim wizard asks for", async () => {
    const rules = read('claimRules');
    rules.products.MOTOR.slots[3].required = false;
    write('claimRules', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/claimRules.json',
        pointer: '/products/MOTOR/slots/3',
        message:
          'slot PLATE (photo, optional) is not the one the claim wizard asks for (flows/motor-claim: PLATE (photo, required))',
      },
    ]);
    rules.products.MOTOR.slots[3].required = true;
    rules.products.PROPERTY.slots.pop();
    write('claimRules', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/claimRules.json',
        pointer: '/products/PROPERTY/slots',
        message:
          'slot (none) is not the one the claim wizard asks for (flows/property-claim: INCIDENT_6 (photo, optional))',
      },
    ]);
  });

  it('refuses an endorsement kind whose wizard, list or limited field does not exist, and a misspelt key', async () => {
    const rules = read('endorsements');
    const motor = rules.kinds.findIndex((k: { product: string }) => k.product === 'MOTOR');
    rules.kinds[motor].flow = 'endorsement-boat';
    rules.kinds[0].limit.field = 'PROPERTY_VALU';
    rules.kinds[0].ownersOnly = true;
    write('endorsements', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/endorsements.json',
        pointer: '/kinds/0',
        message: 'must NOT have additional properties "ownersOnly"',
      },
    ]);
    delete rules.kinds[0].ownersOnly;
    rules.kinds[0].fields[0] = { name: 'PROPERTY_VALUE', type: 'lov', lov: 'NO_SUCH_LIST' };
    write('endorsements', rules);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/endorsements.json',
        pointer: '/kinds/0/fields/0/lov',
        message: 'list of values "NO_SUCH_LIST" is unknown to the service',
      },
      {
        file: 'flows/_catalogues/endorsements.json',
        pointer: '/kinds/0/limit/field',
        message: '"PROPERTY_VALU" is not one of the kind\'s fields',
      },
      {
        file: 'flows/_catalogues/endorsements.json',
        pointer: `/kinds/${motor}/flow`,
        message: 'flow "endorsement-boat" is not a folder of flows/',
      },
    ]);
  });

  it("refuses the contract page's object field of an unknown format, and a list field without its list", async () => {
    const fields = read('contractObjectFields');
    fields.MOTOR[1].format = 'make';
    delete fields.PROPERTY[0].lov;
    write('contractObjectFields', fields);
    const problems = await check();
    expect(problems).toContainEqual({
      file: 'flows/_catalogues/contractObjectFields.json',
      pointer: '/MOTOR/1/format',
      message: expect.stringContaining('must be equal to one of the allowed values'),
    });
    expect(problems).toContainEqual({
      file: 'flows/_catalogues/contractObjectFields.json',
      pointer: '/PROPERTY/0',
      message: "must have required property 'lov'",
    });
  });

  it('refuses a direct-debit bank that is not in the bank list, and a bank code of the wrong form', async () => {
    const settings = read('paymentMethod');
    settings.ibanBankCodes['002'] = 'BCYPCY2X';
    write('paymentMethod', settings);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/paymentMethod.json',
        pointer: '/ibanBankCodes/002',
        message: 'BIC "BCYPCY2X" is not in the bank list (CpBankList)',
      },
    ]);
    settings.ibanBankCodes['002'] = 'BCYPCY2N';
    settings.ibanBankCodes['2'] = 'BCYPCY2N';
    write('paymentMethod', settings);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/paymentMethod.json',
        pointer: '/ibanBankCodes',
        message: 'property name "2": must match pattern "^\\d{3}$"',
      },
    ]);
  });

  it('refuses an FAQ in no category, an announcement without its English text and call-centre hours out of the day', async () => {
    const faqs = read('faqs');
    faqs.QUESTIONS[2].CATEGORY_ID = 'BOATS';
    write('faqs', faqs);
    const announcements = read('announcements');
    delete announcements[0].TEXT.en;
    write('announcements', announcements);
    const callCentre = read('callCentre');
    callCentre.hours[0].to = '25:00';
    write('callCentre', callCentre);
    expect(await check()).toEqual([
      {
        file: 'flows/_catalogues/announcements.json',
        pointer: '/0/TEXT',
        message: "must have required property 'en'",
      },
      expect.objectContaining({ file: 'flows/_catalogues/callCentre.json', pointer: '/hours/0/to' }),
      {
        file: 'flows/_catalogues/faqs.json',
        pointer: '/QUESTIONS/2/CATEGORY_ID',
        message: 'category "BOATS" is not one of CATEGORIES',
      },
    ]);
  });

  it('refuses a file that does not parse, a file without a schema and a missing file', async () => {
    writeFileSync(catalogue('cookieTexts'), '{ "ET_TEXTS": [ }');
    writeFileSync(catalogue('discounts'), '[]');
    unlinkSync(catalogue('callCentre'));
    const problems = await check();
    expect(problems).toEqual([
      {
        file: 'flows/_catalogues/callCentre.json',
        pointer: '/',
        message: 'the file is missing (its schema is callCentre.schema.json)',
      },
      {
        file: 'flows/_catalogues/cookieTexts.json',
        pointer: '/',
        message: expect.stringContaining('not valid JSON'),
      },
      {
        file: 'flows/_catalogues/discounts.json',
        pointer: '/',
        message: 'no schema for this file (expected discounts.schema.json)',
      },
    ]);
  });

  it('names only the broken flow when a flow that catalogues name does not parse', async () => {
    writeFileSync(join(dir, 'motor', 'flow.json'), '{ "id": "motor", ');
    const problems = await check();
    expect(problems).toEqual([expect.objectContaining({ file: 'flows/motor', pointer: '/' })]);
  });

  it('checks flows/_lov-bindings.json against its schema', async () => {
    writeFileSync(join(dir, '_lov-bindings.json'), JSON.stringify({ fields: { 'CS_POLICY.PERIOD': 12 } }));
    expect(await check()).toContainEqual({
      file: 'flows/_lov-bindings.json',
      pointer: '/fields/CS_POLICY.PERIOD',
      message: 'must be string',
    });
  });
});

describe('the reference data', () => {
  it('refuses a register vehicle with a bad chassis number, with its file and pointer', async () => {
    const copy = mkdtempSync(join(tmpdir(), 'zcp-reference-'));
    try {
      cpSync(REFERENCE_DATA.dir, copy, { recursive: true });
      const file = join(copy, 'vehicleRegister.json');
      const register = JSON.parse(readFileSync(file, 'utf8'));
      register.VEHICLES[3].CHASSIS_NUMBER = 'OIQ123';
      writeFileSync(file, JSON.stringify(register));
      const { problems } = await checkDataFolder({ ...REFERENCE_DATA, dir: copy });
      expect(problems).toEqual([
        {
          file: 'src/server/reference/vehicleRegister.json',
          pointer: '/VEHICLES/3/CHASSIS_NUMBER',
          message: expect.stringContaining('must match pattern'),
        },
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('every file of src/server/reference has its schema and passes it', async () => {
    const { problems, valid } = await checkDataFolder(REFERENCE_DATA);
    expect(problems).toEqual([]);
    expect([...valid.keys()]).toEqual(['banks', 'cities', 'garages', 'lovs', 'vehicleRegister', 'vehicles']);
  });
});

describe('pointerOf', () => {
  it('escapes "~" and "/" as RFC 6901 says', () => {
    expect(pointerOf('products', 'A/B', 'x~y', 0)).toBe('/products/A~1B/x~0y/0');
  });
});
