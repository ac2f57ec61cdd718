// The customer portal's part of the zcp service (issue 12): registered inside /zcp by app.ts.
// The CSRF rule (src/server/csrf.ts) treats its routes as portal forms; demo data is loaded when configured.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { claimRoutes } from '../claims/routes';
import type { ServiceContext } from '../context';
import { fileRoutes, multipartLimits } from '../uploads/routes';
import { contractRoutes } from './contractRoutes';
import { customerRoutes } from './customerRoutes';
import { seedDemoData } from './demo';
import { completeDemoOffers } from './demoOffers';
import { seedEndorsementDemo } from './endorsements/demo';
import { endorsementRoutes } from './endorsements/routes';
import { passkeyRoutes } from './passkeys';
import { seedPaymethodDemo } from './paymethod/demo';
import { paymethodRoutes } from './paymethod/routes';
import { seedDemoRequests } from './requests/demo';
import { requestRoutes } from './requests/routes';
import { umRoutes } from './um';

export { devSmsRoutes } from './devSms';
export { httpSmsTransport } from './smsGateway';

export function portalRoutes(ctx: ServiceContext): FastifyPluginAsync {
  const portal = ctx.config.portal;
  return async (app) => {
    if (portal.demoData) {
      const added = await seedDemoData(ctx.db, ctx.now());
      await completeDemoOffers(ctx.db);
      if (added.length > 0) app.log.info({ customers: added }, 'portal demo data loaded');
      await seedDemoRequests(ctx.db, ctx.now());
      await seedEndorsementDemo(ctx.db);
      await seedPaymethodDemo(ctx.db);
    }
    // Every portal route is a portal form for the CSRF rule (src/server/csrf.ts): without a
    // session it needs the double-submit token, whatever its body.
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), portal: true } as typeof route.config;
    });
    // Uploads (certificates, claim photos): one file per request, bounded before it is buffered.
    await app.register(multipart, { limits: multipartLimits(ctx) });
    await app.register(umRoutes(ctx));
    await app.register(fileRoutes(ctx));
    await app.register(customerRoutes(ctx));
    await app.register(contractRoutes(ctx));
    await app.register(endorsementRoutes(ctx));
    await app.register(passkeyRoutes(ctx));
    await app.register(claimRoutes(ctx));
    await app.register(requestRoutes(ctx));
    await app.register(paymethodRoutes(ctx));
  };
}
