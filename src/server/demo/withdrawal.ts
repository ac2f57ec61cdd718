// Demo data of the right of withdrawal (issue 28): the card payment of CY9000801 as the sandbox
// provider and the payment orders record it, so a tester's withdrawal refunds it through the
// sandbox's refund call. Only what is missing is added.

import type { Db } from '../db';
import { SANDBOX_MERCHANT } from '../payments/config';

export async function seedWithdrawalDemo(db: Db): Promise<void> {
  const [contract] = await db.query<{ premium_cents: number; created_at: Date | string }>(
    `SELECT premium_cents, created_at FROM contracts WHERE contract_no = 'CY9000801'`,
  );
  if (!contract) return;
  const [paid] = await db.query(`SELECT 1 FROM payment_orders WHERE order_id = 'OF900801-1'`);
  if (paid) return;
  const at = new Date(contract.created_at).toISOString();
  await db.query(
    `INSERT INTO sandbox_orders (mer_id, order_id, acq_id, amount_cents, currency, capture_flag, mer_resp_url,
       page_token, order_status, action_code, response_code, reason_code, reason_text, reference_no, padded_card_no,
       auth_code, paid_at, created_at, updated_at)
     VALUES ($1, 'OF900801-1', $2, $3, '978', 'A', 'http://localhost/zcp/jcc/return', 'demo', 2, 0, '1', '1',
       'Approved', 'DEMO0801', '431280******7315', '480211', $4::timestamptz, $4::timestamptz, $4::timestamptz)
     ON CONFLICT DO NOTHING`,
    [SANDBOX_MERCHANT.merchantId, SANDBOX_MERCHANT.acquirerId, Number(contract.premium_cents), at],
  );
  await db.query(
    `INSERT INTO payment_orders (order_id, offer_no, attempt, amount_cents, status, response_code, reason_code,
       reference_no, padded_card_no, auth_code, provider_order_status, contract_no, created_at, updated_at,
       completed_at)
     VALUES ('OF900801-1', 'OF900801', 1, $1, 'APPROVED', '1', '1', 'DEMO0801', '431280******7315', '480211', 2,
       'CY9000801', $2::timestamptz, $2::timestamptz, $2::timestamptz)`,
    [Number(contract.premium_cents), at],
  );
}
