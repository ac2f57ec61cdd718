// The demo data in one place: customers, accounts, contracts, offers, claims, requests and the
// values the endorsement and payment-method screens need. Loaded at start only when
// PORTAL_DEMO_DATA is on, which the configuration refuses in production; each part adds only
// what is missing, so a restart never overwrites what a tester changed.

import type { FlowBundle } from '../../engine/flow/bundle';
import type { Db } from '../db';
import { seedDemoData } from './customers';
import { seedEndorsementDemo } from './endorsements';
import { seedGuestDemo } from './guests';
import { completeDemoOffers } from './offers';
import { seedPaymethodDemo } from './paymethod';
import { seedDemoRequests } from './requests';
import { seedWithdrawalDemo } from './withdrawal';

/** Loads every missing demo record; answers the customer numbers added by this call. */
export async function loadDemoData(
  db: Db,
  now: Date,
  site?: { publicUrl: string; bundles: FlowBundle[] },
): Promise<string[]> {
  const added = await seedDemoData(db, now);
  await completeDemoOffers(db);
  await seedDemoRequests(db, now);
  await seedEndorsementDemo(db);
  await seedPaymethodDemo(db);
  await seedWithdrawalDemo(db);
  // The buyers without an account get a policy e-mail whose link needs the site's address.
  if (site) await seedGuestDemo(db, now, site.publicUrl, site.bundles);
  return added;
}
