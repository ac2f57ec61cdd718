-- Scenarios a tester attaches to a flow in the studio (issue 29 item 8): replayed by the
-- publication gates with the flow's files of tests/scenarios/, and run on demand against a draft
-- or any version. The scenario is the file's text as written (the format of docs/scenarios.md).
CREATE TABLE studio_scenarios (
  scenario_id  bigserial PRIMARY KEY,
  flow_key     text NOT NULL,
  name         text NOT NULL,
  body         text NOT NULL,
  author       text NOT NULL REFERENCES staff_users (staff_id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX studio_scenarios_flow ON studio_scenarios (flow_key, scenario_id);
