-- Certificates of insurance (issue 28 item 6): the verification token printed as a QR code on a
-- contract's certificate. One current token a contract; the customer can revoke it (a lost or
-- shared copy), and the next certificate gets a new one. The page the QR code opens also reads the
-- contract itself, so a withdrawn, cancelled or expired contract's certificate is not valid without
-- any revocation. The token is kept as issued (the certificate is printed again from it); it gives
-- nothing but a plate and a period.
CREATE TABLE certificates (
  token       text PRIMARY KEY,
  contract_no text NOT NULL REFERENCES contracts (contract_no),
  issued_at   timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE UNIQUE INDEX certificates_current ON certificates (contract_no) WHERE revoked_at IS NULL;
