// /zcp/studio: a flow's scenarios (issue 29 item 8). Testers attach scenario files (the format of
// docs/scenarios.md) to a flow; the publication gates replay them with the flow's files of
// tests/scenarios/; and any of them runs on demand against a draft or any version of the flow,
// answering pass or fail per scenario with where it diverged (the replay of `npm run replay`).

import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db';
import type { ServiceContext } from '../../platform/context';
import { ApiError, requestLang } from '../../platform/errors';
import type { Lang } from '../../platform/i18n';
import { answers, body, noContent, open } from '../../platform/schemaParts';
import { candidateSet, SCENARIOS_DIR } from '../../publishing/gates';
import { refusal } from '../../publishing/lifecycle';
import { problemText } from '../../publishing/problemText';
import type { StartService } from '../../publishing/replay/inProcess';
import {
  attachedScenario,
  attachedScenarios,
  attachScenario,
  detachScenario,
  type FlowScenario,
  repositoryScenarios,
  runScenarios,
  type ScenarioRun,
} from '../../publishing/scenarioRuns';
import { type ConfigVersion, liveVersions, versionById, versionsOf } from '../../publishing/store';
import { audit, requireStaff, type StaffPrincipal, staffGuard, staffNames } from '../../staff';
import { KEY_PATTERN } from '../files';
import { type IdParams, idParams, TAG, unknownVersion } from '../http';

export interface ScenarioRouteOptions {
  /** Starts the in-process service a run replays against (app.ts passes buildApp's). */
  startService: StartService;
  scenariosDir?: string;
}

const flowParams = {
  type: 'object',
  properties: { key: { type: 'string', pattern: KEY_PATTERN, description: 'the flow id' } },
  required: ['key'],
};
type FlowParams = { key: string };
/** A scenario is a few kilobytes; a long one with every answer tens. */
const MAX_SCENARIO_CHARS = 200_000;

function invalidScenario(why: string, params: Record<string, unknown> = {}): ApiError {
  return new ApiError(
    422,
    [{ key: `errors.publishing.scenario.${why}`, params, code: 'INVALID_SCENARIO', field: 'SCENARIO' }],
    { CODE: 'INVALID_SCENARIO', REASON: why },
  );
}

function unknownScenario(): ApiError {
  return new ApiError(404, [{ key: 'errors.publishing.scenario.unknown', code: 'UNKNOWN_SCENARIO' }], {
    CODE: 'UNKNOWN_SCENARIO',
  });
}

/** The flow's versions (404 UNKNOWN_ITEM when there is no such flow). */
async function flowVersions(db: Db, key: string): Promise<ConfigVersion[]> {
  const versions = await versionsOf(db, 'flow', key);
  if (versions.length === 0) throw refusal('UNKNOWN_ITEM');
  return versions;
}

/** The scenario a tester sends, checked as readScenario checks a file, for this flow. */
function checkedScenario(key: string, scenario: Record<string, unknown>) {
  if (scenario.flow !== undefined && scenario.flow !== key)
    throw invalidScenario('otherFlow', { flow: String(scenario.flow), key });
  const steps = scenario.steps;
  if (!Array.isArray(steps) || steps.length === 0) throw invalidScenario('noSteps');
  steps.forEach((step, index) => {
    if (!step || typeof step !== 'object' || typeof (step as { substep?: unknown }).substep !== 'string')
      throw invalidScenario('badStep', { step: index + 1 });
    const a = (step as { answers?: unknown }).answers;
    if (a !== undefined && (a === null || typeof a !== 'object' || Array.isArray(a)))
      throw invalidScenario('badStep', { step: index + 1 });
  });
  const expect = scenario.expect;
  if (!expect || typeof expect !== 'object' || Array.isArray(expect)) throw invalidScenario('noExpect');
  const text = JSON.stringify({ ...scenario, flow: key }, null, 2);
  if (text.length > MAX_SCENARIO_CHARS) throw invalidScenario('tooLarge');
  return text;
}

const view = (s: FlowScenario, names: ReadonlyMap<string, string> = new Map()) => ({
  SOURCE: s.source,
  ID: s.id,
  NAME: s.name,
  AUTHOR: s.author ?? null,
  /** The author's name beside the id (null for the repository's files or a removed account). */
  AUTHOR_NAME: s.author ? (names.get(s.author) ?? null) : null,
  CREATED_AT: s.createdAt ?? null,
  SCENARIO: s.scenario,
});

/** A run in the answer's shape, what differed told in the studio's language. */
const runView = (r: ScenarioRun, lang: Lang) => ({
  SOURCE: r.source,
  ID: r.id,
  NAME: r.name,
  PASSED: r.passed,
  PROBLEMS: r.problems.map((p) => problemText(lang, p)),
  DIVERGED: r.diverged
    ? { STEP: r.diverged.step, SUBSTEP: r.diverged.substep, ANSWERS: r.diverged.answers }
    : null,
  VISITED: r.visited,
  OUTCOME: r.outcome
    ? {
        PREMIUM: r.outcome.premium,
        REFERRAL: r.outcome.referral,
        BLOCKED: r.outcome.blocked,
        REFUSED: r.outcome.refused,
        REACHED_PAYMENT: r.outcome.reachedPayment,
        PAYMENT: r.outcome.payment,
      }
    : null,
});

/** One run at a time per instance: each starts a service of its own in this process. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(job: () => Promise<T>): Promise<T> {
  const next = queue.then(job, job);
  queue = next.catch(() => undefined);
  return next;
}

export function scenarioRoutes(ctx: ServiceContext, options: ScenarioRouteOptions): FastifyPluginAsync {
  const dir = options.scenariosDir ?? SCENARIOS_DIR;
  const auditScenario = (
    request: { ip: string },
    staff: StaffPrincipal,
    action: string,
    key: string,
    event: { before?: unknown; after?: unknown },
  ) =>
    audit(ctx.db, {
      actor: { staffId: staff.staffId, email: staff.email },
      action,
      target: `flow:${key}`,
      ...event,
      at: ctx.now(),
      ip: request.ip,
    });

  return async (app) => {
    app.get<{ Params: FlowParams }>(
      '/items/flow/:key/scenarios',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary:
            "A flow's scenarios: its files in tests/scenarios/ and those attached in the studio (viewer)",
          params: flowParams,
          response: answers({
            200: open(
              'SCENARIOS: [{ SOURCE: repository|studio, ID, NAME, AUTHOR, AUTHOR_NAME, CREATED_AT, SCENARIO }]',
            ),
          }),
        },
      },
      async (request) => {
        const { key } = request.params;
        await flowVersions(ctx.db, key);
        const all = [...(await repositoryScenarios(dir, [key])), ...(await attachedScenarios(ctx.db, [key]))];
        const names = await staffNames(
          ctx.db,
          all.map((x) => x.author),
        );
        return { SCENARIOS: all.map((x) => view(x, names)) };
      },
    );

    app.post<{ Params: FlowParams; Body: { NAME: string; SCENARIO: Record<string, unknown> } }>(
      '/items/flow/:key/scenarios',
      {
        onRequest: staffGuard('editor'),
        schema: {
          tags: [TAG],
          summary: 'Attach a scenario to a flow (editor; audited); the gates replay it from then on',
          description:
            'SCENARIO: a scenario as in docs/scenarios.md (steps [{ substep, answers?, select? … }], expect {…}; flow, when given, this one). 422 INVALID_SCENARIO (REASON otherFlow, noSteps, badStep, noExpect, tooLarge), 404 UNKNOWN_ITEM.',
          params: flowParams,
          body: body(
            {
              NAME: { type: 'string', minLength: 1, maxLength: 200 },
              SCENARIO: { type: 'object' },
            },
            ['NAME', 'SCENARIO'],
          ),
          response: answers({ 200: open('The attached scenario') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'editor');
        const { key } = request.params;
        await flowVersions(ctx.db, key);
        const text = checkedScenario(key, request.body.SCENARIO);
        const name = request.body.NAME.trim();
        const attached = await attachScenario(ctx.db, {
          flow: key,
          name,
          body: text,
          author: staff.staffId,
          now: ctx.now(),
        });
        await auditScenario(request, staff, 'flow.scenario.attach', key, {
          after: { ID: attached.id, NAME: name, STEPS: (request.body.SCENARIO.steps as unknown[]).length },
        });
        return view(attached);
      },
    );

    app.delete<{ Params: IdParams }>(
      '/scenarios/:id',
      {
        onRequest: staffGuard('editor'),
        schema: {
          tags: [TAG],
          summary: 'Detach a scenario attached in the studio (editor; audited with the scenario)',
          description: '404 UNKNOWN_SCENARIO.',
          params: idParams,
          response: answers(noContent('Detached')),
        },
      },
      async (request, reply) => {
        const staff = await requireStaff(request, 'editor');
        const found = await attachedScenario(ctx.db, Number(request.params.id));
        if (!found) throw unknownScenario();
        await detachScenario(ctx.db, Number(found.id));
        await auditScenario(request, staff, 'flow.scenario.detach', found.flow, {
          before: { ID: found.id, NAME: found.name, SCENARIO: found.scenario },
        });
        return reply.code(204).send();
      },
    );

    app.post<{ Params: FlowParams; Body: { VERSION?: number; IDS?: string[] } | null }>(
      '/items/flow/:key/scenarios/run',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: "Run a flow's scenarios against a draft or any version of it (viewer; audited)",
          description:
            'VERSION: a version id of the flow (default: the open change, else live), among the other live items. IDS: the scenarios to run (repository file names, attached ids; default all). Answers VERSION and RUNS [{ SOURCE, ID, NAME, PASSED, PROBLEMS, DIVERGED: { STEP, SUBSTEP, ANSWERS } | null, VISITED, OUTCOME }]. 404 UNKNOWN_ITEM, UNKNOWN_VERSION (not a version of this flow), UNKNOWN_SCENARIO.',
          params: flowParams,
          body: {
            type: ['object', 'null'],
            properties: {
              VERSION: { type: 'integer', minimum: 1 },
              IDS: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 200 },
            },
            additionalProperties: false,
          },
          response: answers({ 200: open('VERSION, RUNS') }),
        },
      },
      async (request) => {
        const staff = await requireStaff(request, 'viewer');
        const { key } = request.params;
        const versions = await flowVersions(ctx.db, key);
        let version: ConfigVersion | undefined;
        if (request.body?.VERSION) {
          version = await versionById(ctx.db, request.body.VERSION);
          if (!version || version.kind !== 'flow' || version.key !== key) throw unknownVersion();
        } else
          version =
            versions.find((v) => v.status === 'draft' || v.status === 'in_review') ??
            versions.find((v) => v.status === 'live');
        if (!version) throw refusal('UNKNOWN_ITEM');
        let scenarios = [
          ...(await repositoryScenarios(dir, [key])),
          ...(await attachedScenarios(ctx.db, [key])),
        ];
        const ids = request.body?.IDS;
        if (ids) {
          const unknown = ids.find((id) => !scenarios.some((s) => s.id === id));
          if (unknown !== undefined) throw unknownScenario();
          scenarios = scenarios.filter((s) => ids.includes(s.id));
        }
        const chosen = version;
        const runs = await oneAtATime(async () =>
          runScenarios(
            candidateSet({ kind: 'flow', key, files: chosen.files, live: await liveVersions(ctx.db) }),
            scenarios,
            options.startService,
          ),
        );
        await auditScenario(request, staff, 'flow.scenario.run', key, {
          after: {
            VERSION: chosen.id,
            RUN: runs.length,
            FAILED: runs.filter((r) => !r.passed).map((r) => `${r.source}:${r.id}`),
          },
        });
        return {
          VERSION: { ID: chosen.id, STATUS: chosen.status, NUMBER: chosen.number, REVISION: chosen.revision },
          RUNS: runs.map((r) => runView(r, requestLang(request))),
        };
      },
    );
  };
}
