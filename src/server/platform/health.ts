// GET /health: the database answers and which version runs (for load balancers and operators).

import type { FastifyPluginAsync } from 'fastify';
import { ref } from './apiSchemas';
import type { ServiceContext } from './context';

export function healthRoutes(ctx: ServiceContext): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['service'],
          summary: 'Health: database ping and version',
          response: { 200: ref('answers', 'health'), 503: ref('answers', 'health') },
        },
        logLevel: 'warn',
      },
      async (_request, reply) => {
        const base = { version: ctx.config.version, db: ctx.db.kind, time: ctx.now().toISOString() };
        try {
          await ctx.db.query('SELECT 1');
          return { status: 'ok', ...base };
        } catch (error) {
          app.log.error({ err: error }, 'health check: database unreachable');
          return reply.code(503).send({ status: 'error', ...base });
        }
      },
    );
  };
}
