// Portal contracts (issue 14 items 1 and 2): the list and the detail of every product of the demo
// customer, a public-site purchase in its buyer's portal, the policy schedule PDF in both languages
// (text extracted with pdf-parse, the Greek font embedded), and the refusal of another customer's
// contract and of anonymous calls on every contract call.

import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '../../src/engine/money';
import { paymentData } from '../../src/server/contracts/detail';
import { DEMO_PASSWORD } from '../../src/server/demo/customers';
import { testConfig } from '../../src/server/platform/config';
import { startService, type TestService } from './support/app';
import { PortalClient } from './support/portal';

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

/** A paid offer and the contract issued for it, as a purchase on the public site leaves them. */
async function issueSiteContract(c: {
  offerNo: string;
  contractNo: string;
  flowId: string;
  quote: { CS_POLICY: Record<string, unknown> } & Record<string, unknown>;
  cents: number;
  period: [string, string];
  paddedCardNo: string;
  paymentData?: Record<string, unknown>;
}) {
  const db = s.testDb.db;
  const { PRODUCT_ID: productId, PACKAGE_ID: packageId } = c.quote.CS_POLICY;
  await db.query(
    `INSERT INTO offers (offer_no, flow_id, product_id, package_id, quote, premium_cents, mail_address, status, expiry_date)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, 'eleni.charalambous@example.com.cy', 'PAID', '2026-04-30')`,
    [c.offerNo, c.flowId, productId, packageId, JSON.stringify(c.quote), c.cents],
  );
  await db.query(
    `INSERT INTO contracts (contract_no, offer_no, product_id, package_id, customer_no, start_date, expiry_date,
       premium_cents, balance_cents, status, data)
     VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, 0, 'ACTIVE', $8::jsonb)`,
    [
      c.contractNo,
      c.offerNo,
      productId,
      packageId,
      c.period[0],
      c.period[1],
      c.cents,
      JSON.stringify({
        ...c.quote,
        CS_POLICY: { ...c.quote.CS_POLICY, CONTRACT_NO: c.contractNo, OFFER_NO: c.offerNo, STATUS: 'ACTIVE' },
        PAYMENT: {
          ORDER_ID: `ORD${c.offerNo.slice(2)}`,
          AMOUNT_CENTS: c.cents,
          PADDED_CARD_NO: c.paddedCardNo,
        },
        ...(c.paymentData ? { CS_PAYMENT_DATA: c.paymentData } : {}),
      }),
    ],
  );
}

type Entry = Record<string, unknown> & { CONTRACT_NO: string; PRODUCT_ID: string; PRODUCT_CODE: string };

async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Greek text of one language and the same labels' English; each must appear only in its own PDF. */
const SCHEDULE = {
  el: ['Πρόγραμμα Ασφάλισης', 'Στοιχεία συμβολαίου', 'Ανδρέας Γεωργίου', 'Αριθμός εγγραφής'],
  en: ['Policy Schedule', 'Contract details', 'Registration number', 'Premium after discount'],
};

describe('contract list and detail', () => {
  it('lists the six contracts of 99000001 with category, status label, amounts and version', async () => {
    const c = await loggedIn('99000001', '10.40.0.1', 'el');
    const res = await c.get('/zcp/contract/search/900001');
    expect(res.statusCode).toBe(200);
    const list = res.json().CT_CONTRACTS as Entry[];
    expect(list.map((x) => x.PRODUCT_CODE).sort()).toEqual(
      ['CYBER', 'DRIVER', 'HUNTER', 'MOTOR', 'PROPERTY', 'TRAVEL'].sort(),
    );
    const travel = list.find((x) => x.CONTRACT_NO === 'CY9000103');
    expect(travel).toMatchObject({
      PRODUCT_ID: '518',
      CATEGORY: 'TRAVEL',
      STATUS: 'PENDING_PAYMENT_REVIEW',
      STATUS_DESC: 'Εκκρεμεί έλεγχος πληρωμής',
      ZZBALANCE_AMOUNT: 38,
      ZZPREMIUM_AFTER_DISC_AMOUNT: 38,
      CONTRACT_VERSION: 1,
    });
    expect(travel?.START_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(travel?.EXPIRY_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  const OBJECTS: Record<string, Record<string, unknown>> = {
    CY9000101: { LICENSE_PLATE: 'NNT240', CHASSIS_NUMBER: 'JTMDAWJRXNG810670', MANUFACTURER: 'TOYOTA' },
    CY9000102: { STREET: 'Λεωφόρος Στροβόλου', PROPERTY_VALUE: 138000 },
    CY9000103: { OBJECT_TYPE: 'EUROPE', DURATION_DAYS: 12 },
    CY9000104: { HEALTHY_DRIVER: '1' },
    CY9000105: { HUNTING_LICENCE_NO: 'ΚΥ-48213' },
    CY9000106: { COVER_FOR: 'FAMILY' },
  };

  it('answers the detail of every product with its object list, cover plan, instalments and payment data', async () => {
    const c = await loggedIn('99000001', '10.40.0.2');
    const list = (await c.get('/zcp/contract/search/900001')).json().CT_CONTRACTS as Entry[];
    for (const entry of list) {
      const res = await c.get(`/zcp/contract/detail/${entry.CONTRACT_NO}/${entry.PRODUCT_ID}`);
      expect(res.statusCode, entry.CONTRACT_NO).toBe(200);
      const d = res.json();
      expect(d.CS_CONTRACT).toMatchObject({
        CONTRACT_NO: entry.CONTRACT_NO,
        PRODUCT_ID: entry.PRODUCT_ID,
        PRODUCT_CODE: entry.PRODUCT_CODE,
        CONTRACT_VERSION: 1,
        START_DATE: entry.START_DATE,
        EXPIRY_DATE: entry.EXPIRY_DATE,
        ZZPREMIUM_AFTER_DISC_AMOUNT: entry.ZZPREMIUM_AFTER_DISC_AMOUNT,
        INSTALLMENT_NUMBER: 1,
      });
      // The cover plan is the package's name and covers in English, not their ids.
      expect(d.CS_CONTRACT.PACKAGE_DESC).not.toBe(d.CS_CONTRACT.PACKAGE_ID);
      expect(d.CS_CONTRACT.CT_COVERS.length).toBeGreaterThan(0);
      for (const cover of d.CS_CONTRACT.CT_COVERS) expect(cover.COVER_DESC).not.toBe(cover.COVER_ID);
      expect(d.CS_CUSTOMER).toMatchObject({ CUSTOMER_NO: '900001', LAST_NAME: 'Γεωργίου' });
      const objects = d[`CT_OBJECT_${entry.PRODUCT_CODE}`];
      expect(objects).toHaveLength(1);
      expect(objects[0]).toEqual(d.CS_OBJECT);
      expect(d.CS_OBJECT).toMatchObject({
        ...OBJECTS[entry.CONTRACT_NO],
        OBJECT_TYPE_CODE: entry.PRODUCT_CODE,
      });
      // Only the object list of the contract's own product is present.
      const lists = Object.keys(d).filter((k) => k.startsWith('CT_OBJECT_'));
      expect(lists).toEqual([`CT_OBJECT_${entry.PRODUCT_CODE}`]);
      // The object's facts worded for the page, in the request's language, none empty.
      expect(d.ET_OBJECT_FACTS.length).toBeGreaterThan(0);
      for (const f of d.ET_OBJECT_FACTS) expect(f.LABEL && f.VALUE, JSON.stringify(f)).toBeTruthy();
    }
    const motor = (await c.get('/zcp/contract/detail/CY9000101/120')).json();
    expect(motor.CS_CONTRACT.PACKAGE_DESC).toBe('Comprehensive');
    expect(motor.CS_CUST_ENTITIES.CS_PAYMENT_DATA).toEqual({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 4021',
      CARD_EXPIRY: '09/2028',
      BINDING_ID: 'BND-900101-7f3a',
      IBAN: '',
      BANK: '',
      ACCOUNT_HOLDER: '',
    });
    expect(JSON.stringify(motor)).not.toContain('516732');
    // The schedule names the card kept for every instalment a standing order, as the portal does.
    const motorPdf = await c.post('/zcp/GetPDF', { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' });
    expect(await pdfText(motorPdf.rawPayload)).toContain('Card standing order');
    const home = (await c.get('/zcp/contract/detail/CY9000102/157')).json();
    expect(home.CS_CUST_ENTITIES.CS_PAYMENT_DATA).toMatchObject({
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      IBAN: 'CY17 •••• •••• •••• •••• •••• 7600',
      BANK: 'BCYPCY2N',
      CARD_NUMBER: '',
    });
    // A contract with no card and no direct debit on record is paid in cash.
    const driver = (await c.get('/zcp/contract/detail/CY9000104/516')).json();
    expect(driver.CS_CUST_ENTITIES.CS_PAYMENT_DATA.PAYMENT_METHOD).toBe('CASH');
  });

  it('shows a policy bought on the public site to its buyer, with the card it was paid by, masked', async () => {
    const quote = {
      CS_POLICY_HOLDER: {
        FIRST_NAME: 'Ελένη',
        LAST_NAME: 'Χαραλάμπους',
        NATIONAL_ID_TYPE: 'ID',
        NATIONAL_ID: '865231',
        BIRTH_DATE: '1979-11-02',
        MAIL_ADDRESS: 'eleni.charalambous@example.com.cy',
      },
      CS_POLICY: { PRODUCT_ID: '518', PACKAGE_ID: 'TRV_BASIC', DURATION_DAYS: 8, INITIAL_AMOUNT: 24 },
      CS_TRAVEL: { OBJECT_TYPE: 'WORLDWIDE', NUMBER_OF_ADULTS: '1', SINGLE_RETURN: 'RETURN' },
    };
    // As payments/completion.ts issues it: no customer yet, the provider's padded card number kept.
    await issueSiteContract({
      offerNo: 'OF555001',
      contractNo: 'CY5550001',
      flowId: 'travel',
      quote,
      cents: 2280,
      period: ['2026-04-02', '2026-04-09'],
      paddedCardNo: '411111******1111',
    });
    const c = await loggedIn('99000002', '10.40.0.3', 'el');
    const list = (await c.get('/zcp/contract/search/900002')).json().CT_CONTRACTS as Entry[];
    expect(list.find((x) => x.CONTRACT_NO === 'CY5550001')).toMatchObject({
      PRODUCT_CODE: 'TRAVEL',
      CATEGORY: 'TRAVEL',
      ZZPREMIUM_AFTER_DISC_AMOUNT: 22.8,
      ZZPREMIUM_BEFORE_DISC_AMOUNT: 24,
      STATUS_DESC: 'Σε ισχύ', // one name per status (contracts:statuses), as the portal shows it
    });
    const d = (await c.get('/zcp/contract/detail/CY5550001/518')).json();
    expect(d.CT_OBJECT_TRAVEL).toEqual([
      expect.objectContaining({ OBJECT_TYPE: 'WORLDWIDE', DURATION_DAYS: 8 }),
    ]);
    expect(d.CS_CONTRACT).toMatchObject({ PACKAGE_DESC: 'Βασικό', PRODUCT_DESC: 'Ταξιδιωτική ασφάλεια' });
    expect(d.CS_CUST_ENTITIES.CS_PAYMENT_DATA).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 1111',
    });
    const pdf = await c.post('/zcp/GetPDF', { CONTRACT_NO: 'CY5550001', PRODUCT_ID: '518' });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('CY5550001');
    expect(text).toContain('Ελένη Χαραλάμπους');
    // A count is worded with its plural form, on the page as on the schedule.
    expect(text).toContain('8 ημέρες');
    expect(text).not.toContain('units.days');
    expect(d.ET_OBJECT_FACTS).toContainEqual({
      FIELD: 'DURATION_DAYS',
      LABEL: expect.any(String),
      VALUE: '8 ημέρες',
    });
  });
});

describe('payment data of each method', () => {
  it('hands out a direct debit’s IBAN, bank and holder, never the card its first premium was paid with', async () => {
    const quote = {
      CS_POLICY_HOLDER: {
        FIRST_NAME: 'Ελένη',
        LAST_NAME: 'Χαραλάμπους',
        NATIONAL_ID_TYPE: 'ID',
        NATIONAL_ID: '865231',
        BIRTH_DATE: '1979-11-02',
        MAIL_ADDRESS: 'eleni.charalambous@example.com.cy',
      },
      CS_POLICY: { PRODUCT_ID: '157', PACKAGE_ID: 'HOME_BASIC', INSTALLMENT_NUMBER: 1, INITIAL_AMOUNT: 241 },
      CS_PROPERTY: {
        DISTRICT: 'NIC',
        CITY: 'STROVOLOS',
        POSTAL_CODE: '2003',
        STREET: 'Οδός Αγίας Σοφίας',
        STREET_NUMBER: '14',
        BUILDING_TYPE: 'APARTMENT',
        PROPERTY_AREA: 92,
        PROPERTY_VALUE: 165000,
        OWNER_OR_TENANT: 'OWNER',
      },
    };
    // As payments/completion.ts issues a SEPA direct debit chosen at purchase: the first premium
    // was paid by card on the provider's page (PAYMENT), the instalments come from the account.
    await issueSiteContract({
      offerNo: 'OF555002',
      contractNo: 'CY5550002',
      flowId: 'property',
      quote,
      cents: 22895,
      period: ['2026-04-02', '2027-04-01'],
      paddedCardNo: '400000******9876',
      paymentData: {
        PAYMENT_METHOD: 'DIRECT_DEBIT',
        IBAN: 'CY21002001950000357001234567',
        BANK: 'BCYPCY2N',
        ACCOUNT_HOLDER: 'Ελένη Χαραλάμπους',
        EFFECTIVE_DATE: '2026-04-02',
      },
    });
    const c = await loggedIn('99000002', '10.40.0.4', 'el');
    const debit = {
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      CARD_NUMBER: '',
      CARD_EXPIRY: '',
      BINDING_ID: '',
      IBAN: 'CY21 •••• •••• •••• •••• •••• 4567',
      BANK: 'BCYPCY2N',
      ACCOUNT_HOLDER: 'Ελένη Χαραλάμπους',
    };
    const detail = await c.get('/zcp/contract/detail/CY5550002/157');
    expect(detail.statusCode).toBe(200);
    expect(detail.json().CS_CUST_ENTITIES.CS_PAYMENT_DATA).toEqual(debit);
    expect(detail.body).not.toContain('9876');
    // The payment-method page reads the same answer.
    const options = await c.get('/zcp/paymeth/options/CY5550002/157');
    expect(options.statusCode).toBe(200);
    expect(options.json().CS_PAYMENT_DATA).toEqual(debit);
    expect(options.body).not.toContain('9876');
    const pdf = await c.post('/zcp/GetPDF', { CONTRACT_NO: 'CY5550002', PRODUCT_ID: '157' });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('4567');
    expect(text).not.toContain('9876');
    // The method and the bank by their names, not their codes.
    expect(text).toContain('Άμεση χρέωση (SEPA)');
    expect(text).toContain('Τράπεζα Κύπρου');
    expect(text).not.toContain('BCYPCY2N');
  });

  it('keeps each method to its own details', () => {
    const stored = {
      CARD_NUMBER: '516732******4021',
      CARD_EXPIRY: '09/2028',
      BINDING_ID: 'BND-900101-7f3a',
      IBAN: 'CY17002001280000001200527600',
      BANK: 'BCYPCY2N',
      ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
    };
    const paidWith = { PAYMENT: { PADDED_CARD_NO: '400000******0002' } };
    expect(paymentData({ CS_PAYMENT_DATA: { ...stored, PAYMENT_METHOD: 'CARD' } })).toEqual({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 4021',
      CARD_EXPIRY: '09/2028',
      BINDING_ID: 'BND-900101-7f3a',
      IBAN: '',
      BANK: '',
      ACCOUNT_HOLDER: '',
    });
    expect(
      paymentData({ ...paidWith, CS_PAYMENT_DATA: { ...stored, PAYMENT_METHOD: 'DIRECT_DEBIT' } }),
    ).toEqual({
      PAYMENT_METHOD: 'DIRECT_DEBIT',
      CARD_NUMBER: '',
      CARD_EXPIRY: '',
      BINDING_ID: '',
      IBAN: 'CY17 •••• •••• •••• •••• •••• 7600',
      BANK: 'BCYPCY2N',
      ACCOUNT_HOLDER: 'Ανδρέας Γεωργίου',
    });
    expect(paymentData({ ...paidWith, CS_PAYMENT_DATA: { PAYMENT_METHOD: 'CASH' } })).toMatchObject({
      PAYMENT_METHOD: 'CASH',
      CARD_NUMBER: '',
      IBAN: '',
    });
    // Nothing stored: the card the public site was paid with, else cash.
    expect(paymentData(paidWith)).toMatchObject({
      PAYMENT_METHOD: 'CARD',
      CARD_NUMBER: '•••• •••• •••• 0002',
    });
    expect(paymentData({})).toMatchObject({ PAYMENT_METHOD: 'CASH', CARD_NUMBER: '' });
  });
});

describe('policy schedule PDF', () => {
  for (const lang of ['el', 'en'] as const) {
    for (const path of ['/zcp/contract/print', '/zcp/GetPDF']) {
      it(`${path} answers a real PDF in ${lang} with the contract number and the language's text`, async () => {
        const c = await loggedIn('99000001', `10.40.1.${lang === 'el' ? 1 : 2}`, lang);
        const res = await c.post(path, { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['content-disposition']).toBe(
          `attachment; filename="policy-schedule-CY9000101-${lang}.pdf"`,
        );
        const body = res.rawPayload;
        expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        // The Greek-capable font travels inside the file (a TrueType subset), not as a viewer default.
        const raw = body.toString('latin1');
        expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
        expect(raw).toContain('/FontFile2');
        const text = await pdfText(body);
        expect(text).toContain('CY9000101');
        expect(text).toContain('NNT240');
        for (const phrase of SCHEDULE[lang]) expect(text).toContain(phrase);
        const other = lang === 'el' ? 'en' : 'el';
        expect(text).not.toContain(SCHEDULE[other][0]);
        // The customer's Greek name reads in both languages; the card only masked.
        expect(text).toContain('Γεωργίου');
        expect(text).toContain('4021');
        expect(text).not.toContain('516732');
      });
    }
  }

  it('prints every product of the demo customer', async () => {
    const c = await loggedIn('99000001', '10.40.1.3', 'el');
    const list = (await c.get('/zcp/contract/search/900001')).json().CT_CONTRACTS as Entry[];
    for (const entry of list) {
      const res = await c.post('/zcp/contract/print', {
        CONTRACT_NO: entry.CONTRACT_NO,
        PRODUCT_ID: entry.PRODUCT_ID,
      });
      expect(res.statusCode, entry.CONTRACT_NO).toBe(200);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(entry.CONTRACT_NO);
      expect(text).toContain('Πρόγραμμα Ασφάλισης');
    }
  });

  it('prints every insured sum, object fact and cover the contract page shows, list values as text (issue 24 item 3)', async () => {
    const c = await loggedIn('99000001', '10.40.1.4', 'el');
    // The text layer gives the amount's narrow no-break space as a plain one.
    const euro = (n: number) => formatEuro(n, 'el').replace(/\u202f/g, ' ');
    const home = (
      await pdfText((await c.post('/zcp/GetPDF', { CONTRACT_NO: 'CY9000102', PRODUCT_ID: '157' })).rawPayload)
    ).replace(/[\u202f\u00a0\s]+/g, ' ');
    const detail = (await c.get('/zcp/contract/detail/CY9000102/157')).json();
    const object = detail.CS_OBJECT;
    // The sums, by the contract page's labels (contracts:object.*) and in whole euro.
    expect(home).toContain(`Αξία περιεχομένου ${euro(object.VALUE_OF_CONTENTS)}`);
    expect(home).toContain(`Αξία τιμαλφών ${euro(object.VALUE_OF_VALUABLES)}`);
    expect(home).toContain(`Αξία κτιρίου ${euro(object.PROPERTY_VALUE)}`);
    expect(home).toContain('Αξία περιεχομένου 24.000');
    expect(home).toContain('Αξία τιμαλφών 3.500');
    // List values by their text: the district, the city of the address, yes and no.
    expect(home).toContain('Λευκωσία');
    expect(home).toContain('Στρόβολος');
    expect(home).not.toMatch(/STROVOLOS|\bNIC\b/);
    for (const cover of detail.CS_CONTRACT.CT_COVERS) expect(home).toContain(cover.COVER_DESC);
    // The product by its name, capitalised as everywhere else.
    expect(home).toContain('Ασφάλεια κατοικίας');
    expect(home).not.toContain('ασφάλιση κατοικίας');
    expect(home).not.toMatch(/\d,\d\d\s?€/);

    const car = await pdfText(
      (await c.post('/zcp/GetPDF', { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' })).rawPayload,
    );
    // The make and the model (a dependent list) by name, the fuel and use by their text.
    expect(car).toContain('Toyota');
    expect(car).toContain('RAV4');
    expect(car).not.toMatch(/\b(PETROL|PRIVATE|SALOON)\b/);
  });
});

describe('another customer and anonymous callers', () => {
  const CALLS = [
    { method: 'GET' as const, url: '/zcp/contract/search/900001' },
    { method: 'GET' as const, url: '/zcp/contract/detail/CY9000101/120' },
    {
      method: 'POST' as const,
      url: '/zcp/contract/print',
      payload: { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' },
    },
    { method: 'POST' as const, url: '/zcp/GetPDF', payload: { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' } },
  ];

  it("refuses 99000001's contract to 99000002 on every call, revealing nothing", async () => {
    const c = await loggedIn('99000002', '10.40.2.1');
    for (const call of CALLS) {
      const res = await c.request(call.method, call.url, call.payload);
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json().CODE).toBe('FORBIDDEN');
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toMatch(/NNT240|Γεωργίου|RAV4/);
    }
  });

  it('answers an unknown contract and a wrong product id exactly like a foreign contract', async () => {
    const c = await loggedIn('99000001', '10.40.2.2');
    const foreign = await c.get('/zcp/contract/detail/CY9000201/120');
    const unknown = await c.get('/zcp/contract/detail/CY0000000/120');
    const wrongProduct = await c.get('/zcp/contract/detail/CY9000101/157');
    const print = await c.post('/zcp/contract/print', { CONTRACT_NO: 'CY9000201', PRODUCT_ID: '120' });
    for (const res of [foreign, unknown, wrongProduct, print]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(foreign.json());
    }
  });

  it('answers 401 NOT_LOGGED_IN to every call without a login, in the caller language', async () => {
    const c = new PortalClient(s, { ip: '10.40.2.3', lang: 'el' });
    await c.fetchCsrf();
    for (const call of CALLS) {
      const res = await c.request(call.method, call.url, call.payload);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json().CODE).toBe('NOT_LOGGED_IN');
      expect(res.json().MESSAGES[0].MSGTEXT).toMatch(/[α-ω]/);
    }
  });

  it('refuses a print without the CSRF header (403 CSRF) and a body with unknown fields (400)', async () => {
    const c = await loggedIn('99000001', '10.40.2.4');
    const noCsrf = await c.post(
      '/zcp/GetPDF',
      { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120' },
      { csrf: null },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().CODE).toBe('CSRF');
    const extra = await c.post('/zcp/contract/print', { CONTRACT_NO: 'CY9000101', PRODUCT_ID: '120', X: 1 });
    expect(extra.statusCode).toBe(400);
  });
});
