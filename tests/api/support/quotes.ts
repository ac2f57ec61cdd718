// Realistic quotes of the driver and hunter flows, as the web app sends them.

import { dependentLov } from '../../../src/server/data';

const limassolCity = () => dependentLov('CITY', { DISTRICT: 'LIM' }, 'el')?.LOV_VALUE[0]?.VALUE ?? '';
const postalCode = (city: string) =>
  dependentLov('POSTAL_CODE', { CITY: city }, 'el')?.LOV_VALUE[0]?.VALUE ?? '3030';

export function holder(mail = 'andreas.georgiou@example.com.cy') {
  const city = limassolCity();
  return {
    FIRST_NAME: 'Ανδρέας',
    LAST_NAME: 'Γεωργίου',
    NATIONAL_ID_TYPE: 'ID',
    NATIONAL_ID: '881234',
    GENDER_ID: 'M',
    BIRTH_DATE: '1986-01-15',
    MOB_PHONE_NO: '99123456',
    MAIL_ADDRESS: mail,
    DISTRICT: 'LIM',
    CITY: city,
    STREET: 'Οδός Αγίου Ανδρέα',
    STREET_NUMBER: '112',
    POSTAL_CODE: postalCode(city),
    CONS_PRIVACY: true,
    CONS_MARKETING: false,
  };
}

export function driverQuote(
  overrides: {
    driver?: Record<string, unknown>;
    policy?: Record<string, unknown>;
    holder?: Record<string, unknown>;
  } = {},
) {
  return {
    CS_POLICY: {
      PRODUCT_ID: '516',
      PERIOD: 12,
      DURATION_YEARS: 1,
      DURATION_MONTHS: 0,
      DURATION_DAYS: 0,
      START_DATE: '2026-03-15',
      END_DATE: '0000-00-00',
      ...overrides.policy,
    },
    CS_POLICY_HOLDER: { ...holder(), ...overrides.holder },
    CS_USER_EXTRAS: { LANGUAGE: 'el', TERMS_ACCEPTED: true },
    CS_DRIVER: {
      INSURANCE_TYPE: 'CAR',
      AGE_BETWEEN_18_75: '1',
      CYPRUS_RESIDENT: '1',
      HEALTHY_DRIVER: '1',
      ACTIVATED: 'X',
      ...overrides.driver,
    },
    CT_PACKAGES: [],
    CT_OFFERS: [],
  };
}

export function hunterQuote(
  overrides: {
    hunter?: Record<string, unknown>;
    policy?: Record<string, unknown>;
    holder?: Record<string, unknown>;
    guns?: unknown[];
  } = {},
) {
  return {
    CS_POLICY: { PRODUCT_ID: '517', START_DATE: '2026-03-20', ...overrides.policy },
    CS_POLICY_HOLDER: { ...holder('maria.konstantinou@example.com.cy'), ...overrides.holder },
    CS_USER_EXTRAS: { LANGUAGE: 'el', TERMS_ACCEPTED: true },
    CS_HUNTER: {
      AGE_BETWEEN_18_70: '1',
      CYPRUS_RESIDENT: '1',
      HEALTHY_HUNTER: '1',
      GUN_INSURANCE: '1',
      NUMBER_OF_GUNS: '2',
      GUN_TOTAL_COST: 3300,
      ...overrides.hunter,
    },
    CT_GUNS: overrides.guns ?? [
      { MAKE: 'Beretta A400', REGISTRATION_NO: 'LEM45821', COST: 1800 },
      { MAKE: 'Benelli M2', REGISTRATION_NO: 'LEM51230', COST: 1500 },
    ],
    CT_PACKAGES: [],
    CT_OFFERS: [],
  };
}
