// Malformed and hostile requests on every endpoint: wrong types, missing fields, huge strings and
// lists, injection attempts. Never a 500: a refusal is a 4xx with a message, and the few bodies a
// route may accept (free-form log entries, a name with markup in a calculation) are not echoed.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';
import { flowsWithTestBundles } from './support/bundles';
import { driverQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService({ flows: await flowsWithTestBundles() });
});
afterAll(async () => {
  await s?.close();
});

const POST_ROUTES = [
  '/zcp/driver/drivercalc',
  '/zcp/driver/pckcalculate',
  '/zcp/driver/quotation',
  '/zcp/hunter/huntercalc',
  '/zcp/hunter/quotation',
  '/zcp/motor/motorcalc',
  '/zcp/otp/generate',
  '/zcp/otp/validate',
  '/zcp/contact_us/contactus',
  '/zcp/log/validations',
  '/zcp/motor/vehiclesearch',
  '/zcp/motor/getmodel',
  '/zcp/motor/getmake',
  '/zcp/motor/VhlSrchEndor',
  '/zcp/travel/setduration',
  '/zcp/promo/validate',
];

const manyKeys = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`K${i}`, i]));

const HOSTILE: [string, unknown][] = [
  ['null', null],
  ['a list', []],
  ['a string', 'hello'],
  ['a number', 42],
  ['wrong types', { CS_POLICY: 'x', CS_POLICY_HOLDER: 5, I_MAIL_ADDRESS: 7, I_TOKEN: [], LICENSE_PLATE: {} }],
  [
    'SQL in fields',
    {
      CS_POLICY: { START_DATE: "'; DROP TABLE offers;--", OFFER_NO: "OF1'; DROP TABLE offers;--" },
      I_MAIL_ADDRESS: "x'; DROP TABLE offers;--",
      LICENSE_PLATE: "'; DROP TABLE offers;--",
      MANUFACTURER: "' OR '1'='1",
    },
  ],
  [
    'script in names',
    {
      CS_POLICY_HOLDER: { FIRST_NAME: '<script>alert(1)</script>' },
      FIRST_NAME: '<script>alert(1)</script>',
      MOB_PHONE_NO: '<b>',
      MAIL_ADDRESS: '<x@y>',
    },
  ],
  ['10,000 packages', { CT_PACKAGES: Array.from({ length: 10_000 }, () => ({ PACKAGE_ID: 'X' })) }],
  ['10,000 guns', { CT_GUNS: Array.from({ length: 10_000 }, () => 1) }],
  ['1,000 keys', manyKeys],
  [
    'operator objects',
    { I_MAIL_ADDRESS: { $gt: '' }, I_TOKEN: { $ne: null }, CS_POLICY: { PACKAGE_ID: { $ne: 1 } } },
  ],
  [
    'a NUL byte',
    { CS_POLICY: { PACKAGE_ID: '\u0000' }, I_MAIL_ADDRESS: 'a\u0000@example.com', LICENSE_PLATE: '\u0000' },
  ],
  [
    'a 100 KB string',
    {
      CS_POLICY: { NOTE: 'x'.repeat(100_000) },
      MESSAGE: 'x'.repeat(100_000),
      I_MAIL_ADDRESS: `${'x'.repeat(100_000)}@example.com`,
    },
  ],
];

function expectClearError(
  res: { statusCode: number; json: () => { MESSAGES?: { MSGTEXT?: string }[] } },
  context: string,
) {
  expect(res.statusCode, context).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, context).toBeLessThan(500);
  const body = res.json();
  expect(body.MESSAGES?.[0]?.MSGTEXT, context).toMatch(/\S/);
}

describe('hostile bodies', () => {
  it('the structural attacks are refused by schema on the quote routes', async () => {
    for (const [name, payload] of HOSTILE.filter(([n]) =>
      /10,000|1,000 keys|wrong types|a list|null/.test(n),
    )) {
      const res = await s.call({
        method: 'POST',
        url: '/zcp/driver/drivercalc',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, name).toBe(400);
    }
  });

  for (const route of POST_ROUTES) {
    it(`${route} never fails on a hostile body`, async () => {
      for (const [name, payload] of HOSTILE) {
        const res = await s.call({
          method: 'POST',
          url: route,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        if (res.statusCode < 300) {
          expect(res.body, `${route} with ${name}`).not.toContain('<script>');
          continue;
        }
        expectClearError(res, `${route} with ${name}`);
      }
    });
  }

  it('a 1 MB string is refused by size on every route', async () => {
    for (const route of POST_ROUTES) {
      const res = await s.call({ method: 'POST', url: route, payload: { X: 'x'.repeat(1024 * 1024) } });
      expect(res.statusCode, route).toBe(413);
    }
  });

  it('missing required fields name the field', async () => {
    const res = await s.call({ method: 'POST', url: '/zcp/otp/generate', payload: {}, lang: 'en' });
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES[0]).toEqual({
      MSGTEXT: 'The field I_MAIL_ADDRESS is required.',
      FIELD: 'I_MAIL_ADDRESS',
    });
  });
});

describe('hostile paths and queries', () => {
  const urls = [
    "/zcp/offer/RulesDetail/DRIVER'--",
    '/zcp/offer/RulesDetail/%3Cscript%3E',
    `/zcp/offer/RulesDetail/${'A'.repeat(300)}`,
    "/zcp/offer/detail/OF1' OR '1'='1/516",
    '/zcp/offer/detail/OF100001/516?token=%00',
    '/zcp/lov/multi?fieldname=%3Cscript%3E',
    `/zcp/lov/multi?fieldname=${Array.from({ length: 500 }, () => 'YESNO').join(',')}`,
    '/zcp/lov/multi?fieldname=YESNO&fieldname=DISTRICT',
    "/zcp/lov/dep/DISTRICT/'; DROP TABLE offers;--/CITY",
    `/zcp/lov/dep/${Array.from({ length: 30 }, () => 'DISTRICT/LIM').join('/')}/CITY`,
    "/zcp/motor/getmtrdeduct/excess/1e9/101/COMP'--",
    '/zcp/prop/deductibles/157/..%2F..%2Fetc',
    '/dev/mailbox.json?limit=-1',
    `/dev/mailbox.json?to=${'x'.repeat(500)}`,
  ];
  it.each(urls)('GET %s is a 4xx with a message', async (url) => {
    expectClearError(await s.call({ method: 'GET', url }), url);
  });
});

describe('text that is not Unicode, and paths that do not decode', () => {
  const lone = [
    [
      'a lone high surrogate in a value',
      '{"I_MAIL_ADDRESS":"a\\ud800@example.com","MESSAGE":"\\ud800","CS_POLICY":{"OFFER_NO":"\\ud800"}}',
    ],
    ['a lone low surrogate in a key', '{"\\udc00":1,"CS_POLICY":{"\\udfff":"x"}}'],
  ];
  for (const route of [...POST_ROUTES, '/zcp/jcc/PendPaymTimeOut/pendtimeout', '/zcp/jcc/JCCFunc/REGPAY']) {
    it(`${route} answers 400 with a translated message`, async () => {
      for (const [name, payload] of lone) {
        const res = await s.call({
          method: 'POST',
          url: route,
          lang: 'en',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${route} with ${name}`).toBe(400);
        expect(res.json().MESSAGES[0].MSGTEXT, name).toBe(
          'The request contains a character that is not allowed.',
        );
      }
    });
  }

  it.each([
    '/zcp/offer/detail/%E0%A4%A/516',
    '/zcp/lov/dep/%/x/CITY',
    '/%c0',
    '/zcp/offer/RulesDetail/%ED%A0%80',
    '/zcp/paymeth/%ZZ',
  ])('GET %s is a 400 with MESSAGES and the security headers', async (url) => {
    for (const lang of ['el', 'en'] as const) {
      const res = await s.call({ method: 'GET', url, lang });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-request-id']).toBeTruthy();
      expect(res.body).not.toContain('FST_');
      expect(res.json().MESSAGES[0].MSGTEXT).toBe(
        lang === 'en'
          ? 'The address is not valid: it contains characters that cannot be read.'
          : 'Η διεύθυνση δεν είναι έγκυρη: περιέχει χαρακτήρες που δεν μπορούν να διαβαστούν.',
      );
    }
  });
});

describe('nothing was harmed', () => {
  it('the tables are intact and an apostrophe in an address is just a character', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/otp/generate',
      payload: { I_MAIL_ADDRESS: "o'brien--@example.com" },
    });
    expect(res.statusCode).toBe(204);
    for (const table of ['offers', 'otp_codes', 'outbox', 'contact_requests', 'confirmed_emails']) {
      await expect(s.testDb.db.query(`SELECT count(*) FROM ${table}`)).resolves.toBeDefined();
    }
    expect(
      (await s.call({ method: 'POST', url: '/zcp/driver/drivercalc', payload: driverQuote() })).statusCode,
    ).toBe(200);
  });
});
