// The demo data in one place: customers, accounts, contracts, offers, claims, requests and the
// values the endorsement and payment-method screens need. Loaded at start only when
// PORTAL_DEMO_DATA is on, which the configuration refuses in production; each part adds only
// what is missing, so a restart never overwrites what a tester changed.

import type { Db } from '../db';
import { seedDemoData } from './customers';
import { seedEndorsementDemo } from './endorsements';
import { completeDemoOffers } from './offers';
import { seedPaymethodDemo } from './paymethod';
import { seedDemoRequests } from './requests';
import { seedWithdrawalDemo } from './withdrawal';

/** Loads every missing demo record; answers the customer numbers added by this call. */
export async function loadDemoData(db: Db, now: Date): Promise<string[]> {
  const added = await seedDemoData(db, now);
  await completeDemoOffers(db);
  await seedDemoRequests(db, now);
  await seedEndorsementDemo(db);
  await seedPaymethodDemo(db);
  await seedWithdrawalDemo(db);
  return added;
}
