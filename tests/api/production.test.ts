// Production is safe by default (issue 13, item 1): a production start with the defaults refuses
// to run, naming every problem at once; the card sandbox, the dev pages, dotfiles and source maps
// are never served in production; ALLOW_INSECURE_DEMO=1 runs a production build as a demo, loudly.

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Config, ConfigError, loadConfig } from '../../src/server/platform/config';
import { openTestDb, type TestDb } from './support/db';

const SECRET = 'a-very-long-production-secret-0123456789';
const LIVE = {
  NODE_ENV: 'production',
  SESSION_SECRET: SECRET,
  PUBLIC_URL: 'https://online.gic.com.cy',
  PAYMENT_MODE: 'live',
  JCC_PAYMENT_URL: 'https://gateway.jcc.com.cy/payment',
  JCC_STATUS_URL: 'https://gateway.jcc.com.cy/rest/getOrderStatusExtended.do',
  JCC_MERCHANT_ID: '0012345678',
  JCC_PASSWORD: 'a-real-merchant-secret',
  JCC_API_USER: 'gic-api',
  JCC_API_PASSWORD: 'a-real-api-secret',
  LOG_LEVEL: 'silent',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('production configuration', () => {
  it('the defaults are refused, every problem listed at once', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems.join('\n')).toMatch(/SESSION_SECRET/);
    expect(problems.join('\n')).toMatch(/PAYMENT_MODE must be set explicitly/);
    expect(problems.join('\n')).toMatch(/PUBLIC_URL must be an https/);
  });

  it('the sandbox is refused in production, and so is an http PUBLIC_URL', () => {
    const problems = problemsOf({ ...LIVE, PAYMENT_MODE: 'sandbox', PUBLIC_URL: 'http://online.gic.com.cy' });
    expect(problems).toEqual([
      expect.stringMatching(/PUBLIC_URL must be an https/),
      expect.stringMatching(/PAYMENT_MODE=sandbox is not allowed in production/),
    ]);
  });

  it('a live configuration with every JCC problem reports them all', () => {
    const problems = problemsOf({
      ...LIVE,
      JCC_MERCHANT_ID: '',
      JCC_STATUS_URL: 'http://gateway.jcc.com.cy/status',
      JCC_PASSWORD: 'zcp-sandbox-secret',
    });
    expect(problems).toEqual([
      expect.stringMatching(/needs JCC_MERCHANT_ID/),
      expect.stringMatching(/https:\/\/ JCC_STATUS_URL/),
      // The refund call lives beside the status URL by default, so it is http too (issue 28 item 1).
      expect.stringMatching(/https:\/\/ JCC_REFUND_URL/),
      expect.stringMatching(/must not use the sandbox passwords/),
    ]);
  });

  it('a complete live configuration starts, and ALLOW_INSECURE_DEMO=1 waives the rules it lists', () => {
    expect(problemsOf(LIVE)).toEqual([]);
    const demo = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ALLOW_INSECURE_DEMO: '1' });
    expect(demo.insecureDemo).toBe(true);
    expect(demo.payment.mode).toBe('sandbox');
    expect(demo.insecureDemoWaived).toEqual([
      expect.stringMatching(/PUBLIC_URL/),
      expect.stringMatching(/PAYMENT_MODE must be set/),
    ]);
    expect(loadConfig({ ...LIVE, ALLOW_INSECURE_DEMO: '1' }).insecureDemoWaived).toEqual([]);
  });
});

describe('a production service', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let webDir: string;
  let config: Config;

  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'zcp-web-'));
    mkdirSync(join(webDir, 'assets'));
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>GIC</title><div id="root"></div>');
    writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(webDir, 'assets', 'app-1a2b.js.map'), '{"version":3,"sources":["src/app.tsx"]}');
    writeFileSync(join(webDir, '.vite', 'manifest.json'), '{}');
    writeFileSync(join(webDir, '.env'), 'SESSION_SECRET=leaked');
    testDb = await openTestDb();
    config = { ...loadConfig({ ...LIVE, WEB_DIR: webDir }), outboxPollMs: 0 };
    app = await buildApp(config, { db: testDb.db });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the app with HSTS, but no source map, manifest or dotfile', async () => {
    const page = await app.inject({ url: '/driver' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect((await app.inject({ url: '/assets/app-1a2b.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-1a2b.js.map', '/.vite/manifest.json', '/.env', '/assets/../.env']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toMatch(/leaked|sources|version/);
    }
    // An encoded dot is a history-mode route of the web app, never the file.
    expect((await app.inject({ url: '/%2eenv' })).body).not.toContain('leaked');
  });

  it("mounts no sandbox, dev mailbox, dev flows, testers' desk or API explorer", async () => {
    for (const url of [
      '/sandbox/jcc/card',
      '/dev/mailbox',
      '/dev/mailbox.json',
      '/dev/flows/check',
      '/dev/desk',
      '/dev/desk.css',
      '/zcp/docs',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    const pay = await app.inject({ method: 'POST', url: '/sandbox/jcc/payment', payload: {} });
    expect(pay.statusCode).toBe(404);
    // The desk's form post, which would move a claim as the insurer: not there either.
    const desk = await app.inject({
      method: 'POST',
      url: '/dev/desk',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=move&kind=CLAIM&ref=CL2026000103&to=IN_REVIEW',
    });
    expect(desk.statusCode).toBe(404);
  });

  it('refuses to build with the sandbox in production, whatever built the configuration', async () => {
    const sandbox = loadConfig({ NODE_ENV: 'test' }).payment;
    await expect(buildApp({ ...config, payment: sandbox }, { db: testDb.db })).rejects.toThrow(
      /PAYMENT_MODE=sandbox is not allowed in production/,
    );
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const MAIN = ['--import', 'tsx', 'src/server/main.ts'];

describe('starting the service in production', () => {
  it('with the defaults it refuses to start, listing every problem', () => {
    const run = spawnSync(process.execPath, MAIN, {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/Invalid configuration/);
    for (const name of ['SESSION_SECRET', 'PAYMENT_MODE', 'PUBLIC_URL']) expect(run.stderr).toContain(name);
  }, 60_000);

  it('with ALLOW_INSECURE_DEMO=1 it starts with the sandbox, and says so loudly', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, MAIN, {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        ALLOW_INSECURE_DEMO: '1',
        SESSION_SECRET: SECRET,
        DATA_DIR: 'memory://',
        PORT: String(port),
        HOST: '127.0.0.1',
        OUTBOX_POLL_MS: '0',
        WEB_DIR: '/nonexistent',
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    try {
      let answer: Response | undefined;
      for (let i = 0; i < 300 && !answer; i++) {
        answer = await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined);
        if (!answer) await new Promise((r) => setTimeout(r, 500));
      }
      expect(answer?.status).toBe(200);
      expect(stderr).toMatch(/INSECURE DEMO/);
      expect(stderr).toMatch(/waived: PAYMENT_MODE must be set/);
      const sandbox = await fetch(`http://127.0.0.1:${port}/sandbox/jcc/assets/sandbox.css`);
      expect(sandbox.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 200_000);
});
