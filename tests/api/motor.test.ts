// Motor data calls against the vehicle register, with a small motor bundle whose brand variants
// name their makers in config (the makers are never written in code).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';
import { flowsWithTestBundles } from './support/bundles';

let s: TestService;

beforeAll(async () => {
  s = await startService({ flows: await flowsWithTestBundles() });
});
afterAll(async () => {
  await s?.close();
});

const search = (payload: Record<string, unknown>, lang: 'el' | 'en' = 'en') =>
  s.call({ method: 'POST', url: '/zcp/motor/vehiclesearch', payload, lang });

describe('vehicle search', () => {
  it('finds a registered vehicle by plate, typed any way, with the make and model lists', async () => {
    const res = await search({ LICENSE_PLATE: 'nyb 4' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CS_VEHICLE).toMatchObject({
      LICENSE_PLATE: 'NYB004',
      MANUFACTURER: 'TOYOTA',
      MODEL: 'YARIS',
    });
    expect(body.CS_POLICY).toEqual({ PRODUCT_ID: '101' });
    expect(body.LOV_MAP.MODEL.some((m: { VALUE: string }) => m.VALUE === 'YARIS')).toBe(true);
    expect(body.LOV_MAP.MANUFACTURER.some((m: { VALUE: string }) => m.VALUE === 'NISSAN')).toBe(true);
  });

  it('accepts Greek look-alike capitals in the plate', async () => {
    const res = await search({ CS_VEHICLE: { LICENSE_PLATE: 'ΝΥΒ004' } });
    expect(res.json().CS_VEHICLE.LICENSE_PLATE).toBe('NYB004');
  });

  it('finds an unregistered vehicle by the last 7 chassis characters', async () => {
    const res = await search({ CHASSIS_NUMBER: 'sb1v92k70tj376461' });
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_VEHICLE).toMatchObject({ LICENSE_PLATE: '', MANUFACTURER: 'TOYOTA' });
    expect((await search({ CHASSIS_NUMBER: 'J376461' })).statusCode).toBe(200);
  });

  it('answers 422 with a message when nothing is found or the input cannot be searched', async () => {
    const missing = await search({ LICENSE_PLATE: 'ZZZ999' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ CODE: 'NOT_FOUND' });
    expect(missing.json().MESSAGES[0].MSGTEXT).toMatch(/could not find a vehicle/);
    const bad = await search({ LICENSE_PLATE: 'KXA000' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().MESSAGES[0].FIELD).toBe('LICENSE_PLATE');
    expect((await search({})).statusCode).toBe(422);
    expect((await search({ CHASSIS_NUMBER: '12345' })).statusCode).toBe(422);
  });

  it('a brand variant needs a vehicle of its maker (by variant id or by ?ref value)', async () => {
    const ok = await search({ LICENSE_PLATE: 'NYB004', CS_USER_EXTRAS: { VARIANT: 'brand1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().CS_POLICY.PRODUCT_ID).toBe('111');
    const mismatch = await search({ LICENSE_PLATE: 'NYB004', BRAND: '2' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().CODE).toBe('BRAND_MISMATCH');
    expect(mismatch.json().MESSAGES[0].MSGTEXT).toMatch(/Nissan/i);
    const greek = await search({ LICENSE_PLATE: 'NNA622', BRAND: '1' }, 'el');
    expect(greek.json().MESSAGES[0].MSGTEXT).toMatch(/δεν αντιστοιχεί σε όχημα/);
    expect((await search({ LICENSE_PLATE: 'NNA622', BRAND: '2' })).json().CS_POLICY.PRODUCT_ID).toBe('112');
    expect((await search({ LICENSE_PLATE: 'NNA622', BRAND: '7' })).statusCode).toBe(422);
  });
});

describe('makes and models', () => {
  it('getmake lists the makes', async () => {
    const res = await s.call({ method: 'POST', url: '/zcp/motor/getmake', payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().LOV_NAME).toBe('MANUFACTURER');
    expect(res.json().LOV_VALUE.length).toBeGreaterThan(10);
    expect((await s.call({ method: 'POST', url: '/zcp/motor/getmake' })).statusCode).toBe(200);
  });

  it('getmodel lists the models of a make, 422 for an unknown make', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/motor/getmodel',
      payload: { MANUFACTURER: 'NISSAN' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().LOV_VALUE.some((m: { VALUE: string }) => m.VALUE === 'QASHQAI')).toBe(true);
    const unknown = await s.call({
      method: 'POST',
      url: '/zcp/motor/getmodel',
      payload: { MANUFACTURER: 'TRABANT' },
    });
    expect(unknown.statusCode).toBe(422);
    expect((await s.call({ method: 'POST', url: '/zcp/motor/getmodel', payload: {} })).statusCode).toBe(422);
  });
});

describe('endorsement vehicle search', () => {
  const endorse = (payload: Record<string, unknown>) =>
    s.call({ method: 'POST', url: '/zcp/motor/VhlSrchEndor', payload, lang: 'en' });

  it('matches when the found chassis contains the contract chassis and the maker is the same', async () => {
    const res = await endorse({
      LICENSE_PLATE: 'NYB004',
      CHASSIS_NUMBER: 'MH968298',
      MANUFACTURER: 'TOYOTA',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_VEHICLE.CHASSIS_NUMBER).toBe('VNK6VXT77MH968298');
  });

  it('refuses another chassis or another maker', async () => {
    const chassis = await endorse({
      LICENSE_PLATE: 'NYB004',
      CHASSIS_NUMBER: 'SJNJBRNK5',
      MANUFACTURER: 'TOYOTA',
    });
    expect(chassis.statusCode).toBe(422);
    expect(chassis.json().CODE).toBe('VEHICLE_MISMATCH');
    const maker = await endorse({
      LICENSE_PLATE: 'NYB004',
      CHASSIS_NUMBER: 'MH968298',
      MANUFACTURER: 'NISSAN',
    });
    expect(maker.statusCode).toBe(422);
    expect((await endorse({ LICENSE_PLATE: 'NYB004' })).statusCode).toBe(400);
  });
});

describe('product details and deductibles', () => {
  it('motorproddet answers the tariff config for the product or a variant id', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/motor/motorproddet/101' });
    expect(res.json()).toMatchObject({ PRODUCT_ID: '101', VEHICLE_VALUE_ONLINE_LIMIT: 70000, VARIANT: '' });
    expect((await s.call({ method: 'GET', url: '/zcp/motor/motorproddet/111' })).json().VARIANT).toBe(
      'brand1',
    );
    expect((await s.call({ method: 'GET', url: '/zcp/motor/motorproddet/516' })).statusCode).toBe(404);
  });

  it('excess choices ascending, the current value marked', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/excess/500/101/COMP' });
    expect(res.statusCode).toBe(200);
    const list = res.json().CT_DEDUCTIBLES;
    expect(list.map((d: { DEDUCTIBLE_AMOUNT: number }) => d.DEDUCTIBLE_AMOUNT)).toEqual([300, 500, 1000]);
    expect(list.find((d: { ZZSELECTED_IND: string }) => d.ZZSELECTED_IND === 'X').DEDUCTIBLE_ID).toBe(
      'EX500',
    );
  });

  it('windscreen (shared list) and loss of use', async () => {
    const ws = await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/windscreen/111/TPO' });
    expect(ws.json().CT_DEDUCTIBLES).toHaveLength(2);
    const lu = await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/lossofuse/101/TPO' });
    expect(lu.json().CT_DEDUCTIBLES).toEqual([]);
  });

  it('unknown product or package is a 404, a bad value a 400', async () => {
    expect(
      (await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/windscreen/999/TPO' })).statusCode,
    ).toBe(404);
    expect(
      (await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/windscreen/101/GOLD' })).statusCode,
    ).toBe(404);
    expect(
      (await s.call({ method: 'GET', url: '/zcp/motor/getmtrdeduct/excess/abc/101/COMP' })).statusCode,
    ).toBe(400);
  });
});

describe('property and travel helpers', () => {
  it('loadV2 answers the property config with the spec defaults', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/prop/loadV2' });
    expect(res.json()).toMatchObject({
      PRODUCT_ID: '157',
      PROPERTY_VALUE_PER_SQM: 1500,
      PROPERTY_VALUE_PERCENTAGE: 80,
      TOTAL_INSURED_LIMIT: 700000,
    });
  });

  it('property deductibles ascending', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/prop/deductibles/157/HOME' });
    expect(res.json().CT_DEDUCTIBLES.map((d: { DEDUCTIBLE_AMOUNT: number }) => d.DEDUCTIBLE_AMOUNT)).toEqual([
      400, 600, 850,
    ]);
  });

  const duration = (payload: Record<string, unknown>) =>
    s.call({ method: 'POST', url: '/zcp/travel/setduration', payload, lang: 'en' });

  it('setduration: the end date is the last day of the trip', async () => {
    const res = await duration({ CS_POLICY: { START_DATE: '2026-03-20', DURATION_DAYS: 10 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_POLICY).toEqual({
      START_DATE: '2026-03-20',
      END_DATE: '2026-03-29',
      DURATION_DAYS: 10,
      DURATION_MONTHS: 0,
      DURATION_YEARS: 0,
    });
  });

  it('setduration: start at most 30 days ahead, never in the past, length within the config', async () => {
    expect((await duration({ CS_POLICY: { START_DATE: '2026-04-09', DURATION_DAYS: 5 } })).statusCode).toBe(
      200,
    );
    const far = await duration({ CS_POLICY: { START_DATE: '2026-04-10', DURATION_DAYS: 5 } });
    expect(far.statusCode).toBe(422);
    expect(far.json().MESSAGES[0].MSGTEXT).toBe('The trip may start at most 30 days from today.');
    expect((await duration({ CS_POLICY: { START_DATE: '2026-03-09', DURATION_DAYS: 5 } })).statusCode).toBe(
      422,
    );
    expect((await duration({ CS_POLICY: { START_DATE: '2026-03-20', DURATION_DAYS: 91 } })).statusCode).toBe(
      422,
    );
    expect((await duration({ CS_POLICY: { START_DATE: '2026-03-20', DURATION_DAYS: 0 } })).statusCode).toBe(
      422,
    );
    expect((await duration({ CS_POLICY: { START_DATE: '2026-02-30', DURATION_DAYS: 3 } })).statusCode).toBe(
      422,
    );
  });

  it('travel calculation takes the duration from the quote within the tariff bound', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/travel/travelcalc',
      payload: { CS_POLICY: { START_DATE: '2026-03-20', DURATION_DAYS: 10, PACKAGE_ID: 'TRV' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_POLICY).toMatchObject({
      END_DATE: '2026-03-29',
      DURATION_DAYS: 10,
      PERIOD: 1,
      AMOUNT: 20,
    });
    const tooLong = await s.call({
      method: 'POST',
      url: '/zcp/travel/travelcalc',
      payload: { CS_POLICY: { START_DATE: '2026-03-20', DURATION_DAYS: 400 } },
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
