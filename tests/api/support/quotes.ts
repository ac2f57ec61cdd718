// Realistic quotes of the driver and hunter flows, as the web app sends them.

import { dependentLov } from '../../../src/server/reference';

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

/** A Toyota Yaris (NYB004, private use in the demo register) quote as the flow builds it by the packages step. */
export function motorQuote(
  overrides: {
    vehicle?: Record<string, unknown>;
    drivers?: Record<string, unknown>;
    policy?: Record<string, unknown>;
    extras?: Record<string, unknown>;
  } = {},
) {
  return {
    CS_POLICY: { START_DATE: '2026-03-15', INSTALLMENT_NUMBER: '1', ...overrides.policy },
    CS_USER_EXTRAS: { VARIANT: '', RULES_ACCEPTED: true, ...overrides.extras },
    CS_VEHICLE: {
      SEARCH_BY: 'PLATE',
      LICENSE_PLATE: 'NYB004',
      VEHICLE_TYPE: 'CAR',
      MANUFACTURER: 'TOYOTA',
      MODEL: 'YARIS',
      MANUFACTURE_YEAR: 2021,
      ENGINE_CAPACITY: 1490,
      NO_OF_SEATS: '5',
      VEHICLE_VALUE: 12600,
      VEHICLE_USE: 'PRIVATE',
      ELECTRIC: '2',
      NEW_VEHICLE: '2',
      USED_VEHICLE: '2',
      FINANCED: '2',
      LEFT_SIDE: '2',
      CONVERTIBLE: '2',
      RENTAL_USE: '2',
      OWNER_NATURAL_PERSON: '1',
      EXCESS_DEDUCTIBLE: 'EX500',
      WINDSCREEN_DEDUCTIBLE: 'WS75',
      LOSS_OF_USE_DEDUCTIBLE: 'LU50',
      ...overrides.vehicle,
    },
    CS_DRIVERS: {
      NO_OF_DRIVERS: '2',
      OWNER_IS_DRIVER: '1',
      DRIVER_LICENSE_YEAR: '10',
      DATE_OWNER_LICENSE: '2004-05-20',
      LICENSE_EXPIRY_DATE: '2031-05-20',
      DISTRICT: 'LIM',
      DRIVERS_25_70: '1',
      CLAIMS_3_YEARS: '2',
      FOREIGN_DRIVER: '2',
      NON_CY_LICENSE: '2',
      REFUSED_BY_INSURER: '2',
      INVALIDITY: '2',
      CURRENT_INSURER_IND: '1',
      CURRENT_INSURER: 'Atlantic Insurance',
      CURRENT_INSURER_PLATE: 'NYB004',
      COVER_NOTE: '2',
      ...overrides.drivers,
    },
  };
}
