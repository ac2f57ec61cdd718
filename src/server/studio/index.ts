// The studio's service API (issues 26 and 29): the configuration's items, their drafts and
// versions, the checker and the path map on a candidate, the life cycle with its gates, the diff
// in words and the zip of a flow folder — every call under /zcp/studio, behind the staff guard
// and CSRF rules of src/server/staff, every write audited. Registered by app.ts.

import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../platform/context';
import type { Gates, LifeCycleDeps } from '../publishing/lifecycle';
import { STUDIO_API } from '../staff';
import { checkRoutes } from './checkRoutes';
import { diffRoutes } from './diffRoutes';
import { impactRoutes } from './impact/routes';
import { itemRoutes } from './itemRoutes';
import { lifeCycleRoutes } from './lifeCycleRoutes';
import { textsRoutes } from './texts/routes';
import { zipRoutes } from './zip/routes';

export interface StudioOptions {
  /** The publication gates (src/server/publishing/gates.ts), run by publish, rollback and /gates. */
  gates: Gates;
}

export async function registerStudio(
  app: FastifyInstance,
  ctx: ServiceContext,
  options: StudioOptions,
): Promise<void> {
  const deps = (): LifeCycleDeps => ({ db: ctx.db, now: ctx.now, gates: options.gates });
  await app.register(
    async (studio) => {
      await studio.register(itemRoutes(ctx, deps));
      await studio.register(checkRoutes(ctx));
      await studio.register(lifeCycleRoutes(ctx, deps));
      await studio.register(diffRoutes(ctx));
      await studio.register(textsRoutes(ctx));
      await studio.register(impactRoutes(ctx));
      await studio.register(zipRoutes(ctx, deps));
    },
    { prefix: STUDIO_API },
  );
}
