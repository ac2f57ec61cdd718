// The zcp service in this process, on a throwaway embedded database: what headless replays and
// the scenario tests run against.

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDb } from '../../server/db';

export async function startInProcessService(): Promise<FastifyInstance> {
  const db = await openDb({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  // Replays make one visitor's calls many times over from one address: no rate limits here.
  const app = await buildApp(
    testConfig({
      logLevel: 'silent',
      rateLimit: {
        perMinute: 0,
        otpPerAddressHour: 10_000,
        otpPerIpHour: 100_000,
        contactPerIpHour: 100_000,
      },
    }),
    { db },
  );
  app.addHook('onClose', () => db.close());
  await app.ready();
  return app;
}
