-- Issues 14 and 15: files customers upload (direct-debit certificates, claim photos and documents).
-- The bytes live in the file store (UPLOAD_DIR); the row says whose they are and what they are.

CREATE TABLE uploads (
  upload_id        uuid PRIMARY KEY,
  customer_no      text NOT NULL REFERENCES customers (customer_no),
  -- What the file is for ('paymethod-certificate', 'claim-photo', ...): the module that took it.
  purpose          text NOT NULL,
  mime             text NOT NULL,
  size_bytes       integer NOT NULL,
  -- The original's hash (for the claim file: what the customer sent) and the stored bytes' hash
  -- (images are re-encoded without their metadata, so the two differ).
  original_sha256  text NOT NULL,
  stored_sha256    text NOT NULL,
  original_name    text NOT NULL,
  storage_key      text NOT NULL UNIQUE,
  created_at       timestamptz NOT NULL
);
CREATE INDEX uploads_customer ON uploads (customer_no, created_at DESC);
