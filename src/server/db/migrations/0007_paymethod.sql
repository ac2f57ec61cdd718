-- Issue 14 item 5: the payment-method change of a contract (card binding, direct debit) and
-- payments of a contract's pending balance, on the same payment_orders as the public payment.

-- What an order is for: paying an offer (the public site), registering a card for a contract
-- (a pre-authorisation that is never captured), or paying a contract's pending balance.
ALTER TABLE payment_orders
  ADD COLUMN purpose text NOT NULL DEFAULT 'OFFER'
    CHECK (purpose IN ('OFFER', 'CARD_REGISTRATION', 'BALANCE')),
  ADD COLUMN customer_no text,
  -- From the provider's order status: the card's binding and its expiry (MM/YYYY). Never the number.
  ADD COLUMN binding_id text,
  ADD COLUMN card_expiry text;

-- The sandbox provider's binding of a card registered through it (its own record).
ALTER TABLE sandbox_orders
  ADD COLUMN binding_id text,
  ADD COLUMN card_expiry text;

-- Contracts whose payment method cannot be changed online for now (an instalment being
-- collected, a back-office review): the portal says "temporarily unavailable" (§8).
CREATE TABLE paymethod_blocks (
  contract_no text PRIMARY KEY REFERENCES contracts (contract_no),
  reason      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Every accepted change, for the back office and the "deemed effective" date.
CREATE TABLE paymethod_changes (
  change_id       bigserial PRIMARY KEY,
  contract_no     text NOT NULL REFERENCES contracts (contract_no),
  customer_no     text NOT NULL,
  payment_method  text NOT NULL CHECK (payment_method IN ('CARD', 'DIRECT_DEBIT')),
  -- Direct debit: the IBAN (the mandate needs it), bank BIC, certificate; card: the binding only.
  iban            text,
  bank            text,
  -- An uploads row (created by a later migration, so no foreign key here); owner checked on save.
  certificate_id  uuid,
  binding_id      text,
  order_id        text REFERENCES payment_orders (order_id),
  effective_date  text NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX paymethod_changes_contract ON paymethod_changes (contract_no, created_at DESC);
