-- Issue 28 items 3 and 4: a claim, a work order, a customer's request and a payment-method review
-- each move through statuses the insurer sets (through the integration API, or /dev/desk outside
-- production); every change is kept with its date and note, and the customer is told.

-- The statuses of each kind of case. customer_uploads: the customer may add photos or documents
-- while the case is in it (a claim waiting for more information).
CREATE TABLE case_statuses (
  case_kind         text NOT NULL CHECK (case_kind IN ('CLAIM', 'WORK_ORDER', 'REQUEST', 'PAYMENT_REVIEW')),
  status            text NOT NULL,
  customer_uploads  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (case_kind, status)
);

-- The moves allowed, as data: a move not listed is refused. requires_payment: the move records the
-- claim's payment (ET_PAYMENT) with it.
CREATE TABLE case_transitions (
  case_kind         text NOT NULL,
  from_status       text NOT NULL,
  to_status         text NOT NULL,
  requires_payment  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (case_kind, from_status, to_status),
  FOREIGN KEY (case_kind, from_status) REFERENCES case_statuses (case_kind, status),
  FOREIGN KEY (case_kind, to_status) REFERENCES case_statuses (case_kind, status)
);

INSERT INTO case_statuses (case_kind, status, customer_uploads) VALUES
  ('CLAIM', 'SUBMITTED', false), ('CLAIM', 'IN_REVIEW', false), ('CLAIM', 'MORE_INFO', true),
  ('CLAIM', 'APPROVED', false), ('CLAIM', 'REJECTED', false), ('CLAIM', 'PAID', false),
  ('WORK_ORDER', 'OPEN', false), ('WORK_ORDER', 'IN_PROGRESS', false), ('WORK_ORDER', 'DONE', false),
  ('WORK_ORDER', 'CANCELLED', false),
  ('REQUEST', 'OPEN', false), ('REQUEST', 'IN_PROGRESS', false), ('REQUEST', 'CLOSED', false),
  ('PAYMENT_REVIEW', 'OPEN', false), ('PAYMENT_REVIEW', 'IN_PROGRESS', false),
  ('PAYMENT_REVIEW', 'RESOLVED', false);

INSERT INTO case_transitions (case_kind, from_status, to_status, requires_payment) VALUES
  ('CLAIM', 'SUBMITTED', 'IN_REVIEW', false), ('CLAIM', 'SUBMITTED', 'MORE_INFO', false),
  ('CLAIM', 'SUBMITTED', 'REJECTED', false),
  ('CLAIM', 'IN_REVIEW', 'MORE_INFO', false), ('CLAIM', 'IN_REVIEW', 'APPROVED', false),
  ('CLAIM', 'IN_REVIEW', 'REJECTED', false),
  ('CLAIM', 'MORE_INFO', 'IN_REVIEW', false), ('CLAIM', 'MORE_INFO', 'REJECTED', false),
  ('CLAIM', 'APPROVED', 'PAID', true),
  ('WORK_ORDER', 'OPEN', 'IN_PROGRESS', false), ('WORK_ORDER', 'OPEN', 'CANCELLED', false),
  ('WORK_ORDER', 'IN_PROGRESS', 'DONE', false), ('WORK_ORDER', 'IN_PROGRESS', 'CANCELLED', false),
  ('REQUEST', 'OPEN', 'IN_PROGRESS', false), ('REQUEST', 'OPEN', 'CLOSED', false),
  ('REQUEST', 'IN_PROGRESS', 'CLOSED', false),
  ('PAYMENT_REVIEW', 'OPEN', 'IN_PROGRESS', false), ('PAYMENT_REVIEW', 'OPEN', 'RESOLVED', false),
  ('PAYMENT_REVIEW', 'IN_PROGRESS', 'RESOLVED', false);

-- Claims speak the statuses above now (the earlier IN_PROGRESS and SETTLED read as in review and
-- paid); the list of statuses is case_statuses, not a CHECK repeated here.
ALTER TABLE claims DROP CONSTRAINT IF EXISTS claims_status_check;
UPDATE claims SET status = 'IN_REVIEW' WHERE status = 'IN_PROGRESS';
UPDATE claims SET status = 'PAID' WHERE status = 'SETTLED';
UPDATE claims SET status = 'REJECTED' WHERE status = 'CLOSED';

-- The language an endorsement's work order was asked in, for the notices of its progress.
ALTER TABLE work_orders ADD COLUMN language text NOT NULL DEFAULT 'el';

-- A payment-method review's own status (payment_orders.review_reason says why it is needed);
-- NULL while the order needs none, read as OPEN once a reason is set.
ALTER TABLE payment_orders ADD COLUMN review_status text;

-- Every change of a case, oldest first: the timeline the customer sees. A note without a move
-- has the same from and to status.
CREATE TABLE case_events (
  event_id     bigserial PRIMARY KEY,
  case_kind    text NOT NULL,
  case_ref     text NOT NULL, -- claims.claim_no, work_orders / portal_requests.workorder_id, payment_orders.order_id
  customer_no  text NOT NULL,
  from_status  text,
  to_status    text NOT NULL,
  note         text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
  source       text NOT NULL CHECK (source IN ('PORTAL', 'INTEGRATION', 'DESK', 'DEMO')),
  created_at   timestamptz NOT NULL
);
CREATE INDEX case_events_case ON case_events (case_kind, case_ref, event_id);

-- A paid claim's payment (ET_PAYMENT): whole cents inside, the account only masked.
CREATE TABLE claim_payments (
  claim_id        bigint PRIMARY KEY REFERENCES claims (claim_id),
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  paid_on         date NOT NULL,
  method          text NOT NULL CHECK (method IN ('BANK_TRANSFER', 'CHEQUE', 'REPAIR_SHOP')),
  account_masked  text NOT NULL DEFAULT '',
  reference       text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL
);

-- Texts by SMS as well as e-mail: the customer's own choice (off until they say yes).
ALTER TABLE customers ADD COLUMN sms_consent boolean NOT NULL DEFAULT false;

-- Every call of the insurer's core system to the integration API, refused ones included.
CREATE TABLE integration_audit (
  audit_id     bigserial PRIMARY KEY,
  at           timestamptz NOT NULL,
  request_id   text NOT NULL,
  ip           text NOT NULL,
  method       text NOT NULL,
  route        text NOT NULL,
  case_kind    text,
  case_ref     text,
  -- OK, or why it was refused: NO_TOKEN, WRONG_TOKEN, RATE_LIMITED, NOT_FOUND, NOT_ALLOWED, INVALID
  outcome      text NOT NULL,
  status_code  integer NOT NULL,
  detail       jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX integration_audit_at ON integration_audit (at DESC);
CREATE INDEX integration_audit_case ON integration_audit (case_kind, case_ref);
