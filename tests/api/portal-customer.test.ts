// Portal accounts and data (issue 12 items 1-3): registration with an SMS code (happy path, a site
// buyer found by identity, refusals), the dashboard reads, the profile calls, re-authentication,
// password and mobile change, and the refusal of another customer's ids by every id-taking call.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { FIXTURE_PASSWORD, lastSmsCode, makeAccount, PortalClient, smsTo } from './support/portal';

let s: TestService;

beforeAll(async () => {
  s = await startService({ config: { portal: { ...testConfig().portal, demoData: true } } });
});
afterAll(async () => {
  await s?.close();
});

async function loggedIn(mobile: string, ip: string, lang: 'el' | 'en' = 'en') {
  const c = new PortalClient(s, { ip, lang });
  const res = await c.login(mobile, DEMO_PASSWORD);
  expect(res.statusCode).toBe(200);
  return c;
}

/** createotp + code from the dev SMS outbox + validateotp, as the register wizard does. */
async function confirmedCode(c: PortalClient, mobile: string) {
  if (!c.csrf) await c.fetchCsrf();
  expect((await c.post('/zcp/um/createotp', { RECIPIENT: mobile, PURPOSE: 'REGISTRATION' })).statusCode).toBe(
    204,
  );
  const code = await lastSmsCode(s, mobile);
  expect((await c.post('/zcp/um/validateotp', { RECIPIENT: mobile, CODE: code })).statusCode).toBe(204);
  return code;
}

const registration = (
  mobile: string,
  code: string,
  identity: { id: string; birth: string; type?: string },
) => ({
  MOBILE_NUMBER: mobile,
  CODE: code,
  PASSWORD: 'Famagusta!2026',
  EMAIL: 'new.customer@example.com.cy',
  DATE_OF_BIRTH: identity.birth,
  IDENTIFICATION: identity.id,
  ...(identity.type ? { ID_TYPE: identity.type } : {}),
  NAME: 'Μαρία',
  SURNAME: 'Κωνσταντίνου',
  GDPR_CONSENT: true,
  EMAIL_CONSENT: true,
  MARKETING_CONSENT: false,
});

describe('registration', () => {
  it('registers a customer: SMS code from the dev outbox, identity matched, password; then logs in and sees their contract', async () => {
    const c = new PortalClient(s, { ip: '10.20.0.1' });
    const mobile = '99123401';
    const code = await confirmedCode(c, mobile);
    const [sms] = await smsTo(s, mobile);
    expect(sms).toMatchObject({ template: 'otp', language: 'en' });
    expect(sms.text).toContain(code);
    const match = await c.post('/zcp/customer/matching', {
      MOBILE_NUMBER: mobile,
      CODE: code,
      IDENTIFICATION: '654321',
      DATE_OF_BIRTH: '1992-09-23',
    });
    expect(match.statusCode).toBe(200);
    expect(match.json()).toMatchObject({
      MATCHED: true,
      FIRST_NAME: 'Μαρία',
      EMAIL_HINT: 'ma●●●@example.com.cy',
    });
    const res = await c.post(
      '/zcp/um/register',
      registration(mobile, code, { id: '654321', birth: '1992-09-23' }),
    );
    expect(res.statusCode).toBe(204);
    const login = await c.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Famagusta!2026' });
    expect(login.statusCode).toBe(200);
    expect(login.json().CUSTOMER_NO).toBe('900007');
    const contracts = await c.get('/zcp/contract/search/900007');
    expect(contracts.json().CT_CONTRACTS.map((x: { CONTRACT_NO: string }) => x.CONTRACT_NO)).toEqual([
      'CY9000701',
    ]);
    const profile = (await c.get('/zcp/customer/900007')).json().CS_USER;
    expect(profile).toMatchObject({
      TELEPHONE: mobile,
      EMAIL: 'new.customer@example.com.cy',
      MARKETING_CONSENT: false,
    });
    // The code was spent by the registration.
    const again = await c.post(
      '/zcp/um/register',
      registration(mobile, code, { id: '654321', birth: '1992-09-23' }),
    );
    expect(again.json().CODE).toBe('EXPIRED');
  });

  it('a policy bought on the public site shows in the portal of the customer with the same ID type, ID and birth date', async () => {
    const holder = {
      FIRST_NAME: 'Γιώργος',
      LAST_NAME: 'Αντωνίου',
      NATIONAL_ID_TYPE: 'ID',
      NATIONAL_ID: '731199',
      BIRTH_DATE: '1988-12-01',
      MAIL_ADDRESS: 'giorgos.antoniou@example.com.cy',
      MOB_PHONE_NO: '99731199',
    };
    const quote = {
      CS_POLICY_HOLDER: holder,
      CS_POLICY: { PRODUCT_ID: '157' },
      CS_PROPERTY: { STREET: 'Οδός Ζήνωνος Κιτιέως', STREET_NUMBER: '5', CITY: 'LARNAKA' },
    };
    await s.testDb.db.query(
      `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, status, expiry_date)
       VALUES ('OF777001', 'property', '157', 'HOME_BASIC', $1::jsonb, 18000, $2, 'PAID', '2026-04-01'),
              ('OF777002', 'driver', '516', 'DRV_BASIC', $1::jsonb, 3800, $2, 'OPEN', '2099-04-01')`,
      [JSON.stringify(quote), holder.MAIL_ADDRESS],
    );
    await s.testDb.db.query(
      `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, start_date, expiry_date, premium_cents, status, data)
       VALUES ('CY7770001', 'OF777001', '157', 'HOME_BASIC', '2026-03-01', '2027-02-28', 18000, 'ACTIVE', $1::jsonb)`,
      [JSON.stringify(quote)],
    );
    const c = new PortalClient(s, { ip: '10.20.0.2' });
    const mobile = '99731199';
    const code = await confirmedCode(c, mobile);
    const res = await c.post('/zcp/um/register', {
      ...registration(mobile, code, { id: '731199', birth: '1988-12-01', type: 'ID' }),
      EMAIL: holder.MAIL_ADDRESS,
    });
    expect(res.statusCode).toBe(204);
    const login = await c.post('/zcp/um/login', { USERNAME: mobile, PASSWORD: 'Famagusta!2026' });
    const { CUSTOMER_NO, CONTACT_ID } = login.json();
    const contracts = (await c.get(`/zcp/contract/search/${CUSTOMER_NO}`)).json().CT_CONTRACTS;
    expect(contracts).toEqual([
      expect.objectContaining({
        CONTRACT_NO: 'CY7770001',
        PRODUCT_CODE: 'PROPERTY',
        OBJECT_DESC: 'Οδός Ζήνωνος Κιτιέως 5, Larnaca',
      }),
    ]);
    const offers = (await c.get(`/zcp/offer/search/${CONTACT_ID}`)).json().CT_OFFERS;
    expect(offers.map((o: { OFFER_NO: string }) => o.OFFER_NO)).toEqual(['OF777002']);
    const profile = (await c.get(`/zcp/customer/${CUSTOMER_NO}`)).json().CS_USER;
    expect(profile).toMatchObject({
      FIRST_NAME: 'Γιώργος',
      LAST_NAME: 'Αντωνίου',
      ID: '731199',
      BIRTHDATE: '1988-12-01',
    });
  });

  it('refuses the identity the insurer refuses (422 REFUSED), a legal entity, an unknown identity, in el and en', async () => {
    const c = new PortalClient(s, { ip: '10.20.0.3', lang: 'el' });
    const mobile = '99123403';
    const code = await confirmedCode(c, mobile);
    const refused = await c.post(
      '/zcp/um/register',
      registration(mobile, code, { id: '990099', birth: '1970-07-07' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      CODE: 'REFUSED',
      MESSAGES: [
        {
          MSGTEXT:
            'Η εγγραφή σας δεν μπορεί να ολοκληρωθεί διαδικτυακά. Παρακαλούμε επικοινωνήστε με το τηλεφωνικό μας κέντρο στο 8000 8787.',
        },
      ],
    });
    const legal = await c.post('/zcp/customer/matching', {
      MOBILE_NUMBER: mobile,
      CODE: code,
      IDENTIFICATION: '10284567',
      DATE_OF_BIRTH: '1970-01-01',
    });
    expect(legal.json().CODE).toBe('USER_NOT_FOUND');
    await s.testDb.db.query(`UPDATE customers SET birth_date = '1999-01-01' WHERE customer_no = '900005'`);
    const company = await c.post('/zcp/customer/matching', {
      MOBILE_NUMBER: mobile,
      CODE: code,
      IDENTIFICATION: '10284567',
      DATE_OF_BIRTH: '1999-01-01',
    });
    expect(company.json().CODE).toBe('LEGAL_ENTITY');
    const unknown = await c.post(
      '/zcp/um/register',
      registration(mobile, code, { id: '111111', birth: '1980-01-01' }),
      { lang: 'en' },
    );
    expect(unknown.json()).toMatchObject({
      CODE: 'USER_NOT_FOUND',
      MESSAGES: [
        { MSGTEXT: 'We could not find a user with these details. Please check your personal details again.' },
      ],
    });
    expect(await s.testDb.db.query('SELECT 1 FROM portal_users WHERE mobile = $1', [mobile])).toHaveLength(0);
  });

  it('refuses a missing consent, a weak password, a wrong code, and an identity that already has an account', async () => {
    const c = new PortalClient(s, { ip: '10.20.0.4' });
    const mobile = '99123404';
    const code = await confirmedCode(c, mobile);
    const body = registration(mobile, code, { id: '784512', birth: '1984-05-17' });
    expect((await c.post('/zcp/um/register', { ...body, GDPR_CONSENT: false })).json()).toMatchObject({
      CODE: 'CONSENT_REQUIRED',
      MESSAGES: [{ FIELD: 'GDPR_CONSENT' }],
    });
    expect(
      (await c.post('/zcp/um/register', { ...body, EMAIL_CONSENT: false })).json().MESSAGES[0].FIELD,
    ).toBe('EMAIL_CONSENT');
    const weak = await c.post('/zcp/um/register', { ...body, PASSWORD: 'famagusta!2026' });
    expect(weak.json()).toMatchObject({
      CODE: 'WEAK_PASSWORD',
      MESSAGES: [{ MSGTEXT: 'The password must contain at least one capital English letter (A–Z).' }],
    });
    const taken = await c.post('/zcp/um/register', body);
    expect(taken.json().CODE).toBe('ALREADY_REGISTERED');
    const other = '99123405';
    await c.post('/zcp/um/createotp', { RECIPIENT: other });
    const real = await lastSmsCode(s, other);
    const wrong = await c.post(
      '/zcp/um/register',
      registration(other, real === '123456' ? '654321' : '123456', { id: '654321', birth: '1992-09-23' }),
    );
    expect(wrong.json().CODE).toBe('INVALID');
  });

  it('refuses a mobile that is not the one on record for the customer (422 MOBILE_NOT_ON_RECORD), accepts that one', async () => {
    await s.testDb.db.query(
      `INSERT INTO customers (customer_no, contact_id, id_type, id_number, birth_date, first_name, last_name, telephone)
       VALUES ('T7001', 'C7001', 'ID', '707070', '1975-05-05', 'Παναγιώτης', 'Λοΐζου', '99555001')`,
    );
    const c = new PortalClient(s, { ip: '10.20.0.6' });
    const other = await confirmedCode(c, '99555002');
    const refused = await c.post(
      '/zcp/um/register',
      registration('99555002', other, { id: '707070', birth: '1975-05-05' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      CODE: 'MOBILE_NOT_ON_RECORD',
      MESSAGES: [{ FIELD: 'MOBILE_NUMBER', MSGTEXT: expect.stringContaining('8000 8787') }],
    });
    const own = await confirmedCode(c, '99555001');
    expect(
      (await c.post('/zcp/um/register', registration('99555001', own, { id: '707070', birth: '1975-05-05' })))
        .statusCode,
    ).toBe(204);
  });

  it('matching needs a code confirmed for that mobile', async () => {
    const c = new PortalClient(s, { ip: '10.20.0.5' });
    await c.fetchCsrf();
    const res = await c.post('/zcp/customer/matching', {
      MOBILE_NUMBER: '99123406',
      CODE: '123456',
      IDENTIFICATION: '784512',
      DATE_OF_BIRTH: '1984-05-17',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('EXPIRED');
  });
});

describe('dashboard', () => {
  it('99000001 has contracts of every product, open offers without cyber, and claims', async () => {
    const c = await loggedIn('99000001', '10.21.0.1', 'el');
    const contracts = (await c.get('/zcp/contract/search/900001')).json().CT_CONTRACTS;
    expect(new Set(contracts.map((x: { PRODUCT_CODE: string }) => x.PRODUCT_CODE))).toEqual(
      new Set(['MOTOR', 'PROPERTY', 'TRAVEL', 'DRIVER', 'HUNTER', 'CYBER']),
    );
    expect(contracts.find((x: { PRODUCT_CODE: string }) => x.PRODUCT_CODE === 'MOTOR')).toMatchObject({
      CONTRACT_NO: 'CY9000101',
      STATUS: 'ACTIVE',
      ZZPREMIUM_AFTER_DISC_AMOUNT: 486.78,
      ZZBALANCE_AMOUNT: 0,
      OBJECT_DESC: 'NNT240 Toyota RAV4',
    });
    expect(contracts.find((x: { CONTRACT_NO: string }) => x.CONTRACT_NO === 'CY9000103')).toMatchObject({
      STATUS: 'PENDING_PAYMENT_REVIEW',
      ZZBALANCE_AMOUNT: 38,
    });
    const offers = (await c.get('/zcp/offer/search/790001')).json();
    expect(offers.CT_OFFERS.map((o: { OFFER_NO: string }) => o.OFFER_NO).sort()).toEqual([
      'OF900111',
      'OF900112',
    ]);
    expect(offers.OFFER_LIST).toEqual(offers.CT_OFFERS);
    expect(offers.CT_OFFERS[0]).toMatchObject({
      OFFER_TYPE: expect.stringMatching(/^OFFER_(MOTOR|PROPERTY)$/),
    });
    // The token reopens the offer from any browser; the portal's own link carries none (the
    // session authorises it, and a token would stay in the browser's history after logout).
    const home = offers.CT_OFFERS.find((o: { OFFER_NO: string }) => o.OFFER_NO === 'OF900112');
    expect(home.LINK).toBe('/property/offer/1?offer=OF900112');
    const detail = await new PortalClient(s, { ip: '10.21.0.9' }).get(
      `/zcp/offer/detail/OF900112/157?token=${home.TOKEN}`,
    );
    expect(detail.statusCode).toBe(200);
    expect(detail.json().CS_POLICY.OFFER_NO).toBe('OF900112');
    const claims = (await c.post('/zcp/claim/ClaimList', { CUSTOMER_NO: '900001' })).json().CLAIM_LIST;
    expect(claims).toHaveLength(3);
    expect(claims.find((x: { CLAIM_NO: string }) => x.CLAIM_NO === 'CL2026000101')).toMatchObject({
      CONTRACT_NO: 'CY9000101',
      STATUS: 'IN_REVIEW',
      STATUS_DESC: 'Υπό εξέταση',
      CLAIMED_AMOUNT: 1850,
      PAYMENT_STATUS: 'PENDING',
    });
    const announcements = await c.get('/zcp/announcement');
    expect(announcements.statusCode).toBe(200);
  });

  it("a logged-in customer's later purchase on the public site appears on their dashboard; another identity's does not", async () => {
    const c = await loggedIn('99000001', '10.21.0.3');
    const holder = (id: string, birth: string) => ({
      CS_POLICY_HOLDER: {
        FIRST_NAME: 'Ανδρέας',
        LAST_NAME: 'Γεωργίου',
        NATIONAL_ID_TYPE: 'ID',
        NATIONAL_ID: id,
        BIRTH_DATE: birth,
      },
      CS_POLICY: { PRODUCT_ID: '516' },
    });
    for (const [n, quote] of [
      ['1', holder('784512', '1984-05-17')],
      ['2', holder('784512', '1984-05-18')],
    ] as const) {
      await s.testDb.db.query(
        `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, status, expiry_date)
         VALUES ($1, 'driver', '516', 'DRV_BASIC', $2::jsonb, 3800, 'PAID', '2099-01-01')`,
        [`OF88800${n}`, JSON.stringify(quote)],
      );
      await s.testDb.db.query(
        `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, start_date, expiry_date, premium_cents, status, data)
         VALUES ($1, $2, '516', 'DRV_BASIC', '2026-03-10', '2027-03-09', 3800, 'ACTIVE', $3::jsonb)`,
        [`CY888000${n}`, `OF88800${n}`, JSON.stringify(quote)],
      );
    }
    const numbers = (await c.get('/zcp/contract/search/900001'))
      .json()
      .CT_CONTRACTS.map((x: { CONTRACT_NO: string }) => x.CONTRACT_NO);
    expect(numbers).toContain('CY8880001');
    expect(numbers).not.toContain('CY8880002');
  });

  it('99000002 has outdated data and at least two contracts; confirming the profile clears the flag', async () => {
    const c = await loggedIn('99000002', '10.21.0.2');
    expect((await c.get('/zcp/um/session')).json().OUTDATED_DATA).toBe(true);
    expect((await c.get('/zcp/contract/search/900002')).json().CT_CONTRACTS.length).toBeGreaterThanOrEqual(2);
    const confirmed = await c.request('PUT', '/zcp/customer/custUpdProfile/900002', undefined);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().CS_USER.OUTDATED_DATA).toBe(false);
    expect((await c.get('/zcp/um/session')).json().OUTDATED_DATA).toBe(false);
  });
});

describe('profile', () => {
  it('reads CS_USER with every field and list texts in the request language', async () => {
    const c = await loggedIn('99000001', '10.22.0.1', 'el');
    const user = (await c.get('/zcp/customer/900001')).json().CS_USER;
    expect(Object.keys(user).sort()).toEqual(
      [
        'TELEPHONE',
        'FIRST_NAME',
        'LAST_NAME',
        'BIRTHDATE',
        'GENDER',
        'GENDER_DESC',
        'ID_TYPE',
        'ID',
        'EMAIL',
        'PROFESSION',
        'PROFESSION_DESC',
        'HOME_PHONE_NUMBER',
        'WORK_PHONE_NUMBER',
        'STREET',
        'STREET_OTHER',
        'CITY',
        'CITY_DESC',
        'CITY_OTHER',
        'DISTRICT',
        'ZIP_CODE',
        'BUILDING',
        'HOUSE',
        'APARTMENT',
        'PO_BOX',
        'MARKETING_CONSENT',
        'SMS_CONSENT',
        'OUTDATED_DATA',
        'CUSTOMER_NO',
        'CONTACT_ID',
      ].sort(),
    );
    expect(user).toMatchObject({
      FIRST_NAME: 'Ανδρέας',
      GENDER_DESC: 'Άνδρας',
      CITY: 'STROVOLOS',
      CITY_DESC: 'Στρόβολος',
    });
    const en = (await c.get('/zcp/customer/900001', { lang: 'en' })).json().CS_USER;
    expect(en.GENDER_DESC).toBe('Male');
    expect(en.CITY_DESC).toBe('Strovolos');
  });

  it('updates the address only with a city of the district and a postcode of the city', async () => {
    const c = await loggedIn('99000001', '10.22.0.2');
    const badCity = await c.put('/zcp/customer/custUpdAddr/900001', {
      DISTRICT: 'PAF',
      CITY: 'STROVOLOS',
      ZIP_CODE: '2003',
    });
    expect(badCity.statusCode).toBe(422);
    expect(badCity.json()).toMatchObject({
      CODE: 'INVALID_DATA',
      MESSAGES: [{ FIELD: 'CITY', MSGTEXT: 'The city is not in the district you chose.' }],
    });
    const badZip = await c.put('/zcp/customer/custUpdAddr/900001', {
      DISTRICT: 'LIM',
      CITY: 'GERMASOGEIA',
      ZIP_CODE: '3010',
    });
    expect(badZip.json().MESSAGES[0].FIELD).toBe('ZIP_CODE');
    const ok = await c.put('/zcp/customer/custUpdAddr/900001', {
      DISTRICT: 'LIM',
      CITY: 'GERMASOGEIA',
      ZIP_CODE: '4040',
      STREET: 'Οδός Ποταμού',
      HOUSE: '14',
      APARTMENT: '',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().CS_USER).toMatchObject({
      DISTRICT: 'LIM',
      CITY: 'GERMASOGEIA',
      ZIP_CODE: '4040',
      HOUSE: '14',
    });
    const basic = await c.put('/zcp/customer/custUpdBasic/900001', {
      EMAIL: 'Andreas.G@Example.com.cy',
      HOME_PHONE_NUMBER: '25123456',
    });
    expect(basic.json().CS_USER).toMatchObject({
      EMAIL: 'andreas.g@example.com.cy',
      HOME_PHONE_NUMBER: '25123456',
    });
    expect((await c.put('/zcp/customer/custUpdBasic/900001', { HOME_PHONE_NUMBER: '12' })).statusCode).toBe(
      422,
    );
    expect((await c.put('/zcp/customer/custUpdBasic/900001', { FIRST_NAME: 'Άλλος' })).statusCode).toBe(400);
    const consent = await c.put('/zcp/customer/custUpdConsent/900001', { MARKETING_CONSENT: false });
    expect(consent.json().CS_USER.MARKETING_CONSENT).toBe(false);
    // Texts about claims, changes and renewals: off until the customer says so, then kept.
    expect(consent.json().CS_USER.SMS_CONSENT).toBe(false);
    const texts = await c.put('/zcp/customer/custUpdConsent/900001', { SMS_CONSENT: true });
    expect(texts.json().CS_USER).toMatchObject({ SMS_CONSENT: true, MARKETING_CONSENT: false });
    const [row] = await s.testDb.db.query<{ sms_consent: boolean }>(
      `SELECT sms_consent FROM customers WHERE customer_no = '900001'`,
    );
    expect(row.sms_consent).toBe(true);
    expect((await c.put('/zcp/customer/custUpdConsent/900001', { SMS_CONSENT: 'yes' })).statusCode).toBe(400);
    await c.put('/zcp/customer/custUpdConsent/900001', { SMS_CONSENT: false });
  });

  it('changes the password only after re-entering the current one; other sessions end', async () => {
    const c = await loggedIn('99000002', '10.22.0.3');
    const other = await loggedIn('99000002', '10.22.0.4');
    const early = await c.put('/zcp/um/setpassword/U900002', { PASSWORD: 'Limassol!2027' });
    expect(early.json().CODE).toBe('REAUTH_REQUIRED');
    const wrong = await c.post('/zcp/um/verifypassword', { PASSWORD: 'Wrong!12345' });
    expect(wrong.json()).toMatchObject({
      CODE: 'WRONG_PASSWORD',
      MESSAGES: [{ MSGTEXT: 'The password is wrong.' }],
    });
    expect((await c.post('/zcp/um/verifypassword', { PASSWORD: DEMO_PASSWORD })).statusCode).toBe(204);
    expect((await c.put('/zcp/um/setpassword/U900002', { PASSWORD: 'short' })).json().CODE).toBe(
      'WEAK_PASSWORD',
    );
    expect((await c.put('/zcp/um/setpassword/U900002', { PASSWORD: 'Limassol!2027' })).statusCode).toBe(204);
    expect((await c.get('/zcp/um/session')).statusCode).toBe(200);
    expect((await other.get('/zcp/um/session')).json().CODE).toBe('SESSION_EXPIRED');
    expect(
      (await new PortalClient(s, { ip: '10.22.0.5' }).login('99000002', 'Limassol!2027')).statusCode,
    ).toBe(200);
  });

  it('turns two-factor login on after re-authentication; the next login asks for the SMS code', async () => {
    const { userId } = await makeAccount(s.testDb.db, {
      customerNo: 'T2FA',
      mobile: '97123001',
      idNumber: '612612',
      birthDate: '1983-06-06',
    });
    const c = new PortalClient(s, { ip: '10.22.0.10' });
    expect((await c.login('97123001', FIXTURE_PASSWORD)).statusCode).toBe(200);
    expect((await c.put(`/zcp/um/2fa/${userId}`, { ENABLED: true })).json().CODE).toBe('REAUTH_REQUIRED');
    expect((await c.put('/zcp/um/2fa/U900001', { ENABLED: true })).json().CODE).toBe('FORBIDDEN');
    expect((await c.post('/zcp/um/verifypassword', { PASSWORD: FIXTURE_PASSWORD })).statusCode).toBe(204);
    expect((await c.put(`/zcp/um/2fa/${userId}`, { ENABLED: true })).statusCode).toBe(204);
    expect((await c.get(`/zcp/um/verifyuser/${userId}`)).json().TWO_FA).toBe(true);
    const next = await new PortalClient(s, { ip: '10.22.0.11' }).login('97123001', FIXTURE_PASSWORD);
    expect(next.json()).toMatchObject({ TWO_FA_REQUIRED: true, LOGGED_IN: false });
  });

  it('two-factor accounts re-authenticate with password and SMS code', async () => {
    const c = new PortalClient(s, { ip: '10.22.0.6' });
    await c.login('99000004', DEMO_PASSWORD);
    await c.post('/zcp/um/2falogin', {});
    await c.post('/zcp/um/2favalidateotp', { CODE: await lastSmsCode(s, '99000004') });
    const step = await c.post('/zcp/um/verifypassword', { PASSWORD: DEMO_PASSWORD });
    expect(step.json()).toEqual({ OTP_REQUIRED: true, MOBILE_HINT: '99●●●●04' });
    expect((await c.put('/zcp/um/setpassword/U900004', { PASSWORD: 'Nicosia!2027' })).json().CODE).toBe(
      'REAUTH_REQUIRED',
    );
    expect(
      (await c.post('/zcp/um/verifypasswordotp', { CODE: await lastSmsCode(s, '99000004') })).statusCode,
    ).toBe(204);
    expect((await c.put('/zcp/um/setpassword/U900004', { PASSWORD: 'Nicosia!2027' })).statusCode).toBe(204);
  });

  it('changes the mobile number with a code sent to the new one; a number of another account is refused (§8 text)', async () => {
    const c = await loggedIn('99000001', '10.22.0.7');
    expect(
      (await c.post('/zcp/um/createotp', { RECIPIENT: '99000009', PURPOSE: 'MOBILE_CHANGE' })).statusCode,
    ).toBe(204);
    const early = await c.put('/zcp/customer/custUpdMobile', {
      MOBILE_NUMBER: '99000009',
      CODE: await lastSmsCode(s, '99000009'),
    });
    expect(early.json().CODE).toBe('REAUTH_REQUIRED');
    const anonymous = new PortalClient(s, { ip: '10.22.0.9' });
    await anonymous.fetchCsrf();
    expect(
      (await anonymous.post('/zcp/um/createotp', { RECIPIENT: '99000009', PURPOSE: 'MOBILE_CHANGE' }))
        .statusCode,
    ).toBe(401);
    await c.post('/zcp/um/verifypassword', { PASSWORD: DEMO_PASSWORD });
    const taken = await c.post('/zcp/um/createotp', { RECIPIENT: '99000003', PURPOSE: 'MOBILE_CHANGE' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      CODE: 'MOBILE_UNAVAILABLE',
      MESSAGES: [
        { MSGTEXT: 'This mobile number cannot be used. Please contact our call centre on 8000 8787.' },
      ],
    });
    expect(
      (await c.post('/zcp/um/createotp', { RECIPIENT: '99000011', PURPOSE: 'MOBILE_CHANGE' })).statusCode,
    ).toBe(204);
    const code = await lastSmsCode(s, '99000011');
    const changed = await c.put('/zcp/customer/custUpdMobile', { MOBILE_NUMBER: '99000011', CODE: code });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().CS_USER.TELEPHONE).toBe('99000011');
    const notice = (await smsTo(s, '99000001'))[0];
    expect(notice).toMatchObject({ template: 'mobileChanged' });
    expect((await new PortalClient(s, { ip: '10.22.0.8' }).login('99000011', DEMO_PASSWORD)).statusCode).toBe(
      200,
    );
    // Back, for the other tests of the file.
    await c.post('/zcp/um/createotp', { RECIPIENT: '99000001', PURPOSE: 'MOBILE_CHANGE' });
    await c.put('/zcp/customer/custUpdMobile', {
      MOBILE_NUMBER: '99000001',
      CODE: await lastSmsCode(s, '99000001'),
    });
  });
});

describe("another customer's ids", () => {
  it('every id-taking call refuses the ids of another customer with 403 FORBIDDEN and no data', async () => {
    const c = await loggedIn('99000001', '10.23.0.1');
    // 99000002's ids: customer 900002, contact 790002, user U900002.
    const calls: [string, () => Promise<{ statusCode: number; json: () => { CODE?: string } }>][] = [
      ['GET customer', () => c.get('/zcp/customer/900002')],
      ['PUT custUpdBasic', () => c.put('/zcp/customer/custUpdBasic/900002', { EMAIL: 'x@example.com.cy' })],
      ['PUT custUpdAddr', () => c.put('/zcp/customer/custUpdAddr/900002', { STREET: 'Οδός' })],
      ['PUT custUpdConsent', () => c.put('/zcp/customer/custUpdConsent/900002', { MARKETING_CONSENT: true })],
      ['PUT custUpdProfile', () => c.put('/zcp/customer/custUpdProfile/900002', {})],
      ['GET userid', () => c.get('/zcp/customer/userid?ACCOUNT_ID=U900002')],
      ['GET contract search', () => c.get('/zcp/contract/search/900002')],
      ['GET offer search', () => c.get('/zcp/offer/search/790002')],
      ['POST ClaimList', () => c.post('/zcp/claim/ClaimList', { CUSTOMER_NO: '900002' })],
      ['PUT setpassword', () => c.put('/zcp/um/setpassword/U900002', { PASSWORD: 'Strovolos!2027' })],
      ['GET verifyuser', () => c.get('/zcp/um/verifyuser/U900002')],
      ['PUT 2fa', () => c.put('/zcp/um/2fa/U900002', { ENABLED: false })],
      ['DELETE passkey', () => c.request('DELETE', '/zcp/um/passkeys/another-users-credential')],
      ['GET unknown customer', () => c.get('/zcp/customer/123')],
    ];
    for (const [name, call] of calls) {
      const res = await call();
      expect({ name, status: res.statusCode, code: res.json().CODE }).toEqual({
        name,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    const [row] = await s.testDb.db.query<{ email: string; outdated_data: boolean }>(
      `SELECT email, outdated_data FROM customers WHERE customer_no = '900002'`,
    );
    expect(row.email).toBe('eleni.charalambous@example.com.cy');
    // Its own ids work.
    expect((await c.get('/zcp/customer/userid?ACCOUNT_ID=U900001')).json()).toMatchObject({
      CONTACT_ID: '790001',
    });
    expect((await c.get('/zcp/um/verifyuser/U900001')).statusCode).toBe(200);
    expect(
      (
        await c.post('/zcp/customer/matchCheck', { IDENTIFICATION: '784512', DATE_OF_BIRTH: '1984-05-17' })
      ).json(),
    ).toEqual({ MATCH: true });
    expect(
      (
        await c.post('/zcp/customer/matchCheck', { IDENTIFICATION: '865231', DATE_OF_BIRTH: '1979-11-02' })
      ).json(),
    ).toEqual({ MATCH: false });
  });

  it('every logged-in call answers 401 without a session', async () => {
    const c = new PortalClient(s, { ip: '10.23.0.2' });
    await c.fetchCsrf();
    for (const res of [
      await c.get('/zcp/customer/900001'),
      await c.get('/zcp/contract/search/900001'),
      await c.get('/zcp/offer/search/790001'),
      await c.post('/zcp/claim/ClaimList', { CUSTOMER_NO: '900001' }),
      await c.get('/zcp/um/passkeys'),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('development SMS outbox', () => {
  it('lists SMS with their codes as JSON and as a page', async () => {
    const c = new PortalClient(s, { ip: '10.24.0.1' });
    await confirmedCode(c, '99123499');
    const json = await smsTo(s, '99123499');
    expect(json[0].code).toMatch(/^\d{6}$/);
    const page = await s.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('99123499');
  });
});
