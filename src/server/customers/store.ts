// Customers (CS_USER) and how purchases find them: a policy bought on the public site belongs to
// the customer with the same identification (ID type + ID + birth date, spec issue 12 item 1).

import type { Db } from '../db';
import type { Lang } from '../platform/i18n';
import { lovText } from '../reference';

export type CustomerRow = {
  customer_no: string;
  contact_id: string;
  customer_type: 'INDIVIDUAL' | 'LEGAL_ENTITY';
  id_type: string;
  id_number: string;
  birth_date: string | null;
  first_name: string;
  last_name: string;
  gender: string;
  profession: string;
  email: string;
  telephone: string;
  home_phone_number: string;
  work_phone_number: string;
  street: string;
  street_other: string;
  city: string;
  city_other: string;
  district: string;
  zip_code: string;
  building: string;
  house: string;
  apartment: string;
  po_box: string;
  marketing_consent: boolean;
  sms_consent: boolean;
  outdated_data: boolean;
  portal_refused: boolean;
};

export interface Identity {
  idType?: string;
  idNumber: string;
  birthDate: string;
}

/** ID numbers compare without spaces or dashes and in capitals (passports carry letters). */
export function normalizeIdNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

/** The CS_USER record of spec §3, with list texts in the request language. */
export function csUser(c: CustomerRow, lang: Lang) {
  return {
    TELEPHONE: c.telephone,
    FIRST_NAME: c.first_name,
    LAST_NAME: c.last_name,
    BIRTHDATE: c.birth_date ?? '',
    GENDER: c.gender,
    GENDER_DESC: c.gender ? (lovText('GENDER', c.gender, lang) ?? '') : '',
    ID_TYPE: c.id_type,
    ID: c.id_number,
    EMAIL: c.email,
    PROFESSION: c.profession,
    PROFESSION_DESC: c.profession ? (lovText('PROFESSION', c.profession, lang) ?? '') : '',
    HOME_PHONE_NUMBER: c.home_phone_number,
    WORK_PHONE_NUMBER: c.work_phone_number,
    STREET: c.street,
    STREET_OTHER: c.street_other,
    CITY: c.city,
    CITY_DESC: c.city ? (lovText('CITY', c.city, lang) ?? c.city) : '',
    CITY_OTHER: c.city_other,
    DISTRICT: c.district,
    ZIP_CODE: c.zip_code,
    BUILDING: c.building,
    HOUSE: c.house,
    APARTMENT: c.apartment,
    PO_BOX: c.po_box,
    MARKETING_CONSENT: c.marketing_consent,
    // Texts about the customer's own claims, changes and renewals (as well as the e-mails).
    SMS_CONSENT: Boolean(c.sms_consent),
    OUTDATED_DATA: c.outdated_data,
    CUSTOMER_NO: c.customer_no,
    CONTACT_ID: c.contact_id,
  };
}

export async function customerByNo(db: Db, customerNo: string): Promise<CustomerRow | null> {
  const [row] = await db.query<CustomerRow>('SELECT * FROM customers WHERE customer_no = $1', [customerNo]);
  return row ?? null;
}

/** The customer with this identity; without an ID type, any type with that number and birth date. */
export async function customerByIdentity(db: Db, identity: Identity): Promise<CustomerRow | null> {
  const rows = await db.query<CustomerRow>(
    `SELECT * FROM customers WHERE id_number = $1 AND birth_date = $2::date AND ($3::text IS NULL OR id_type = $3)
      ORDER BY customer_no LIMIT 1`,
    [normalizeIdNumber(identity.idNumber), identity.birthDate, identity.idType ?? null],
  );
  return rows[0] ?? null;
}

const HOLDER = (column: 'data' | 'quote', key: string) => `${column} #>> '{CS_POLICY_HOLDER,${key}}'`;

function holderMatch(column: 'data' | 'quote', first: number): string {
  return `customer_no IS NULL
      AND upper(replace(replace(${HOLDER(column, 'NATIONAL_ID')}, ' ', ''), '-', '')) = $${first}
      AND coalesce(nullif(${HOLDER(column, 'NATIONAL_ID_TYPE')}, ''), 'ID') = $${first + 1}
      AND ${HOLDER(column, 'BIRTH_DATE')} = $${first + 2}`;
}

/** Gives the customer the site's contracts and offers made with their identity (idempotent). */
export async function linkPurchases(db: Db, customer: CustomerRow): Promise<void> {
  if (!customer.birth_date) return;
  const params = [customer.customer_no, customer.id_number, customer.id_type, customer.birth_date];
  await db.query(`UPDATE contracts SET customer_no = $1 WHERE ${holderMatch('data', 2)}`, params);
  await db.query(`UPDATE offers SET customer_no = $1 WHERE ${holderMatch('quote', 2)}`, params);
}

/**
 * A customer for a policyholder who bought on the site but is not yet a customer row: made from
 * the newest such contract's policyholder details. Null when no contract has this identity.
 */
export async function customerFromPurchases(db: Db, identity: Identity): Promise<CustomerRow | null> {
  const idNumber = normalizeIdNumber(identity.idNumber);
  const types = identity.idType ? [identity.idType] : ['ID', 'PASSPORT', 'ARC', 'MEU1'];
  for (const idType of types) {
    const [contract] = await db.query<{ holder: Record<string, unknown> }>(
      `SELECT data -> 'CS_POLICY_HOLDER' AS holder FROM contracts WHERE ${holderMatch('data', 1)}
        ORDER BY created_at DESC LIMIT 1`,
      [idNumber, idType, identity.birthDate],
    );
    if (!contract) continue;
    const h = contract.holder;
    const text = (key: string) => (typeof h[key] === 'string' ? (h[key] as string).trim() : '');
    const [{ customer_no, contact_id }] = await db.query<{ customer_no: string; contact_id: string }>(
      `SELECT nextval('customer_no_seq')::text AS customer_no, nextval('contact_id_seq')::text AS contact_id`,
    );
    const [created] = await db.query<CustomerRow>(
      `INSERT INTO customers (customer_no, contact_id, id_type, id_number, birth_date, first_name, last_name, gender,
         email, telephone, home_phone_number, street, house, city, district, zip_code)
       VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (id_type, id_number, birth_date) DO NOTHING
       RETURNING *`,
      [
        customer_no,
        contact_id,
        idType,
        idNumber,
        identity.birthDate,
        text('FIRST_NAME'),
        text('LAST_NAME'),
        text('GENDER_ID'),
        text('MAIL_ADDRESS').toLowerCase(),
        text('MOB_PHONE_NO'),
        text('HOME_PHONE_NO'),
        text('STREET'),
        text('STREET_NUMBER'),
        text('CITY'),
        text('DISTRICT'),
        text('POSTAL_CODE'),
      ],
    );
    const customer = created ?? (await customerByIdentity(db, { ...identity, idType }));
    if (customer) await linkPurchases(db, customer);
    return customer;
  }
  return null;
}

/** The customer of an identity, made from the site's purchases when needed. */
export async function findCustomer(db: Db, identity: Identity): Promise<CustomerRow | null> {
  return (await customerByIdentity(db, identity)) ?? (await customerFromPurchases(db, identity));
}

/** "99●●●●04": enough for the customer to recognise the number. */
export function maskMobile(mobile: string): string {
  return mobile.length < 6
    ? '●●●●'
    : `${mobile.slice(0, 2)}${'●'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return '';
  return `${email.slice(0, Math.min(2, at))}●●●${email.slice(at)}`;
}
