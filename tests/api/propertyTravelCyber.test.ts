// The property, travel and cyber products as the service runs them from their flow folders: the
// limits it enforces again behind the forms, the policy term, the property configuration and
// deductibles, the travel duration, and cyber's routes, opened from flows/cyber alone.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';

let s: TestService;

beforeAll(async () => {
  s = await startService();
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.testDb.clean();
  s.clock.set('2026-03-10T09:00:00.000Z');
});

const post = (url: string, payload: unknown, lang: 'el' | 'en' = 'en') =>
  s.call({ method: 'POST', url, payload: payload as Record<string, unknown>, lang });

async function confirm(mail: string) {
  expect((await post('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
  const code = await s.lastCode(mail);
  expect((await post('/zcp/otp/validate', { I_TOKEN: code, I_MAIL_ADDRESS: mail })).statusCode).toBe(204);
}

function propertyQuote(property: Record<string, unknown> = {}, policy: Record<string, unknown> = {}) {
  return {
    CS_POLICY: { PRODUCT_ID: '157', START_DATE: '2026-03-15', ...policy },
    CS_PROPERTY: {
      DISTRICT: 'NIC',
      CITY: 'STROVOLOS',
      STREET: 'Λεωφόρος Στροβόλου',
      STREET_NUMBER: '112',
      POSTAL_CODE: '2012',
      BUILDING_TYPE: 'DETACHED',
      USE_OF_RESIDENCE: 'PERMANENT',
      YEAR_BUILT: 2008,
      PROPERTY_AREA: 150,
      CONSTRUCTION_FRAMEWORK: 'CONCRETE',
      WALLS_TYPE: 'BRICK',
      ROOF_TYPE: 'CONCRETE_TILED',
      NUMBER_OF_FLOORS: 2,
      BASEMENTS: 0,
      UNDER_CONSTRUCTION: '2',
      OWNER_OR_TENANT: 'OWNER',
      PROFESSIONAL_USE: '2',
      PRIOR_REFUSAL: '2',
      PAST_DAMAGE: '2',
      ADJOINING_BUILDINGS: '2',
      FIRE_PROTECTION: '2',
      CO_OWNERS: '2',
      SAME_ADDRESS: '1',
      PROPERTY_VALUE: 240000,
      VALUE_OF_CONTENTS: 40000,
      VALUE_OF_VALUABLES: 0,
      PHOTOVOLTAICS: '2',
      MORTGAGE: '2',
      ALARM: '2',
      UNOCCUPIED: '2',
      EXCESS_DEDUCTIBLE: 'D400',
      ...property,
    },
    CT_VALUABLES: [],
  };
}

const coverIds = (body: { CT_COVERS: { PACKAGE_ID: string; COVER_ID: string }[] }, pkg: string) =>
  body.CT_COVERS.filter((c) => c.PACKAGE_ID === pkg).map((c) => c.COVER_ID);

describe('property', () => {
  it('states the home assistance limits of spec §9: 150 a case, 3 of each kind, 5 a year', async () => {
    const res = await post('/zcp/prop/propertycalc', propertyQuote());
    expect(res.statusCode).toBe(200);
    const assistance = res
      .json()
      .CT_COVERS.filter((c: { COVER_ID: string }) => c.COVER_ID === 'HOME_ASSISTANCE');
    expect(assistance.length).toBeGreaterThan(0);
    for (const cover of assistance)
      expect(cover.LIMITS).toEqual({ perCase: 150, casesPerType: 3, casesPerYear: 5 });
  });

  it('loadV2 answers the value per m² and the percentage of the property tariff', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/prop/loadV2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      PRODUCT_ID: '157',
      PROPERTY_VALUE_PER_SQM: 1500,
      PROPERTY_VALUE_PERCENTAGE: 80,
      TOTAL_INSURED_LIMIT: 700000,
    });
  });

  it('lists the deductibles ascending by amount, whatever the tariff order', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/prop/deductibles/157/HOME_PLUS' });
    expect(res.json().CT_DEDUCTIBLES.map((d: { DEDUCTIBLE_AMOUNT: number }) => d.DEDUCTIBLE_AMOUNT)).toEqual([
      400, 600, 1000,
    ]);
  });

  it('rates three packages for exactly one year, with the alarm discount', async () => {
    const res = await post(
      '/zcp/prop/propertycalc',
      propertyQuote({ ALARM: '1', ALARM_CONNECTION: 'POLICE' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.CT_PACKAGES.map((p: { PACKAGE_ID: string }) => p.PACKAGE_ID)).toEqual([
      'HOME_BASIC',
      'HOME_PLUS',
      'HOME_PREMIUM',
    ]);
    expect(body.CS_POLICY).toMatchObject({
      START_DATE: '2026-03-15',
      END_DATE: '2027-03-14',
      DURATION_YEARS: 1,
    });
    expect(body.CT_DISCOUNTS).toEqual([{ ID: 'ALARM', PERCENT: 5, AMOUNT: expect.any(Number) }]);
  });

  it('a chosen excess changes the price of the package', async () => {
    const price = async (excess: string) => {
      const res = await post(
        '/zcp/prop/pckcalculate',
        propertyQuote({ EXCESS_DEDUCTIBLE: excess }, { PACKAGE_ID: 'HOME_PLUS' }),
      );
      return res.json().CS_POLICY.AMOUNT as number;
    };
    const [d400, d1000] = [await price('D400'), await price('D1000')];
    expect(d1000).toBeCloseTo(d400 * 0.88, 1);
  });

  it('leaves theft, malicious damage, water damage and glass out of a home unoccupied over 30 days', async () => {
    const lived = (
      await post('/zcp/prop/propertycalc', propertyQuote({ UNOCCUPIED: '1', UNOCCUPIED_DAYS: 30 }))
    ).json();
    expect(coverIds(lived, 'HOME_PLUS')).toEqual(
      expect.arrayContaining(['THEFT', 'MALICIOUS_DAMAGE', 'WATER_DAMAGE', 'GLASS_BREAKAGE']),
    );
    const empty = (
      await post('/zcp/prop/propertycalc', propertyQuote({ UNOCCUPIED: '1', UNOCCUPIED_DAYS: 45 }))
    ).json();
    expect(coverIds(empty, 'HOME_PLUS')).toEqual([
      'FIRE',
      'STORM_FLOOD',
      'LIABILITY',
      'HOME_ASSISTANCE',
      'EARTHQUAKE',
    ]);
  });

  it('refuses over €700,000 in total even when the form is bypassed', async () => {
    const res = await post(
      '/zcp/prop/propertycalc',
      propertyQuote({ PROPERTY_VALUE: 650000, VALUE_OF_CONTENTS: 45000, VALUE_OF_VALUABLES: 6000 }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().CS_REFERRAL).toMatchObject({ CHECK_NUMBER: '4', ERROR_TEXT_TYPE: '2' });
  });

  it('refuses a start more than 30 days ahead', async () => {
    const res = await post('/zcp/prop/propertycalc', propertyQuote({}, { START_DATE: '2026-04-10' }));
    expect(res.statusCode).toBe(422);
  });

  it('checks the limits and the address lists again before storing an offer', async () => {
    const mail = 'maria.konstantinou@example.com.cy';
    await confirm(mail);
    const quotation = (property: Record<string, unknown>) =>
      post('/zcp/prop/quotation', {
        ...propertyQuote(property, { PACKAGE_ID: 'HOME_PLUS' }),
        CS_POLICY_HOLDER: { MAIL_ADDRESS: mail },
      });
    const ok = await quotation({});
    expect(ok.statusCode).toBe(200);
    expect(ok.json().CS_POLICY.OFFER_NO).toMatch(/^OF\d+$/);

    const contents = await quotation({ VALUE_OF_CONTENTS: 61000 });
    expect(contents.statusCode).toBe(422);
    expect(contents.json().CODE).toBe('INVALID_DATA');

    const valuables = await quotation({ VALUE_OF_CONTENTS: 40000, VALUE_OF_VALUABLES: 2500 });
    expect(valuables.statusCode).toBe(422);

    // A Limassol town with a Nicosia district: the property's own city list says no.
    const city = await quotation({ CITY: 'LEMESOS', POSTAL_CODE: '3010' });
    expect(city.statusCode).toBe(422);
    expect(JSON.stringify(city.json())).toMatch(/Town or village/);
  });
});

describe('travel', () => {
  const trip = (travel: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    CS_POLICY: { PRODUCT_ID: '518', START_DATE: '2026-03-20', DURATION_DAYS: 15 },
    CS_POLICY_HOLDER: { BIRTH_DATE: '1985-06-01' },
    CS_TRAVEL: {
      OBJECT_TYPE: 'FAMILY',
      SINGLE_RETURN: 'RETURN',
      DURATION_DAYS: '15',
      TRAVEL_STARTED: '2',
      AGE_BETWEEN_18_70: '1',
      CYPRUS_RESIDENT: '1',
      HEALTHY_TRAVELLER: '1',
      NUMBER_OF_ADULTS: '1',
      NUMBER_OF_CHILDREN: '0',
      ...travel,
    },
    ...extra,
  });

  it('sets the end of a 15-day trip from its start', async () => {
    const res = await post('/zcp/travel/setduration', {
      CS_POLICY: { START_DATE: '2026-03-20' },
      CS_TRAVEL: { DURATION_DAYS: '15' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().CS_POLICY).toMatchObject({
      START_DATE: '2026-03-20',
      END_DATE: '2026-04-03',
      DURATION_DAYS: 15,
    });
  });

  it('refuses a departure more than 30 days ahead', async () => {
    const res = await post('/zcp/travel/setduration', {
      CS_POLICY: { START_DATE: '2026-04-10' },
      CS_TRAVEL: { DURATION_DAYS: '8' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('prices the insured children only, and refuses a fourth insured child', async () => {
    const child = (insured: boolean) => ({
      FIRST_NAME: 'ΕΛΕΝΑ',
      LAST_NAME: 'ΙΩΑΝΝΟΥ',
      BIRTH_DATE: '2016-05-01',
      INSURED: insured,
    });
    const amount = async (children: ReturnType<typeof child>[]) => {
      const res = await post(
        '/zcp/travel/travelcalc',
        trip(
          { NUMBER_OF_CHILDREN: String(children.length), ACCOMPANIED_CHILDREN: '1' },
          { CT_CHILDREN: children },
        ),
      );
      expect(res.statusCode).toBe(200);
      return res.json().CT_PACKAGES[0].AMOUNT as number;
    };
    const one = await amount([child(true), child(false)]);
    const two = await amount([child(true), child(true)]);
    expect(two - one).toBeCloseTo(15 * 0.45, 2);

    const four = await post(
      '/zcp/travel/travelcalc',
      trip(
        { NUMBER_OF_CHILDREN: '4', ACCOMPANIED_CHILDREN: '1' },
        { CT_CHILDREN: [1, 2, 3, 4].map(() => child(true)) },
      ),
    );
    expect(four.statusCode).toBe(422);
    expect(four.json().CS_REFERRAL).toMatchObject({ CHECK_NUMBER: '7' });
  });
});

describe('cyber, opened from its flow folder alone', () => {
  const cyberQuote = (cyber: Record<string, unknown> = {}) => ({
    CS_POLICY: { PRODUCT_ID: '519', START_DATE: '2026-03-12' },
    CS_POLICY_HOLDER: { BIRTH_DATE: '1990-02-01' },
    CS_CYBER: {
      COVER_FOR: 'INDIVIDUAL',
      DEVICES: 'UP_TO_3',
      ONLINE_BANKING: '1',
      ONLINE_SHOPPING: '1',
      ANTIVIRUS: '2',
      TWO_FACTOR: '2',
      BACKUPS: '2',
      PAST_INCIDENTS: '0',
      BUSINESS_USE: '2',
      CYPRUS_RESIDENT: '1',
      ...cyber,
    },
  });

  it('rates its three packages under product 519', async () => {
    const res = await post('/zcp/cyber/cybercalc', cyberQuote());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(
      body.CT_PACKAGES.map((p: { PACKAGE_ID: string; PRODUCT_ID: string; AMOUNT: number }) => [
        p.PACKAGE_ID,
        p.PRODUCT_ID,
        p.AMOUNT,
      ]),
    ).toEqual([
      ['CYB_ESSENTIAL', '519', 42],
      ['CYB_PLUS', '519', 68],
      ['CYB_PREMIUM', '519', 96],
    ]);
    expect(coverIds(body, 'CYB_ESSENTIAL')).toEqual([
      'IDENTITY_THEFT',
      'ONLINE_PURCHASE_FRAUD',
      'DATA_RESTORATION',
      'CYBERBULLYING',
    ]);
  });

  it('refuses business use with the rule of its rules.json', async () => {
    const res = await post('/zcp/cyber/cybercalc', cyberQuote({ BUSINESS_USE: '1' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().CS_REFERRAL).toMatchObject({ CHECK_NUMBER: '1', ERROR_TEXT_TYPE: '2' });
  });

  it('serves its rules text and has no package call of its own', async () => {
    const rules = await s.call({ method: 'GET', url: '/zcp/offer/RulesDetail/CYBER', lang: 'en' });
    expect(rules.statusCode).toBe(200);
    expect(rules.json().ET_TEXTS.map((t: { TEXT_NAME: string }) => t.TEXT_NAME)).toContain('TERMS');
    expect((await post('/zcp/cyber/pckcalculate', cyberQuote())).statusCode).toBe(404);
  });
});
