// A portal customer's browser for the load scenario: its own loopback address (127.0.0.x, so the
// service's per-IP limits see 200 clients, not one), one kept-alive connection, a cookie jar and
// the CSRF header on POSTs, as the web app sends them.

import { Agent, request } from 'node:http';

export interface Answer {
  status: number;
  body: Buffer;
  ms: number;
  headers: Record<string, string | string[] | undefined>;
}

export class PortalBrowser {
  private readonly jar = new Map<string, string>();
  private csrf = '';
  private readonly agent: Agent;

  constructor(
    private readonly base: URL,
    readonly address: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: address });
  }

  close() {
    this.agent.destroy();
  }

  send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { 'accept-language': 'el', accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method === 'POST' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const start = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(
        { host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            for (const line of res.headers['set-cookie'] ?? []) {
              const [pair, ...attrs] = line.split(';');
              const at = pair.indexOf('=');
              const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
              const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
              if (gone) this.jar.delete(name);
              else this.jar.set(name, value);
              if (/(^|-)zcp_csrf$/.test(name)) this.csrf = gone ? '' : value;
            }
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks),
              ms: performance.now() - start,
              headers: res.headers,
            });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** The session's CSRF token: the anonymous one before login, the session's after. */
  async refreshCsrf(): Promise<void> {
    const answer = await this.send('GET', '/zcp/um/csrf');
    if (answer.status === 200)
      this.csrf = (JSON.parse(answer.body.toString()) as { CSRF_TOKEN: string }).CSRF_TOKEN;
  }
}
