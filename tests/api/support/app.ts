// One service instance per API test file, on the file's test database, with a clock the test
// moves and helpers to read the dev mailbox.

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FlowBundle } from '../../../src/engine/flow/bundle';
import { buildApp } from '../../../src/server/app';
import type { Transports } from '../../../src/server/outbox/sender';
import { type Config, type ConfigOverrides, testConfig } from '../../../src/server/platform/config';
import { openTestDb, type TestDb } from './db';

export interface TestClock {
  now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export function testClock(start = '2026-03-10T09:00:00.000Z'): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (iso) => {
      current = new Date(iso).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface TestService {
  app: FastifyInstance;
  /** The instances `call` alternates between (two with TEST_INSTANCES=2 on PostgreSQL). */
  instances: FastifyInstance[];
  testDb: TestDb;
  clock: TestClock;
  config: Config;
  /** JSON request with an Accept-Language header (Greek unless given). */
  call(options: InjectOptions & { lang?: 'el' | 'en' }): Promise<LightMyRequestResponse>;
  /** Mail queued for an address, newest first. */
  mailbox(
    to: string,
  ): Promise<{ subject: string | null; text: string; template: string; language: string }[]>;
  /** The code of the newest one-time-code mail to an address. */
  lastCode(to: string): Promise<string>;
  close(): Promise<void>;
}

export async function startService(
  options: {
    config?: ConfigOverrides;
    transports?: Transports;
    clock?: TestClock;
    flows?: FlowBundle[];
    /** The scenarios the publication gates replay (tests/scenarios/ unless given). */
    scenariosDir?: string;
    /** Receives the service's JSON log lines (give `config.logLevel` too: tests log nothing by default). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestService> {
  const testDb = await openTestDb();
  const clock = options.clock ?? testClock();
  const config = testConfig({
    rateLimit: { perMinute: 0, otpPerAddressHour: 5, otpPerIpHour: 1000, contactPerIpHour: 1000 },
    ...options.config,
  });
  const deps = {
    now: clock.now,
    transports: options.transports ?? {},
    flows: options.flows,
    scenariosDir: options.scenariosDir,
    logStream: options.logStream,
  };
  const app = await buildApp(config, { ...deps, db: testDb.db });
  await app.ready();
  // TEST_INSTANCES=2 (on PostgreSQL): a second instance on its own connection pool to the same
  // database, and `call` alternates between the two, as a round-robin load balancer would.
  const instances = [app];
  if (process.env.TEST_INSTANCES === '2' && testDb.openAnother) {
    const second = await buildApp(config, { ...deps, db: await testDb.openAnother() });
    await second.ready();
    instances.push(second);
  }
  let turn = 0;
  // One browser: the client cookie the service sets with the first e-mail code is sent back on
  // every later call (added to any cookie a test sends), as the visitor's browser does.
  let clientCookie = '';
  const call: TestService['call'] = async ({ lang, headers, ...rest }) => {
    const given = typeof headers?.cookie === 'string' ? headers.cookie : '';
    const cookie = [given, given.includes('zcp_client=') ? '' : clientCookie].filter(Boolean).join('; ');
    const instance = instances[turn++ % instances.length];
    const res = await instance.inject({
      ...rest,
      headers: { 'accept-language': lang ?? 'el', ...headers, ...(cookie ? { cookie } : {}) },
    });
    const set = res.cookies.find((c) => c.name.endsWith('zcp_client'));
    if (set) clientCookie = `${set.name}=${set.value}`;
    return res;
  };
  const mailbox: TestService['mailbox'] = async (to) => {
    const instance = instances[turn++ % instances.length];
    const res = await instance.inject({
      method: 'GET',
      url: `/dev/mailbox.json?to=${encodeURIComponent(to)}`,
    });
    return res.json();
  };
  return {
    app,
    instances,
    testDb,
    clock,
    config,
    call,
    mailbox,
    lastCode: async (to) => {
      const mails = (await mailbox(to)).filter(
        (m) => m.template === 'otp' || m.template === 'withdrawalCode',
      );
      const match = /\b(\d{6})\b/.exec(mails[0]?.text ?? '');
      if (!match) throw new Error(`no code mailed to ${to}`);
      return match[1];
    },
    close: async () => {
      for (const instance of instances) await instance.close();
      await testDb.close();
    },
  };
}
