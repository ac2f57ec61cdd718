// Security headers on every answer. The CSP forbids inline and eval'd script (the web app ships
// precompiled validators) and only lets forms post to ourselves and to origins added here: the
// card provider's hosted payment page, added by the payments module.

import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Lets forms post to `origin` (e.g. the card provider's payment page); call before listening. */
    allowFormActionOrigin(origin: string): void;
  }
}

/** The Content-Security-Policy header value, with extra form-action origins. */
export function contentSecurityPolicy(formActionOrigins: readonly string[] = []): string {
  const formAction = ["'self'", ...formActionOrigins].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    `form-action ${formAction}`,
  ].join('; ');
}

/** An origin ("https://host:port") from a URL or origin text; throws on anything else. */
export function originOf(urlOrOrigin: string): string {
  const url = new URL(urlOrOrigin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`Not a web origin: ${urlOrOrigin}`);
  return url.origin;
}

export const SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** The headers every answer carries; `apply` also serves answers sent outside the hooks (framework errors). */
export interface SecurityHeaders {
  apply(reply: FastifyReply): void;
  allowFormActionOrigin(origin: string): void;
}

export function securityHeaders(options: { hsts: boolean }): SecurityHeaders {
  const origins = new Set<string>();
  let csp = contentSecurityPolicy();
  return {
    allowFormActionOrigin(origin) {
      origins.add(originOf(origin));
      csp = contentSecurityPolicy([...origins]);
    },
    apply(reply) {
      // A route that sets its own policy (the dev-only API explorer) keeps it.
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', csp);
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
      if (options.hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    },
  };
}

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: { hsts: boolean } | SecurityHeaders,
): SecurityHeaders {
  const headers = 'apply' in options ? options : securityHeaders(options);
  app.decorate('allowFormActionOrigin', (origin: string) => headers.allowFormActionOrigin(origin));
  app.addHook('onSend', async (_request, reply, payload) => {
    headers.apply(reply);
    return payload;
  });
  return headers;
}
