// E-mail confirmation codes: issue, confirm, wrong code, expiry (moved clock), attempts, reissue,
// rate limits per address and per client IP, and what is stored.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startService, type TestService } from './support/app';

let s: TestService;
const mail = 'eleni.charalambous@example.com.cy';

beforeAll(async () => {
  s = await startService({
    config: { rateLimit: { perMinute: 0, otpPerAddressHour: 5, otpPerIpHour: 8, contactPerIpHour: 10 } },
  });
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.testDb.clean();
  s.clock.set('2026-03-10T09:00:00.000Z');
});

const generate = (address = mail, lang: 'el' | 'en' = 'el', ip = '10.20.30.40') =>
  s.call({
    method: 'POST',
    url: '/zcp/otp/generate',
    payload: { I_MAIL_ADDRESS: address },
    lang,
    remoteAddress: ip,
  });
const validate = (code: string, address = mail, lang: 'el' | 'en' = 'en') =>
  s.call({
    method: 'POST',
    url: '/zcp/otp/validate',
    payload: { I_TOKEN: code, I_MAIL_ADDRESS: address },
    lang,
  });
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');

describe('generate', () => {
  it('mails a 6-digit code in the request language and stores only its hash', async () => {
    const res = await generate(mail, 'en');
    expect(res.statusCode).toBe(204);
    const [message] = await s.mailbox(mail);
    expect(message).toMatchObject({ template: 'otp', language: 'en' });
    expect(message.subject).toMatch(/verification code/);
    const code = await s.lastCode(mail);
    const rows = await s.testDb.db.query<{ code_hash: string; recipient: string }>(
      'SELECT code_hash, recipient FROM otp_codes',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].recipient).toBe(mail);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('mails in Greek by default and treats the address case-insensitively', async () => {
    expect((await generate('Eleni.Charalambous@Example.com.cy')).statusCode).toBe(204);
    const [message] = await s.mailbox(mail);
    expect(message.language).toBe('el');
    expect(message.subject).toMatch(/κωδικός επαλήθευσης/);
  });

  it('refuses something that is not an e-mail address with 400 and a message', async () => {
    const res = await generate('not-an-address');
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES[0].FIELD).toBe('I_MAIL_ADDRESS');
  });

  it('limits codes per address: the sixth within the hour is refused with 429', async () => {
    for (let i = 0; i < 5; i++) expect((await generate()).statusCode).toBe(204);
    const sixth = await generate();
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ CODE: 'TOO_MANY' });
    expect((await s.mailbox(mail)).length).toBe(5);
    s.clock.advance(3600_000);
    expect((await generate()).statusCode).toBe(204);
  });

  it('limits codes per client IP across addresses', async () => {
    for (let i = 0; i < 8; i++)
      expect((await generate(`visitor${i}@example.com`, 'el', '192.0.2.7')).statusCode).toBe(204);
    expect((await generate('visitor9@example.com', 'el', '192.0.2.7')).statusCode).toBe(429);
    expect((await generate('visitor9@example.com', 'el', '192.0.2.8')).statusCode).toBe(204);
  });
});

describe('validate', () => {
  it('confirms the right code with 204 and records the address', async () => {
    await generate();
    const res = await validate(await s.lastCode(mail));
    expect(res.statusCode).toBe(204);
    const rows = await s.testDb.db.query<{ mail_address: string; client_key: string }>(
      'SELECT mail_address, client_key FROM email_confirmations',
    );
    expect(rows).toEqual([{ mail_address: mail, client_key: expect.stringMatching(/^[\w-]{22}$/) }]);
  });

  it('a code works once', async () => {
    await generate();
    const code = await s.lastCode(mail);
    expect((await validate(code)).statusCode).toBe(204);
    const again = await validate(code);
    expect(again.statusCode).toBe(422);
    expect(again.json().CODE).toBe('EXPIRED');
  });

  it('a wrong code: 422 "not valid" in both languages, nothing confirmed', async () => {
    await generate();
    const code = await s.lastCode(mail);
    const en = await validate(wrong(code), mail, 'en');
    expect(en.statusCode).toBe(422);
    expect(en.json().MESSAGES[0].MSGTEXT).toBe('The email verification code is not valid.');
    expect(en.json().CODE).toBe('INVALID');
    const el = await validate(wrong(code), mail, 'el');
    expect(el.json().MESSAGES[0].MSGTEXT).toBe('Ο κωδικός επαλήθευσης του email δεν είναι έγκυρος.');
    expect(await s.testDb.db.query('SELECT * FROM confirmed_emails')).toEqual([]);
  });

  it('after five wrong attempts the code is used up, even the right one', async () => {
    await generate();
    const code = await s.lastCode(mail);
    for (let i = 0; i < 4; i++) expect((await validate(wrong(code))).json().CODE).toBe('INVALID');
    const fifth = await validate(wrong(code));
    expect(fifth.json().CODE).toBe('EXPIRED');
    expect(fifth.json().MESSAGES[0].MSGTEXT).toMatch(/Press the button to issue a new one/);
    expect((await validate(code)).json().CODE).toBe('EXPIRED');
  });

  it('a code expires after ten minutes', async () => {
    await generate();
    const code = await s.lastCode(mail);
    s.clock.advance(10 * 60_000 + 1000);
    const res = await validate(code);
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('EXPIRED');
  });

  it('is still good just before the ten minutes are up', async () => {
    await generate();
    const code = await s.lastCode(mail);
    s.clock.advance(9 * 60_000 + 50_000);
    expect((await validate(code)).statusCode).toBe(204);
  });

  it('a reissued code replaces the previous one', async () => {
    await generate();
    const first = await s.lastCode(mail);
    s.clock.advance(1000);
    await generate();
    const second = await s.lastCode(mail);
    if (first !== second) expect((await validate(first)).statusCode).toBe(422);
    expect((await validate(second)).statusCode).toBe(204);
  });

  it('without any code issued the answer is EXPIRED (issue one)', async () => {
    const res = await validate('123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('EXPIRED');
  });

  it('a code for one address does not confirm another', async () => {
    await generate();
    const code = await s.lastCode(mail);
    await generate('someone.else@example.com');
    const res = await validate(code, 'someone.else@example.com');
    // Only a collision of two random codes would pass; then the other address's own code was used.
    const other = await s.lastCode('someone.else@example.com');
    expect(res.statusCode).toBe(code === other ? 204 : 422);
  });

  it('a malformed code costs an attempt and answers "not valid"', async () => {
    await generate();
    const res = await validate('12ab');
    expect(res.statusCode).toBe(422);
    expect(res.json().CODE).toBe('INVALID');
    const rows = await s.testDb.db.query<{ attempts: number }>('SELECT attempts FROM otp_codes');
    expect(rows[0].attempts).toBe(1);
  });

  it('refuses missing fields with 400', async () => {
    const res = await s.call({ method: 'POST', url: '/zcp/otp/validate', payload: { I_TOKEN: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES[0]).toMatchObject({ FIELD: 'I_MAIL_ADDRESS' });
  });
});

describe('abuse by a third party (issue 13)', () => {
  /** Another browser: its own cookies only, from its own IP. */
  async function stranger(url: string, payload: object, ip = '198.51.100.9', cookie = '') {
    return s.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      headers: { 'accept-language': 'en', ...(cookie ? { cookie } : {}) },
    });
  }

  it("cannot spend the owner's code budget, nor end the code the owner is typing", async () => {
    expect((await generate()).statusCode).toBe(204);
    const ownersCode = await s.lastCode(mail);
    // The stranger asks for codes to the owner's address until refused.
    const answers: number[] = [];
    for (let i = 0; i < 7; i++)
      answers.push((await stranger('/zcp/otp/generate', { I_MAIL_ADDRESS: mail })).statusCode);
    expect(answers.slice(0, 5)).toEqual([204, 204, 204, 204, 204]);
    expect(answers.slice(5)).toEqual([429, 429]);
    // The owner still gets codes, and the first one still works.
    expect((await generate()).statusCode).toBe(204);
    expect((await validate(ownersCode)).statusCode).toBe(422); // ended by the owner's own new code
    expect((await validate(await s.lastCode(mail))).statusCode).toBe(204);
  });

  it('past the per-address ceiling every client is slowed to one code per few minutes, never blocked', async () => {
    const ceiling = s.config.rateLimit.otpAddressCeilingHour;
    let sent = 0;
    for (let ip = 1; sent < ceiling; ip++) {
      for (let i = 0; i < 4 && sent < ceiling; i++, sent++)
        expect(
          (await stranger('/zcp/otp/generate', { I_MAIL_ADDRESS: mail }, `203.0.113.${ip}`)).statusCode,
        ).toBe(204);
    }
    const first = await generate(mail, 'en');
    expect(first.statusCode).toBe(204); // the first code of this spacing window
    const slowed = await stranger('/zcp/otp/generate', { I_MAIL_ADDRESS: mail }, '203.0.113.200');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ CODE: 'SLOWED' });
    expect(slowed.json().MESSAGES[0].MSGTEXT).toMatch(/ask for a new one in \d+ minutes/);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    s.clock.advance(s.config.rateLimit.otpCeilingSpacingMinutes * 60_000);
    expect((await generate()).statusCode).toBe(204);
  });

  it('a confirmation serves only the browser that proved the mailbox', async () => {
    // The owner confirms their address in their browser.
    expect((await generate()).statusCode).toBe(204);
    expect((await validate(await s.lastCode(mail))).statusCode).toBe(204);
    // Another browser knows the address, not the mailbox: it cannot use the owner's confirmation
    // to store an offer for (or have one mailed to) that address.
    const { driverQuote } = await import('./support/quotes');
    const quote = driverQuote({
      policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: '2026-03-20' },
      holder: { MAIL_ADDRESS: mail },
    });
    const body = { ...quote, CS_USER_EXTRAS: { ...quote.CS_USER_EXTRAS, SEND_VIA_MAIL: 'X' } };
    const theirs = await stranger('/zcp/driver/quotation', body);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().CODE).toBe('EMAIL_NOT_CONFIRMED');
    // Nor can it use a code mailed to the owner's browser.
    expect((await generate()).statusCode).toBe(204);
    const code = await s.lastCode(mail);
    const stolen = await stranger('/zcp/otp/validate', { I_MAIL_ADDRESS: mail, I_TOKEN: code });
    expect(stolen.statusCode).toBe(422);
    expect((await s.mailbox(mail)).filter((m) => m.template === 'offerSent')).toHaveLength(0);
    // The owner's browser can.
    expect((await s.call({ method: 'POST', url: '/zcp/driver/quotation', payload: body })).statusCode).toBe(
      200,
    );
  });
});
