-- The browser's flow modules (issue 29, "live without a rebuild"): a flow version compiled with its
-- field sets to a static ES module (src/server/publishing/modules), named by the hash of its code
-- and served immutable at /assets/flows/<flow>.<hash>.js. `source` names the versions it was
-- compiled from ("<flow version id>/<fieldset version id>/<compiler>"), so an instance starting
-- or hearing of a publication reads a module another instance compiled instead of compiling it
-- again. Modules are never changed; one whose versions are archived stays for the journeys pinned
-- to it.

CREATE TABLE config_modules (
  hash        text PRIMARY KEY,
  flow_id     text NOT NULL,
  source      text NOT NULL UNIQUE,
  code        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
