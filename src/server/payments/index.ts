// Card payment: the /zcp payment calls (REGPAY, the provider's return, ORDSTAT, pendtimeout) and,
// in sandbox mode, the built-in JCC-style provider. See docs/payments.md.

import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FlowBundle } from '../../engine/flow/bundle';
import { createStatusClient, type OrderStatusClient } from '../cardProvider/client';
import { sandboxProvider } from '../cardProvider/sandbox';
import type { Db } from '../db';
import type { PaymentLog } from './completion';
import type { PaymentConfig } from './config';
import { registerOrderStatus } from './orderStatus';
import { registerProviderReturn } from './providerReturn';
import { registerRegpay } from './regpay';
import type { ContractPayments, OfferOwnership, PaymentsRuntime } from './runtime';

export type { OrderStatusClient, ProviderOrderStatus } from '../cardProvider/client';
export { type Completion, completeOrder, type Outcome, type PaymentLog } from './completion';
export { type PaymentConfig, paymentConfigFromEnv, SANDBOX_MERCHANT, sandboxPaymentConfig } from './config';
export { addWorkingDays, registerContractOrder } from './contractOrders';
export {
  ORDSTAT_PATH,
  type OrderStatusAnswer,
  outcomeStatus,
  type PaymentOutcomeStatus,
  PENDTIMEOUT_PATH,
} from './orderStatus';
export { findOrder, type OrderStatus, type PaymentOrder } from './orders';
export { REGPAY_PATH, RETURN_PATH, type RegpayAnswer } from './regpay';
export {
  type RecoveryOptions,
  type RecoverySummary,
  recoverStalePayments,
  resolveOrderByStatusQuery,
} from './resolve';
export type { ContractPayments, OfferOwnership } from './runtime';

export interface PaymentsDeps {
  db: Db;
  config: PaymentConfig;
  flows: FlowBundle[];
  /** The live flows when they change while the service runs (src/server/publishing); `flows` otherwise. */
  liveFlows?: () => FlowBundle[];
  now?: () => Date;
  log?: PaymentLog;
  /** The provider's order-status query; by default the sandbox's records or the real provider's REST call. */
  statusClient?: OrderStatusClient;
  /** Called after a "policy issued" mail was queued (wakes the outbox sender). */
  onMailQueued?: () => void;
  /** Who owns an offer: only its owner may start, read or settle its payment. */
  offers: OfferOwnership;
  /** The customer portal's side (late-bound): contract balance payments and who is logged in. */
  contracts?: () => ContractPayments | undefined;
}

/** The payment routes in their own scope (form bodies are parsed there), plus the sandbox in sandbox mode. */
export const paymentsPlugin: FastifyPluginAsync<PaymentsDeps> = async (app, deps) => {
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(formbody);
  const now = deps.now ?? (() => new Date());
  const rt: PaymentsRuntime = {
    offers: deps.offers,
    contracts: deps.contracts,
    db: deps.db,
    config: deps.config,
    get flows() {
      return deps.liveFlows?.() ?? deps.flows;
    },
    now,
    log: deps.log ?? app.log,
    client: deps.statusClient ?? createStatusClient(deps.db, deps.config, now),
    onMailQueued: deps.onMailQueued,
  };
  registerRegpay(app, rt);
  registerProviderReturn(app, rt);
  registerOrderStatus(app, rt);
  if (deps.config.mode === 'sandbox')
    await app.register(sandboxProvider, { db: deps.db, config: deps.config, now });
};

/**
 * Registers the payment calls on `app`. When the service's security headers are in place, the
 * provider's origin is added to the CSP's form-action, since the web app posts the signed form there.
 */
export async function registerPayments(app: FastifyInstance, deps: PaymentsDeps): Promise<void> {
  if (app.hasDecorator('allowFormActionOrigin')) app.allowFormActionOrigin(deps.config.providerUrl);
  await app.register(paymentsPlugin, deps);
}
