-- Endorsements (issue 14 item 4): every change saved online, kept per insurance period so the
-- once-per-period and total-fall rules can be checked, and the work orders staff act on when a
-- change cannot be made automatically (or the customer asks for a call-back).

CREATE TABLE endorsements (
  id                    bigserial PRIMARY KEY,
  contract_no           text NOT NULL REFERENCES contracts (contract_no),
  customer_no           text NOT NULL,
  endorsement_type      text NOT NULL,
  -- The insurance period the change belongs to (the contract's start date then).
  period_start          date NOT NULL,
  old_values            jsonb NOT NULL,
  new_values            jsonb NOT NULL,
  premium_before_cents  integer NOT NULL,
  premium_after_cents   integer NOT NULL,
  contract_version      integer NOT NULL,
  created_at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX endorsements_contract_period ON endorsements (contract_no, period_start, endorsement_type);

CREATE SEQUENCE work_order_no_seq START 300001;
CREATE TABLE work_orders (
  workorder_id      text PRIMARY KEY,
  customer_no       text NOT NULL,
  contract_no       text NOT NULL REFERENCES contracts (contract_no),
  product_id        text NOT NULL,
  -- Set for an endorsement the portal could not make itself (spec §3 "Endorsement work orders").
  endorsement_type  text,
  -- What the customer asked for (the new values), so staff need not call to find out.
  requested_values  jsonb NOT NULL DEFAULT '{}'::jsonb,
  call_back         boolean NOT NULL DEFAULT false,
  phone             text NOT NULL DEFAULT '',
  status            text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'IN_PROGRESS', 'DONE', 'CANCELLED')),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_orders_contract_open ON work_orders (contract_no) WHERE status IN ('OPEN', 'IN_PROGRESS');
CREATE INDEX work_orders_customer ON work_orders (customer_no, created_at);
