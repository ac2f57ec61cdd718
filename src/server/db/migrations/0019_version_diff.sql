-- The diff in words of a published version from the version it replaced (issue 29 item 4), kept
-- with it at publication: [{ WHAT, CHANGE, WHERE, BEFORE?, AFTER? }] (src/server/studio/diff.ts).
ALTER TABLE config_versions ADD COLUMN diff jsonb;
