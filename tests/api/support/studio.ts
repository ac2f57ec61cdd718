// Helpers of the studio API tests: a service with the demo staff (one per role, TOTP required),
// signed-in clients on IPs of their own, the studio's own operations from the OpenAPI document,
// and the audit rows of an action.

import { expect } from 'vitest';
import { testConfig } from '../../../src/server/platform/config';
import { DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET } from '../../../src/server/staff/demo';
import { startService, type TestService } from './app';
import { StaffClient } from './staff';

export const VIEWER = 'eleni.charalambous@gic.com.cy';
export const EDITOR = 'marios.hadjigeorgiou@gic.com.cy';
export const PUBLISHER = 'katerina.demetriou@gic.com.cy';
export const ADMIN = 'christos.panayiotou@gic.com.cy';

export function startStudioService(options: { scenariosDir?: string } = {}): Promise<TestService> {
  return startService({
    ...options,
    config: {
      portal: { ...testConfig().portal, demoData: true },
      staff: { ...testConfig().staff, demoData: true, secondFactorRequired: true },
    },
  });
}

let seq = 0;

/** A client on an IP of its own, the clock moved a step on (so each sign-in has a fresh code). */
export function staffClient(s: TestService, lang: 'el' | 'en' = 'en'): StaffClient {
  seq += 1;
  s.clock.advance(31_000);
  return new StaffClient(s, { ip: `10.60.${seq % 250}.${1 + Math.floor(seq / 250)}`, lang });
}

export async function signedIn(
  s: TestService,
  email: string,
  lang: 'el' | 'en' = 'en',
): Promise<StaffClient> {
  const c = staffClient(s, lang);
  const res = await c.signIn(email, DEMO_STAFF_PASSWORD, DEMO_TOTP_SECRET);
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

/** The studio API's own operations (not sign-in, staff or audit): [method, url with sample parameters]. */
export function studioOperations(s: TestService) {
  const staffOwn = /^\/zcp\/studio\/(csrf|signin|signout|session|flows|staff|audit)/;
  const paths = (s.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/zcp/studio/') && !staffOwn.test(path))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'delete'].includes(m))
        .map((m) => ({
          method: m.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: path
            .replace('{kind}', 'flow')
            .replace('{key}', 'travel')
            .replace(/\{[^}]+\}/g, '1'),
        })),
    );
}

/** An audit row's before or after (a version as auditItem records it, and what a route adds). */
export type AuditState = Record<string, unknown> | null;

/** The audit rows of an action, oldest first. */
export function auditRows(s: TestService, action: string) {
  return s.testDb.db.query<{
    actor_label: string;
    actor_id: string | null;
    target: string;
    before: AuditState;
    after: AuditState;
  }>(
    'SELECT actor_label, actor_id, target, before, after FROM audit_events WHERE action = $1 ORDER BY event_id',
    [action],
  );
}
