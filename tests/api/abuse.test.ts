// Anonymous writes are bounded (issue 13, item 4): the client validation log caps each entry,
// takes batches, has an hourly ceiling per client IP and expires; new offers per IP are bounded;
// over https the offer and client cookies carry the __Host- prefix.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expireAnonymousData } from '../../src/server/platform/housekeeping';
import { MAX_ENTRY_BYTES } from '../../src/server/platform/validationLog';
import { startService, type TestService } from './support/app';
import { driverQuote } from './support/quotes';

let s: TestService;

beforeAll(async () => {
  s = await startService({
    config: {
      publicUrl: 'https://online.gic.com.cy',
      rateLimit: { validationLogPerIpHour: 30, offersPerIpHour: 2 },
    },
  });
});
afterAll(async () => {
  await s?.close();
});
beforeEach(async () => {
  await s.testDb.clean();
  s.clock.set('2026-03-10T09:00:00.000Z');
});

const log = (payload: unknown, ip = '10.1.1.1') =>
  s.call({
    method: 'POST',
    url: '/zcp/log/validations',
    payload: payload as object,
    remoteAddress: ip,
    lang: 'en',
  });

async function stored(): Promise<{ data: Record<string, string> }[]> {
  return s.testDb.db.query('SELECT data FROM validation_log ORDER BY id');
}

describe('the client validation log', () => {
  it('stores each entry flat and at most a few KB, whatever was sent', async () => {
    const big = {
      FLOW_ID: 'driver',
      STEP: 'details',
      FIELD: 'CS_POLICY_HOLDER.BIRTH_DATE',
      MESSAGE: 'x'.repeat(1024),
      ...Object.fromEntries(Array.from({ length: 36 }, (_, i) => [`K${i}`, 'y'.repeat(2000)])),
    };
    expect(JSON.stringify(big).length).toBeGreaterThan(70_000);
    expect((await log(big)).statusCode).toBe(204);
    const [row] = await stored();
    expect(Buffer.byteLength(JSON.stringify(row.data))).toBeLessThanOrEqual(MAX_ENTRY_BYTES + 40);
    expect(row.data).toMatchObject({
      FLOW_ID: 'driver',
      FIELD: 'CS_POLICY_HOLDER.BIRTH_DATE',
      LANGUAGE: 'en',
    });

    await log({ FLOW_ID: 'hunter', NESTED: { a: [1, 2, { b: 'z'.repeat(500) }] } });
    const nested = (await stored())[1].data;
    expect(typeof nested.NESTED).toBe('string');
    expect(nested.NESTED.length).toBeLessThanOrEqual(200);
  });

  it('takes a batch in ENTRIES, at most 20 of them', async () => {
    const entries = Array.from({ length: 25 }, (_, i) => ({
      FLOW_ID: 'travel',
      FIELD: `F${i}`,
      RULE: 'required',
    }));
    expect((await log({ ENTRIES: entries })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(20);
  });

  it('has an hourly ceiling per client IP, and old entries expire', async () => {
    expect((await log({ ENTRIES: Array.from({ length: 20 }, () => ({ FIELD: 'X' })) })).statusCode).toBe(204);
    expect((await log({ ENTRIES: Array.from({ length: 10 }, () => ({ FIELD: 'X' })) })).statusCode).toBe(204);
    const over = await log({ FIELD: 'X' });
    expect(over.statusCode).toBe(429);
    expect(over.json().MESSAGES[0].MSGTEXT).toBe(
      'Too many reports from this device. Please try again later.',
    );
    expect((await log({ FIELD: 'X' }, '10.1.1.2')).statusCode).toBe(204);
    s.clock.advance(3600_000);
    expect((await log({ FIELD: 'X' })).statusCode).toBe(204);
    expect(await stored()).toHaveLength(32);

    const later = new Date(s.clock.now().getTime() + (s.config.validationLogDays + 1) * 24 * 3600_000);
    const summary = await expireAnonymousData(s.testDb.db, later, s.config);
    expect(summary.validationLog).toBe(32);
    expect(summary.rateLimits).toBeGreaterThan(0);
    expect(await stored()).toHaveLength(0);
    expect(await s.testDb.db.query('SELECT 1 FROM rate_limits')).toHaveLength(0);
  });
});

describe('offers and cookies over https', () => {
  const mail = 'christos.nikolaou@example.com.cy';

  async function confirm() {
    const generated = await s.call({
      method: 'POST',
      url: '/zcp/otp/generate',
      payload: { I_MAIL_ADDRESS: mail },
    });
    expect(generated.statusCode).toBe(204);
    const validated = await s.call({
      method: 'POST',
      url: '/zcp/otp/validate',
      payload: { I_MAIL_ADDRESS: mail, I_TOKEN: await s.lastCode(mail) },
    });
    expect(validated.statusCode).toBe(204);
    return generated;
  }

  it('the client and offer cookies are __Host- cookies: Secure, Path=/, no Domain', async () => {
    const generated = await confirm();
    const client = generated.cookies.find((c) => c.name.includes('zcp_client'));
    expect(client).toMatchObject({ name: '__Host-zcp_client', secure: true, path: '/', httpOnly: true });
    expect(client?.domain).toBeUndefined();
    const quotation = await s.call({
      method: 'POST',
      url: '/zcp/driver/quotation',
      payload: driverQuote({
        policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: '2026-03-20' },
        holder: { MAIL_ADDRESS: mail },
      }),
    });
    expect(quotation.statusCode).toBe(200);
    const offer = quotation.cookies.find((c) => c.name.includes('zcp_offers'));
    expect(offer).toMatchObject({ name: '__Host-zcp_offers', secure: true, path: '/', httpOnly: true });
    expect(offer?.domain).toBeUndefined();
    // The unprefixed name a sibling sub-domain could plant proves nothing.
    const offerNo = quotation.json().CS_POLICY.OFFER_NO;
    const planted = await s.app.inject({
      url: `/zcp/offer/detail/${offerNo}/516`,
      headers: { cookie: `zcp_offers=${offer?.value}` },
    });
    expect(planted.statusCode).toBe(404);
  });

  it('new offers per client IP and hour are bounded', async () => {
    await confirm();
    const quote = () =>
      s.call({
        method: 'POST',
        url: '/zcp/driver/quotation',
        payload: driverQuote({
          policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: '2026-03-20' },
          holder: { MAIL_ADDRESS: mail },
        }),
        remoteAddress: '10.9.9.9',
      });
    expect((await quote()).statusCode).toBe(200);
    expect((await quote()).statusCode).toBe(200);
    const third = await quote();
    expect(third.statusCode).toBe(429);
    expect(third.json().CODE).toBe('TOO_MANY');
    expect(await s.testDb.db.query('SELECT 1 FROM offers')).toHaveLength(2);
  });
});
