// The browser's reads of the live configuration: the manifest (fetched by the app after its first
// paint), the flow modules and text versions it names (immutable: a hash names one content for
// ever), and a studio draft's module for the editor's preview (staff only, never cached publicly).

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Db } from '../../db';
import { notFound } from '../../platform/errors';
import { answers, open, str } from '../../platform/schemaParts';
import { staffGuard } from '../../staff';
import { refusal } from '../lifecycle';
import { versionById } from '../store';
import type { FlowModules } from '.';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const FLOW_FILE = /^([a-z0-9][a-z0-9_-]*)\.([0-9a-f]+)\.js$/;
const TEXTS_FILE = /^([a-z0-9][a-zA-Z0-9_-]*)\.([0-9a-f]+)\.(el|en)\.json$/;

const javascript = (reply: FastifyReply, code: string, cache: string) =>
  reply.type('text/javascript; charset=utf-8').header('cache-control', cache).send(code);

export function flowModuleRoutes(modules: FlowModules, db: Db): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/zcp/flows/manifest',
      {
        schema: {
          tags: ['publishing'],
          summary: "The live flows' module hashes and the text namespaces' version hashes",
          description:
            'Fetched by the web app after its first paint: a flow whose hash differs from the build’s is imported from /assets/flows/<id>.<hash>.js, a namespace from /assets/texts/<ns>.<hash>.<lang>.json.',
          response: answers({ 200: open('{ <flowId>: "<hash>", texts: { <namespace>: "<hash>" } }') }),
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return modules.manifest();
      },
    );

    app.get<{ Params: { file: string } }>(
      '/assets/flows/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const [, flowId, hash] = FLOW_FILE.exec(request.params.file) ?? [];
        const module = hash ? await modules.module(hash) : undefined;
        if (!module || module.flowId !== flowId) throw notFound();
        return javascript(reply, module.code, IMMUTABLE);
      },
    );

    app.get<{ Params: { file: string } }>(
      '/assets/texts/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const [, namespace, hash, language] = TEXTS_FILE.exec(request.params.file) ?? [];
        const text = namespace ? await modules.texts(namespace, hash, language) : undefined;
        if (text === undefined) throw notFound();
        return reply.type('application/json; charset=utf-8').header('cache-control', IMMUTABLE).send(text);
      },
    );

    app.get<{ Params: { id: string }; Querystring: { revision: string } }>(
      '/zcp/studio/drafts/:id/module.js',
      {
        onRequest: staffGuard('viewer'),
        schema: {
          tags: ['studio'],
          summary: "A flow draft's compiled module (flow and form validators) for the preview (viewer)",
          params: { type: 'object', properties: { id: str(20, { pattern: '^[0-9]+$' }) }, required: ['id'] },
          querystring: {
            type: 'object',
            properties: { revision: str(10, { pattern: '^[1-9][0-9]*$' }) },
            required: ['revision'],
          },
          response: answers({ 200: { type: 'string', description: 'text/javascript: the ES module' } }),
        },
      },
      async (request, reply) => {
        const version = await versionById(db, Number(request.params.id));
        if (!version || version.kind !== 'flow') throw refusal('UNKNOWN_VERSION');
        if (version.status !== 'draft' && version.status !== 'in_review') throw refusal('NOT_A_DRAFT');
        if (version.revision !== Number(request.query.revision)) throw refusal('DRAFT_STALE');
        // A draft's revision never changes once saved: the browser may keep it, no one else.
        return javascript(reply, modules.draftModule(version).code, 'private, max-age=31536000, immutable');
      },
    );
  };
}
