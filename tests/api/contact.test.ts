// Promo codes, and call-back requests: stored with a due date two working days ahead (Cyprus holidays skipped),
// mailed to the call centre in Greek and confirmed to the visitor in their language.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';

let s: TestService;

beforeAll(async () => {
  s = await startService({
    config: {
      callCentreMail: 'callcentre@insurer.com.cy',
      rateLimit: { perMinute: 0, otpPerAddressHour: 5, otpPerIpHour: 100, contactPerIpHour: 3 },
    },
  });
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.testDb.clean();
  s.clock.set('2026-03-10T09:00:00.000Z'); // a Tuesday
});

const request = {
  FIRST_NAME: 'Ελένη',
  LAST_NAME: 'Χαραλάμπους',
  MOB_PHONE_NO: '99 123456',
  MAIL_ADDRESS: 'Eleni.Charalambous@example.com.cy',
  PREFERRED_TIME: '10:30',
  PRODUCT: 'MOTOR',
  MESSAGE: 'Θα ήθελα να ασφαλίσω ένα καινούργιο αυτοκίνητο αξίας 85.000 ευρώ.',
  CHECK_NUMBER: '1',
  ERROR_TEXT_TYPE: '1',
};

const send = (payload: Record<string, unknown>, lang: 'el' | 'en' = 'en', ip = '203.0.113.5') =>
  s.call({ method: 'POST', url: '/zcp/contact_us/contactus', payload, lang, remoteAddress: ip });

describe('promo codes', () => {
  const check = (code: string, ip = '203.0.113.50') =>
    s.call({
      method: 'POST',
      url: '/zcp/promo/validate',
      payload: { PROMO_CODE: code },
      lang: 'en',
      remoteAddress: ip,
    });

  it('204 for a code in force today, in any case', async () => {
    expect((await check('welcome')).statusCode).toBe(204);
    expect((await check('TIS2026')).statusCode).toBe(204);
  });

  it('422 "The promo code is wrong." for an unknown or out-of-period code', async () => {
    const wrong = await check('FREEINSURANCE');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().MESSAGES[0].MSGTEXT).toBe('The promo code is wrong.');
    expect((await check('AUTUMN25')).statusCode).toBe(422);
    s.clock.set('2025-10-20T09:00:00.000Z');
    expect((await check('AUTUMN25')).statusCode).toBe(204);
    expect((await check("X' OR 1=1")).statusCode).toBe(400);
  });

  it('limits guesses per client IP', async () => {
    for (let i = 0; i < 30; i++) await check(`GUESS${i}`, '198.51.100.77');
    expect((await check('WELCOME', '198.51.100.77')).statusCode).toBe(429);
    expect((await check('WELCOME', '198.51.100.78')).statusCode).toBe(204);
  });
});

describe('call-back request', () => {
  it('stores the request with a due date two working days ahead and a reference', async () => {
    const res = await send(request);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ DUE_DATE: '2026-03-12' });
    expect(res.json().REFERENCE).toMatch(/^CB\d+$/);
    const rows = await s.testDb.db.query<{ due_date: string; product: string; data: Record<string, string> }>(
      'SELECT due_date, product, data FROM contact_requests',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ due_date: '2026-03-12', product: 'MOTOR' });
    expect(rows[0].data).toMatchObject({
      NAME: 'Ελένη Χαραλάμπους',
      MOB_PHONE_NO: '99123456',
      MAIL_ADDRESS: 'eleni.charalambous@example.com.cy',
    });
  });

  it('skips weekends and public holidays (Green Monday 2026 is 23 February)', async () => {
    s.clock.set('2026-02-20T09:00:00.000Z'); // Friday
    expect((await send(request)).json().DUE_DATE).toBe('2026-02-25');
  });

  it('mails the call centre in Greek and confirms to the visitor in English', async () => {
    await send(request, 'en');
    const centre = await s.mailbox('callcentre@insurer.com.cy');
    expect(centre).toHaveLength(1);
    expect(centre[0]).toMatchObject({ template: 'callbackRequest', language: 'el' });
    expect(centre[0].text).toContain('99123456');
    expect(centre[0].text).toContain('12/03/2026');
    const visitor = await s.mailbox('eleni.charalambous@example.com.cy');
    expect(visitor[0]).toMatchObject({ template: 'callbackConfirmation', language: 'en' });
    expect(visitor[0].text).toMatch(/Hello Ελένη Χαραλάμπους/);
  });

  it('refuses a non-Cypriot phone, a time outside the call centre hours, a missing name', async () => {
    const phone = await send({ ...request, MOB_PHONE_NO: '+44 7700 900123' });
    expect(phone.statusCode).toBe(422);
    expect(phone.json().MESSAGES[0].FIELD).toBe('MOB_PHONE_NO');
    const late = await send({ ...request, PREFERRED_TIME: '18:00' });
    expect(late.statusCode).toBe(422);
    expect(late.json().MESSAGES[0].MSGTEXT).toMatch(/07:30 and 14:30/);
    const nameless = await send({ ...request, FIRST_NAME: '  ', LAST_NAME: '' });
    expect(nameless.statusCode).toBe(422);
    const unknown = await send({ ...request, PRODUCT: 'YACHT' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().MESSAGES[0]).toMatchObject({
      FIELD: 'PRODUCT',
      MSGTEXT: expect.stringMatching(/product/),
    });
    expect(await s.testDb.db.query('SELECT * FROM contact_requests')).toEqual([]);
  });

  it('takes any product a flow folder declares, cyber included, and OTHER', async () => {
    for (const PRODUCT of ['CYBER', 'OTHER', 'travel'])
      expect((await send({ ...request, PRODUCT })).statusCode).toBe(PRODUCT === 'travel' ? 400 : 200);
  });

  it('refuses a message over 1024 characters, a bad e-mail and unknown fields with 400', async () => {
    expect((await send({ ...request, MESSAGE: 'α'.repeat(1025) })).statusCode).toBe(400);
    expect((await send({ ...request, MESSAGE: 'α'.repeat(1024) })).statusCode).toBe(200);
    expect((await send({ ...request, MAIL_ADDRESS: 'eleni@' })).statusCode).toBe(400);
    expect((await send({ ...request, IS_ADMIN: true })).statusCode).toBe(400);
    expect((await send({ ...request, PREFERRED_TIME: '25:00' })).statusCode).toBe(400);
  });

  it('keeps hostile text as text: stored as given, escaped in the HTML mail', async () => {
    const res = await send({
      ...request,
      FIRST_NAME: '<script>alert(1)</script>',
      MESSAGE: "'; DROP TABLE offers;--",
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await s.mailbox('callcentre@insurer.com.cy');
    const full = (
      await s.call({ method: 'GET', url: '/dev/mailbox.json?to=callcentre@insurer.com.cy' })
    ).json()[0];
    expect(full.html).not.toContain('<script>');
    expect(full.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain("'; DROP TABLE offers;--");
    expect((await s.testDb.db.query('SELECT count(*)::int AS n FROM offers'))[0]).toEqual({ n: 0 });
  });

  it('confirms to one address a few times an hour at most, whoever asks; every request is kept', async () => {
    const target = { ...request, MAIL_ADDRESS: 'andri.pavlou@example.com.cy' };
    for (let i = 0; i < 5; i++) expect((await send(target, 'en', `192.0.2.${100 + i}`)).statusCode).toBe(200);
    const confirmations = (await s.mailbox(target.MAIL_ADDRESS)).filter(
      (m) => m.template === 'callbackConfirmation',
    );
    expect(confirmations).toHaveLength(3);
    expect(
      await s.testDb.db.query(`SELECT 1 FROM contact_requests WHERE data->>'MAIL_ADDRESS' = $1`, [
        target.MAIL_ADDRESS,
      ]),
    ).toHaveLength(5);
  });

  it('limits requests per client IP', async () => {
    for (let i = 0; i < 3; i++) expect((await send(request, 'en', '198.51.100.9')).statusCode).toBe(200);
    expect((await send(request, 'en', '198.51.100.9')).statusCode).toBe(429);
  });
});
