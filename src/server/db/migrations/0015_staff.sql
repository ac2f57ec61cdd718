-- The studio's staff (issue 26 item 1) and the audit trail of every staff action (issue 29 item 7).
-- Staff are not customers: their own accounts, sessions and cookies, never portal_users.

CREATE TABLE staff_users (
  staff_id            text PRIMARY KEY,
  email               text NOT NULL UNIQUE,          -- lower case
  name                text NOT NULL,
  role                text NOT NULL CHECK (role IN ('viewer', 'editor', 'publisher', 'admin')),
  password_hash       text NOT NULL,                 -- Argon2id PHC string (accounts/passwords.ts)
  -- The TOTP secret, AES-256-GCM under STAFF_TOTP_KEY: iv.tag.ciphertext, base64url. NULL: none enrolled.
  totp_secret         text,
  -- The last time step a code was accepted for: a code is good once (no replay within its window).
  totp_last_step      bigint,
  disabled            boolean NOT NULL DEFAULT false,
  failed_logins       integer NOT NULL DEFAULT 0,
  locked              boolean NOT NULL DEFAULT false,
  locked_at           timestamptz,
  password_changed_at timestamptz NOT NULL,
  last_login_at       timestamptz,
  created_at          timestamptz NOT NULL
);

-- A staff sign-in. The cookie holds a random token; only its SHA-256 is stored. PENDING_TOTP
-- sessions (password right, code due) open only the code call.
CREATE TABLE staff_sessions (
  session_id          text PRIMARY KEY,
  token_hash          text NOT NULL UNIQUE,
  staff_id            text NOT NULL REFERENCES staff_users (staff_id),
  stage               text NOT NULL CHECK (stage IN ('PENDING_TOTP', 'ACTIVE')),
  created_at          timestamptz NOT NULL,
  last_seen_at        timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  revoked_at          timestamptz,
  revoked_reason      text,
  client_ip           text,
  user_agent          text
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id) WHERE revoked_at IS NULL;

-- Who did what, when, to what, with the state before and after. Append-only: the trigger below
-- refuses every UPDATE, DELETE and TRUNCATE, so the trail outlives the drafts and accounts it names
-- (no foreign key: an actor or target stays named even if its row goes).
CREATE TABLE audit_events (
  event_id            bigserial PRIMARY KEY,
  at                  timestamptz NOT NULL DEFAULT now(),
  actor_id            text,                          -- staff_id, or NULL (an unknown e-mail at sign-in)
  actor_label         text NOT NULL,                 -- the staff e-mail, or "cli:<user>", "system"
  action              text NOT NULL,                 -- e.g. staff.signin, staff.create, flow.publish
  target              text NOT NULL DEFAULT '',      -- e.g. staff:S100001, flow:travel
  before              jsonb,
  after               jsonb,
  client_ip           text
);
CREATE INDEX audit_events_at ON audit_events (at DESC);
CREATE INDEX audit_events_action ON audit_events (action, at DESC);
CREATE INDEX audit_events_actor ON audit_events (actor_label, at DESC);

-- (The body is on one line: the migration runner splits statements at a ";" that ends a line.)
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER audit_events_no_update BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

CREATE SEQUENCE staff_user_seq START 100001;
