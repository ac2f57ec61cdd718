// POST /check and POST /paths: the checker of `flows:check` and the path analysis of
// `flows:paths` on a candidate (the files the editor has now) among the other items' live
// versions, so the studio shows what the gates will say while the author types.

import type { FastifyPluginAsync } from 'fastify';
import { type PathMap, pathMap } from '../../engine/machine/pathAnalysis';
import type { ServiceContext } from '../platform/context';
import { ApiError, requestLang } from '../platform/errors';
import { t } from '../platform/i18n';
import { answers, body, open, str } from '../platform/schemaParts';
import { candidateSet, checkVersions } from '../publishing/gates';
import { ITEM_KINDS, type ItemFiles, type ItemKind, itemFilePath } from '../publishing/items';
import { problemText } from '../publishing/problemText';
import { snapshotOf } from '../publishing/registry';
import { liveVersions } from '../publishing/store';
import { staffGuard } from '../staff';
import { checkedFiles, KEY_PATTERN } from './files';
import { filesSchema, TAG } from './http';

type CandidateBody = { KIND: ItemKind; KEY: string; FILES: ItemFiles };

const candidateBody = (kinds: readonly string[]) =>
  body(
    {
      KIND: { type: 'string', enum: [...kinds] },
      KEY: str(64, { pattern: KEY_PATTERN }),
      FILES: filesSchema,
    },
    ['KIND', 'KEY', 'FILES'],
  );

/** A problem of a texts candidate: a key one language has and the other lacks (named in the caller's words). */
function textProblems(files: ItemFiles, lang: 'el' | 'en') {
  const leaves = (text: string | undefined) => {
    const out = new Set<string>();
    const walk = (v: unknown, prefix: string) => {
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        for (const [k, c] of Object.entries(v)) walk(c, prefix ? `${prefix}.${k}` : k);
      else out.add(prefix);
    };
    try {
      walk(JSON.parse(text ?? '{}'), '');
    } catch {
      // A file that does not parse is the checker's problem, reported there.
    }
    return out;
  };
  const keys = { el: leaves(files['el.json']), en: leaves(files['en.json']) };
  const problems: { FILE: string; POINTER: string; MESSAGE: string }[] = [];
  for (const [has, lacks] of [
    ['el', 'en'],
    ['en', 'el'],
  ] as const)
    for (const key of keys[has])
      if (!keys[lacks].has(key))
        problems.push({
          FILE: `${lacks}.json`,
          POINTER: `/${key
            .split('.')
            .map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'))
            .join('/')}`,
          MESSAGE: t(lang, `errors.publishing.check.missingText.${lacks}`, { key }),
        });
  return problems;
}

/** The path map in the service's answer shape. */
function pathsView(map: PathMap) {
  return {
    NODES: map.nodes.map((n) => ({ ID: n.id, STEP: n.step, SUBSTEP: n.substep, LABEL_KEY: n.labelKey })),
    EDGES: map.edges.map((e) => ({ FROM: e.from, TO: e.to, ...(e.when ? { WHEN: e.when } : {}) })),
    ENDS: map.ends.map((e) => ({ FROM: e.from, KIND: e.kind })),
    UNREACHABLE: map.unreachable,
  };
}

export function checkRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const candidateOf = async (b: CandidateBody) => {
    const files = checkedFiles(b.KIND, b.KEY, b.FILES);
    const live = (await liveVersions(ctx.db)).filter((v) => !(v.kind === b.KIND && v.key === b.KEY));
    return candidateSet({ kind: b.KIND, key: b.KEY, files, live });
  };

  return async (app) => {
    app.post<{ Body: CandidateBody }>(
      '/check',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: 'The flows:check checker on a candidate among the other live items (viewer)',
          description:
            "PROBLEMS: FILE (the candidate's own file by name, flow.json; another item's by its repository path), POINTER (a JSON pointer in it), MESSAGE (in the caller's language, Accept-Language). A texts candidate also gets each key missing in one language.",
          body: candidateBody(ITEM_KINDS),
          response: answers({ 200: open('PROBLEMS: [{ FILE, POINTER, MESSAGE }]') }),
        },
      },
      async (request) => {
        const b = request.body;
        const versions = await candidateOf(b);
        const own = new Map(
          Object.keys(b.FILES).map((name) => [itemFilePath('', { kind: b.KIND, key: b.KEY }, name), name]),
        );
        const lang = requestLang(request);
        const problems = (await checkVersions(versions)).map((p) => ({
          FILE: own.get(p.file) ?? p.file,
          POINTER: p.pointer,
          MESSAGE: problemText(lang, p.message),
        }));
        if (b.KIND === 'texts') problems.push(...textProblems(b.FILES, lang));
        return { PROBLEMS: problems };
      },
    );

    app.post<{ Body: CandidateBody }>(
      '/paths',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: [TAG],
          summary: "The map of a candidate flow's paths, as flows:paths computes them (viewer)",
          description:
            'NODES (every substep), EDGES (forward moves; WHEN the condition of a step entered or skipped), ENDS (referral, callback, payment, completion, dead_end) and UNREACHABLE substeps. 422 FLOW_INVALID when the flow cannot be built (POST /check says why).',
          body: candidateBody(['flow']),
          response: answers({ 200: open('NODES, EDGES, ENDS, UNREACHABLE') }),
        },
      },
      async (request) => {
        const versions = await candidateOf(request.body);
        try {
          const { bundles } = snapshotOf(
            versions.filter(
              (v) => v.kind === 'fieldset' || (v.key === request.body.KEY && v.kind === 'flow'),
            ),
          );
          const bundle = bundles.find((b) => b.flow.id === request.body.KEY) ?? bundles[0];
          return pathsView(pathMap(bundle.flow));
        } catch (error) {
          throw new ApiError(
            422,
            [
              {
                key: 'errors.publishing.check.flowInvalid',
                params: { detail: (error as Error).message },
                code: 'FLOW_INVALID',
              },
            ],
            { CODE: 'FLOW_INVALID' },
          );
        }
      },
    );
  };
}
