// Demo data of the payment-method change: one contract of the demo customer 99000001 (the hunter
// policy CY9000105) whose method cannot be changed online for now, to show the §8 text.

import type { Db } from '../db';

export async function seedPaymethodDemo(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO paymethod_blocks (contract_no, reason)
     SELECT contract_no, 'INSTALMENT_IN_COLLECTION' FROM contracts WHERE contract_no = 'CY9000105'
     ON CONFLICT (contract_no) DO NOTHING`,
  );
}
