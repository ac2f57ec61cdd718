// The service around the routes: health, security headers, request ids, error shapes, the web
// app with its history-mode fallback, the OpenAPI document, and the small read-only calls.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/server/platform/security';
import { startService, type TestService } from './support/app';

let s: TestService;
const web = mkdtempSync(join(tmpdir(), 'zcp-web-'));
mkdirSync(join(web, 'assets'));
writeFileSync(join(web, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
writeFileSync(join(web, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
writeFileSync(
  join(web, 'studio.html'),
  '<!doctype html><html><body><div id="studio-root"></div></body></html>',
);

beforeAll(async () => {
  s = await startService({ config: { webDir: web } });
});
afterAll(async () => {
  await s?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('health and headers', () => {
  it('GET /health pings the database and names the version', async () => {
    const res = await s.call({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: s.testDb.kind });
  });

  it('answers 503 when the database is gone', async () => {
    const { buildApp } = await import('../../src/server/app');
    const broken = {
      ...s.testDb.db,
      kind: s.testDb.db.kind,
      query: async () => {
        throw new Error('connection refused');
      },
    };
    const app = await buildApp(s.config, { db: broken, flows: [] });
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().status).toBe('error');
    await app.close();
  });

  it('every answer carries the CSP and the other security headers', async () => {
    for (const url of ['/health', '/zcp/lov/yesno', '/zcp/nothing-here', '/motor/offer/1']) {
      const res = await s.call({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy']).toContain('camera=()');
    }
  });

  it('form-action lists the card provider origin added by the payments module', () => {
    expect(contentSecurityPolicy(['https://gateway.example.com'])).toContain(
      "form-action 'self' https://gateway.example.com",
    );
  });

  it('echoes a well-formed request id and makes one otherwise', async () => {
    const mine = await s.call({ method: 'GET', url: '/health', headers: { 'x-request-id': 'abc-12345678' } });
    expect(mine.headers['x-request-id']).toBe('abc-12345678');
    const bad = await s.call({ method: 'GET', url: '/health', headers: { 'x-request-id': '<script>' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('errors', () => {
  it('an unknown /zcp route is a JSON 404 in the request language', async () => {
    const el = await s.call({ method: 'GET', url: '/zcp/does/not/exist' });
    expect(el.statusCode).toBe(404);
    expect(el.json().MESSAGES[0].MSGTEXT).toBe('Η διεύθυνση που ζητήσατε δεν βρέθηκε.');
    const en = await s.call({ method: 'POST', url: '/zcp/does/not/exist', lang: 'en', payload: {} });
    expect(en.json().MESSAGES[0].MSGTEXT).toBe('The requested address was not found.');
  });

  it('malformed JSON is a 400 with a message', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/otp/generate',
      headers: { 'content-type': 'application/json' },
      payload: '{"I_MAIL_ADDRESS": ',
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES[0].MSGTEXT).toBe('The request is not valid JSON.');
  });

  it('prototype poisoning is refused', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/driver/drivercalc',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES).toHaveLength(1);
  });

  it('a body over the limit is 413 with a message', async () => {
    const res = await s.call({
      method: 'POST',
      url: '/zcp/driver/drivercalc',
      payload: { CS_POLICY: { NOTE: 'x'.repeat(1024 * 1024) } },
      lang: 'en',
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().MESSAGES[0].MSGTEXT).toBe('The request is too large.');
  });

  it('a body nested deeper than any quote is refused before validation', async () => {
    const deep = `{"CS_X":${'['.repeat(50_000)}"x"${']'.repeat(50_000)}}`;
    const res = await s.call({
      method: 'POST',
      url: '/zcp/driver/drivercalc',
      payload: deep,
      headers: { 'content-type': 'application/json' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().MESSAGES[0].MSGTEXT).toBe('The request is nested too deeply.');
  });

  it('a body of another media type is 415; plain text, which a cross-site form can send, is refused as CSRF (403)', async () => {
    const xml = await s.call({
      method: 'POST',
      url: '/zcp/otp/generate',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().MESSAGES).toHaveLength(1);
    const text = await s.call({
      method: 'POST',
      url: '/zcp/otp/generate',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    // Before the body is read (src/server/accounts/csrf.ts); it never reached a handler before either (400).
    expect([text.statusCode, text.json().CODE]).toEqual([403, 'CSRF']);
  });
});

describe('flood limit', () => {
  it('more than RATE_LIMIT_PER_MINUTE calls from one IP get 429 with a message', async () => {
    const { buildApp } = await import('../../src/server/app');
    const app = await buildApp(
      { ...s.config, rateLimit: { ...s.config.rateLimit, perMinute: 3 } },
      { db: s.testDb.db, flows: [] },
    );
    const codes: number[] = [];
    let last = { MESSAGES: [{ MSGTEXT: '' }] };
    for (let i = 0; i < 4; i++) {
      const res = await app.inject({
        method: 'GET',
        url: '/zcp/lov/yesno',
        headers: { 'accept-language': 'en' },
      });
      codes.push(res.statusCode);
      last = res.json();
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last.MESSAGES[0].MSGTEXT).toBe('Too many requests. Please wait a few minutes and try again.');
    // Health checks of the load balancer are not counted.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('every payment route counts against the same limit', async () => {
    const { buildApp } = await import('../../src/server/app');
    const calls = [
      {
        method: 'POST' as const,
        url: '/zcp/jcc/JCCFunc/REGPAY',
        payload: { CS_POLICY: { OFFER_NO: 'OF1' } },
      },
      { method: 'GET' as const, url: '/zcp/paymeth/ORDSTAT?ORDER_ID=OF1-1-AAAAAA' },
      {
        method: 'POST' as const,
        url: '/zcp/jcc/PendPaymTimeOut/pendtimeout',
        payload: { CONTRACT_NO: 'CY1' },
      },
      { method: 'POST' as const, url: '/zcp/jcc/return', payload: { OrderID: 'x' } },
    ];
    for (const call of calls) {
      const app = await buildApp(
        { ...s.config, rateLimit: { ...s.config.rateLimit, perMinute: 2 } },
        { db: s.testDb.db, flows: [] },
      );
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await app.inject(call)).statusCode);
      expect(codes[2], call.url).toBe(429);
      expect(codes.slice(0, 2), call.url).not.toContain(429);
      await app.close();
    }
  });
});

describe('web app', () => {
  it('serves index.html for history-mode routes', async () => {
    for (const url of ['/', '/motor/offer/3?ref=1', '/payment-completion/OF100001', '/help-page']) {
      const res = await s.call({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('id="root"');
    }
  });

  it("serves the studio's page for the studio's routes, with the CSP, and the site's page elsewhere", async () => {
    for (const url of [
      '/studio',
      '/studio/',
      '/studio/signin?next=%2Fstudio%2Faudit',
      '/studio/items/flow/motor',
    ]) {
      const res = await s.call({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      const plain = await s.call({ method: 'GET', url });
      expect(plain.body).toContain('id="studio-root"');
    }
    for (const url of ['/studios', '/motor/studio']) {
      const res = await s.call({ method: 'GET', url });
      expect(res.body).not.toContain('studio-root');
    }
  });

  it('serves assets with a long cache, and a missing asset is a 404', async () => {
    const asset = await s.call({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await s.call({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('lists every /zcp route with its schemas', async () => {
    const spec = s.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const paths = Object.keys(spec.paths);
    for (const path of [
      '/zcp/offer/RulesDetail/{product}',
      '/zcp/driver/drivercalc',
      '/zcp/driver/pckcalculate',
      '/zcp/driver/quotation',
      '/zcp/hunter/huntercalc',
      '/zcp/otp/generate',
      '/zcp/otp/validate',
      '/zcp/lov/multi',
      '/zcp/motor/vehiclesearch',
      '/zcp/contact_us/contactus',
      '/zcp/offer/detail/{offerNo}/{productId}',
    ]) {
      expect(paths).toContain(path);
    }
    expect(JSON.stringify(spec)).toContain('I_MAIL_ADDRESS');
  });

  it('is browsable at /zcp/docs in development', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/docs/json' });
    expect(res.statusCode).toBe(200);
  });
});

describe('rules detail', () => {
  it('answers the texts and check points in the request language', async () => {
    const en = (await s.call({ method: 'GET', url: '/zcp/offer/RulesDetail/DRIVER', lang: 'en' })).json();
    expect(en.ET_TEXTS.length).toBeGreaterThan(0);
    expect(typeof en.ET_TEXTS[0].TEXT).toBe('string');
    expect(en.ET_CHECK_POINTS[0].ERROR_MESSAGE).toMatch(/Driver insurance/);
    const el = (await s.call({ method: 'GET', url: '/zcp/offer/RulesDetail/HUNTER' })).json();
    expect(el.ET_CHECK_POINTS[0].ERROR_MESSAGE).toMatch(/[α-ω]/);
  });

  it('answers 404 with a message for an unknown product', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/offer/RulesDetail/PETS', lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json().MESSAGES[0].MSGTEXT).toBe('There is no product PETS.');
  });
});

describe('lists of values', () => {
  it('multi answers the lists in the order asked', async () => {
    const res = await s.call({
      method: 'GET',
      url: '/zcp/lov/multi?fieldname=YESNO,DISTRICT&origin=DRIVER',
      lang: 'en',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((l: { LOV_NAME: string }) => l.LOV_NAME)).toEqual(['YESNO', 'DISTRICT']);
    expect(body[0].LOV_VALUE).toEqual([
      { VALUE: '1', TEXT: 'Yes' },
      { VALUE: '2', TEXT: 'No' },
    ]);
  });

  it('multi refuses an unknown name and a missing fieldname', async () => {
    expect((await s.call({ method: 'GET', url: '/zcp/lov/multi?fieldname=YESNO,NOPE' })).statusCode).toBe(
      404,
    );
    expect((await s.call({ method: 'GET', url: '/zcp/lov/multi' })).statusCode).toBe(400);
    expect((await s.call({ method: 'GET', url: "/zcp/lov/multi?fieldname=YESNO'--" })).statusCode).toBe(400);
  });

  it('dep answers a dependent list from key/value pairs', async () => {
    const res = await s.call({ method: 'GET', url: '/zcp/lov/dep/DISTRICT/LIM/CITY', lang: 'en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.LOV_NAME).toBe('CITY');
    expect(body.LOV_VALUE.length).toBeGreaterThan(0);
    expect(body.DEPENDENCIES).toEqual([{ KEY: 'DISTRICT', VALUE: 'LIM' }]);
  });

  it('dep refuses malformed paths and unknown lists', async () => {
    expect((await s.call({ method: 'GET', url: '/zcp/lov/dep/DISTRICT/CITY' })).statusCode).toBe(400);
    expect((await s.call({ method: 'GET', url: '/zcp/lov/dep/DISTRICT/LIM/NOPE' })).statusCode).toBe(404);
    expect((await s.call({ method: 'GET', url: '/zcp/lov/dep/WRONGKEY/LIM/CITY' })).statusCode).toBe(400);
  });

  it('fixed lists: yes/no, banks, garages', async () => {
    expect((await s.call({ method: 'GET', url: '/zcp/lov/yesno' })).json().LOV_NAME).toBe('YESNO');
    const banks = (await s.call({ method: 'GET', url: '/zcp/lov/CpBankList', lang: 'en' })).json();
    expect(banks.LOV_VALUE.some((b: { TEXT: string }) => b.TEXT === 'Bank of Cyprus')).toBe(true);
    const garages = (await s.call({ method: 'GET', url: '/zcp/lov/GARAGE' })).json();
    expect(garages.LOV_VALUE[0]).toHaveProperty('PHONE');
  });
});

describe('site texts', () => {
  it('cookie texts, with or without a JSON body', async () => {
    const bare = await s.call({ method: 'POST', url: '/zcp/cookies/gettexts' });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().ET_TEXTS.length).toBeGreaterThan(0);
    const empty = await s.call({
      method: 'POST',
      url: '/zcp/cookies/gettexts',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(200);
  });

  it('FAQs in both languages', async () => {
    const el = (await s.call({ method: 'GET', url: '/zcp/CommonParams/FAQs' })).json();
    const en = (await s.call({ method: 'GET', url: '/zcp/CommonParams/FAQs', lang: 'en' })).json();
    expect(el.CATEGORIES.length).toBe(en.CATEGORIES.length);
    expect(el.QUESTIONS[0].QUESTION).not.toBe(en.QUESTIONS[0].QUESTION);
  });

  it('announcements in force on the day', async () => {
    s.clock.set('2025-10-20T09:00:00.000Z');
    const during = (await s.call({ method: 'GET', url: '/zcp/announcement', lang: 'en' })).json();
    expect(during.CT_ANNOUNCEMENTS.map((a: { ID: string }) => a.ID)).toEqual(['PROMO-2025-AUTUMN']);
    s.clock.set('2026-03-10T09:00:00.000Z');
    expect((await s.call({ method: 'GET', url: '/zcp/announcement' })).json().CT_ANNOUNCEMENTS).toEqual([]);
  });

  it('validation log entries are stored (204) and bounded', async () => {
    await s.testDb.clean();
    const ok = await s.call({
      method: 'POST',
      url: '/zcp/log/validations',
      payload: { FLOW: 'driver', STEP: 'eligibility', FIELD: 'CS_POLICY.START_DATE', MESSAGE: 'date_max' },
    });
    expect(ok.statusCode).toBe(204);
    const rows = await s.testDb.db.query<{ data: { FLOW: string } }>('SELECT data FROM validation_log');
    expect(rows[0].data.FLOW).toBe('driver');
    const long = await s.call({
      method: 'POST',
      url: '/zcp/log/validations',
      payload: { MESSAGE: 'x'.repeat(2000) },
    });
    expect(long.statusCode).toBe(400);
  });
});
