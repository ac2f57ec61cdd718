// Endorsements (issue 14 item 4): every rule at and just past its limit, priced without saving by
// chg… and saved by save… (the contract read again), work orders, and another customer's contract
// refused on every call. Each test sets the values it needs on the demo contracts directly.

import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { formatEuro } from '../../src/engine/money';
import { endorsementRules } from '../../src/server/contracts/endorsements/kinds';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

let s: TestService;
let andreas: PortalClient;

const HOME = { CONTRACT_NO: 'CY9000102', PRODUCT_ID: '157' };
const CAR = { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' };

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
  andreas = new PortalClient(s, { ip: '10.61.0.1', lang: 'en' });
  expect((await andreas.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

type Json = Record<string, unknown>;

/** Puts the contract's object back to the given values with no endorsement or work order on it. */
async function setContract(
  contractNo: string,
  object: string,
  values: Json,
  top: Json = {},
  premiumCents?: number,
) {
  const db = s.testDb.db;
  await db.query('DELETE FROM endorsements WHERE contract_no = $1', [contractNo]);
  await db.query('DELETE FROM work_orders WHERE contract_no = $1', [contractNo]);
  await db.query(
    `UPDATE contracts SET data = jsonb_set(data || $3::jsonb, ARRAY[$2::text], (data -> $2::text) || $4::jsonb),
            premium_cents = COALESCE($5, premium_cents) WHERE contract_no = $1`,
    [contractNo, object, JSON.stringify(top), JSON.stringify(values), premiumCents ?? null],
  );
}

const home = (values: Json, top: Json = {}) => setContract(HOME.CONTRACT_NO, 'CS_PROPERTY', values, top);
const car = (values: Json) => setContract(CAR.CONTRACT_NO, 'CS_VEHICLE', values);

const chg = (call: string, body: Json, c = andreas) => c.post(`/zcp/contract/chg${call}`, body);
const save = (call: string, body: Json, c = andreas) => c.post(`/zcp/contract/save${call}`, body);

function refusedWith(res: { statusCode: number; json: () => Json }, code: string) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  expect(res.json().CODE).toBe(code);
  return res.json();
}

const BASE_HOME = {
  PROPERTY_VALUE: 138000,
  VALUE_OF_CONTENTS: 20000,
  VALUE_OF_VALUABLES: 3500,
  PHOTOVOLTAIC_VALUE: 0,
  PHOTOVOLTAICS: '2',
  OWNER_OR_TENANT: 'OWNER',
};
const VALUABLES = [
  { DESCRIPTION: 'Χρυσό κολιέ', VALUE: 2000 },
  { DESCRIPTION: 'Ρολόι χειρός', VALUE: 1500 },
];

describe('the endorsements screen', () => {
  beforeEach(() => home(BASE_HOME, { CT_VALUABLES: VALUABLES }));

  it("lists the home's kinds with current values and the online bounds", async () => {
    const res = await andreas.get('/zcp/contract/endorsements/CY9000102');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CT_ENDORSEMENTS.map((e: Json) => e.ENDORSEMENT_TYPE)).toEqual([
      'BUILDING',
      'CONTENTS',
      'VALUABLES',
      'PHOTOVOLTAICS',
      'MORTGAGE',
      'ALARM',
      'UNOCCUPANCY',
    ]);
    expect(
      body.CT_ENDORSEMENTS.every((e: Json) => e.AVAILABLE === true && e.FLOW_ID === 'endorsement-home'),
    ).toBe(true);
    expect(body.CS_CURRENT).toMatchObject({ VALUE_OF_CONTENTS: 20000, PROPERTY_VALUE: 138000 });
    expect(body.CS_LIMITS).toMatchObject({
      VALUE_OF_CONTENTS_MAX: 23000,
      VALUE_OF_CONTENTS_MIN: 17000,
      PROPERTY_VALUE_MAX: 158700,
    });
    expect(body.CS_CONTRACT.PRODUCT_ID).toBe('157');
  });

  it('lists the motor kinds of the car', async () => {
    const res = await andreas.get('/zcp/contract/endorsements/CY9000101');
    expect(res.json().CT_ENDORSEMENTS.map((e: Json) => e.ENDORSEMENT_TYPE)).toEqual([
      'VEHICLE_VALUE',
      'REGISTRATION_NUMBER',
      'FINANCED',
      'TRAILER',
    ]);
    expect(res.json().CS_CURRENT).toMatchObject({
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
    });
  });

  it("carries the facts of the contract its wizard's flow names, and a home contract none of the car's", async () => {
    const homeCurrent = (await andreas.get('/zcp/contract/endorsements/CY9000102')).json().CS_CURRENT;
    expect(homeCurrent).not.toHaveProperty('CHASSIS_NUMBER');
    expect(homeCurrent).not.toHaveProperty('MANUFACTURER');
  });

  it('offers nothing on a travel contract', async () => {
    const res = await andreas.get('/zcp/contract/endorsements/CY9000103');
    expect(res.statusCode).toBe(200);
    expect(res.json().CT_ENDORSEMENTS).toEqual([]);
  });
});

describe('contents, building and valuables: ±15 %, once per period', () => {
  beforeEach(() => home(BASE_HOME, { CT_VALUABLES: VALUABLES }));

  it('prices +10 % of the contents without saving, by the tariff, then saves it and answers the contract read again', async () => {
    const before = (await andreas.get('/zcp/contract/detail/CY9000102/157')).json().CS_CONTRACT;
    const priced = await chg('propvalue', {
      ...HOME,
      ENDORSEMENT_TYPE: 'CONTENTS',
      VALUE_OF_CONTENTS: 22000,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const e = priced.json().CS_ENDORSEMENT;
    // HOME_PLUS rates contents at 0.35 %: 2,000 more is €7.00, less the 5 % alarm discount.
    expect(e.PREMIUM_BEFORE).toBe(before.ZZPREMIUM_AFTER_DISC_AMOUNT);
    expect(e.PREMIUM_DIFFERENCE).toBe(6.65);
    expect(e.PREMIUM_AFTER).toBeCloseTo(e.PREMIUM_BEFORE + e.PREMIUM_DIFFERENCE, 2);
    expect(e.SAVED).toBe('');
    // Nothing saved yet.
    const still = (await andreas.get('/zcp/contract/detail/CY9000102/157')).json();
    expect(still.CS_OBJECT.VALUE_OF_CONTENTS).toBe(20000);

    const saved = await save('propvalue', {
      ...HOME,
      ENDORSEMENT_TYPE: 'CONTENTS',
      VALUE_OF_CONTENTS: 22000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().CS_ENDORSEMENT).toMatchObject({ SAVED: 'X', PREMIUM_AFTER: e.PREMIUM_AFTER });
    expect(saved.json().CS_OBJECT.VALUE_OF_CONTENTS).toBe(22000);
    expect(saved.json().CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT).toBe(e.PREMIUM_AFTER);
    expect(saved.json().CS_CONTRACT.CONTRACT_VERSION).toBe(before.CONTRACT_VERSION + 1);
    const reread = (await andreas.get('/zcp/contract/detail/CY9000102/157')).json();
    expect(reread.CS_OBJECT.VALUE_OF_CONTENTS).toBe(22000);
    expect(reread.CS_CONTRACT.ZZPREMIUM_AFTER_DISC_AMOUNT).toBe(e.PREMIUM_AFTER);
  });

  it('moves every amount of the contract with a saved change: before and after discount, balance, instalment, list, PDF (issue 24 item 2)', async () => {
    const db = s.testDb.db;
    // The demo home as the issue met it: a discount of 5 % of the premium before it, €100 still to pay.
    const [row] = await db.query<{ premium_cents: number }>(
      'SELECT premium_cents FROM contracts WHERE contract_no = $1',
      [HOME.CONTRACT_NO],
    );
    const premium = Number(row.premium_cents);
    const initial = Math.round(premium * 1.05) / 100;
    await db.query(
      `UPDATE contracts SET balance_cents = 10000,
              data = jsonb_set(data, '{CS_POLICY,INITIAL_AMOUNT}', to_jsonb($2::numeric)) WHERE contract_no = $1`,
      [HOME.CONTRACT_NO, initial],
    );
    const before = (await andreas.get('/zcp/contract/detail/CY9000102/157')).json().CS_CONTRACT;
    const discount = before.ZZPREMIUM_BEFORE_DISC_AMOUNT - before.ZZPREMIUM_AFTER_DISC_AMOUNT;
    expect(discount).toBeGreaterThan(0);
    const saved = await save('propvalue', {
      ...HOME,
      ENDORSEMENT_TYPE: 'CONTENTS',
      VALUE_OF_CONTENTS: 23000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const difference = saved.json().CS_ENDORSEMENT.PREMIUM_DIFFERENCE as number;
    expect(difference).toBeGreaterThan(0);

    const after = (await andreas.get('/zcp/contract/detail/CY9000102/157')).json().CS_CONTRACT;
    expect(after.ZZPREMIUM_AFTER_DISC_AMOUNT).toBeCloseTo(before.ZZPREMIUM_AFTER_DISC_AMOUNT + difference, 2);
    // The discount given stays what it was: the premium before it moves by the same amount.
    expect(after.ZZPREMIUM_BEFORE_DISC_AMOUNT).toBeCloseTo(
      before.ZZPREMIUM_BEFORE_DISC_AMOUNT + difference,
      2,
    );
    expect(after.ZZPREMIUM_BEFORE_DISC_AMOUNT).toBeGreaterThan(after.ZZPREMIUM_AFTER_DISC_AMOUNT);
    expect(after.ZZBALANCE_AMOUNT).toBeCloseTo(100 + difference, 2);
    // The list says the same as the detail.
    const listed = (await andreas.get('/zcp/contract/search/900001'))
      .json()
      .CT_CONTRACTS.find((c: Json) => c.CONTRACT_NO === HOME.CONTRACT_NO);
    for (const key of ['ZZPREMIUM_BEFORE_DISC_AMOUNT', 'ZZPREMIUM_AFTER_DISC_AMOUNT', 'ZZBALANCE_AMOUNT'])
      expect(listed[key], key).toBe(after[key]);
    // The payment-method page's instalment is the new premium over the instalments.
    const options = (await andreas.get('/zcp/paymeth/options/CY9000102/157')).json();
    expect(options.ZZBALANCE_AMOUNT).toBe(after.ZZBALANCE_AMOUNT);
    expect(options.INSTALLMENT_AMOUNT).toBeCloseTo(
      after.ZZPREMIUM_AFTER_DISC_AMOUNT / after.INSTALLMENT_NUMBER,
      0,
    );
    // And the policy schedule prints them, in whole euro.
    const pdf = await andreas.post('/zcp/GetPDF', HOME);
    expect(pdf.statusCode).toBe(200);
    const parser = new PDFParse({ data: new Uint8Array(pdf.rawPayload) });
    const text = (await parser.getText()).text;
    await parser.destroy();
    for (const amount of [
      after.ZZPREMIUM_BEFORE_DISC_AMOUNT,
      after.ZZPREMIUM_AFTER_DISC_AMOUNT,
      after.ZZBALANCE_AMOUNT,
    ])
      expect(text).toContain(formatEuro(amount, 'en'));
    await db.query('UPDATE contracts SET balance_cents = 0 WHERE contract_no = $1', [HOME.CONTRACT_NO]);
  });

  it('accepts contents +15 % and −15 % exactly, and refuses +15.01 % and −15.01 % as manual with a call-back', async () => {
    // From 10,000: +15 % is 11,500 and −15 % is 8,500; one euro further is 15.01 %.
    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 10000 });
    const up = refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 11501 }),
      'LIMIT_UP',
    );
    expect(up.CS_REFERRAL).toMatchObject({ ERROR_TEXT_TYPE: '5' });
    expect(String((up.CS_REFERRAL as Json).ERROR_MESSAGE)).toContain('cannot be completed automatically');
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 11500 }))
        .statusCode,
    ).toBe(200);
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 8499 }),
      'LIMIT_DOWN',
    );
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 8500 })).statusCode,
    ).toBe(200);
  });

  it('raises the building by 15 % and no more, and never lowers it online', async () => {
    await home({ ...BASE_HOME, PROPERTY_VALUE: 100000 });
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 115000 })).statusCode,
    ).toBe(200);
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 115010 }),
      'LIMIT_UP',
    );
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 99000 }),
      'LIMIT_DOWN',
    );
  });

  it('refuses a second change of the same value in the same insurance period, and says so on the screen', async () => {
    expect(
      (await save('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 21000 }))
        .statusCode,
    ).toBe(200);
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 21500 }),
      'ONCE_PER_PERIOD',
    );
    refusedWith(
      await save('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 21500 }),
      'ONCE_PER_PERIOD',
    );
    const list = (await andreas.get('/zcp/contract/endorsements/CY9000102')).json().CT_ENDORSEMENTS as Json[];
    expect(list.find((e) => e.ENDORSEMENT_TYPE === 'CONTENTS')).toMatchObject({
      AVAILABLE: false,
      CODE: 'ONCE_PER_PERIOD',
      CALL_BACK: true,
    });
    // Another value of the same home is still open this period.
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 140000 })).statusCode,
    ).toBe(200);
  });

  it('changes valuables within ±15 %, each item at most 2,000, the items adding up to the total', async () => {
    const items = [
      { DESCRIPTION: 'Χρυσό κολιέ', VALUE: 2000 },
      { DESCRIPTION: 'Ρολόι χειρός', VALUE: 2000 },
    ];
    const ok = await chg('propvalue', {
      ...HOME,
      ENDORSEMENT_TYPE: 'VALUABLES',
      VALUE_OF_VALUABLES: 4000,
      CT_VALUABLES: items,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const over = refusedWith(
      await chg('propvalue', {
        ...HOME,
        ENDORSEMENT_TYPE: 'VALUABLES',
        VALUE_OF_VALUABLES: 4001,
        CT_VALUABLES: [items[0], { DESCRIPTION: 'Ρολόι χειρός', VALUE: 2001 }],
      }),
      'VALUABLE_ITEM_MAX',
    );
    expect((over.MESSAGES as Json[])[0].FIELD).toBe('CT_VALUABLES.1.VALUE');
    refusedWith(
      await chg('propvalue', {
        ...HOME,
        ENDORSEMENT_TYPE: 'VALUABLES',
        VALUE_OF_VALUABLES: 3900,
        CT_VALUABLES: items,
      }),
      'VALUABLES_SUM',
    );
    // 3,500 + 15 % = 4,025: 4,026 is past it.
    refusedWith(
      await chg('propvalue', {
        ...HOME,
        ENDORSEMENT_TYPE: 'VALUABLES',
        VALUE_OF_VALUABLES: 4026,
        CT_VALUABLES: [...items, { DESCRIPTION: 'Δαχτυλίδι', VALUE: 26 }],
      }),
      'LIMIT_UP',
    );
  });
});

describe('home caps: 700,000 total, 60,000 contents, 15,000 valuables', () => {
  it('allows a change that ends exactly at 700,000 and refuses 700,001 as manual', async () => {
    // 608,000 + 60,000 + 15,000 + 10,000 photovoltaics = 693,000; the building may rise 7,000 more.
    await home({
      ...BASE_HOME,
      PROPERTY_VALUE: 608000,
      VALUE_OF_CONTENTS: 60000,
      VALUE_OF_VALUABLES: 15000,
      PHOTOVOLTAICS: '1',
      PHOTOVOLTAIC_VALUE: 10000,
    });
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 615000 })).statusCode,
    ).toBe(200);
    const res = refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 615001 }),
      'HOME_CAP',
    );
    expect(res.CS_REFERRAL).toMatchObject({ ERROR_TEXT_TYPE: '5' });
  });

  it('refuses any home value change when the home is already above a cap, and the list says so', async () => {
    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 60001 });
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 58000 }),
      'HOME_CAP',
    );
    const list = (await andreas.get('/zcp/contract/endorsements/CY9000102')).json().CT_ENDORSEMENTS as Json[];
    expect(list.find((e) => e.ENDORSEMENT_TYPE === 'CONTENTS')).toMatchObject({
      AVAILABLE: false,
      CODE: 'HOME_CAP',
    });
    // Not a value: the mortgage can still be changed.
    expect(list.find((e) => e.ENDORSEMENT_TYPE === 'MORTGAGE')).toMatchObject({ AVAILABLE: true });

    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 20000, VALUE_OF_VALUABLES: 15001 });
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 21000 }),
      'HOME_CAP',
    );
    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 60000, VALUE_OF_VALUABLES: 15000 });
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 59000 }))
        .statusCode,
    ).toBe(200);
    // Contents raised past 60,000 by the change itself.
    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 55000 });
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 60001 }),
      'HOME_CAP',
    );
  });
});

describe('vehicle value: down at most 15 % in total', () => {
  beforeEach(() =>
    car({
      VEHICLE_VALUE: 20000,
      LICENSE_PLATE: 'NNT240',
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
    }),
  );

  it('lowers by 10 % then 5 % (15 % in total) and refuses one euro more', async () => {
    const first = await save('motvalue', { ...CAR, VEHICLE_VALUE: 18000 });
    expect(first.statusCode, first.body).toBe(200);
    // A lower value rates lower: the premium falls.
    expect(first.json().CS_ENDORSEMENT.PREMIUM_DIFFERENCE).toBeLessThan(0);
    refusedWith(await chg('motvalue', { ...CAR, VEHICLE_VALUE: 16999 }), 'LIMIT_TOTAL_DOWN');
    const second = await save('motvalue', { ...CAR, VEHICLE_VALUE: 17000 });
    expect(second.statusCode, second.body).toBe(200);
    refusedWith(await chg('motvalue', { ...CAR, VEHICLE_VALUE: 16999 }), 'LIMIT_TOTAL_DOWN');
    const limits = (await andreas.get('/zcp/contract/endorsements/CY9000101')).json().CS_LIMITS;
    expect(limits.VEHICLE_VALUE_MIN).toBe(17000);
  });

  it('refuses a rise of the vehicle value online', async () => {
    refusedWith(await chg('motvalue', { ...CAR, VEHICLE_VALUE: 20001 }), 'LIMIT_UP');
  });
});

describe('registration number: the register must hold the same vehicle', () => {
  it('accepts a plate whose registered vehicle has the contract chassis and maker', async () => {
    // The contract still names the old plate; the register has the car under NNT240.
    await car({
      LICENSE_PLATE: 'KXR512',
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
      VEHICLE_VALUE: 26000,
    });
    const search = await andreas.post('/zcp/motor/VhlSrchEndor', {
      LICENSE_PLATE: 'NNT 240',
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
    });
    expect(search.statusCode).toBe(200);
    const saved = await save('regnum', { ...CAR, LICENSE_PLATE: 'nnt 240' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().CS_OBJECT.LICENSE_PLATE).toBe('NNT240');
  });

  it('refuses a plate of another vehicle or of another maker, and an unknown plate', async () => {
    await car({
      LICENSE_PLATE: 'NNT240',
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
      VEHICLE_VALUE: 26000,
    });
    // NXY433 is a Toyota too, with another chassis.
    refusedWith(await chg('regnum', { ...CAR, LICENSE_PLATE: 'NXY433' }), 'VEHICLE_MISMATCH');
    const search = await andreas.post('/zcp/motor/VhlSrchEndor', {
      LICENSE_PLATE: 'NXY433',
      CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
      MANUFACTURER: 'TOYOTA',
    });
    expect(search.json().CODE).toBe('VEHICLE_MISMATCH');
    // Same chassis, another maker on the contract.
    await car({ LICENSE_PLATE: 'KXR512', MANUFACTURER: 'NISSAN' });
    refusedWith(await chg('regnum', { ...CAR, LICENSE_PLATE: 'NNT240' }), 'VEHICLE_MISMATCH');
    refusedWith(await chg('regnum', { ...CAR, LICENSE_PLATE: 'ZZZ999' }), 'VEHICLE_NOT_FOUND');
    const bad = refusedWith(await chg('regnum', { ...CAR, LICENSE_PLATE: 'ABC000' }), 'INVALID_PLATE');
    expect(bad.CS_REFERRAL).toBeUndefined();
  });
});

describe('other kinds, work orders and refusals', () => {
  it('adds an alarm (5 % discount: the premium falls), a mortgage, photovoltaics, unoccupancy, finance and a trailer', async () => {
    await home({ ...BASE_HOME, ALARM: '2', MORTGAGE: '2', UNOCCUPIED: '2' });
    const alarm = await save('alarminfo', { ...HOME, ALARM: '1', ALARM_CONNECTION: 'MONITORING' });
    expect(alarm.statusCode, alarm.body).toBe(200);
    expect(alarm.json().CS_ENDORSEMENT.PREMIUM_DIFFERENCE).toBeLessThan(0);
    expect(alarm.json().CS_OBJECT).toMatchObject({ ALARM: '1', ALARM_CONNECTION: 'MONITORING' });
    refusedWith(await chg('mortgageflg', { ...HOME, MORTGAGE: '1' }), 'REQUIRED');
    refusedWith(
      await chg('mortgageflg', { ...HOME, MORTGAGE: '1', MORTGAGE_ORGANISATION: 'NOBANK' }),
      'INVALID_VALUE',
    );
    expect(
      (await save('mortgageflg', { ...HOME, MORTGAGE: '1', MORTGAGE_ORGANISATION: 'BOC' })).statusCode,
    ).toBe(200);
    expect(
      (await chg('photvltinfo', { ...HOME, PHOTOVOLTAICS: '1', PHOTOVOLTAIC_VALUE: 8000 })).json()
        .CS_ENDORSEMENT.PREMIUM_DIFFERENCE,
    ).toBeGreaterThan(0);
    expect((await chg('outdays', { ...HOME, UNOCCUPIED: '1', UNOCCUPIED_DAYS: 45 })).statusCode).toBe(200);
    refusedWith(await chg('outdays', { ...HOME, UNOCCUPIED: '1', UNOCCUPIED_DAYS: 366 }), 'INVALID_VALUE');
    refusedWith(await chg('outdays', { ...HOME, UNOCCUPIED: '2' }), 'NO_CHANGE');

    await car({ FINANCED: '2', TRAILER: '2', VEHICLE_VALUE: 26000 });
    expect(
      (await save('fininfo', { ...CAR, FINANCED: '1', FINANCE_COMPANY: 'HELLENIC' })).json().CS_OBJECT
        .FINANCE_COMPANY,
    ).toBe('HELLENIC');
    expect(
      (await save('trailerinfo', { ...CAR, TRAILER: '1', TRAILER_PLATE: 'tk 512' })).json().CS_OBJECT
        .TRAILER_PLATE,
    ).toBe('TK 512');
  });

  it('records a work order with the endorsement type, after which a new change waits for it', async () => {
    await home({ ...BASE_HOME });
    const res = await andreas.post('/zcp/workorder/CrtWorkOrder', {
      ...HOME,
      ENDORSEMENT_TYPE: 'CONTENTS',
      CALL_BACK: 'X',
      REQUESTED_VALUES: { VALUE_OF_CONTENTS: 30000 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().WORKORDER_ID;
    expect(id).toMatch(/^WO\d+$/);
    const [row] = await s.testDb.db.query('SELECT * FROM work_orders WHERE workorder_id = $1', [id]);
    expect(row).toMatchObject({
      contract_no: 'CY9000102',
      endorsement_type: 'CONTENTS',
      call_back: true,
      status: 'OPEN',
    });
    expect(row.requested_values).toEqual({ VALUE_OF_CONTENTS: 30000 });
    refusedWith(
      await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'BUILDING', PROPERTY_VALUE: 140000 }),
      'OPEN_ENDORSEMENT',
    );
    // A kind of another product is refused.
    refusedWith(
      await andreas.post('/zcp/workorder/CrtWorkOrder', { ...HOME, ENDORSEMENT_TYPE: 'TRAILER' }),
      'NOT_AVAILABLE',
    );
  });

  it('refuses a motor kind on a home, an expired contract, and values of the wrong shape', async () => {
    await home({ ...BASE_HOME });
    expect((await chg('motvalue', { ...HOME, VEHICLE_VALUE: 100 })).statusCode).toBe(422);
    expect(
      (await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 'lots' }))
        .statusCode,
    ).toBe(422);
    expect((await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', EXTRA: 1 })).statusCode).toBe(
      400,
    );
    await s.testDb.db.query(
      "UPDATE contracts SET expiry_date = '2026-01-01' WHERE contract_no = 'CY9000102'",
    );
    try {
      refusedWith(
        await chg('propvalue', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 21000 }),
        'NOT_AVAILABLE',
      );
    } finally {
      await s.testDb.db.query(
        "UPDATE contracts SET expiry_date = (start_date + interval '1 year' - interval '1 day')::date WHERE contract_no = 'CY9000102'",
      );
    }
  });
});

describe("another customer's contract", () => {
  it('is refused (403) on every endorsement call, and anonymous calls get 401', async () => {
    const eleni = new PortalClient(s, { ip: '10.61.0.2', lang: 'en' });
    expect((await eleni.login('99000002', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await eleni.get('/zcp/contract/endorsements/CY9000102')).statusCode).toBe(403);
    const calls = [...new Set(endorsementRules().kinds.map((k) => k.call))];
    expect(calls).toHaveLength(9);
    for (const call of calls) {
      const target =
        call === 'motvalue' || call === 'regnum' || call === 'fininfo' || call === 'trailerinfo' ? CAR : HOME;
      for (const prefix of ['chg', 'save']) {
        const res = await eleni.post(`/zcp/contract/${prefix}${call}`, { ...target });
        expect(res.statusCode, `${prefix}${call}`).toBe(403);
      }
    }
    expect(
      (await eleni.post('/zcp/workorder/CrtWorkOrder', { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS' })).statusCode,
    ).toBe(403);
    expect((await s.testDb.db.query("SELECT 1 FROM work_orders WHERE customer_no = '900002'")).length).toBe(
      0,
    );

    const anonymous = new PortalClient(s, { ip: '10.61.0.3' });
    await anonymous.fetchCsrf();
    expect((await anonymous.get('/zcp/contract/endorsements/CY9000102')).statusCode).toBe(401);
    expect((await anonymous.post('/zcp/contract/chgpropvalue', { ...HOME })).statusCode).toBe(401);
    expect((await anonymous.post('/zcp/workorder/CrtWorkOrder', { ...HOME })).statusCode).toBe(401);
  });

  it('answers in Greek when asked', async () => {
    await home({ ...BASE_HOME, VALUE_OF_CONTENTS: 10000 });
    const res = await andreas.post(
      '/zcp/contract/chgpropvalue',
      { ...HOME, ENDORSEMENT_TYPE: 'CONTENTS', VALUE_OF_CONTENTS: 12000 },
      { lang: 'el' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().CS_REFERRAL.ERROR_MESSAGE).toContain('δεν μπορεί να ολοκληρωθεί αυτόματα');
  });
});

describe('the facts an endorsement carries, from its flow', () => {
  // Another configuration of the motor wizard: the service follows the flow, not a product name.
  let other: TestService;
  let client: PortalClient;
  beforeAll(async () => {
    const bundles = await loadFlowBundles();
    const motor = bundles.find((b) => b.flow.id === 'endorsement-motor')!;
    motor.flow.contractFacts = { MAKER: 'CS_VEHICLE.MANUFACTURER', NOT_STORED: 'CS_VEHICLE.NO_SUCH_FACT' };
    other = await startService({
      config: { portal: { ...testConfig().portal, demoData: true } },
      flows: bundles,
    });
    client = new PortalClient(other, { ip: '10.61.0.2', lang: 'en' });
    expect((await client.login('99000001', DEMO_PASSWORD)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('answers the facts the motor wizard names, and no others', async () => {
    const current = (await client.get('/zcp/contract/endorsements/CY9000101')).json().CS_CURRENT;
    expect(current).toMatchObject({ MAKER: 'TOYOTA', NOT_STORED: '' });
    expect(current).not.toHaveProperty('CHASSIS_NUMBER');
    expect(current).not.toHaveProperty('MANUFACTURER');
  });
});
