-- A withdrawal whose card refund was cut off (the instance stopped between the withdrawal and the
-- provider's answer) is resumed by a background pass: it needs the address the confirmation goes
-- to, and when it was last tried, so two instances never resume the same one at once.
ALTER TABLE withdrawals
  ADD COLUMN mail_to text,
  ADD COLUMN refund_attempted_at timestamptz;
CREATE INDEX withdrawals_pending ON withdrawals (refund_attempted_at) WHERE refund_status = 'PENDING';
