// Configuration from the environment: defaults, parsing, and every refusal named at start.

import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/platform/config';

const secret = 'a-very-long-production-secret-0123456789';

describe('loadConfig', () => {
  it('development defaults: port 8080, embedded database, dev mailbox on, a generated secret', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data/db',
      publicUrl: 'http://localhost:8080',
      otpTtlMinutes: 10,
      otpMaxAttempts: 5,
      devMailbox: true,
      sessionSecretGenerated: true,
      bodyLimit: 256 * 1024,
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).sessionSecret).not.toBe(config.sessionSecret);
    expect(config.payment.mode).toBe('sandbox');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '3000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app:app@db:5432/app',
      SMTP_URL: 'smtp://mail.internal:2525',
      MAIL_FROM: 'Online Insurance <no-reply@insurer.com.cy>',
      PUBLIC_URL: 'https://www.insurer.com.cy/',
      OTP_TTL_MINUTES: '15',
      OTP_MAX_ATTEMPTS: '3',
      RATE_LIMIT_PER_MINUTE: '600',
      RATE_LIMIT_OTP_PER_ADDRESS_HOUR: '4',
      SESSION_SECRET: secret,
      STAFF_TOTP_KEY: 'a-very-long-staff-totp-key-0123456789',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 192.168.0.1',
      PAYMENT_MODE: 'live',
      JCC_PAYMENT_URL: 'https://gateway.jcc.com.cy/payment',
      JCC_STATUS_URL: 'https://gateway.jcc.com.cy/rest/getOrderStatusExtended.do',
      JCC_MERCHANT_ID: '0012345678',
      JCC_PASSWORD: 'a-real-merchant-secret',
      JCC_API_USER: 'gic-api',
      JCC_API_PASSWORD: 'a-real-api-secret',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://app:app@db:5432/app',
      smtpUrl: 'smtp://mail.internal:2525',
      publicUrl: 'https://www.insurer.com.cy',
      otpTtlMinutes: 15,
      otpMaxAttempts: 3,
      sessionSecret: secret,
      sessionSecretGenerated: false,
      logLevel: 'warn',
      devMailbox: false,
      trustProxy: ['10.0.0.0/8', '192.168.0.1'],
    });
    expect(config.rateLimit).toMatchObject({ perMinute: 600, otpPerAddressHour: 4 });
    expect(config.payment.publicUrl).toBe('https://www.insurer.com.cy');
  });

  it('lists every problem at once, naming the variables', () => {
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        OTP_TTL_MINUTES: '0',
        LOG_LEVEL: 'loud',
        DEV_MAILBOX: 'true',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const text = (error as Error).message;
      for (const name of [
        'PORT',
        'DATABASE_URL',
        'OTP_TTL_MINUTES',
        'LOG_LEVEL',
        'SESSION_SECRET',
        'DEV_MAILBOX',
      ]) {
        expect(text).toContain(name);
      }
    }
  });

  it('refuses a short secret and a live payment setup without its credentials', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ PAYMENT_MODE: 'live', SESSION_SECRET: secret })).toThrow(ConfigError);
    expect(() => loadConfig({ JCC_MODE: 'live', SESSION_SECRET: secret })).toThrow(/PAYMENT_MODE=live/);
  });
});
