-- Renewal of contracts before they end (issue 28 item 2, src/server/contracts/renewal). The
-- renewal offer is an ordinary offer that names the contract it renews; a contract has at most one
-- renewal, whose row says how far it went and how many notices were sent (two at most).
ALTER TABLE offers ADD COLUMN renewal_of text REFERENCES contracts (contract_no);
CREATE UNIQUE INDEX offers_renewal_of ON offers (renewal_of) WHERE renewal_of IS NOT NULL;

CREATE TABLE renewals (
  contract_no      text PRIMARY KEY REFERENCES contracts (contract_no),
  -- OFFERED: the offer waits for its payment; RENEWED: paid (new_contract_no); EXPIRED: unpaid at
  -- the end of the last day of cover; REFERRED: the live tariff or rules refer it (the call centre).
  status           text NOT NULL CHECK (status IN ('OFFERED', 'RENEWED', 'EXPIRED', 'REFERRED')),
  offer_no         text REFERENCES offers (offer_no),
  new_contract_no  text REFERENCES contracts (contract_no),
  notices          integer NOT NULL DEFAULT 0 CHECK (notices BETWEEN 0 AND 2),
  referral         text,
  prepared_at      timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX renewals_open ON renewals (status) WHERE status = 'OFFERED';
