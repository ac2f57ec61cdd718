// Development only: GET /dev/flows/check answers what `npm run flows:check` would print, read from
// disk on every request, so the flow preview (/dev/flows in `npm run dev`) can show a broken flow's
// problems instead of a blank page. Registered only outside production (see app.ts).

import { resolve, sep } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { FlowProblem } from '../../engine/flow/check';
import { checkAllFlows } from '../../engine/flow/checkAll';
import { FLOWS_DIR } from '../../engine/flow/files';
import { lovNames } from '../reference/index';

export interface DevFlowsOptions {
  /** The folder of flow folders (flows/ unless given; tests check a broken copy). */
  flowsDir?: string;
}

const problemList = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      file: { type: 'string' },
      pointer: { type: 'string' },
      message: { type: 'string' },
    },
    required: ['file', 'pointer', 'message'],
  },
} as const;

/**
 * The flows:check problems of every flow under `flowsDir`, never throwing: a file that cannot be
 * read at all (a shared field set that is not JSON) is itself a problem. Absolute paths in
 * messages are shortened to "flows/…", as the product team sees them in their editor.
 */
export async function flowProblems(flowsDir: string = FLOWS_DIR): Promise<FlowProblem[]> {
  const root = resolve(flowsDir);
  const shorten = (text: string) => text.split(`${root}${sep}`).join('flows/');
  try {
    const { problems } = await checkAllFlows({ flowsDir: root, lovNames: lovNames() });
    return problems.map((p) => ({ ...p, message: shorten(p.message) }));
  } catch (error) {
    return [{ file: 'flows', pointer: '/', message: shorten((error as Error).message) }];
  }
}

export function devFlowsRoutes(options: DevFlowsOptions = {}): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/dev/flows/check',
      {
        schema: {
          tags: ['development'],
          summary: 'Problems `npm run flows:check` finds in the flow files, [] when none (development only)',
          response: { 200: problemList },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return flowProblems(options.flowsDir);
      },
    );
  };
}
