-- Service support tables: fixed-window rate limits shared by every instance, and the outbox's
-- retry schedule.

-- One row per (limit, key, window): a counter every service instance increments atomically.
CREATE TABLE rate_limits (
  bucket          text NOT NULL, -- OTP_ADDRESS, OTP_IP, CONTACT_IP ...
  key             text NOT NULL, -- a keyed hash of the address or IP, never the value itself
  window_start    timestamptz NOT NULL,
  hits            integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, key, window_start)
);
CREATE INDEX rate_limits_window ON rate_limits (window_start);

-- When a PENDING message may next be tried; a message being sent holds it a while ahead, so a
-- sender that died mid-send leaves it to be picked up again.
ALTER TABLE outbox ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX outbox_due ON outbox (status, next_attempt_at);
CREATE INDEX outbox_recipient ON outbox (recipient, created_at DESC);

-- Call-back requests get a reference the visitor can quote.
CREATE SEQUENCE contact_request_ref_seq START 10001;
ALTER TABLE contact_requests ADD COLUMN reference text;
