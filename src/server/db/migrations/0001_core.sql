-- Core tables of the zcp service. Amounts are integer cents; dates are Y-m-d `date`s.

-- Offers (quotations): the quote as the visitor last sent it, and the premium it was given.
CREATE TABLE offers (
  offer_no        text PRIMARY KEY,
  flow_id         text NOT NULL,
  product_id      text NOT NULL,
  package_id      text NOT NULL,
  variant         text,
  quote           jsonb NOT NULL,
  premium_cents   integer NOT NULL CHECK (premium_cents >= 0),
  mail_address    text,
  customer_no     text,
  language        text NOT NULL DEFAULT 'el',
  status          text NOT NULL DEFAULT 'OPEN', -- OPEN, PAYING, PAID, EXPIRED
  expiry_date     date NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offers_customer ON offers (customer_no);
CREATE SEQUENCE offer_no_seq START 100001;

-- Contracts, issued exactly once per paid offer.
CREATE TABLE contracts (
  contract_no     text PRIMARY KEY,
  offer_no        text NOT NULL UNIQUE REFERENCES offers (offer_no),
  product_id      text NOT NULL,
  package_id      text NOT NULL,
  customer_no     text,
  start_date      date NOT NULL,
  expiry_date     date NOT NULL,
  premium_cents   integer NOT NULL,
  balance_cents   integer NOT NULL DEFAULT 0,
  status          text NOT NULL, -- ACTIVE, PENDING_PAYMENT_REVIEW
  version         integer NOT NULL DEFAULT 1,
  data            jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE SEQUENCE contract_no_seq START 5000001;

-- One-time codes sent by e-mail or SMS: only a hash is kept.
CREATE TABLE otp_codes (
  id              bigserial PRIMARY KEY,
  purpose         text NOT NULL, -- EMAIL_VALIDATION, REGISTRATION, RESET ...
  recipient       text NOT NULL, -- lower-cased e-mail or +357 mobile
  code_hash       text NOT NULL,
  expires_at      timestamptz NOT NULL,
  attempts        integer NOT NULL DEFAULT 0,
  max_attempts    integer NOT NULL DEFAULT 5,
  verified_at     timestamptz,
  client_key      text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX otp_codes_recipient ON otp_codes (purpose, recipient, created_at DESC);

-- E-mail addresses confirmed with a code, so later calls (quotation, send-offer) can check them.
CREATE TABLE confirmed_emails (
  mail_address    text PRIMARY KEY,
  confirmed_at    timestamptz NOT NULL DEFAULT now()
);

-- Mail and SMS waiting to be sent (or, in development, read in the dev mailbox).
CREATE TABLE outbox (
  id              bigserial PRIMARY KEY,
  channel         text NOT NULL, -- MAIL, SMS
  recipient       text NOT NULL,
  subject         text,
  body_text       text NOT NULL,
  body_html       text,
  template        text NOT NULL,
  language        text NOT NULL,
  status          text NOT NULL DEFAULT 'PENDING', -- PENDING, SENT, FAILED, KEPT (no transport)
  attempts        integer NOT NULL DEFAULT 0,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz
);

-- Call-back requests.
CREATE TABLE contact_requests (
  id              bigserial PRIMARY KEY,
  data            jsonb NOT NULL,
  product         text,
  due_date        date NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

-- Client-side validation failures reported by the web app (for the product team).
CREATE TABLE validation_log (
  id              bigserial PRIMARY KEY,
  data            jsonb NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
