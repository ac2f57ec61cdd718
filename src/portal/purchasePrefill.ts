// The customer's details a purchase started from the portal begins with (spec §2: "Contract
// purchase … with the customer's details prefilled"). Every product flow asks for the
// policyholder through the shared field sets (flows/_shared/holder.json and address.json), so one
// map from CS_USER to those paths serves every product; empty details are left for the form.

import type { CsUser } from '../api/portal';

const HOLDER_PATHS: Record<string, keyof CsUser> = {
  'CS_POLICY_HOLDER.FIRST_NAME': 'FIRST_NAME',
  'CS_POLICY_HOLDER.LAST_NAME': 'LAST_NAME',
  'CS_POLICY_HOLDER.BIRTH_DATE': 'BIRTHDATE',
  'CS_POLICY_HOLDER.NATIONAL_ID_TYPE': 'ID_TYPE',
  'CS_POLICY_HOLDER.NATIONAL_ID': 'ID',
  'CS_POLICY_HOLDER.GENDER_ID': 'GENDER',
  'CS_POLICY_HOLDER.MOB_PHONE_NO': 'TELEPHONE',
  'CS_POLICY_HOLDER.HOME_PHONE_NO': 'HOME_PHONE_NUMBER',
  'CS_POLICY_HOLDER.MAIL_ADDRESS': 'EMAIL',
  'CS_POLICY_HOLDER.DISTRICT': 'DISTRICT',
  'CS_POLICY_HOLDER.CITY': 'CITY',
  'CS_POLICY_HOLDER.STREET': 'STREET',
  'CS_POLICY_HOLDER.STREET_NUMBER': 'HOUSE',
  'CS_POLICY_HOLDER.APARTMENT_NUMBER': 'APARTMENT',
  'CS_POLICY_HOLDER.POSTAL_CODE': 'ZIP_CODE',
};

/** The quote values (by path) a new purchase takes from the customer's details. */
export function purchasePrefill(user: CsUser): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, key] of Object.entries(HOLDER_PATHS)) {
    const value = user[key];
    if (typeof value === 'string' && value.trim() !== '') out[path] = value;
  }
  return out;
}
