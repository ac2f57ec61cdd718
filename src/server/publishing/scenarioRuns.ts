// The scenarios of a flow (issue 29 items 3 and 8): the files of tests/scenarios/ for it and the
// ones testers attach in the studio (table studio_scenarios, migration 0021), replayed headless
// against a set of versions with the replay behind `npm run replay`. Each run says passed or not,
// what differed from the expectation, and where it diverged: the substep the replay was on and the
// answers the scenario gave there. The publication gates and the studio's run call share it.

import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db';
import { snapshotOf } from './registry';
import { replayHeadless } from './replay/headless';
import type { StartService } from './replay/inProcess';
import { compareOutcome, type ReplayResult, readScenario, type Scenario } from './replay/scenario';
import type { ConfigVersion } from './store';

/** A scenario and where it comes from: a repository file, or attached in the studio (its id). */
export interface FlowScenario {
  source: 'repository' | 'studio';
  /** The file name (repository) or the attached scenario's id as text (studio). */
  id: string;
  name: string;
  scenario: Scenario;
  author?: string;
  createdAt?: string;
}

export interface ScenarioRun {
  source: FlowScenario['source'];
  id: string;
  name: string;
  passed: boolean;
  /** What differed from the expectation, or why the replay stopped. */
  problems: string[];
  /** Where it diverged: the substep the replay was on, its index in the steps, the answers given there. */
  diverged: { step: number; substep: string; answers: Record<string, unknown> } | null;
  visited: string[];
  outcome: Pick<
    ReplayResult,
    'premium' | 'referral' | 'blocked' | 'refused' | 'reachedPayment' | 'payment'
  > | null;
}

/** The reference a gate reason gives: the file, or "studio scenario <id> (name)". */
export function scenarioLabel(s: Pick<FlowScenario, 'source' | 'id' | 'name'>): string {
  return s.source === 'repository' ? s.id : `studio scenario ${s.id} (${s.name})`;
}

/** The repository's scenario files (tests/scenarios/ or `dir`) for these flows. */
export async function repositoryScenarios(dir: string, flowIds: string[]): Promise<FlowScenario[]> {
  if (flowIds.length === 0 || !existsSync(dir)) return [];
  const out: FlowScenario[] = [];
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const scenario = await readScenario(join(dir, file));
    if (flowIds.includes(scenario.flow))
      out.push({ source: 'repository', id: file, name: scenario.name ?? file, scenario });
  }
  return out;
}

type AttachedRow = {
  scenario_id: string | number;
  flow_key: string;
  name: string;
  body: string;
  author: string;
  created_at: Date | string;
};

const asAttached = (r: AttachedRow): FlowScenario & { flow: string } => ({
  source: 'studio',
  id: String(r.scenario_id),
  flow: r.flow_key,
  name: r.name,
  scenario: JSON.parse(r.body) as Scenario,
  author: r.author,
  createdAt: new Date(r.created_at).toISOString(),
});

/** The scenarios attached in the studio to these flows, oldest first. */
export async function attachedScenarios(db: Db, flowIds: string[]): Promise<FlowScenario[]> {
  if (flowIds.length === 0) return [];
  const rows = await db.query<AttachedRow>(
    'SELECT * FROM studio_scenarios WHERE flow_key = ANY($1::text[]) ORDER BY scenario_id',
    [flowIds],
  );
  return rows.map(asAttached);
}

export async function attachedScenario(db: Db, id: number) {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  const rows = await db.query<AttachedRow>('SELECT * FROM studio_scenarios WHERE scenario_id = $1', [id]);
  return rows[0] ? asAttached(rows[0]) : undefined;
}

export async function attachScenario(
  db: Db,
  input: { flow: string; name: string; body: string; author: string; now: Date },
) {
  const rows = await db.query<AttachedRow>(
    `INSERT INTO studio_scenarios (flow_key, name, body, author, created_at) VALUES ($1, $2, $3, $4, $5)
     RETURNING *`,
    [input.flow, input.name, input.body, input.author, input.now.toISOString()],
  );
  return asAttached(rows[0]);
}

export async function detachScenario(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM studio_scenarios WHERE scenario_id = $1', [id]);
}

/** Replays each scenario against an in-process service serving `versions` (one service for all). */
export async function runScenarios(
  versions: ConfigVersion[],
  scenarios: FlowScenario[],
  startService: StartService,
): Promise<ScenarioRun[]> {
  if (scenarios.length === 0) return [];
  const { bundles } = snapshotOf(versions);
  const runs: ScenarioRun[] = [];
  const app = await startService({ flows: bundles });
  try {
    for (const s of scenarios) {
      const base = { source: s.source, id: s.id, name: s.name };
      const bundle = bundles.find((b) => b.flow.id === s.scenario.flow);
      if (!bundle) {
        runs.push({
          ...base,
          passed: false,
          problems: [`flow ${s.scenario.flow} is not published`],
          diverged: null,
          visited: [],
          outcome: null,
        });
        continue;
      }
      // The substeps the replay stood on, in order: where it was when it stopped or went astray.
      const seen: string[] = [];
      const at = (): ScenarioRun['diverged'] => {
        const substep = seen.at(-1);
        if (!substep) return null;
        const step = s.scenario.steps.findIndex((x) => x.substep === substep);
        return { step, substep, answers: s.scenario.steps[step]?.answers ?? {} };
      };
      try {
        const result = await replayHeadless(app, bundle, s.scenario, {
          onScreen: (screen) => {
            if (seen.at(-1) !== screen.key) seen.push(screen.key);
          },
        });
        const problems = compareOutcome(s.scenario.expect, result);
        runs.push({
          ...base,
          passed: problems.length === 0,
          problems,
          diverged: problems.length === 0 ? null : at(),
          visited: result.visited,
          outcome: {
            premium: result.premium,
            referral: result.referral,
            blocked: result.blocked,
            refused: result.refused,
            reachedPayment: result.reachedPayment,
            payment: result.payment,
          },
        });
      } catch (error) {
        runs.push({
          ...base,
          passed: false,
          problems: [(error as Error).message],
          diverged: at(),
          visited: [...seen],
          outcome: null,
        });
      }
    }
  } finally {
    await app.close();
  }
  return runs;
}
