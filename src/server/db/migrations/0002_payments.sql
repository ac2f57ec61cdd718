-- Card payments: the service's own payment orders, and the built-in provider sandbox's record.

-- One row per attempt to pay an offer. A row is locked (SELECT ... FOR UPDATE) while it is
-- completed, and `version` counts its changes, so a repeated or concurrent return finds the
-- work done and issues nothing twice.
CREATE TABLE payment_orders (
  order_id              text PRIMARY KEY,
  offer_no              text NOT NULL REFERENCES offers (offer_no),
  attempt               integer NOT NULL CHECK (attempt > 0),
  amount_cents          integer NOT NULL CHECK (amount_cents > 0),
  currency              text NOT NULL DEFAULT '978',
  language              text NOT NULL DEFAULT 'el',
  status                text NOT NULL DEFAULT 'REGISTERED'
                        CHECK (status IN ('REGISTERED', 'APPROVED', 'APPROVED_PENDING', 'DECLINED', 'CANCELLED', 'ERROR')),
  response_code         text,
  reason_code           text,
  reason_text           text,
  reference_no          text,
  padded_card_no        text,
  auth_code             text,
  provider_order_status integer,
  contract_no           text REFERENCES contracts (contract_no),
  -- Approved after another order of the same offer had already issued its contract: refund it.
  refund_required       boolean NOT NULL DEFAULT false,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  return_received_at    timestamptz,
  status_checked_at     timestamptz,
  completed_at          timestamptz,
  version               integer NOT NULL DEFAULT 1,
  UNIQUE (offer_no, attempt)
);
CREATE INDEX payment_orders_offer ON payment_orders (offer_no);
CREATE INDEX payment_orders_contract ON payment_orders (contract_no);
CREATE INDEX payment_orders_open ON payment_orders (created_at)
  WHERE status IN ('REGISTERED', 'APPROVED_PENDING', 'ERROR');

-- The sandbox provider's own orders: what it was asked, what the card page decided, and the
-- orderStatus its status query answers, so the query works across restarts. Card numbers are
-- never stored, only the padded form the return message carries.
CREATE TABLE sandbox_orders (
  mer_id          text NOT NULL,
  order_id        text NOT NULL,
  acq_id          text NOT NULL,
  amount_cents    integer NOT NULL CHECK (amount_cents > 0),
  currency        text NOT NULL,
  capture_flag    text NOT NULL,
  mer_resp_url    text NOT NULL,
  page_token      text NOT NULL,
  order_status    integer NOT NULL DEFAULT 0 CHECK (order_status BETWEEN 0 AND 6),
  action_code     integer NOT NULL DEFAULT -100,
  response_code   text,
  reason_code     text,
  reason_text     text,
  reference_no    text,
  padded_card_no  text,
  auth_code       text,
  return_sent     boolean NOT NULL DEFAULT true,
  capture_due_at  timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  paid_at         timestamptz,
  PRIMARY KEY (mer_id, order_id)
);
