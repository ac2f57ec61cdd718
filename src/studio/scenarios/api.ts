// A flow's scenarios (src/server/studio/scenarios/routes.ts): listed, attached, detached, run.

import { segment, studioApi } from '../api';
import type { VersionStatus } from '../review/itemsApi';

export interface FlowScenario {
  SOURCE: 'repository' | 'studio';
  ID: string;
  NAME: string;
  AUTHOR: string | null;
  /** The author's name beside the id (null for the repository's files). */
  AUTHOR_NAME?: string | null;
  CREATED_AT: string | null;
  SCENARIO: Record<string, unknown>;
}

export interface ScenarioRun {
  SOURCE: 'repository' | 'studio';
  ID: string;
  NAME: string;
  PASSED: boolean;
  /** What differed, in the studio's language. */
  PROBLEMS: string[];
  /** The scenario's step (counted from 0), its page and its answers where the run went astray. */
  DIVERGED: { STEP: number; SUBSTEP: string; ANSWERS: Record<string, unknown> } | null;
  VISITED: string[];
  OUTCOME: { PREMIUM: number | null; REFERRAL: unknown; REACHED_PAYMENT?: boolean } | null;
}

export interface RunAnswer {
  VERSION: { ID: number; STATUS: VersionStatus; NUMBER: number | null; REVISION: number };
  RUNS: ScenarioRun[];
}

const base = (key: string) => `items/flow/${segment(key)}/scenarios`;

export const scenariosApi = {
  list: (key: string) => studioApi.get<{ SCENARIOS: FlowScenario[] }>(base(key)).then((a) => a.SCENARIOS),
  attach: (key: string, name: string, scenario: Record<string, unknown>) =>
    studioApi.post<FlowScenario>(base(key), { NAME: name, SCENARIO: scenario }),
  detach: (id: string) => studioApi.delete(`scenarios/${segment(id)}`),
  run: (key: string, body: { VERSION?: number; IDS?: string[] }) =>
    studioApi.post<RunAnswer>(`${base(key)}/run`, body, { timeout: 15 * 60_000 }),
};
