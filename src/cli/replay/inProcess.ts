// The zcp service in this process, on a throwaway embedded database: what headless replays and
// the scenario tests run against. Its clock is the replay's own (buildApp's `now` dependency, as
// the API tests inject one), so a scenario can open an offer's link days later; the service run
// by `npm start` or in production has no such clock.

import type { FastifyInstance } from 'fastify';
import type { FlowBundle } from '../../engine/flow/bundle';
import { buildApp } from '../../server/app';
import { openDb } from '../../server/db';
import { type Config, testConfig } from '../../server/platform/config';

/** The in-process service's clock: the real time moved on by `days`. */
export interface ReplayClock {
  days: number;
  now(): Date;
}

interface InProcessService {
  clock: ReplayClock;
  config: Pick<Config, 'sessionSecret'>;
}

const services = new WeakMap<FastifyInstance, InProcessService>();

/** The clock and configuration of a service started by startInProcessService, or undefined. */
export function inProcessServiceOf(app: FastifyInstance): InProcessService | undefined {
  return services.get(app);
}

/** `flows`: fixed flows to serve (a candidate version the publishing gates replay against). */
export async function startInProcessService(
  options: { flows?: FlowBundle[] } = {},
): Promise<FastifyInstance> {
  const db = await openDb({ url: process.env.TEST_DATABASE_URL, dataDir: 'memory://' });
  const clock: ReplayClock = {
    days: 0,
    now() {
      return new Date(Date.now() + this.days * 86_400_000);
    },
  };
  // Replays make one visitor's calls many times over from one address: no rate limits here.
  const config = testConfig({
    logLevel: 'silent',
    rateLimit: {
      perMinute: 0,
      otpPerAddressHour: 10_000,
      otpPerIpHour: 100_000,
      contactPerIpHour: 100_000,
      offersPerIpHour: 100_000,
    },
  });
  const app = await buildApp(config, { db, now: () => clock.now(), flows: options.flows });
  app.addHook('onClose', () => db.close());
  await app.ready();
  services.set(app, { clock, config });
  return app;
}
