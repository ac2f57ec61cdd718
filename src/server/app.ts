// The zcp service as a Fastify instance: everything registered, nothing listening (main.ts
// listens; tests use app.inject).

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { FlowBundle } from '../engine/flow/bundle';
import { registerCsrf } from './accounts/csrf';
import { createStatusClient } from './cardProvider/client';
import { createRefundClient } from './cardProvider/refunds';
import { devDeskRoutes } from './casework/devDesk';
import { integrationRoutes } from './casework/integrationRoutes';
import { contactRoutes } from './contact/routes';
import { miscRoutes } from './content/routes';
import { verifyRoutes } from './contracts/certificate/routes';
import { renewalDevRoutes } from './contracts/renewal/devRoutes';
import { runRenewals } from './contracts/renewal/service';
import { withdrawalLinkRoutes } from './contracts/withdrawal/linkRoutes';
import { resumeWithdrawalRefunds } from './contracts/withdrawal/service';
import { type Db, openDb } from './db';
import { motorRoutes } from './offers/motorRoutes';
import { offerOwnership } from './offers/offerOwner';
import { offerRoutes } from './offers/offerRoutes';
import { productRoutes } from './offers/productRoutes';
import { promoRoutes } from './offers/promoRoutes';
import { propertyRoutes } from './offers/propertyRoutes';
import { rulesRoutes } from './offers/rulesRoutes';
import { travelRoutes } from './offers/travelRoutes';
import { otpRoutes } from './otp/emailRoutes';
import { devMailboxRoutes } from './outbox/devMailbox';
import { devSmsRoutes } from './outbox/devSms';
import { type SenderLoop, startSenderLoop, type Transports } from './outbox/sender';
import { httpSmsTransport } from './outbox/smsGateway';
import { smtpTransport } from './outbox/smtp';
import { registerPayments } from './payments/index';
import { recoverStalePayments } from './payments/resolve';
import { registerApiSchemas } from './platform/apiSchemas';
import { type Config, ConfigError } from './platform/config';
import { type ServiceContext, today } from './platform/context';
import { ApiError, registerErrorHandling, renderMessages, requestLang } from './platform/errors';
import { healthRoutes } from './platform/health';
import { expireAnonymousData } from './platform/housekeeping';
import { frameworkErrorAnswer, registerInputChecks } from './platform/inputSafety';
import { setLiveConfig } from './platform/liveConfig';
import { registerSecurityHeaders, securityHeaders } from './platform/security';
import { portalRoutes } from './portalRoutes';
import { publicationGates } from './publishing/gates';
import { readRepositoryItems } from './publishing/items';
import { FlowModules, readBuiltVersions } from './publishing/modules';
import { flowModuleRoutes } from './publishing/modules/routes';
import { ConfigRegistry } from './publishing/registry';
import { inProcessStarter } from './publishing/replay/inProcess';
import { attachedScenarios } from './publishing/scenarioRuns';
import { lovRoutes } from './reference/lovRoutes';
import { registerStaff } from './staff';
import { registerStudio } from './studio';
import { s3Store } from './uploads/s3Store';
import { diskStore } from './uploads/store';
import { devFlowsRoutes } from './web/devFlows';
import { loadIndexPage } from './web/indexPage';
import { isServableStaticPath } from './web/staticPolicy';
import { isStudioPath, loadStudioPage } from './web/studioPage';

const PAYMENT_RECOVERY_MS = 60_000;
const HOUSEKEEPING_MS = 3600_000;

export interface AppDeps {
  /** An open database; when absent one is opened from the configuration and closed with the app. */
  db?: Db;
  /** The clock (tests move it to expire codes and offers). */
  now?: () => Date;
  /**
   * Fixed flow bundles (tests of a broken or changed flow). When absent the flows are the live
   * versions in the database (src/server/publishing), imported from flows/ on the first start.
   */
  flows?: FlowBundle[];
  /** Outbox transports; when absent, SMTP from SMTP_URL and no SMS gateway. */
  transports?: Transports;
  /** The scenarios the publication gates replay (tests/scenarios/ when absent; tests attach their own). */
  scenariosDir?: string;
  /** Where the JSON log lines go (stdout when absent); tests read what was logged at which level. */
  logStream?: { write(line: string): void };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

function requestId(request: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The API under the per-client request limit. */
function isRateLimitedPath(url: string): boolean {
  return /^\/zcp(\/|$|\?)/.test(url);
}

function isApiPath(url: string): boolean {
  return /^\/(zcp|dev|health|sandbox)(\/|$|\?)/.test(url);
}

/** History-mode routes of the web app: GET, not an API path, no file extension in the last segment. */
function isSpaRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (isApiPath(path)) return false;
  const last = path.split('/').pop() ?? '';
  return !last.includes('.');
}

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const ownDb = !deps.db;
  const db = deps.db ?? (await openDb({ url: config.databaseUrl, dataDir: config.dataDir }));
  const now = deps.now ?? (() => new Date());

  const headers = securityHeaders({ hsts: config.publicUrl.startsWith('https://') });
  const app = Fastify({
    frameworkErrors: frameworkErrorAnswer(headers),
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    genReqId: requestId,
    requestIdHeader: false,
    ajv: {
      customOptions: {
        // Types are not coerced: "1" for a number is a client error, not a guess.
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        strictTypes: false,
      },
    },
    // Over-long path parameters reach the route and its schema (a 4xx with a message), not the router's bare 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 2048 },
  });

  // The live configuration: what every request reads (ctx.bundles, ctx.catalog), followed as it is
  // published. Outside production a folder changed on disk becomes live at start (the engineers' loop).
  const registry = deps.flows
    ? ConfigRegistry.fixed(deps.flows)
    : await ConfigRegistry.start(db, {
        pollMs: config.configPollMs,
        seed: { items: await readRepositoryItems(), followDisk: config.env !== 'production' },
        now,
        log: app.log,
      });
  app.addHook('onClose', () => registry.close());
  // The catalogues and texts every area reads follow the same live versions.
  if (!deps.flows) {
    const undo = setLiveConfig(registry.liveConfig());
    app.addHook('onClose', async () => undo());
  }
  const bundles = registry.current().bundles;
  // The browser's copy of it: each live flow compiled to a module, and the manifest naming them.
  const modules = new FlowModules(deps.flows ? undefined : db, registry, readBuiltVersions(), app.log);

  registerApiSchemas(app);
  registerErrorHandling(app);
  registerSecurityHeaders(app, headers);
  registerInputChecks(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // An empty JSON body (a POST with nothing to send) is no body rather than a parse error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });

  if (config.env !== 'production') {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'zcp service',
          version: config.version,
          description: 'The API behind the public quote-and-purchase flows (docs/api.md explains each call).',
        },
        servers: [{ url: config.publicUrl }],
        components: {
          securitySchemes: {
            integrationToken: {
              type: 'http',
              scheme: 'bearer',
              description:
                'The core system’s service token (/zcp/integration); the service keeps its SHA-256 (INTEGRATION_TOKEN_SHA256)',
            },
          },
        },
      },
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: '/zcp/docs', staticCSP: true });
  }

  // Outbox sender: SMTP when configured; otherwise messages are kept for the dev mailbox.
  const transports: Transports = deps.transports ?? {
    ...(config.smtpUrl ? { mail: smtpTransport(config.smtpUrl) } : {}),
    ...(config.portal.smsUrl ? { sms: httpSmsTransport(config.portal.smsUrl, config.portal.smsToken) } : {}),
  };
  let sender: SenderLoop | undefined;
  if (config.outboxPollMs > 0) {
    sender = startSenderLoop({
      db,
      transports,
      from: config.mailFrom,
      maxAttempts: config.outboxMaxAttempts,
      intervalMs: config.outboxPollMs,
      now,
      onError: (error) => app.log.error({ err: error }, 'outbox sender failed'),
      onReport: (report) => app.log.info({ outbox: report }, 'outbox delivered'),
    });
  }

  const ctx: ServiceContext = {
    db,
    config,
    registry,
    get bundles() {
      return registry.current().bundles;
    },
    get catalog() {
      return registry.current().catalog;
    },
    now,
    kickOutbox: () => sender?.kick(),
    files: config.uploads.s3 ? s3Store(config.uploads.s3) : diskStore(config.uploads.dir),
  };

  // The studio's own rules first (a staff cookie on a portal call, a customer's on a studio call,
  // the staff CSRF token), its calls and the demo staff.
  await registerStaff(app, ctx);
  // One CSRF rule for every state-changing call of every module, before any body is read.
  registerCsrf(app, ctx);
  // The studio's items, drafts and life cycle (/zcp/studio, behind the staff rules above).
  // Its gates replay scenarios on an in-process service: buildApp itself is handed over (the
  // publishing modules never import this file, so no import circle forms).
  const replayService = inProcessStarter(buildApp);
  await registerStudio(app, ctx, {
    gates: publicationGates({
      startService: replayService,
      scenariosDir: deps.scenariosDir,
      attached: (flowIds) => attachedScenarios(ctx.db, flowIds),
    }),
    scenarios: { startService: replayService, scenariosDir: deps.scenariosDir },
  });

  // One per-client request limit over every /zcp route, wherever it is registered (the payment
  // calls live in their own plugin): registered at the root, other paths let through.
  if (config.rateLimit.perMinute > 0) {
    await app.register(rateLimit, {
      max: config.rateLimit.perMinute,
      timeWindow: 60_000,
      allowList: (request) => !isRateLimitedPath(request.url),
      errorResponseBuilder: (_request, context) => {
        const error = new ApiError(429, [{ key: 'errors.http.rateLimited' }]);
        return Object.assign(error, { statusCode: context.statusCode });
      },
    });
  }

  await app.register(healthRoutes(ctx));
  await app.register(flowModuleRoutes(modules, db));
  await app.register(
    async (zcp) => {
      await zcp.register(rulesRoutes(ctx));
      await zcp.register(lovRoutes(ctx));
      await zcp.register(productRoutes(ctx));
      await zcp.register(offerRoutes(ctx));
      await zcp.register(motorRoutes(ctx));
      await zcp.register(propertyRoutes(ctx));
      await zcp.register(travelRoutes(ctx));
      await zcp.register(otpRoutes(ctx));
      await zcp.register(contactRoutes(ctx));
      await zcp.register(miscRoutes(ctx));
      await zcp.register(promoRoutes(ctx));
      await zcp.register(withdrawalLinkRoutes(ctx));
      await zcp.register(portalRoutes(ctx));
      await zcp.register(verifyRoutes(ctx));
      await zcp.register(integrationRoutes(ctx));
    },
    { prefix: '/zcp' },
  );
  if (config.devMailbox && (config.env !== 'production' || config.insecureDemo)) {
    await app.register(devMailboxRoutes(ctx));
    await app.register(devSmsRoutes(ctx));
  }
  if (config.env !== 'production') await app.register(devFlowsRoutes());
  // The testers' desk moves cases as the insurer would: never in production, demo or not.
  if (config.env !== 'production') {
    await app.register(devDeskRoutes(ctx));
    await app.register(renewalDevRoutes(ctx));
  }

  // The sandbox takes published test cards as payments: never in production unless a demo said so.
  if (config.env === 'production' && config.payment.mode === 'sandbox' && !config.insecureDemo)
    throw new ConfigError(['PAYMENT_MODE=sandbox is not allowed in production']);
  await registerPayments(app, {
    offers: offerOwnership(ctx),
    contracts: () => ctx.contractPayments,
    db,
    config: config.payment,
    flows: bundles,
    liveFlows: () => ctx.bundles,
    now,
    onMailQueued: ctx.kickOutbox,
  });

  // Payments whose return never arrived are settled by asking the provider, every minute (with the
  // outbox loop: both are background work of a long-running instance, off in tests).
  if (config.outboxPollMs > 0) {
    const recovery = setInterval(() => {
      recoverStalePayments(db, {
        client: createStatusClient(db, config.payment, now),
        config: config.payment,
        flows: ctx.bundles,
        log: app.log,
        now,
        onMailQueued: ctx.kickOutbox,
        publicUrl: config.payment.publicUrl,
      })
        .then(
          (summary) => summary.checked > 0 && app.log.info({ recovery: summary }, 'stale payments checked'),
        )
        .catch((error: unknown) => app.log.error({ err: error }, 'payment recovery failed'));
      // Withdrawals whose card refund was cut off are finished the same way.
      resumeWithdrawalRefunds({ db, refunds: createRefundClient(db, config.payment, now), now, log: app.log })
        .then((summary) => {
          if (summary.resumed > 0) {
            app.log.info({ withdrawals: summary }, 'withdrawal refunds resumed');
            ctx.kickOutbox();
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'withdrawal refund resumption failed'));
      // Contracts due for renewal get their offer and notices; unpaid renewals expire.
      runRenewals({
        db,
        catalog: ctx.catalog,
        today: today(ctx),
        now: now(),
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
        log: app.log,
      })
        .then((summary) => {
          if (Object.values(summary).some((n) => n > 0)) {
            app.log.info({ renewals: summary }, 'renewals');
            ctx.kickOutbox();
          }
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'renewal pass failed'));
    }, PAYMENT_RECOVERY_MS);
    recovery.unref();
    // Anonymous writes expire (housekeeping.ts), hourly.
    const housekeeping = setInterval(() => {
      expireAnonymousData(db, now(), config)
        .then((summary) => app.log.info({ housekeeping: summary }, 'expired anonymous data'))
        .catch((error: unknown) => app.log.error({ err: error }, 'housekeeping failed'));
    }, HOUSEKEEPING_MS);
    housekeeping.unref();
    app.addHook('onClose', async () => {
      clearInterval(recovery);
      clearInterval(housekeeping);
    });
  }

  // The built web app, with history-mode routes answered by its index.html.
  const webRoot = resolve(config.webDir);
  const indexFile = join(webRoot, 'index.html');
  const hasWeb = existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: ['index.html'],
      // The .br and .gz copies `npm run build` writes next to each asset (scripts/precompress.ts).
      preCompressed: true,
      dotfiles: 'ignore',
      allowedPath: (pathname) => isServableStaticPath(pathname, config.env === 'production'),
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes(`${join(webRoot, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  // A web app to serve: its flows' modules are compiled now and at each publication, so the
  // manifest and the prerendered pages' check (a page whose flow or texts were published since the
  // build is drawn by the app, not hydrated) need not wait for them.
  if (hasWeb) app.addHook('onClose', modules.follow());
  const indexPage = hasWeb
    ? loadIndexPage(
        webRoot,
        bundles.map((b) => b.flow),
        (flows, namespaces) => modules.differsFromBuild(flows, namespaces),
        () => modules.publishedSinceBuild(),
      )
    : null;
  const studioPage = hasWeb ? loadStudioPage(webRoot) : null;
  app.setNotFoundHandler(async (request, reply) => {
    if (indexPage && isSpaRoute(request)) {
      const [path, query = ''] = request.url.split('?');
      // The studio's routes get the studio's page (web/studioPage.ts), the site's the site's.
      const page =
        isStudioPath(path) && studioPage ? studioPage : indexPage.answer(path, query, request.cookies?.lang);
      reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        // HTML is revalidated on every visit (the hashed assets it names are cached for a year).
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding, Cookie');
      const accepts = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
      return reply.send(page.html);
    }
    const lang = requestLang(request);
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ MESSAGES: renderMessages(lang, [{ key: 'errors.http.notFound' }]) });
  });

  app.addHook('onClose', async () => {
    await sender?.stop();
    for (const transport of Object.values(transports)) {
      if (transport && 'close' in transport && typeof transport.close === 'function') transport.close();
    }
    if (ownDb) await db.close();
  });

  return app;
}
