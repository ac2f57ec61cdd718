-- Every record names the configuration that validated and priced it (issue 29 item 6): the ids of
-- config_versions rows, as {"flow": <id of the flow folder's version: flow, rules and tariff>,
-- "fieldset": <id of the shared field sets' version>}. NULL for rows written before versions existed
-- or by a service given fixed flows (tests).
ALTER TABLE offers ADD COLUMN config_versions jsonb;
ALTER TABLE contracts ADD COLUMN config_versions jsonb;
ALTER TABLE endorsements ADD COLUMN config_versions jsonb;
ALTER TABLE claims ADD COLUMN config_versions jsonb
