// A browser-like client for the studio's calls: keeps cookies (HttpOnly ones included), sends the
// studio's CSRF token on state-changing calls, and signs in with a password and the TOTP code of
// the test clock's time.

import type { LightMyRequestResponse } from 'fastify';
import { currentCode } from '../../../src/server/staff/totp';
import type { TestService } from './app';

export class StaffClient {
  readonly jar = new Map<string, string>();
  csrf = '';

  constructor(
    readonly s: TestService,
    readonly options: { ip?: string; lang?: 'el' | 'en' } = {},
  ) {}

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone = c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
      if (/(^|-)zcp_staff_csrf$/.test(c.name)) this.csrf = gone ? '' : c.value;
    }
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: { csrf?: string | null; lang?: 'el' | 'en'; cookie?: string; contentType?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    // A body that is not JSON (a zip) goes as it is, under the type given.
    if (extra.contentType) headers['content-type'] = extra.contentType;
    const cookie = [[...this.jar].map(([k, v]) => `${k}=${v}`).join('; '), extra.cookie ?? '']
      .filter(Boolean)
      .join('; ');
    if (cookie) headers.cookie = cookie;
    const token = extra.csrf === undefined ? this.csrf : extra.csrf;
    if (method !== 'GET' && token) headers['x-csrf-token'] = token;
    const res = await this.s.call({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers,
      lang: extra.lang ?? this.options.lang ?? 'en',
      remoteAddress: this.options.ip ?? '10.20.0.1',
    });
    this.keep(res);
    return res;
  }

  get(url: string, extra?: Parameters<StaffClient['request']>[3]) {
    return this.request('GET', url, undefined, extra);
  }
  post(url: string, payload?: unknown, extra?: Parameters<StaffClient['request']>[3]) {
    return this.request('POST', url, payload ?? {}, extra);
  }

  async password(email: string, password: string) {
    if (!this.csrf) await this.get('/zcp/studio/csrf');
    return this.post('/zcp/studio/signin', { EMAIL: email, PASSWORD: password });
  }

  code(secret: string, offsetSteps = 0) {
    return currentCode(secret, new Date(this.s.clock.now().getTime() + offsetSteps * 30_000));
  }

  /** Password then the code of now (or `offsetSteps` steps later: a second sign-in within one step). */
  async signIn(email: string, password: string, secret: string, offsetSteps = 0) {
    const first = await this.password(email, password);
    if (first.statusCode !== 200 || !first.json().TOTP_REQUIRED) return first;
    return this.post('/zcp/studio/signin/totp', { CODE: this.code(secret, offsetSteps) });
  }
}
