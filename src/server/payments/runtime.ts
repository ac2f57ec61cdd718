// What the payment routes share: the database, configuration, flows, clock, logger and the
// provider's order-status client.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowBundle } from '../../engine/flow/bundle';
import type { OrderStatusClient } from '../cardProvider/client';
import type { Db } from '../db';
import type { PaymentLog } from './completion';
import type { PaymentConfig } from './config';
import type { ResolveContext } from './resolve';

/**
 * Whether the caller owns an offer: the browser that made it (offer cookie), the e-mailed link's
 * token, or the logged-in portal customer whose offer it is.
 */
export interface OfferOwnership {
  mayAccess(request: FastifyRequest, offerNo: string, token?: string): boolean | Promise<boolean>;
}

/**
 * The customer portal's side of the payment calls (issue 14): who is logged in, and the start of
 * a contract's own payment (REGPAY with CONTRACT_NO), which needs the portal's session and CSRF.
 */
export interface ContractPayments {
  /** The logged-in portal customer's number, or null (no side effects on the session). */
  customerOf(request: FastifyRequest): Promise<string | null>;
  regpay(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export interface PaymentsRuntime {
  offers: OfferOwnership;
  /** Late-bound: the portal registers its routes before the payment calls. */
  contracts?: () => ContractPayments | undefined;
  db: Db;
  config: PaymentConfig;
  flows: FlowBundle[];
  now: () => Date;
  log: PaymentLog;
  client: OrderStatusClient;
  onMailQueued?: () => void;
}

/** The context of one completion or status query, with the clock read now. */
export function resolveContext(rt: PaymentsRuntime): ResolveContext {
  return {
    now: rt.now(),
    log: rt.log,
    flows: rt.flows,
    client: rt.client,
    config: rt.config,
    onMailQueued: rt.onMailQueued,
    publicUrl: rt.config.publicUrl,
  };
}

/** The web app's page the browser lands on after the provider. */
export function completionUrl(rt: PaymentsRuntime, orderId: string): string {
  return `${rt.config.publicUrl}/payment-completion/${encodeURIComponent(orderId || 'unknown')}`;
}

/** The payment-method page a contract's card registration or balance payment returns to. */
export function contractReturnUrl(rt: PaymentsRuntime, contractNo: string, orderId: string): string {
  return `${rt.config.publicUrl}/my-contract/${encodeURIComponent(contractNo)}/payment-method-details?ORDER_ID=${encodeURIComponent(orderId)}`;
}
