// Measure 4: the service under load (autocannon on loopback). Every run is bounded in time and in
// request count, preceded by a short warm-up, and must answer 2xx only: a run with errors is
// reported as such, never as a throughput.

import autocannon from 'autocannon';
import { round } from '../lib/stats';

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  seconds: number;
  connections: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  seconds: number;
  connections: number;
  /** Upper bound on requests in the measured run. */
  maxRequests: number;
  /** A Cookie header (the client cookie an e-mail confirmation is bound to). */
  cookie?: string;
}

export async function load(options: LoadOptions): Promise<LoadFigures> {
  const common = {
    url: options.url,
    method: options.method ?? 'GET',
    connections: options.connections,
    timeout: 10,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'el',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  // `maxOverallRequests`, not `amount`: autocannon's `amount` overrides `duration` and would run a
  // slow route (a quotation) for as long as the count takes.
  await autocannon({
    ...common,
    duration: Math.min(2, options.seconds),
    maxOverallRequests: options.maxRequests,
  });
  const r = await autocannon({
    ...common,
    duration: options.seconds,
    maxOverallRequests: options.maxRequests,
  });
  return {
    requestsPerSecond: round(r['2xx'] / r.duration),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r['2xx'] + r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    seconds: round(r.duration),
    connections: options.connections,
  };
}

async function post(url: string, body: unknown, cookie = ''): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'el', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/**
 * Confirms an e-mail address with a one-time code read from the development mailbox; answers the
 * Cookie header of the client the confirmation is bound to.
 */
export async function confirmEmail(base: string, mail: string): Promise<string> {
  const generated = await post(`${base}/zcp/otp/generate`, { I_MAIL_ADDRESS: mail });
  if (generated.status !== 204) throw new Error(`otp/generate answered ${generated.status}`);
  const cookie = (generated.headers.get('set-cookie') ?? '').split(';')[0];
  const box = (await (await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(mail)}`)).json()) as {
    text?: string;
  }[];
  const code = /\b(\d{6})\b/.exec(box[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no one-time code mailed to ${mail}`);
  const validated = await post(`${base}/zcp/otp/validate`, { I_MAIL_ADDRESS: mail, I_TOKEN: code }, cookie);
  if (validated.status !== 204) throw new Error(`otp/validate answered ${validated.status}`);
  return cookie;
}

/** One request first, so a body the service refuses fails loudly with its message. */
export async function checkAnswers(url: string, body: unknown, cookie = ''): Promise<void> {
  const res = await post(url, body, cookie);
  if (res.status !== 200)
    throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}
