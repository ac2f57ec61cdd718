-- Issue 28 item 1: the right of withdrawal (14 days from the policy's issue, if no claim).

-- One withdrawal per contract, ever: the primary key makes a second withdrawal or a double click
-- (parallel requests) fail to insert, so nothing is refunded twice.
CREATE TABLE withdrawals (
  contract_no      text PRIMARY KEY REFERENCES contracts (contract_no),
  customer_no      text,
  channel          text NOT NULL CHECK (channel IN ('PORTAL', 'LINK')),
  withdrawn_on     date NOT NULL,
  covered_days     integer NOT NULL,
  policy_days      integer NOT NULL,
  premium_cents    integer NOT NULL,
  paid_cents       integer NOT NULL,
  kept_cents       integer NOT NULL,
  refund_cents     integer NOT NULL CHECK (refund_cents >= 0),
  -- CARD: refunded through the card provider; BACK_OFFICE: paid otherwise (direct debit, cash) or
  -- the provider refused, so the insurer's back office pays it back.
  refund_method    text NOT NULL CHECK (refund_method IN ('CARD', 'BACK_OFFICE', 'NONE')),
  refund_status    text NOT NULL CHECK (refund_status IN ('PENDING', 'REFUNDED', 'RECORDED', 'FAILED', 'NONE')),
  refund_orders    jsonb NOT NULL DEFAULT '[]',
  refund_error     text,
  previous_status  text NOT NULL,
  language         text NOT NULL DEFAULT 'el',
  created_at       timestamptz NOT NULL DEFAULT now(),
  refunded_at      timestamptz
);

-- The unguessable link of the policy e-mail for a visitor who bought without an account: only a
-- hash of its token is kept.
CREATE TABLE withdrawal_links (
  token_hash   text PRIMARY KEY,
  contract_no  text NOT NULL UNIQUE REFERENCES contracts (contract_no),
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Files a mail carries (the withdrawal confirmation's PDF), written with the mail.
CREATE TABLE outbox_attachments (
  id            bigserial PRIMARY KEY,
  outbox_id     bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
  file_name     text NOT NULL,
  content_type  text NOT NULL,
  content       bytea NOT NULL
);
CREATE INDEX outbox_attachments_mail ON outbox_attachments (outbox_id);

-- The sandbox provider's refunds (refund.do) and its own order id (mdOrder), as the real
-- provider answers it in the order status.
ALTER TABLE sandbox_orders
  ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0,
  ADD COLUMN md_order text NOT NULL DEFAULT gen_random_uuid()::text;
