// Browser tests in Debian's Chromium against the real service (npm start's server on a spare port,
// with a throwaway embedded database). scripts/test.ts builds the web app first.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium';

const PORT = Number(process.env.E2E_PORT ?? 8181);
const dataDir = mkdtempSync(join(tmpdir(), 'zcp-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // scripts/test.ts runs two groups of spec files at once, each with its own server and folder.
  outputDir: process.env.E2E_OUTPUT ?? 'test-results',
  // Generous: two groups share two cores in CI; speed is measured by the benchmark, not here.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./tests/support/playwright-plain-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'el-GR',
    timezoneId: 'Asia/Nicosia',
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // One server serves the whole suite from one address: the per-address and per-IP limits on
      // codes and call-backs are the API tests' subject, not the browser tests'.
      RATE_LIMIT_OTP_PER_ADDRESS_HOUR: '10000',
      RATE_LIMIT_OTP_PER_IP_HOUR: '10000',
      RATE_LIMIT_CONTACT_PER_IP_HOUR: '10000',
      RATE_LIMIT_LOGIN_PER_IP_HOUR: '10000',
      RATE_LIMIT_SMS_PER_NUMBER_HOUR: '1000',
      RATE_LIMIT_SMS_PER_IP_HOUR: '10000',
      RATE_LIMIT_OTP_ADDRESS_CEILING_HOUR: '10000',
      RATE_LIMIT_OFFERS_PER_IP_HOUR: '10000',
      RATE_LIMIT_PER_MINUTE: '0',
    },
  },
});
