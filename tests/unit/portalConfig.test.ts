// The portal's settings (src/server/accounts/config.ts, read by loadConfig) and the HTTP SMS gateway.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { httpSmsTransport } from '../../src/server/outbox/smsGateway';
import { ConfigError, loadConfig } from '../../src/server/platform/config';

const production = {
  NODE_ENV: 'production',
  STAFF_TOTP_KEY: 'a-very-long-staff-totp-key-0123456789',
  SESSION_SECRET: 'production-secret-0123456789-abcdefghijkl',
  PUBLIC_URL: 'https://online.gic.com.cy',
  // Production never runs on the card sandbox: a live provider configuration.
  PAYMENT_MODE: 'live',
  JCC_PAYMENT_URL: 'https://gateway.jcc.com.cy/payment',
  JCC_STATUS_URL: 'https://gateway.jcc.com.cy/rest/getOrderStatusExtended.do',
  JCC_MERCHANT_ID: '0012345678',
  JCC_PASSWORD: 'a-real-merchant-secret',
  JCC_API_USER: 'gic-api',
  JCC_API_PASSWORD: 'a-real-api-secret',
  DEV_MAILBOX: 'off',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('portal configuration', () => {
  it('defaults: 15 minutes inactivity, 10-minute SMS codes, demo data outside production, plain cookie names over http', () => {
    const config = loadConfig({ NODE_ENV: 'development' });
    expect(config.portal).toMatchObject({
      inactivityMinutes: 15,
      accessTokenMinutes: 5,
      smsCodeTtlMinutes: 10,
      smsCodeMaxAttempts: 5,
      maxFailedLogins: 5,
      demoData: true,
      secureCookies: false,
      webauthnRpId: 'localhost',
    });
  });

  it('over https: secure (__Host-) cookies and the relying party of the public address; no demo data', () => {
    const config = loadConfig(production);
    expect(config.portal).toMatchObject({
      secureCookies: true,
      webauthnRpId: 'online.gic.com.cy',
      webauthnOrigin: 'https://online.gic.com.cy',
      demoData: false,
    });
  });

  it('refuses demo data and a plain-http SMS gateway in production, and wrong numbers anywhere', () => {
    const found = problems({ ...production, PORTAL_DEMO_DATA: 'on', SMS_URL: 'http://sms.example.com/send' });
    expect(found).toContain('PORTAL_DEMO_DATA cannot be on in production');
    expect(found).toContain('SMS_URL must be https in production');
    expect(problems({ PORTAL_INACTIVITY_MINUTES: '0' })[0]).toMatch(/PORTAL_INACTIVITY_MINUTES/);
    expect(problems({ SMS_URL: 'not a url' })).toContain('SMS_URL is not a URL');
    expect(loadConfig({ PORTAL_INACTIVITY_MINUTES: '20' }).portal.inactivityMinutes).toBe(20);
  });
});

describe('HTTP SMS gateway', () => {
  it('posts the number in international form and the text, with the bearer token; a non-2xx answer throws', async () => {
    const received: { body: string; auth?: string }[] = [];
    let status = 202;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({ body, auth: req.headers.authorization });
        res.statusCode = status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
    try {
      const sms = httpSmsTransport(url, 'gateway-token');
      await sms.send('99123456', 'Ο κωδικός επαλήθευσης είναι 123456.');
      expect(JSON.parse(received[0].body)).toEqual({
        to: '+35799123456',
        text: 'Ο κωδικός επαλήθευσης είναι 123456.',
      });
      expect(received[0].auth).toBe('Bearer gateway-token');
      status = 503;
      await expect(sms.send('99123456', 'x')).rejects.toThrow(/503/);
    } finally {
      server.close();
    }
  });
});
