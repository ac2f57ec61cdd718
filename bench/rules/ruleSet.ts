// The check points the rules benchmark runs: a motor-style referral set in the rules.json format
// (ET_CHECK_POINTS), with single-field rows, AND and OR groups, sums (ARITHMETIC_MODE 1, one of
// them over a `*` path) and ratios (ARITHMETIC_MODE 2). 18 groups, 26 rows.

import type { CheckPoint } from '../../src/engine/checkpoints';
import { seeded } from '../../src/engine/seeded';

const row = (
  check: number,
  fields: string[],
  op: CheckPoint['REL_OPERATOR'],
  value: string | number,
  message: string,
  extra: Partial<CheckPoint> = {},
): CheckPoint => ({
  CHECK_NUMBER: check,
  T_FIELD_NAME: fields,
  REL_OPERATOR: op,
  FIELD_VALUE: value,
  ERROR_MESSAGE: message,
  ERROR_TEXT_TYPE: extra.ERROR_TEXT_TYPE ?? 2,
  ...extra,
});

const CALL = 'We cannot insure this vehicle online. Call us or ask us to call you.';

export const RULE_SET: CheckPoint[] = [
  // Spec: a vehicle above 70,000 euro goes online only with third-party cover.
  row(1, ['CS_VEHICLE.VEHICLE_VALUE'], 'GT', 70000, CALL, { COND_OPERATOR: 'AND' }),
  row(1, ['CS_POLICY.PACKAGE_ID'], 'NE', 'TPO', CALL, { COND_OPERATOR: 'AND' }),
  row(2, ['CS_DRIVER.REFUSED_BY_INSURER'], 'EQ', '1', CALL, { COND_OPERATOR: 'OR', ERROR_TEXT_TYPE: 1 }),
  row(2, ['CS_DRIVER.INVALIDITY'], 'EQ', '1', CALL, { COND_OPERATOR: 'OR', ERROR_TEXT_TYPE: 1 }),
  row(3, ['CS_DRIVER.NO_OF_CLAIMS'], 'GT', 2, CALL),
  // Claims paid over the last three years, summed.
  row(
    4,
    ['CS_DRIVER.CLAIMS_AMOUNT_Y1', 'CS_DRIVER.CLAIMS_AMOUNT_Y2', 'CS_DRIVER.CLAIMS_AMOUNT_Y3'],
    'GT',
    15000,
    CALL,
    {
      ARITHMETIC_MODE: 1,
    },
  ),
  // Accessories worth more than a quarter of the vehicle: ACCESSORIES / VALUE > 1 / 4.
  row(5, ['CS_VEHICLE.ACCESSORIES_VALUE', 'CS_VEHICLE.VEHICLE_VALUE'], 'GT', 4, CALL, { ARITHMETIC_MODE: 2 }),
  row(6, ['CS_VEHICLE.ENGINE_CAPACITY'], 'GT', 3500, CALL),
  row(7, ['CS_VEHICLE.MANUFACTURE_YEAR'], 'LT', 2000, CALL),
  row(7, ['CS_POLICY.PACKAGE_ID'], 'EQ', 'COMP', CALL),
  row(8, ['CS_VEHICLE.VEHICLE_USE'], 'EQ', 'RENTAL', CALL),
  row(9, ['CS_DRIVER.DRIVERS_UNDER_25'], 'EQ', '1', CALL, { COND_OPERATOR: 'AND' }),
  row(9, ['CS_VEHICLE.ENGINE_CAPACITY'], 'GE', 2000, CALL, { COND_OPERATOR: 'AND' }),
  row(10, ['CS_VEHICLE.LEFT_SIDE'], 'EQ', '1', CALL, { COND_OPERATOR: 'OR' }),
  row(10, ['CS_VEHICLE.CONVERTIBLE'], 'EQ', '1', CALL, { COND_OPERATOR: 'OR' }),
  row(11, ['CS_DRIVER.FOREIGN_LICENSE'], 'EQ', '1', CALL, { ERROR_TEXT_TYPE: 1 }),
  // A licence from this year or the last, on a vehicle above 30,000.
  row(12, ['CS_DRIVER.DRIVER_LICENSE_YEAR'], 'GE', 2025, CALL),
  row(12, ['CS_VEHICLE.VEHICLE_VALUE'], 'GT', 30000, CALL),
  row(13, ['CS_VEHICLE.VEHICLE_VALUE', 'CS_VEHICLE.ACCESSORIES_VALUE'], 'GT', 80000, CALL, {
    ARITHMETIC_MODE: 1,
  }),
  // Y-m-d dates compare as strings.
  row(14, ['CS_VEHICLE.REGISTRATION_DATE'], 'LT', '1990-01-01', CALL),
  row(15, ['CS_VEHICLE.VEHICLE_TYPE'], 'EQ', 'TRUCK', CALL, { COND_OPERATOR: 'OR' }),
  row(15, ['CS_VEHICLE.VEHICLE_TYPE'], 'EQ', 'BUS', CALL, { COND_OPERATOR: 'OR' }),
  // Claims of every named driver, summed over the list.
  row(16, ['CT_DRIVERS.*.NO_OF_CLAIMS'], 'GT', 3, CALL, { ARITHMETIC_MODE: 1 }),
  row(17, ['CS_DRIVER.NO_OF_DRIVERS'], 'GT', 4, CALL),
  row(17, ['CS_DRIVER.DRIVERS_UNDER_25'], 'EQ', '1', CALL),
  // More than one claim per two insured years: CLAIMS / YEARS > 1 / 2.
  row(18, ['CS_DRIVER.NO_OF_CLAIMS', 'CS_DRIVER.YEARS_INSURED'], 'GT', 2, CALL, { ARITHMETIC_MODE: 2 }),
];

const MAKES = ['TOYOTA', 'NISSAN', 'MAZDA', 'HONDA', 'KIA', 'HYUNDAI', 'VOLKSWAGEN', 'MERCEDES'];
const DISTRICTS = ['LEF', 'LIM', 'LAR', 'PAF', 'AMM'];
const FIRST = ['Andreas', 'Eleni', 'Giorgos', 'Maria', 'Christos', 'Anna', 'Nikos', 'Despina'];
const LAST = ['Georgiou', 'Konstantinou', 'Charalambous', 'Ioannou', 'Christodoulou', 'Panayiotou'];

/**
 * Motor quotes as the web app sends them (yes/no as "1"/"2", amounts as numbers, unanswered dates
 * as the zero date). Most are clean, so every group is evaluated; about one in six refers.
 */
export function motorQuotes(count: number, seed = 20260310): Record<string, unknown>[] {
  const r = seeded(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)];
  const yes = (p: number) => (r() < p ? '1' : '2');
  const quotes: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const value = Math.round(4000 + r() ** 2 * 72000);
    const year = 2003 + Math.floor(r() * 23);
    const claims = r() < 0.85 ? 0 : r() < 0.8 ? 1 : 3;
    const drivers = 1 + Math.floor(r() * 3);
    quotes.push({
      CS_POLICY: {
        PRODUCT_ID: '101',
        PACKAGE_ID: pick(['TPO', 'TPF', 'COMP', 'COMP']),
        START_DATE: `2026-0${3 + Math.floor(r() * 6)}-1${Math.floor(r() * 9)}`,
        END_DATE: '0000-00-00',
        PERIOD: 12,
      },
      CS_POLICY_HOLDER: {
        FIRST_NAME: pick(FIRST),
        LAST_NAME: pick(LAST),
        BIRTH_DATE: `19${60 + Math.floor(r() * 40)}-0${1 + Math.floor(r() * 9)}-15`,
        DISTRICT: pick(DISTRICTS),
        MAIL_ADDRESS: 'andreas.georgiou@example.com.cy',
      },
      CS_VEHICLE: {
        LICENSE_PLATE: `K${String.fromCharCode(65 + Math.floor(r() * 26))}${String.fromCharCode(65 + Math.floor(r() * 26))}${100 + Math.floor(r() * 899)}`,
        MANUFACTURER: pick(MAKES),
        MANUFACTURE_YEAR: year,
        REGISTRATION_DATE: `${year}-0${1 + Math.floor(r() * 9)}-01`,
        ENGINE_CAPACITY: pick([998, 1198, 1395, 1498, 1598, 1798, 1995, 2494, 2998]),
        VEHICLE_VALUE: value,
        ACCESSORIES_VALUE: r() < 0.7 ? 0 : Math.round(r() * value * 0.3),
        VEHICLE_TYPE: r() < 0.97 ? 'CAR' : 'TRUCK',
        VEHICLE_USE: r() < 0.98 ? 'PRIVATE' : 'RENTAL',
        NO_OF_SEATS: 5,
        IMPORTED: yes(0.1),
        LEFT_SIDE: yes(0.01),
        CONVERTIBLE: yes(0.01),
        FINANCED: yes(0.3),
      },
      CS_DRIVER: {
        NO_OF_DRIVERS: drivers,
        DRIVER_LICENSE_YEAR: 1985 + Math.floor(r() * 41),
        DRIVERS_UNDER_25: yes(0.05),
        DRIVERS_OVER_70: yes(0.05),
        REFUSED_BY_INSURER: yes(0.005),
        INVALIDITY: yes(0.005),
        FOREIGN_LICENSE: yes(0.02),
        NO_OF_CLAIMS: claims,
        YEARS_INSURED: 1 + Math.floor(r() * 20),
        CLAIMS_AMOUNT_Y1: claims ? Math.round(r() * 6000) : 0,
        CLAIMS_AMOUNT_Y2: claims > 1 ? Math.round(r() * 6000) : 0,
        CLAIMS_AMOUNT_Y3: '',
      },
      CT_DRIVERS: Array.from({ length: drivers }, (_, d) => ({
        FIRST_NAME: pick(FIRST),
        BIRTH_DATE: `19${70 + Math.floor(r() * 30)}-05-0${1 + d}`,
        NO_OF_CLAIMS: d === 0 ? claims : 0,
      })),
      CT_PACKAGES: [],
      CT_OFFERS: [],
    });
  }
  return quotes;
}
