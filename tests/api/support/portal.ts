// A browser-like client for the portal calls: keeps cookies like a browser (HttpOnly ones
// included), sends the CSRF token header on state-changing calls, and reads SMS codes from the
// development outbox.

import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../../src/server/accounts/passwords';
import type { Db } from '../../../src/server/db';
import type { TestService } from './app';

export class PortalClient {
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
      // Like the web app's client, the token sent is the readable cookie's (it changes at login
      // and logout: the token belongs to the session).
      if (/(^|-)zcp_csrf$/.test(c.name)) this.csrf = gone ? '' : c.value;
    }
  }

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetchCsrf(): Promise<string> {
    const res = await this.request('GET', '/zcp/um/csrf');
    this.csrf = res.json().CSRF_TOKEN;
    return this.csrf;
  }

  async request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    extra: { headers?: Record<string, string>; csrf?: string | null; lang?: 'el' | 'en' } = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...extra.headers };
    if (this.jar.size > 0) headers.cookie = this.cookieHeader();
    const token = extra.csrf === undefined ? this.csrf : extra.csrf;
    if (method !== 'GET' && token) headers['x-csrf-token'] = token;
    const res = await this.s.call({
      method,
      url,
      payload: payload as Record<string, unknown> | undefined,
      headers,
      lang: extra.lang ?? this.options.lang ?? 'en',
      remoteAddress: this.options.ip ?? '10.1.1.1',
    });
    this.keep(res);
    return res;
  }

  post(url: string, payload?: unknown, extra?: Parameters<PortalClient['request']>[3]) {
    return this.request('POST', url, payload ?? {}, extra);
  }
  put(url: string, payload?: unknown, extra?: Parameters<PortalClient['request']>[3]) {
    return this.request('PUT', url, payload ?? {}, extra);
  }
  get(url: string, extra?: Parameters<PortalClient['request']>[3]) {
    return this.request('GET', url, undefined, extra);
  }

  /** A multipart/form-data POST with text fields first and one file, as a browser's form sends it. */
  upload(
    url: string,
    file: { name: string; bytes: Uint8Array; type?: string; field?: string },
    fields: Record<string, string> = {},
    extra: Parameters<PortalClient['request']>[3] = {},
  ) {
    const boundary = `----zcpTest${Math.random().toString(16).slice(2)}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
      );
    }
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    );
    return this.request('POST', url, Buffer.concat(parts), {
      ...extra,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...extra.headers },
    });
  }

  async login(username: string, password: string) {
    if (!this.csrf) await this.fetchCsrf();
    return this.post('/zcp/um/login', { USERNAME: username, PASSWORD: password });
  }
}

/** The newest SMS code sent to a mobile, from the development outbox. */
export async function lastSmsCode(s: TestService, mobile: string): Promise<string> {
  const res = await s.app.inject({ method: 'GET', url: `/dev/sms.json?to=${mobile}` });
  const code = (res.json() as { code: string | null }[]).find((m) => m.code)?.code;
  if (!code) throw new Error(`no SMS code sent to ${mobile}`);
  return code;
}

export async function smsTo(s: TestService, mobile: string) {
  const res = await s.app.inject({ method: 'GET', url: `/dev/sms.json?to=${mobile}` });
  return res.json() as { text: string; code: string | null; template: string; language: string }[];
}

let fixtureHash: Promise<string> | undefined;
export const FIXTURE_PASSWORD = 'Fixture!Pass2026';

/** A customer with an account, for tests that change its state (lock, reset, 2FA). */
export async function makeAccount(
  db: Db,
  input: {
    customerNo: string;
    mobile: string;
    idNumber: string;
    birthDate: string;
    twoFactor?: boolean;
    firstName?: string;
  },
): Promise<{ userId: string }> {
  fixtureHash ??= hashPassword(FIXTURE_PASSWORD);
  await db.query(
    `INSERT INTO customers (customer_no, contact_id, id_type, id_number, birth_date, first_name, last_name, email, telephone,
       district, city, zip_code)
     VALUES ($1, $2, 'ID', $3, $4::date, $5, 'Λοΐζου', $6, $7, 'NIC', 'LEFKOSIA', '1065')`,
    [
      input.customerNo,
      `C${input.customerNo}`,
      input.idNumber,
      input.birthDate,
      input.firstName ?? 'Χρίστος',
      `c${input.customerNo}@example.com.cy`,
      input.mobile,
    ],
  );
  const userId = `UT${input.customerNo}`;
  await db.query(
    `INSERT INTO portal_users (user_id, customer_no, mobile, password_hash, two_factor) VALUES ($1, $2, $3, $4, $5)`,
    [userId, input.customerNo, input.mobile, await fixtureHash, input.twoFactor ?? false],
  );
  return { userId };
}
