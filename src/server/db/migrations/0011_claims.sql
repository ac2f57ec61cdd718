-- Issue 15 items 2 and 6: claims filed in the portal, stored so the insurer's staff can act on
-- them (the answers in claims.data, the photos and documents in claim_files), and the resumable
-- (tus) uploads that end as a claim file.

-- Which photo slots the customer said they would fill, in the language they filed in.
ALTER TABLE claims ADD COLUMN product_id text NOT NULL DEFAULT '';
ALTER TABLE claims ADD COLUMN language text NOT NULL DEFAULT 'el';
ALTER TABLE claims ADD COLUMN declared_slots text[] NOT NULL DEFAULT '{}';
ALTER TABLE claims ADD COLUMN filed_online boolean NOT NULL DEFAULT false;

-- One file per slot of a claim (MOTOR: DAMAGE_1..3, PLATE, REGISTRATION, LICENCE_FRONT/BACK;
-- PROPERTY: INCIDENT_1..6). Sending a slot again replaces its file (a retry after a failure).
CREATE TABLE claim_files (
  claim_id     bigint NOT NULL REFERENCES claims (claim_id),
  slot         text NOT NULL,
  upload_id    uuid NOT NULL REFERENCES uploads (upload_id),
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (claim_id, slot)
);

-- A resumable upload in progress: whose it is and where it goes once complete. The bytes so far
-- are in the tus store (UPLOAD_DIR/tus); the finished file goes through the upload core.
CREATE TABLE claim_tus_uploads (
  tus_id       text PRIMARY KEY,
  customer_no  text NOT NULL REFERENCES customers (customer_no),
  claim_id     bigint NOT NULL REFERENCES claims (claim_id),
  slot         text NOT NULL,
  upload_id    uuid REFERENCES uploads (upload_id),
  created_at   timestamptz NOT NULL
);
CREATE INDEX claim_tus_uploads_customer ON claim_tus_uploads (customer_no, created_at DESC);
