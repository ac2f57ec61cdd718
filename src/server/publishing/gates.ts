// The publication gates (issue 29 item 3), each reason listed: the flows:check checker finds
// nothing, every path of each affected flow ends (the engine's path analysis behind
// `npm run flows:paths`), every scenario of an affected flow (its files in tests/scenarios/ and
// those attached in the studio, scenarioRuns.ts) replays green
// against the candidate (the headless replay behind `npm run replay`, on an in-process service
// serving the candidate, started by the factory app.ts or the CLI hands over), and every text
// exists in both languages. A candidate is looked at among the other items' live versions,
// written out as a repository-shaped folder the checker reads as it reads flows/.

import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkAllFlows } from '../../engine/flow/checkAll';
import { FLOWS_DIR } from '../../engine/flow/files';
import { analyseFlow } from '../../engine/machine/pathAnalysis';
import { REFERENCE_DATA } from '../reference/files';
import { lovList, lovNames } from '../reference/index';
import { type ItemContent, REPO_ROOT, writeItems } from './items';
import type { Candidate, GateReason, Gates } from './lifecycle';
import { snapshotOf } from './registry';
import type { StartService } from './replay/inProcess';
import { type FlowScenario, repositoryScenarios, runScenarios, scenarioLabel } from './scenarioRuns';
import type { ConfigVersion } from './store';

export const SCENARIOS_DIR = join(REPO_ROOT, 'tests', 'scenarios');

/** The candidate among the live versions, as versions (the candidate's id 0: not yet stored). */
export function candidateSet(candidate: Candidate): ConfigVersion[] {
  const draft: ConfigVersion = {
    id: 0,
    itemId: 0,
    kind: candidate.kind,
    key: candidate.key,
    number: null,
    status: 'draft',
    revision: 0,
    basedOn: null,
    files: candidate.files,
    contentHash: '',
    author: '',
    approver: null,
    note: '',
    createdAt: '',
    updatedAt: '',
    submittedAt: null,
    approvedAt: null,
    publishedAt: null,
  };
  return [...candidate.live.filter((v) => !(v.kind === candidate.kind && v.key === candidate.key)), draft];
}

/** Every whole list of values the service answers (dependent lists need their keys: left out). */
function serviceLovValues(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const name of lovNames()) {
    const list = lovList(name, 'en');
    if (list) out[name] = list.LOV_VALUE.map((v) => v.VALUE);
  }
  return out;
}

/** One problem the checker found: the file (as in the repository, "flows/…"), a JSON pointer in it, what. */
export interface CheckProblem {
  file: string;
  pointer: string;
  message: string;
}

/** flows:check over the versions written out as a repository; problems named as in the repository. */
export async function checkVersions(versions: ConfigVersion[]): Promise<CheckProblem[]> {
  const root = await mkdtemp(join(tmpdir(), 'zcp-publish-'));
  try {
    await writeItems(root, versions as ItemContent[]);
    // The list-of-values bindings are the service's, not a published item: the repository's copy.
    const bindings = join(FLOWS_DIR, '_lov-bindings.json');
    if (existsSync(bindings)) await copyFile(bindings, join(root, 'flows', '_lov-bindings.json'));
    const { problems } = await checkAllFlows({
      flowsDir: join(root, 'flows'),
      localesRoot: root,
      lovNames: lovNames(),
      lovValues: serviceLovValues(),
      dataFolders: [REFERENCE_DATA],
    });
    const shorten = (text: string) => text.split(`${root}/`).join('');
    return problems.map((p) => ({ file: shorten(p.file), pointer: p.pointer, message: shorten(p.message) }));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** A gate that could not run to its end: the error's words (English, from the engine). */
function failed(gate: GateReason['gate'], error: unknown): GateReason {
  const message = (error as Error).message;
  return { gate, detail: message, key: 'failed', params: { error: message } };
}

/** The checker gate: every problem as `file#pointer: message`. */
export async function checkerGate(versions: ConfigVersion[]): Promise<GateReason[]> {
  try {
    return (await checkVersions(versions)).map((p) => ({
      gate: 'checker',
      detail: `${p.file}#${p.pointer}: ${p.message}`,
      key: 'checker',
      params: { file: p.file, pointer: p.pointer || '/', message: p.message },
    }));
  } catch (error) {
    return [failed('checker', error)];
  }
}

/** The flows a candidate can change: itself, or every flow when the shared field sets change. */
export function affectedFlows(
  candidate: Pick<Candidate, 'kind' | 'key'>,
  versions: ConfigVersion[],
): string[] {
  if (candidate.kind === 'flow') return [candidate.key];
  if (candidate.kind === 'fieldset') return versions.filter((v) => v.kind === 'flow').map((v) => v.key);
  return [];
}

/** No dead end and no unreachable substep in any affected flow. */
export function pathsGate(versions: ConfigVersion[], flowIds: string[]): GateReason[] {
  const { bundles } = snapshotOf(versions);
  const reasons: GateReason[] = [];
  for (const bundle of bundles.filter((b) => flowIds.includes(b.flow.id))) {
    const { unreachable, deadEnds } = analyseFlow(bundle.flow);
    const params = (state: string) => ({ flow: bundle.flow.id, state });
    for (const state of unreachable)
      reasons.push({
        gate: 'paths',
        detail: `${bundle.flow.id}: ${state} is unreachable`,
        key: 'unreachable',
        params: params(state),
      });
    for (const state of deadEnds)
      reasons.push({
        gate: 'paths',
        detail: `${bundle.flow.id}: ${state} is a dead end`,
        key: 'deadEnd',
        params: params(state),
      });
  }
  return reasons;
}

/**
 * Every scenario of an affected flow replayed on the candidate: the files of tests/scenarios/ (or
 * `dir`) and those attached in the studio (`attached`); each divergence is a reason.
 */
export async function scenariosGate(
  versions: ConfigVersion[],
  flowIds: string[],
  startService: StartService,
  dir = SCENARIOS_DIR,
  attached: (flowIds: string[]) => Promise<FlowScenario[]> = async () => [],
): Promise<GateReason[]> {
  if (flowIds.length === 0) return [];
  const scenarios = [...(await repositoryScenarios(dir, flowIds)), ...(await attached(flowIds))];
  const reasons: GateReason[] = [];
  for (const run of await runScenarios(versions, scenarios, startService))
    for (const p of run.problems)
      reasons.push({
        gate: 'scenarios',
        detail: `${scenarioLabel(run)}: ${p}`,
        key: 'scenario',
        params:
          run.source === 'repository'
            ? { scenario: run.id, problem: p }
            : { scenarioId: String(run.id), scenarioName: run.name, problem: p },
      });
  return reasons;
}

function leafKeys(value: unknown, prefix: string, out: Set<string>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) leafKeys(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.add(prefix);
}

/** Every text of a namespace in both languages (each key Greek has, English has, and back). */
export function textsGate(versions: ConfigVersion[], langs: readonly string[] = ['el', 'en']): GateReason[] {
  const reasons: GateReason[] = [];
  for (const item of versions.filter((v) => v.kind === 'texts')) {
    const keys = new Map<string, Set<string>>();
    for (const lang of langs) {
      const text = item.files[`${lang}.json`];
      if (text === undefined) {
        reasons.push({
          gate: 'texts',
          detail: `locales/${lang}/${item.key}.json is missing`,
          key: 'textsFileMissing',
          params: { lang, key: item.key },
        });
        continue;
      }
      const set = new Set<string>();
      try {
        leafKeys(JSON.parse(text), '', set);
      } catch (error) {
        reasons.push({
          gate: 'texts',
          detail: `locales/${lang}/${item.key}.json: ${(error as Error).message}`,
          key: 'textsFileBroken',
          params: { lang, key: item.key, error: (error as Error).message },
        });
      }
      keys.set(lang, set);
    }
    for (const lang of langs) {
      for (const other of langs.filter((l) => l !== lang)) {
        for (const key of keys.get(lang) ?? []) {
          if (keys.has(other) && !keys.get(other)?.has(key))
            reasons.push({
              gate: 'texts',
              detail: `${item.key}:${key} has no ${other} text (locales/${other}/${item.key}.json)`,
              key: `textMissing.${other}`,
              params: { key: item.key, text: key },
            });
        }
      }
    }
  }
  return reasons;
}

export interface GateOptions {
  /** Starts the in-process service the scenarios replay against (app.ts passes buildApp's). */
  startService: StartService;
  /** Where the scenarios are (tests/scenarios/ unless given: tests attach their own). */
  scenariosDir?: string;
  /** The scenarios attached in the studio to these flows (app.ts reads them from its database). */
  attached?: (flowIds: string[]) => Promise<FlowScenario[]>;
}

/** The four gates over a candidate. */
export function publicationGates(options: GateOptions): Gates {
  return async (candidate) => {
    const versions = candidateSet(candidate);
    const flows = affectedFlows(candidate, versions);
    const checked = await checkerGate(versions);
    // A candidate the checker refuses may not even build (a flow that does not parse): its paths and
    // scenarios are not run then, the checker's reasons say what to fix first.
    if (checked.length > 0) return [...checked, ...textsGate(versions)];
    let built: GateReason[];
    try {
      built = pathsGate(versions, flows);
    } catch (error) {
      return [failed('paths', error), ...textsGate(versions)];
    }
    return [
      ...built,
      ...(await scenariosGate(versions, flows, options.startService, options.scenariosDir, options.attached)),
      ...textsGate(versions),
    ];
  };
}
