// The CSRF tokens of src/server/accounts/csrf.ts: a session's (an HMAC of its id, so it changes with the
// session) and a browser's anonymous double-submit token.

import { createHmac, randomBytes } from 'node:crypto';

/** The CSRF token of a portal session. */
export function sessionCsrfToken(secret: string, sessionId: string): string {
  return `s.${createHmac('sha256', secret).update(`portal-csrf\u0000${sessionId}`).digest('base64url')}`;
}

/** A new anonymous (double-submit) token. */
export function anonymousCsrfToken(): string {
  return `a.${randomBytes(24).toString('base64url')}`;
}

export const ANONYMOUS_CSRF = /^a\.[A-Za-z0-9_-]{32}$/;
