-- The customer portal: customers (every CS_USER field), their portal users, sessions with rotating
-- refresh tokens, passkeys, claims, and the link of contracts and offers to customers.

-- Customers of the insurer. The identity (ID type + ID + birth date) is what a policy bought on the
-- public site is matched by, so it is unique.
CREATE SEQUENCE customer_no_seq START 1000001;
CREATE SEQUENCE contact_id_seq START 7000001;
CREATE TABLE customers (
  customer_no         text PRIMARY KEY,
  contact_id          text NOT NULL UNIQUE,
  customer_type       text NOT NULL DEFAULT 'INDIVIDUAL' CHECK (customer_type IN ('INDIVIDUAL', 'LEGAL_ENTITY')),
  id_type             text NOT NULL,
  id_number           text NOT NULL,
  birth_date          date,
  first_name          text NOT NULL DEFAULT '',
  last_name           text NOT NULL DEFAULT '',
  gender              text NOT NULL DEFAULT '',
  profession          text NOT NULL DEFAULT '',
  email               text NOT NULL DEFAULT '',
  telephone           text NOT NULL DEFAULT '',
  home_phone_number   text NOT NULL DEFAULT '',
  work_phone_number   text NOT NULL DEFAULT '',
  street              text NOT NULL DEFAULT '',
  street_other        text NOT NULL DEFAULT '',
  city                text NOT NULL DEFAULT '',
  city_other          text NOT NULL DEFAULT '',
  district            text NOT NULL DEFAULT '',
  zip_code            text NOT NULL DEFAULT '',
  building            text NOT NULL DEFAULT '',
  house               text NOT NULL DEFAULT '',
  apartment           text NOT NULL DEFAULT '',
  po_box              text NOT NULL DEFAULT '',
  marketing_consent   boolean NOT NULL DEFAULT false,
  gdpr_consent_at     timestamptz,
  email_consent_at    timestamptz,
  outdated_data       boolean NOT NULL DEFAULT false,
  -- The insurer refuses this customer's portal registration (spec §5).
  portal_refused      boolean NOT NULL DEFAULT false,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  UNIQUE (id_type, id_number, birth_date)
);
CREATE INDEX customers_id_number ON customers (id_number);

-- Portal accounts: the mobile number is the user id (spec §1).
CREATE SEQUENCE portal_user_seq START 100001;
CREATE TABLE portal_users (
  user_id             text PRIMARY KEY,
  customer_no         text NOT NULL UNIQUE REFERENCES customers (customer_no),
  mobile              text NOT NULL UNIQUE,
  password_hash       text NOT NULL,
  failed_logins       integer NOT NULL DEFAULT 0,
  locked              boolean NOT NULL DEFAULT false,
  locked_at           timestamptz,
  two_factor          boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  last_login_at       timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now()
);

-- A login: one family of refresh tokens. PENDING_2FA sessions only open the second-factor calls.
CREATE TABLE portal_sessions (
  session_id          text PRIMARY KEY,
  user_id             text NOT NULL REFERENCES portal_users (user_id),
  stage               text NOT NULL CHECK (stage IN ('PENDING_2FA', 'ACTIVE')),
  created_at          timestamptz NOT NULL,
  last_seen_at        timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL, -- absolute lifetime
  reauth_at           timestamptz,          -- last verifypassword (sensitive changes)
  reauth_pending_at   timestamptz,          -- password verified, SMS code still due (2FA accounts)
  revoked_at          timestamptz,
  revoked_reason      text,
  client_ip           text,
  user_agent          text
);
CREATE INDEX portal_sessions_user ON portal_sessions (user_id) WHERE revoked_at IS NULL;

-- Refresh tokens, only as SHA-256 hashes. A used token stays as a tombstone: presenting it again
-- is reuse, which revokes its session.
CREATE TABLE portal_refresh_tokens (
  token_hash          text PRIMARY KEY,
  session_id          text NOT NULL REFERENCES portal_sessions (session_id),
  created_at          timestamptz NOT NULL,
  used_at             timestamptz
);
CREATE INDEX portal_refresh_tokens_session ON portal_refresh_tokens (session_id);

-- WebAuthn credentials (passkeys).
CREATE TABLE passkeys (
  credential_id       text PRIMARY KEY, -- base64url
  user_id             text NOT NULL REFERENCES portal_users (user_id),
  webauthn_user_id    text NOT NULL,    -- base64url user handle given to the authenticator
  public_key          text NOT NULL,    -- base64url COSE key
  counter             bigint NOT NULL DEFAULT 0,
  transports          jsonb NOT NULL DEFAULT '[]',
  device_type         text NOT NULL DEFAULT 'singleDevice',
  backed_up           boolean NOT NULL DEFAULT false,
  name                text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  last_used_at        timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- WebAuthn challenges: single use, short-lived.
CREATE TABLE webauthn_challenges (
  challenge           text PRIMARY KEY,
  purpose             text NOT NULL CHECK (purpose IN ('REGISTER', 'LOGIN', 'SECOND_FACTOR')),
  user_id             text,
  session_id          text,
  expires_at          timestamptz NOT NULL,
  used_at             timestamptz
);

-- Claims (spec §3 list fields). Claim creation is later work; the dashboard lists them.
CREATE SEQUENCE claim_no_seq START 100001;
CREATE TABLE claims (
  claim_id            bigserial PRIMARY KEY,
  claim_no            text NOT NULL UNIQUE,
  customer_no         text NOT NULL REFERENCES customers (customer_no),
  contract_no         text NOT NULL,
  product_code        text NOT NULL,
  object_no           text NOT NULL DEFAULT '1',
  incident_date       date NOT NULL,
  incident_time       text NOT NULL DEFAULT '',
  cause               text NOT NULL DEFAULT '',
  location            text NOT NULL DEFAULT '',
  description         text NOT NULL DEFAULT '',
  status              text NOT NULL DEFAULT 'SUBMITTED'
                      CHECK (status IN ('SUBMITTED', 'IN_PROGRESS', 'SETTLED', 'REJECTED', 'CLOSED')),
  submitted_on        date NOT NULL,
  claimed_amount_cents integer,
  compensation_type   text NOT NULL DEFAULT '',
  payment_status      text NOT NULL DEFAULT 'NONE' CHECK (payment_status IN ('NONE', 'PENDING', 'PAID')),
  repair_shop         text NOT NULL DEFAULT '',
  data                jsonb NOT NULL DEFAULT '{}',
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claims_customer ON claims (customer_no, submitted_on DESC);

-- Contracts and offers of the public site are found by their policyholder's identity.
CREATE INDEX contracts_customer ON contracts (customer_no);
CREATE INDEX contracts_holder_id ON contracts ((data #>> '{CS_POLICY_HOLDER,NATIONAL_ID}')) WHERE customer_no IS NULL;
CREATE INDEX offers_holder_id ON offers ((quote #>> '{CS_POLICY_HOLDER,NATIONAL_ID}')) WHERE customer_no IS NULL;

-- One-time codes are spent by the call they were asked for (register, reset, mobile change) after
-- being confirmed, once.
ALTER TABLE otp_codes ADD COLUMN consumed_at timestamptz;
