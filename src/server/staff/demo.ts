// The demo staff accounts (README, "The studio"), one per role, loaded at start when
// STAFF_DEMO_DATA is on, which the configuration refuses in production. All share one password
// and one authenticator secret, so a tester adds one entry to their app (or runs
// `npm run staff -- demo-code`). Only missing accounts are added: a restart keeps what was changed.

import { hashPassword } from '../accounts/passwords';
import type { Db } from '../db';
import { audit } from './audit';
import type { StaffConfig } from './config';
import type { StaffRole } from './roles';
import { insertStaff, staffByEmail, staffView } from './store';
import { encryptSecret } from './totp';

export const DEMO_STAFF_PASSWORD = 'Studio!Demo2026';
export const DEMO_TOTP_SECRET = 'GICSTUDIODEMOKEYGICSTUDIODEMOKEY';

export const DEMO_STAFF: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'eleni.charalambous@gic.com.cy', name: 'Ελένη Χαραλάμπους', role: 'viewer' },
  { email: 'marios.hadjigeorgiou@gic.com.cy', name: 'Μάριος Χατζηγεωργίου', role: 'editor' },
  { email: 'katerina.demetriou@gic.com.cy', name: 'Κατερίνα Δημητρίου', role: 'publisher' },
  { email: 'christos.panayiotou@gic.com.cy', name: 'Χρίστος Παναγιώτου', role: 'admin' },
];

/** Adds the demo staff that are missing; answers the e-mails added. */
export async function seedDemoStaff(db: Db, config: StaffConfig, now: Date): Promise<string[]> {
  if (!config.demoData) throw new Error('demo staff are refused when STAFF_DEMO_DATA is off');
  const added: string[] = [];
  let hash: string | undefined;
  for (const demo of DEMO_STAFF) {
    if (await staffByEmail(db, demo.email)) continue;
    hash ??= await hashPassword(DEMO_STAFF_PASSWORD);
    const row = await insertStaff(
      db,
      { ...demo, passwordHash: hash, totpSecret: encryptSecret(config.totpKey, DEMO_TOTP_SECRET) },
      now,
    );
    if (!row) continue;
    await audit(db, {
      actor: 'system:demo-data',
      action: 'staff.create',
      target: `staff:${row.staff_id}`,
      after: staffView(row),
      at: now,
    });
    added.push(demo.email);
  }
  return added;
}
