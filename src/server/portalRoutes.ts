// The customer portal's part of the zcp service (issue 12): registered inside /zcp by app.ts.
// The CSRF rule (accounts/csrf.ts) treats its routes as portal forms; demo data is loaded when configured.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { passkeyRoutes } from './accounts/passkeys';
import { umRoutes } from './accounts/routes';
import { claimRoutes } from './claims/routes';
import { certificateRoutes } from './contracts/certificate/routes';
import { endorsementRoutes } from './contracts/endorsements/routes';
import { paymethodRoutes } from './contracts/paymethod/routes';
import { contractRoutes } from './contracts/routes';
import { withdrawalRoutes } from './contracts/withdrawal/routes';
import { dashboardRoutes } from './customers/dashboardRoutes';
import { customerRoutes } from './customers/routes';
import { loadDemoData } from './demo';
import { documentRoutes } from './documents/routes';
import type { ServiceContext } from './platform/context';
import { requestRoutes } from './requests/routes';
import { fileRoutes, multipartLimits } from './uploads/routes';

export function portalRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const portal = ctx.config.portal;
  return async (app) => {
    if (portal.demoData) {
      const added = await loadDemoData(ctx.db, ctx.now(), {
        publicUrl: ctx.config.publicUrl,
        bundles: ctx.bundles,
      });
      if (added.length > 0) app.log.info({ customers: added }, 'portal demo data loaded');
    }
    // Every portal route is a portal form for the CSRF rule (accounts/csrf.ts): without a
    // session it needs the double-submit token, whatever its body.
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), portal: true } as typeof route.config;
    });
    // Uploads (certificates, claim photos): one file per request, bounded before it is buffered.
    await app.register(multipart, { limits: multipartLimits(ctx) });
    await app.register(umRoutes(ctx));
    await app.register(fileRoutes(ctx));
    await app.register(customerRoutes(ctx));
    await app.register(dashboardRoutes(ctx));
    await app.register(contractRoutes(ctx));
    await app.register(certificateRoutes(ctx));
    await app.register(endorsementRoutes(ctx));
    await app.register(passkeyRoutes(ctx));
    await app.register(claimRoutes(ctx));
    await app.register(requestRoutes(ctx));
    await app.register(paymethodRoutes(ctx));
    await app.register(withdrawalRoutes(ctx));
    await app.register(documentRoutes(ctx));
  };
}
