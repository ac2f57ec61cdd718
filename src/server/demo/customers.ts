// Demo customers, accounts, contracts, offers and claims for development and tests (never in
// production: the configuration refuses PORTAL_DEMO_DATA there). Loaded at start when missing;
// an existing demo customer is left as it is. Listed in the README and docs/portal-api.md §7.
// The customers themselves are in holders.ts. Over 400 lines: most of what is left is the demo
// records (vehicles, homes, each holder's policies), data a tester reads top to bottom, beside the
// code that stores them.

import { addDays, policyEndDate, todayInNicosia } from '../../engine/dates';
import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db';
import { DEMO_CUSTOMERS, type Holder } from './holders';

export const DEMO_PASSWORD = 'Portal!Demo2026';

type Product = {
  flow: string;
  productId: string;
  packageId: string;
  premium: number;
  object: Record<string, unknown>;
};

const VEHICLE_RAV4 = {
  CS_VEHICLE: {
    LICENSE_PLATE: 'NNT240',
    CHASSIS_NUMBER: 'JTMDAWJRXNG810670',
    VEHICLE_TYPE: 'SUV',
    MANUFACTURER: 'TOYOTA',
    MODEL: 'RAV4',
    MANUFACTURE_YEAR: 2022,
    ENGINE_CAPACITY: 2487,
    NO_OF_SEATS: '5',
    VEHICLE_VALUE: 26000,
    VEHICLE_USE: 'PRIVATE',
    FUEL: 'HYBRID',
    REGISTRATION_DATE: '2022-03-08',
  },
};
const VEHICLE_COROLLA = {
  CS_VEHICLE: {
    LICENSE_PLATE: 'NXY433',
    CHASSIS_NUMBER: 'SB16ZR2P1K1502967',
    VEHICLE_TYPE: 'CAR',
    MANUFACTURER: 'TOYOTA',
    MODEL: 'COROLLA',
    MANUFACTURE_YEAR: 2019,
    ENGINE_CAPACITY: 1798,
    NO_OF_SEATS: '5',
    VEHICLE_VALUE: 13300,
    VEHICLE_USE: 'PRIVATE',
    FUEL: 'HYBRID',
    REGISTRATION_DATE: '2019-02-23',
  },
};
const HOME_STROVOLOS = {
  CS_PROPERTY: {
    DISTRICT: 'NIC',
    CITY: 'STROVOLOS',
    POSTAL_CODE: '2003',
    STREET: 'Λεωφόρος Στροβόλου',
    STREET_NUMBER: '112',
    APARTMENT_NUMBER: '302',
    BUILDING_TYPE: 'APARTMENT',
    PROPERTY_AREA: 115,
    PROPERTY_VALUE: 138000,
    OWNER_OR_TENANT: 'OWNER',
    ALARM: '1',
  },
};

const PRODUCTS: Record<string, Product> = {
  motor: { flow: 'motor', productId: '120', packageId: 'COMP', premium: 486.78, object: VEHICLE_RAV4 },
  property: {
    flow: 'property',
    productId: '157',
    packageId: 'HOME_PLUS',
    premium: 214.5,
    object: HOME_STROVOLOS,
  },
  travel: {
    flow: 'travel',
    productId: '518',
    packageId: 'TRV_PLUS',
    premium: 38,
    object: {
      CS_TRAVEL: { OBJECT_TYPE: 'EUROPE', DURATION_DAYS: 12, NUMBER_OF_ADULTS: '2', SINGLE_RETURN: 'SINGLE' },
    },
  },
  driver: {
    flow: 'driver',
    productId: '516',
    packageId: 'DRV_PLUS',
    premium: 62,
    object: { CS_DRIVER: { HEALTHY_DRIVER: '1' } },
  },
  hunter: {
    flow: 'hunter',
    productId: '517',
    packageId: 'HNT_PLUS',
    premium: 95,
    object: { CS_HUNTER: { HUNTING_LICENCE_NO: 'ΚΥ-48213', NUMBER_OF_GUNS: '2' } },
  },
  cyber: {
    flow: 'cyber',
    productId: '519',
    packageId: 'CYB_PLUS',
    premium: 79,
    object: { CS_CYBER: { COVER_FOR: 'FAMILY', DEVICES: 'UP_TO_8' } },
  },
};

function quoteOf(
  h: Holder,
  product: Product,
  start: string,
  end: string,
  extra: Record<string, unknown> = {},
) {
  return {
    CS_POLICY_HOLDER: {
      FIRST_NAME: h.first,
      LAST_NAME: h.last,
      NATIONAL_ID_TYPE: h.idType,
      NATIONAL_ID: h.id,
      BIRTH_DATE: h.birthDate ?? '',
      GENDER_ID: h.gender,
      MOB_PHONE_NO: h.mobile,
      MAIL_ADDRESS: h.email,
      DISTRICT: h.district,
      CITY: h.city,
      POSTAL_CODE: h.zip,
      STREET: h.street,
      STREET_NUMBER: h.house,
    },
    CS_POLICY: {
      PRODUCT_ID: product.productId,
      PACKAGE_ID: product.packageId,
      START_DATE: start,
      END_DATE: end,
      AMOUNT: product.premium,
      INITIAL_AMOUNT: Math.round(product.premium * 105) / 100,
      PREMIUM_AFTER_DISC_AMOUNT: product.premium,
    },
    ...product.object,
    ...extra,
  };
}

/**
 * Payment data of the demo contracts (docs/portal-api.md §8): a card registered with the provider
 * (only its binding id and the provider's padded number are kept) and a Bank of Cyprus direct debit.
 */
const DEMO_CARD = {
  CS_PAYMENT_DATA: {
    PAYMENT_METHOD: 'CARD',
    CARD_NUMBER: '516732******4021',
    CARD_EXPIRY: '09/2028',
    BINDING_ID: 'BND-900101-7f3a',
  },
};
const DEMO_DIRECT_DEBIT = {
  CS_PAYMENT_DATA: {
    PAYMENT_METHOD: 'DIRECT_DEBIT',
    IBAN: 'CY17002001280000001200527600',
    BANK: 'BCYPCY2N',
    ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
  },
};

interface DemoContract {
  no: string;
  offerNo: string;
  product: Product;
  startOffsetDays: number;
  /** Length of cover in days (travel); a year otherwise. */
  days?: number;
  status?: string;
  balance?: number;
  extra?: Record<string, unknown>;
}

async function insertContract(db: Db, h: Holder, c: DemoContract, today: string) {
  const start = addDays(today, c.startOffsetDays);
  const end = c.days ? addDays(start, c.days - 1) : policyEndDate(start, { years: 1 });
  const quote = quoteOf(h, c.product, start, end, c.extra);
  const cents = Math.round(c.product.premium * 100);
  await db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, customer_no,
                         status, expiry_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, 'PAID', $9::date, $10::timestamptz, $10::timestamptz)`,
    [
      c.offerNo,
      c.product.flow,
      c.product.productId,
      c.product.packageId,
      JSON.stringify(quote),
      cents,
      h.email,
      h.customerNo,
      addDays(start, 30),
      `${addDays(start, -2)}T09:30:00Z`,
    ],
  );
  await db.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7::date, $8, $9, $10, $11::jsonb, $12::timestamptz)`,
    [
      c.no,
      c.offerNo,
      c.product.productId,
      c.product.packageId,
      h.customerNo,
      start,
      end,
      cents,
      Math.round((c.balance ?? 0) * 100),
      c.status ?? 'ACTIVE',
      JSON.stringify({
        ...quote,
        CS_POLICY: { ...(quote.CS_POLICY as object), CONTRACT_NO: c.no, OFFER_NO: c.offerNo },
      }),
      `${start}T10:00:00Z`,
    ],
  );
}

async function insertOffer(
  db: Db,
  h: Holder,
  offerNo: string,
  product: Product,
  savedDaysAgo: number,
  today: string,
) {
  const saved = addDays(today, -savedDaysAgo);
  const start = addDays(today, 10);
  const quote = quoteOf(h, product, start, policyEndDate(start, { years: 1 }));
  await db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, customer_no,
                         status, expiry_date, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, 'OPEN', $9::date, $10::timestamptz, $10::timestamptz)`,
    [
      offerNo,
      product.flow,
      product.productId,
      product.packageId,
      JSON.stringify(quote),
      Math.round(product.premium * 100),
      h.email,
      h.customerNo,
      addDays(saved, 30),
      `${saved}T11:15:00Z`,
    ],
  );
}

/** Loads the demo data that is missing; answers the customer numbers it added. */
export async function seedDemoData(db: Db, now: Date): Promise<string[]> {
  const today = todayInNicosia(now);
  const added: string[] = [];
  // Hashing is slow on purpose: hash only for accounts that are missing.
  for (const h of DEMO_CUSTOMERS) {
    const [exists] = await db.query('SELECT 1 FROM customers WHERE customer_no = $1', [h.customerNo]);
    if (exists) continue;
    const passwordHash = h.account ? await hashPassword(DEMO_PASSWORD) : null;
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO customers (customer_no, contact_id, customer_type, id_type, id_number, birth_date, first_name,
           last_name, gender, profession, email, telephone, home_phone_number, work_phone_number, street, city,
           district, zip_code, building, house, apartment, marketing_consent, outdated_data, portal_refused,
           gdpr_consent_at, email_consent_at)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
           $22, $23, $24, $25::timestamptz, $25::timestamptz)`,
        [
          h.customerNo,
          h.contactId,
          h.type ?? 'INDIVIDUAL',
          h.idType,
          h.id,
          h.birthDate,
          h.first,
          h.last,
          h.gender,
          h.profession,
          h.email,
          h.mobile,
          h.home ?? '',
          h.work ?? '',
          h.street,
          h.city,
          h.district,
          h.zip,
          h.building ?? '',
          h.house,
          h.apartment ?? '',
          h.marketing ?? false,
          h.outdated ?? false,
          h.refused ?? false,
          h.account ? now.toISOString() : null,
        ],
      );
      if (h.account && passwordHash) {
        await tx.query(
          `INSERT INTO portal_users (user_id, customer_no, mobile, password_hash, failed_logins, locked, locked_at, two_factor)
           VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz, $8)`,
          [
            `U${h.customerNo}`,
            h.customerNo,
            h.mobile,
            passwordHash,
            h.account.locked ? 5 : 0,
            h.account.locked ?? false,
            h.account.locked ? now.toISOString() : null,
            h.account.twoFactor ?? false,
          ],
        );
      }
      await demoPolicies(tx, h, today);
    });
    added.push(h.customerNo);
  }
  return added;
}

async function demoPolicies(db: Db, h: Holder, today: string) {
  const P = PRODUCTS;
  if (h.customerNo === '900001') {
    await insertContract(
      db,
      h,
      { no: 'CY9000101', offerNo: 'OF900101', product: P.motor, startOffsetDays: -120, extra: DEMO_CARD },
      today,
    );
    await insertContract(
      db,
      h,
      {
        no: 'CY9000102',
        offerNo: 'OF900102',
        product: P.property,
        startOffsetDays: -40,
        extra: DEMO_DIRECT_DEBIT,
      },
      today,
    );
    await insertContract(
      db,
      h,
      {
        no: 'CY9000103',
        offerNo: 'OF900103',
        product: P.travel,
        startOffsetDays: -3,
        days: 12,
        status: 'PENDING_PAYMENT_REVIEW',
        balance: 38,
      },
      today,
    );
    await insertContract(
      db,
      h,
      { no: 'CY9000104', offerNo: 'OF900104', product: P.driver, startOffsetDays: -200 },
      today,
    );
    await insertContract(
      db,
      h,
      { no: 'CY9000105', offerNo: 'OF900105', product: P.hunter, startOffsetDays: -75 },
      today,
    );
    await insertContract(
      db,
      h,
      { no: 'CY9000106', offerNo: 'OF900106', product: P.cyber, startOffsetDays: -15 },
      today,
    );
    await insertOffer(
      db,
      h,
      'OF900111',
      { ...P.motor, packageId: 'TPFT', premium: 298.4, object: VEHICLE_COROLLA },
      4,
      today,
    );
    await insertOffer(
      db,
      h,
      'OF900112',
      { ...P.property, packageId: 'HOME_PREMIUM', premium: 289 },
      9,
      today,
    );
    await insertOffer(db, h, 'OF900113', P.cyber, 2, today); // not listed: no cyber offers in the portal
    await db.query(
      `INSERT INTO claims (claim_no, customer_no, contract_no, product_code, incident_date, incident_time, cause, location,
         description, status, submitted_on, claimed_amount_cents, compensation_type, payment_status, repair_shop)
       VALUES
       ('CL2026000101', '900001', 'CY9000101', 'MOTOR', $1::date, '08:40', 'COLLISION', 'Λεωφόρος Σπύρου Κυπριανού, Λεμεσός',
        'Σύγκρουση στο πίσω μέρος σε φανάρι· ζημιά στον προφυλακτήρα και στην πόρτα του χώρου αποσκευών.', 'IN_REVIEW', $1::date,
        185000, 'REPAIR', 'PENDING', 'Συνεργείο Χατζηπαναγιώτη, Στρόβολος'),
       ('CL2026000102', '900001', 'CY9000102', 'PROPERTY', $2::date, '21:15', 'WATER_LEAK', 'Λεωφόρος Στροβόλου 112, Στρόβολος',
        'Διαρροή νερού από σωλήνα του μπάνιου· φθορές στο ταβάνι του διαμερίσματος από κάτω.', 'PAID', $3::date,
        64000, 'CASH', 'PAID', ''),
       ('CL2026000103', '900001', 'CY9000101', 'MOTOR', $4::date, '13:05', 'WINDSCREEN', 'Αυτοκινητόδρομος Λευκωσίας–Λεμεσού',
        'Ράγισμα του παρμπρίζ από πέτρα.', 'SUBMITTED', $4::date, 42000, 'REPAIR', 'NONE', 'Δίκτυο συνεργείων GIC')`,
      [addDays(today, -20), addDays(today, -32), addDays(today, -31), addDays(today, -1)],
    );
    await insertClaimProgress(db, today);
  }
  if (h.customerNo === '900002') {
    await insertContract(
      db,
      h,
      {
        no: 'CY9000201',
        offerNo: 'OF900201',
        product: { ...P.motor, packageId: 'TPFT', premium: 341.2, object: VEHICLE_COROLLA },
        startOffsetDays: -60,
      },
      today,
    );
    await insertContract(
      db,
      h,
      {
        no: 'CY9000202',
        offerNo: 'OF900202',
        product: {
          ...P.property,
          packageId: 'HOME_BASIC',
          premium: 156,
          object: {
            CS_PROPERTY: {
              DISTRICT: 'LIM',
              CITY: 'GERMASOGEIA',
              POSTAL_CODE: '4040',
              STREET: 'Οδός Αμαθούντος',
              STREET_NUMBER: '27',
              BUILDING_TYPE: 'HOUSE',
              PROPERTY_AREA: 160,
              PROPERTY_VALUE: 192000,
              OWNER_OR_TENANT: 'OWNER',
            },
          },
        },
        startOffsetDays: -150,
      },
      today,
    );
  }
  if (h.customerNo === '900004') {
    await insertContract(
      db,
      h,
      {
        no: 'CY9000401',
        offerNo: 'OF900401',
        product: { ...P.travel, premium: 24 },
        startOffsetDays: -5,
        days: 12,
      },
      today,
    );
  }
  if (h.customerNo === '900005') {
    await insertContract(
      db,
      h,
      {
        no: 'CY9000501',
        offerNo: 'OF900501',
        product: {
          ...P.motor,
          packageId: 'COMP',
          premium: 712.3,
          object: {
            CS_VEHICLE: {
              LICENSE_PLATE: 'MXX973',
              MANUFACTURER: 'TOYOTA',
              MODEL: 'HILUX',
              VEHICLE_TYPE: 'PICKUP',
              VEHICLE_USE: 'PRIVATE_BUSINESS',
            },
          },
        },
        startOffsetDays: -90,
      },
      today,
    );
  }
  if (h.customerNo === '900008') {
    await insertContract(
      db,
      h,
      {
        no: 'CY9000801',
        offerNo: 'OF900801',
        product: {
          ...P.motor,
          packageId: 'COMP',
          premium: 428,
          object: {
            CS_VEHICLE: {
              LICENSE_PLATE: 'PKR582',
              CHASSIS_NUMBER: 'VF3MRHNSMLS118204',
              VEHICLE_TYPE: 'CAR',
              MANUFACTURER: 'PEUGEOT',
              MODEL: 'P2008',
              MANUFACTURE_YEAR: 2021,
              ENGINE_CAPACITY: 1199,
              NO_OF_SEATS: '5',
              VEHICLE_VALUE: 17800,
            },
          },
        },
        startOffsetDays: -2,
        extra: { PAYMENT: { PADDED_CARD_NO: '431280******7315' } },
      },
      today,
    );
  }
  if (h.customerNo === '900009') {
    // Ends 20 days from the day the demo data was loaded, with every answer of the driver flow, so
    // the renewal pass re-rates it and offers its renewal.
    await insertContract(
      db,
      h,
      {
        no: 'CY9000951',
        offerNo: 'OF900951',
        product: {
          ...P.driver,
          object: {
            CS_DRIVER: {
              INSURANCE_TYPE: 'CAR',
              AGE_BETWEEN_18_75: '1',
              CYPRUS_RESIDENT: '1',
              HEALTHY_DRIVER: '1',
              ACTIVATED: 'X',
            },
            CS_USER_EXTRAS: { LANGUAGE: 'el', TERMS_ACCEPTED: true },
          },
        },
        startOffsetDays: -345,
        extra: DEMO_CARD,
      },
      today,
    );
  }
  if (h.customerNo === '900007') {
    await insertContract(
      db,
      h,
      { no: 'CY9000701', offerNo: 'OF900701', product: P.driver, startOffsetDays: -30 },
      today,
    );
  }
}

/** The demo claims' timelines (case_events) and the paid one's payment, as the insurer left them. */
async function insertClaimProgress(db: Db, today: string) {
  const at = (days: number, time: string) => `${addDays(today, days)}T${time}:00Z`;
  const events: [string, string | null, string, string, string][] = [
    ['CL2026000101', null, 'SUBMITTED', '', at(-20, '07:10')],
    [
      'CL2026000101',
      'SUBMITTED',
      'IN_REVIEW',
      'Ο πραγματογνώμονας θα επιθεωρήσει το όχημα στο συνεργείο.',
      at(-18, '09:30'),
    ],
    ['CL2026000102', null, 'SUBMITTED', '', at(-31, '19:40')],
    ['CL2026000102', 'SUBMITTED', 'IN_REVIEW', '', at(-29, '08:15')],
    [
      'CL2026000102',
      'IN_REVIEW',
      'APPROVED',
      'Εγκρίθηκε η αποζημίωση για τις φθορές στο ταβάνι.',
      at(-22, '11:00'),
    ],
    ['CL2026000102', 'APPROVED', 'PAID', '', at(-20, '10:05')],
    ['CL2026000103', null, 'SUBMITTED', '', at(-1, '11:20')],
  ];
  for (const [ref, from, to, note, created] of events) {
    await db.query(
      `INSERT INTO case_events (case_kind, case_ref, customer_no, from_status, to_status, note, source, created_at)
       VALUES ('CLAIM', $1, '900001', $2, $3, $4, 'DEMO', $5::timestamptz)`,
      [ref, from, to, note, created],
    );
  }
  await db.query(
    `INSERT INTO claim_payments (claim_id, amount_cents, paid_on, method, account_masked, reference, created_at)
     SELECT claim_id, 64000, $1::date, 'BANK_TRANSFER', 'CY17 **** 7600', 'PAY-2026-00412', $2::timestamptz
       FROM claims WHERE claim_no = 'CL2026000102'`,
    [addDays(today, -20), at(-20, '10:05')],
  );
}
