-- Issue 13: e-mail confirmations bound to the browser that proved the mailbox, and the indexes
-- the housekeeping of anonymous writes deletes by.

-- An address confirmed with a code, for one browser (its client id cookie) only.
CREATE TABLE email_confirmations (
  mail_address    text NOT NULL,
  client_key      text NOT NULL,
  confirmed_at    timestamptz NOT NULL,
  PRIMARY KEY (mail_address, client_key)
);
CREATE INDEX email_confirmations_at ON email_confirmations (confirmed_at);

-- A browser's own latest code for an address.
CREATE INDEX otp_codes_client ON otp_codes (purpose, recipient, client_key, created_at DESC);
CREATE INDEX otp_codes_expires ON otp_codes (expires_at);

-- Old client validation reports expire.
CREATE INDEX validation_log_created ON validation_log (created_at);
