-- Publishing without a rebuild (issue 29): the product team's configuration as numbered versions.
-- An item is one thing published as a whole: a flow folder (flows/<id>: flow.json, rules.json,
-- tariff.json), the shared field sets (flows/_shared), one catalogue (flows/_catalogues/<name>.json)
-- or one text namespace (locales/{el,en}/<namespace>.json). Its versions keep the files' text as it
-- was written (so an export is byte-identical), a hash of it, who wrote and who approved it.

CREATE TABLE config_items (
  id          bigserial PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('flow', 'fieldset', 'catalogue', 'texts')),
  key         text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, key)
);

-- A draft (status draft, then in_review) has no number; publishing gives it the item's next number
-- and makes it immutable (live, later archived). revision counts a draft's saves, so a save based
-- on an older revision is refused (DRAFT_STALE).
CREATE TABLE config_versions (
  id            bigserial PRIMARY KEY,
  item_id       bigint NOT NULL REFERENCES config_items (id),
  number        integer,
  status        text NOT NULL CHECK (status IN ('draft', 'in_review', 'live', 'archived')),
  revision      integer NOT NULL DEFAULT 1,
  based_on      bigint REFERENCES config_versions (id),
  files         jsonb NOT NULL,
  content_hash  text NOT NULL,
  author        text NOT NULL,
  approver      text,
  note          text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now(),
  submitted_at  timestamptz,
  approved_at   timestamptz,
  published_at  timestamptz,
  archived_at   timestamptz,
  CHECK ((status IN ('live', 'archived')) = (number IS NOT NULL))
);
CREATE UNIQUE INDEX config_versions_one_live ON config_versions (item_id) WHERE status = 'live';
CREATE UNIQUE INDEX config_versions_one_draft ON config_versions (item_id) WHERE status IN ('draft', 'in_review');
CREATE UNIQUE INDEX config_versions_number ON config_versions (item_id, number) WHERE number IS NOT NULL;
