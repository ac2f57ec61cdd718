// Two service instances behind a round-robin proxy on one PostgreSQL behave as one (issue 13,
// item 5): they start together (migrations once), a visitor's code, confirmation, offer cookie
// and payment travel between them, the provider's return lands on the other instance, a replayed
// return issues nothing twice, and the database-kept limits hold across both. Needs PostgreSQL
// (TEST_DATABASE_URL); skipped on the embedded database, which one process owns.

import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInNicosia } from '../../src/engine/dates';
import { buildApp } from '../../src/server/app';
import { TEST_CARDS } from '../../src/server/cardProvider/sandboxCards';
import { type Db, openDb } from '../../src/server/db';
import { testConfig } from '../../src/server/platform/config';
import { startRoundRobinProxy, type TestProxy } from './support/proxy';
import { driverQuote } from './support/quotes';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  const schema = `scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  let admin: { query(sql: string): Promise<unknown>; end(): Promise<void> };
  let proxy: TestProxy;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    admin = client;
    await client.query(`CREATE SCHEMA ${schema}`);
    const schemaUrl = new URL(url as string);
    schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
    // Both instances start at once: the migrations must run once, not race.
    dbs.push(
      ...(await Promise.all([openDb({ url: schemaUrl.toString() }), openDb({ url: schemaUrl.toString() })])),
    );
    proxy = await startRoundRobinProxy();
    const config = testConfig({
      publicUrl: proxy.url,
      trustProxy: true,
      rateLimit: { perMinute: 0, otpPerAddressHour: 3 },
    });
    config.payment = { ...config.payment, ...paymentUrls(proxy.url) };
    for (const db of dbs) {
      const app = await buildApp(config, { db });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
    }
    proxy.setBackends(apps.map((a) => `http://127.0.0.1:${(a.server.address() as AddressInfo).port}`));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of dbs) await db.close();
    await proxy?.close();
    await admin?.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin?.end();
  });

  function paymentUrls(base: string) {
    return {
      publicUrl: base,
      providerUrl: `${base}/sandbox/jcc/payment`,
      statusUrl: `${base}/sandbox/jcc/rest/getOrderStatusExtended.do`,
      refundUrl: `${base}/sandbox/jcc/rest/refund.do`,
    };
  }

  /** A browser: its cookies go back with every request, whichever instance set them. */
  function browser(clientIp: string) {
    const jar = new Map<string, string>();
    const served: number[] = [];
    const send = async (
      path: string,
      init: { method?: string; json?: unknown; form?: Record<string, string> } = {},
    ) => {
      const headers: Record<string, string> = { 'accept-language': 'en', 'x-forwarded-for': clientIp };
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      let body: string | undefined;
      if (init.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(init.json);
      } else if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      }
      const res = await fetch(`${proxy.url}${path}`, {
        method: init.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        redirect: 'manual',
      });
      served.push(Number(res.headers.get('x-served-by')));
      for (const cookie of res.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      return res;
    };
    return { send, served };
  }

  const hidden = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
        m[1],
        m[2]
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&'),
      ]),
    );

  it('a whole purchase hops between the instances and issues one contract', async () => {
    const mail = 'stelios.ioannou@example.com.cy';
    const visitor = browser('203.0.113.10');
    expect((await visitor.send('/zcp/otp/generate', { json: { I_MAIL_ADDRESS: mail } })).status).toBe(204);
    const box = (await (await visitor.send(`/dev/mailbox.json?to=${encodeURIComponent(mail)}`)).json()) as {
      text: string;
    }[];
    const code = /\b(\d{6})\b/.exec(box[0].text)?.[1] as string;
    expect(
      (await visitor.send('/zcp/otp/validate', { json: { I_MAIL_ADDRESS: mail, I_TOKEN: code } })).status,
    ).toBe(204);

    // The service's day is Cyprus's: from 22:00 UTC a UTC date would be yesterday there.
    const today = todayInNicosia();
    const quote = driverQuote({
      policy: { PACKAGE_ID: 'DRV_BASIC', START_DATE: today },
      holder: { MAIL_ADDRESS: mail },
    });
    const stored = await visitor.send('/zcp/driver/quotation', { json: quote });
    expect(stored.status).toBe(200);
    const offerNo = ((await stored.json()) as { CS_POLICY: { OFFER_NO: string } }).CS_POLICY.OFFER_NO;

    const regpay = await visitor.send('/zcp/jcc/JCCFunc/REGPAY', {
      json: { CS_POLICY: { OFFER_NO: offerNo } },
    });
    expect(regpay.status).toBe(200);
    const registeredOn = visitor.served.at(-1);
    const redirect = (
      (await regpay.json()) as {
        ES_RETURN_DATA: { URL: string; FIELDS: Record<string, string>; ORDER_ID: string };
      }
    ).ES_RETURN_DATA;
    const cardPage = await visitor.send(new URL(redirect.URL).pathname, { form: redirect.FIELDS });
    expect(cardPage.status).toBe(200);
    const result = await visitor.send('/sandbox/jcc/pay', {
      form: {
        ...hidden(await cardPage.text()),
        action: 'pay',
        cardNumber: TEST_CARDS.APPROVED,
        expiry: '12/30',
        cvv: '123',
        holder: 'STELIOS IOANNOU',
      },
    });
    const resultPage = await result.text();
    const returnFields = hidden(resultPage);
    const landed = await visitor.send('/zcp/jcc/return', { form: returnFields });
    expect(landed.status).toBe(303);
    // The provider's return landed on the other instance than the one that registered the order.
    expect(visitor.served.at(-1)).not.toBe(registeredOn);
    // The same signed return again, on whichever instance: nothing issued twice.
    expect((await visitor.send('/zcp/jcc/return', { form: returnFields })).status).toBe(303);
    const status = (await (
      await visitor.send(`/zcp/paymeth/ORDSTAT?ORDER_ID=${redirect.ORDER_ID}`)
    ).json()) as {
      STATUS: string;
      CONTRACT_NO: string;
    };
    expect(status.STATUS).toBe('SUCCESS');
    expect(await dbs[0].query('SELECT contract_no FROM contracts WHERE offer_no = $1', [offerNo])).toEqual([
      { contract_no: status.CONTRACT_NO },
    ]);
    // Both instances took part, alternately.
    expect(new Set(visitor.served)).toEqual(new Set([0, 1]));
    // A stranger asking either instance learns nothing about the order.
    const stranger = browser('198.51.100.20');
    for (let i = 0; i < 2; i++)
      expect((await stranger.send(`/zcp/paymeth/ORDSTAT?ORDER_ID=${redirect.ORDER_ID}`)).status).toBe(404);
  });

  it('code limits are shared: the fourth code in an hour is refused, whichever instance is asked', async () => {
    const visitor = browser('203.0.113.11');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await visitor.send('/zcp/otp/generate', {
            json: { I_MAIL_ADDRESS: 'maria.christou@example.com.cy' },
          })
        ).status,
      );
    expect(statuses).toEqual([204, 204, 204, 429]);
    expect(new Set(visitor.served.slice(-4))).toEqual(new Set([0, 1]));
  });
});
