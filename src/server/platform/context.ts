// What every route module gets: the database, the configuration, the products and the clock.

import { todayInNicosia } from '../../engine/dates';
import type { FlowBundle } from '../../engine/flow/bundle';
import type { Db } from '../db';
import type { Catalog } from '../offers/catalog';
import type { ContractPayments } from '../payments/runtime';
import type { ConfigRegistry } from '../publishing/registry';
import type { FileStore } from '../uploads/store';
import type { Config } from './config';

export interface ServiceContext {
  db: Db;
  config: Config;
  /** The live configuration (src/server/publishing); `bundles` and `catalog` read its current snapshot. */
  registry: ConfigRegistry;
  /** The live flows: read once per request, which then finishes on them. */
  readonly bundles: FlowBundle[];
  readonly catalog: Catalog;
  /** The clock; tests inject one to move through expiries. */
  now: () => Date;
  /** Asks the outbox sender to run now (after a mail was queued); a no-op without a sender loop. */
  kickOutbox: () => void;
  /** Where customers' uploaded files' bytes are kept (src/server/uploads). */
  files: FileStore;
  /** Set by the portal's payment-method routes; the payment calls read it (src/server/payments/runtime.ts). */
  contractPayments?: ContractPayments;
}

// Cyprus's offset from UTC is whole hours, so its date changes only on a minute boundary: the
// date is worked out (Intl's formatToParts, a few microseconds on every rating call) once a minute.
let lastMinute = Number.NaN;
let lastDay = '';

/** Today in Cyprus, Y-m-d, by the service's clock. */
export function today(ctx: Pick<ServiceContext, 'now'>): string {
  const minute = Math.floor(ctx.now().getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = todayInNicosia(new Date(minute * 60_000));
    lastMinute = minute;
  }
  return lastDay;
}
