// Typed functions for the customer portal's /zcp calls (docs/portal-api.md): the session
// (/um), the customer (/customer), the dashboard reads and passkeys. Credentials travel as
// HttpOnly cookies; the client adds the CSRF header and refreshes silently (./client).

import { type ZcpCallOptions, zcpCommand, zcpRead, zcpRequest } from './client';

const seg = (s: string) => encodeURIComponent(s);

/** The session body: login, 2FA completion, passkey login, refresh and GET /um/session answer it. */
export interface PortalSession {
  LOGGED_IN: boolean;
  TWO_FA_REQUIRED: boolean;
  LOCKED: boolean;
  USERNAME: string;
  USER_ID: string;
  CLIENT_ID: string;
  CUSTOMER_NO: string;
  CONTACT_ID: string;
  TELEPHONE: string;
  BIRTHDATE: string;
  OUTDATED_DATA: boolean;
  ACCESS_EXPIRES_AT?: string;
  SESSION_EXPIRES_AT?: string;
  /** The service's inactivity timeout, in seconds. */
  INACTIVITY_SECONDS?: number;
}

/** A right password on a two-factor account: the second factor is still to come. */
export interface TwoFactorPending {
  LOGGED_IN: false;
  TWO_FA_REQUIRED: true;
  TWO_FA_METHODS: ('SMS' | 'PASSKEY')[];
  MOBILE_HINT?: string;
  LOCKED: false;
}

export type LoginAnswer = PortalSession | TwoFactorPending;

export function isTwoFactorPending(x: LoginAnswer): x is TwoFactorPending {
  return x.TWO_FA_REQUIRED === true && x.LOGGED_IN === false;
}

/** CS_USER: the customer's details (spec §3). */
export interface CsUser {
  TELEPHONE: string;
  FIRST_NAME: string;
  LAST_NAME: string;
  BIRTHDATE: string;
  GENDER: string;
  GENDER_DESC?: string;
  ID_TYPE: string;
  ID: string;
  EMAIL: string;
  PROFESSION: string;
  PROFESSION_DESC?: string;
  HOME_PHONE_NUMBER: string;
  WORK_PHONE_NUMBER: string;
  STREET: string;
  STREET_OTHER: string;
  CITY: string;
  CITY_OTHER: string;
  DISTRICT: string;
  ZIP_CODE: string;
  BUILDING: string;
  HOUSE: string;
  APARTMENT: string;
  PO_BOX: string;
  MARKETING_CONSENT: boolean;
  /** Texts about claims, changes and renewals, besides the e-mails. */
  SMS_CONSENT?: boolean;
  OUTDATED_DATA: boolean;
  CUSTOMER_NO: string;
  CONTACT_ID: string;
}

export interface ContractEntry {
  CONTRACT_NO: string;
  CONTRACT_VERSION: number;
  PRODUCT_ID: string;
  PRODUCT_CODE: string;
  PACKAGE_ID?: string;
  STATUS: string;
  START_DATE: string;
  EXPIRY_DATE: string;
  ZZPREMIUM_BEFORE_DISC_AMOUNT?: number;
  ZZPREMIUM_AFTER_DISC_AMOUNT: number;
  ZZBALANCE_AMOUNT: number;
  OBJECT_DESC?: string;
  /** The contract's renewal, once prepared (issue 28 item 2). */
  RENEWAL?: RenewalEntry | null;
}

export interface RenewalEntry {
  STATUS: 'OFFERED' | 'RENEWED' | 'EXPIRED' | 'REFERRED';
  OFFER_NO: string;
  /** The renewal's premium (euro) and period. */
  PREMIUM: number;
  START_DATE: string;
  EXPIRY_DATE: string;
  NEW_CONTRACT_NO: string;
  /** Into the product's purchase flow, while it can be paid ('' otherwise). */
  LINK: string;
}

export interface OfferEntry {
  OFFER_NO: string;
  /** The contract a renewal offer renews ('' for a new policy's offer). */
  RENEWAL_OF?: string;
  PRODUCT_ID: string;
  PRODUCT_CODE: string;
  OFFER_TYPE?: string;
  PACKAGE_ID?: string;
  SAVE_DATE: string;
  EXPIRY_DATE: string;
  PREMIUM: number;
  STATUS?: string;
  OBJECT_DESC?: string;
  DATA_CHANGED?: boolean;
}

export interface ClaimEntry {
  CLAIM_NO: string;
  CLAIM_ID: string;
  CONTRACT_NO: string;
  PRODUCT_CODE: string;
  INCIDENT_DATE: string;
  INCIDENT_TIME?: string;
  CAUSE?: string;
  CAUSE_DESC?: string;
  LOCATION?: string;
  DESCRIPTION?: string;
  STATUS: string;
  STATUS_DESC?: string;
  SUBMITTED_ON: string;
  CLAIMED_AMOUNT?: number;
  COMPENSATION_TYPE?: string;
  PAYMENT_STATUS?: string;
}

export interface PasskeyEntry {
  ID: string;
  NAME: string;
  CREATED_AT: string;
  LAST_USED_AT: string | null;
  BACKED_UP?: boolean;
}

// --- Session (/um)

export function login(username: string, password: string): Promise<LoginAnswer> {
  return zcpRead('POST', 'um/login', { USERNAME: username, PASSWORD: password }, { quiet: true });
}

export function getSession(options?: ZcpCallOptions): Promise<PortalSession> {
  return zcpRead('GET', 'um/session', undefined, { quiet: true, ...options });
}

export function logout(userId?: string): Promise<true> {
  return zcpCommand('POST', 'um/logout', userId ? { ID: userId } : {}, { quiet: true, noRefresh: true });
}

/** Sends the SMS code of a two-factor login. */
export function sendTwoFactorCode(): Promise<true> {
  return zcpCommand('POST', 'um/2falogin', { METHOD: 'SMS' }, { quiet: true });
}

export function validateTwoFactorCode(code: string): Promise<PortalSession> {
  return zcpRead('POST', 'um/2favalidateotp', { CODE: code }, { quiet: true });
}

/** The current password before a sensitive change; a two-factor account also gets an SMS code. */
export function verifyPassword(
  password: string,
): Promise<true | { OTP_REQUIRED: true; MOBILE_HINT?: string }> {
  return zcpRequest('POST', 'um/verifypassword', { PASSWORD: password }, { quiet: true }) as Promise<
    true | { OTP_REQUIRED: true; MOBILE_HINT?: string }
  >;
}

export function verifyPasswordCode(code: string): Promise<true> {
  return zcpCommand('POST', 'um/verifypasswordotp', { CODE: code }, { quiet: true });
}

export function setPassword(userId: string, password: string): Promise<true> {
  return zcpCommand('PUT', `um/setpassword/${seg(userId)}`, { PASSWORD: password }, { quiet: true });
}

/** The account's own settings (two-factor login, passkeys, lock). */
export interface UserSettings {
  USER_ID: string;
  USERNAME: string;
  LOCKED: boolean;
  TWO_FA: boolean;
  PASSKEYS: number;
}

export function verifyUser(userId: string): Promise<UserSettings> {
  return zcpRead('GET', `um/verifyuser/${seg(userId)}`);
}

/** Two-factor login on or off (after re-authentication). */
export function setTwoFactor(userId: string, enabled: boolean): Promise<true> {
  return zcpCommand('PUT', `um/2fa/${seg(userId)}`, { ENABLED: enabled }, { quiet: true });
}

export type SmsPurpose = 'REGISTRATION' | 'RESET' | 'MOBILE_CHANGE';

export function createSmsCode(recipient: string, purpose: SmsPurpose): Promise<true> {
  return zcpCommand('POST', 'um/createotp', { RECIPIENT: recipient, PURPOSE: purpose }, { quiet: true });
}

// --- Customer (/customer)

export function getCustomer(customerNo: string): Promise<{ CS_USER: CsUser }> {
  return zcpRead('GET', `customer/${seg(customerNo)}`);
}

export type CustomerUpdate = 'custUpdBasic' | 'custUpdAddr' | 'custUpdConsent' | 'custUpdProfile';

export function updateCustomer(
  kind: CustomerUpdate,
  customerNo: string,
  fields: Partial<CsUser>,
): Promise<{ CS_USER: CsUser }> {
  return zcpRead('PUT', `customer/${kind}/${seg(customerNo)}`, fields, { quiet: true });
}

export function updateMobile(mobile: string, code: string): Promise<{ CS_USER: CsUser }> {
  return zcpRead('PUT', 'customer/custUpdMobile', { MOBILE_NUMBER: mobile, CODE: code }, { quiet: true });
}

// --- Dashboard reads

export function getContracts(customerNo: string): Promise<{ CT_CONTRACTS: ContractEntry[] }> {
  return zcpRead('GET', `contract/search/${seg(customerNo)}`);
}

/** Offers arrive as CT_OFFERS or OFFER_LIST (spec §3): either is read. */
export async function getOffers(contactId: string): Promise<OfferEntry[]> {
  const answer = await zcpRead<{ CT_OFFERS?: OfferEntry[]; OFFER_LIST?: OfferEntry[] }>(
    'GET',
    `offer/search/${seg(contactId)}`,
  );
  return answer.CT_OFFERS ?? answer.OFFER_LIST ?? [];
}

export function getClaims(customerNo: string): Promise<{ CLAIM_LIST: ClaimEntry[] }> {
  return zcpRead('POST', 'claim/ClaimList', { CUSTOMER_NO: customerNo });
}

// --- Passkeys

export function passkeyRegistrationOptions(): Promise<unknown> {
  return zcpRead('POST', 'um/passkey/register/options', {}, { quiet: true });
}

export function passkeyRegistrationVerify(
  response: unknown,
  name: string,
): Promise<{ PASSKEY: PasskeyEntry }> {
  return zcpRead('POST', 'um/passkey/register/verify', { RESPONSE: response, NAME: name }, { quiet: true });
}

export function listPasskeys(): Promise<{ CT_PASSKEYS: PasskeyEntry[] }> {
  return zcpRead('GET', 'um/passkeys');
}

export function removePasskey(id: string): Promise<true> {
  return zcpCommand('DELETE', `um/passkeys/${seg(id)}`, undefined, { quiet: true });
}

export function passkeyLoginOptions(username?: string): Promise<unknown> {
  return zcpRead('POST', 'um/passkey/login/options', username ? { USERNAME: username } : {}, { quiet: true });
}

export function passkeyLoginVerify(response: unknown): Promise<PortalSession> {
  return zcpRead('POST', 'um/passkey/login/verify', { RESPONSE: response }, { quiet: true });
}

export function passkeySecondFactorOptions(): Promise<unknown> {
  return zcpRead('POST', 'um/2fapasskey/options', {}, { quiet: true });
}

export function passkeySecondFactorVerify(response: unknown): Promise<PortalSession> {
  return zcpRead('POST', 'um/2fapasskey/verify', { RESPONSE: response }, { quiet: true });
}

/** Re-confirmation by a passkey instead of the password (a withdrawal). */
export function passkeyReauthOptions(): Promise<unknown> {
  return zcpRead('POST', 'um/reauthpasskey/options', {}, { quiet: true });
}

export function passkeyReauthVerify(response: unknown): Promise<true> {
  return zcpCommand('POST', 'um/reauthpasskey/verify', { RESPONSE: response }, { quiet: true });
}
