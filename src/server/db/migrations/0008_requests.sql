-- Issue 15 item 3: customers' requests (work orders) filed in the portal, kept so the insurer's
-- service staff can act on them (status, who handled it). Endorsement work orders are another
-- table (0006); these are the customer's free-text requests.
CREATE SEQUENCE portal_request_seq START 300001;
CREATE TABLE portal_requests (
  workorder_id    text PRIMARY KEY,
  customer_no     text NOT NULL REFERENCES customers (customer_no),
  contract_no     text REFERENCES contracts (contract_no),
  product_id      text,
  request_type    text NOT NULL,
  category        text NOT NULL,
  subject         text NOT NULL,
  message         text NOT NULL CHECK (char_length(message) <= 1024),
  language        text NOT NULL,
  -- OPEN when filed; the staff move it to IN_PROGRESS and CLOSED.
  status          text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'IN_PROGRESS', 'CLOSED')),
  staff_note      text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portal_requests_customer ON portal_requests (customer_no, created_at DESC);
CREATE INDEX portal_requests_open ON portal_requests (status, created_at) WHERE status <> 'CLOSED';
