// A small round-robin HTTP reverse proxy for tests, as a load balancer in front of several service
// instances: each request goes to the next instance, X-Forwarded-For is appended, and the answer
// says which instance served it (x-served-by: its index).

import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestProxy {
  url: string;
  /** Requests each backend served. */
  served: number[];
  setBackends(urls: string[]): void;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(): Promise<TestProxy> {
  let backends: URL[] = [];
  const served: number[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const index = next++ % backends.length;
    const target = backends[index];
    served[index] = (served[index] ?? 0) + 1;
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
      .filter(Boolean)
      .join(', ');
    const upstream = httpRequest(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    setBackends(urls) {
      backends = urls.map((u) => new URL(u));
      served.length = 0;
      for (let i = 0; i < urls.length; i++) served.push(0);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
