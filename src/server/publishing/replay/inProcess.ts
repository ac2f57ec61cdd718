// The zcp service in this process, on a throwaway embedded database: what headless replays (the
// publishing gates' scenarios, `npm run replay`, the scenario tests) run against. The service is
// built by the factory the caller passes (app.ts passes buildApp itself, the CLI imports it), so
// this module never imports app.ts and no import circle forms. Its clock is the replay's own
// (buildApp's `now` dependency), so a scenario can open an offer's link days later.

import type { FastifyInstance } from 'fastify';
import type { FlowBundle } from '../../../engine/flow/bundle';
import { type Db, openDb } from '../../db';
import { type Config, testConfig } from '../../platform/config';

/** The in-process service's clock: the real time moved on by `days`. */
export interface ReplayClock {
  days: number;
  now(): Date;
}

interface InProcessService {
  clock: ReplayClock;
  config: Pick<Config, 'sessionSecret'>;
}

/** What builds a service: buildApp (src/server/app.ts), as app.ts or the CLI hands it over. */
export type BuildService = (
  config: Config,
  deps: { db: Db; now: () => Date; flows?: FlowBundle[] },
) => Promise<FastifyInstance>;

/** Starts an in-process service serving `flows` (a candidate the gates replay against) or the live ones. */
export type StartService = (options?: { flows?: FlowBundle[] }) => Promise<FastifyInstance>;

const services = new WeakMap<FastifyInstance, InProcessService>();

/** The clock and configuration of a service started by inProcessStarter, or undefined. */
export function inProcessServiceOf(app: FastifyInstance): InProcessService | undefined {
  return services.get(app);
}

/** A StartService over the given factory. */
export function inProcessStarter(build: BuildService): StartService {
  return async (options = {}) => {
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
    const app = await build(config, { db, now: () => clock.now(), flows: options.flows });
    app.addHook('onClose', () => db.close());
    await app.ready();
    services.set(app, { clock, config });
    return app;
  };
}
