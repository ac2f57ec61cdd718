// The zcp service as `npm start` runs it (node --import tsx src/server/main.ts, serving the built
// site from dist/), on loopback with a throwaway embedded database or a PostgreSQL URL.
// Two settings differ from the defaults, both so that the figures measure the service's work:
// the per-IP rate limit is off (every request of a load test comes from 127.0.0.1) and request
// logging is off (LOG_LEVEL=warn), as it is on the bare Fastify route it is compared with.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WORK } from './paths';
import { type Started, startNodeServer } from './processes';

export async function startApp(options: {
  port: number;
  databaseUrl?: string;
  name: string;
  nodeArgs?: string[];
  /** The embedded database's folder (already seeded); a fresh one when absent. */
  dataDir?: string;
  /** The per-IP limits as configured by default (the portal load comes from many addresses). */
  keepRateLimits?: boolean;
}): Promise<Started> {
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    ...(options.keepRateLimits
      ? {}
      : {
          RATE_LIMIT_PER_MINUTE: '0',
          // The quotation load stores thousands of offers from one address.
          RATE_LIMIT_OFFERS_PER_IP_HOUR: '100000',
        }),
    OUTBOX_POLL_MS: '0',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else env.DATA_DIR = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-db-'));
  return startNodeServer({
    script: 'src/server/main.ts',
    port: options.port,
    env,
    healthPath: '/health',
    logFile: join(WORK, `${options.name}.log`),
    timeoutMs: 90_000,
    nodeArgs: options.nodeArgs,
  });
}
