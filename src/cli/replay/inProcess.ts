// The zcp service in this process, on a throwaway embedded database: what headless replays and
// the scenario tests run against.

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDb } from '../../server/db';

export async function startInProcessService(): Promise<FastifyInstance> {
  const db = await openDb({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  const app = await buildApp(testConfig({ logLevel: 'silent' } as never), { db });
  app.addHook('onClose', () => db.close());
  await app.ready();
  return app;
}
