// The studio's staff on the service (issue 26 item 1, issue 29 item 7): registered by app.ts.
// Other areas use requireStaff (the guard) and audit (the trail); their studio calls live under
// /zcp/studio, where the principal and CSRF rules of http.ts hold.

import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../platform/context';
import { seedDemoStaff } from './demo';
import { registerStudioRules } from './http';
import { studioRoutes } from './routes';

export { type AuditActor, type AuditEvent, audit } from './audit';
export { requireStaff, STUDIO_API, type StaffPrincipal, staffGuard } from './http';
export { roleAtLeast, STAFF_ROLES, type StaffRole } from './roles';
export { staffNames } from './store';

/** The studio rules at the root (before any route), the demo staff when configured, and /zcp/studio. */
export async function registerStaff(app: FastifyInstance, ctx: ServiceContext): Promise<void> {
  registerStudioRules(app, ctx);
  if (ctx.config.staff.demoData) {
    const added = await seedDemoStaff(ctx.db, ctx.config.staff, ctx.now());
    if (added.length > 0) app.log.info({ staff: added }, 'demo staff loaded');
  }
  await app.register(studioRoutes(ctx), { prefix: '/zcp/studio' });
}
