// Measure 1b: Lighthouse (mobile: its default emulated phone and simulated slow 4G) on every entry
// route served by the service (bench/lib/routes.ts: every product's first step, /help-page,
// /login, and a signed-in demo customer's /my-dashboard and /my-contracts, audited with the
// session cookie), with Debian's Chromium. Three runs per route; the run with the median
// performance score is reported (Lighthouse's own advice for noisy machines).

import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../src/server/demo/customers';
import { DEMO_CUSTOMERS } from '../src/server/demo/holders';
import { chromiumPath } from './lib/browser';
import { flowExists, lighthouseRoutes, NOT_YET } from './lib/routes';

export interface RouteLighthouse {
  path: string;
  /** 0-100; null when the route does not exist yet. */
  score: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  fcpMs: number | null;
  scores: number[];
  note?: string;
}

/** Retries a run whose trace Lighthouse could not record (NO_NAVSTART and kin), which happens now and then. */
const ATTEMPTS = 3;

/** Cookies of a Set-Cookie list as one Cookie header, later ones replacing earlier ones. */
function cookieHeader(jar: Map<string, string>, setCookies: string[]): string {
  for (const line of setCookies) {
    const pair = line.split(';')[0];
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Signs a demo customer in as the login page does (CSRF token, then password); answers the Cookie header. */
export async function signedInCookie(appUrl: string): Promise<string> {
  const customer = DEMO_CUSTOMERS.find((c) => c.account && !c.account.locked && !c.account.twoFactor);
  if (!customer) throw new Error('no demo customer with a plain account');
  const jar = new Map<string, string>();
  const csrf = await fetch(`${appUrl}/zcp/um/csrf`);
  let cookie = cookieHeader(jar, csrf.headers.getSetCookie());
  const { CSRF_TOKEN } = (await csrf.json()) as { CSRF_TOKEN: string };
  const login = await fetch(`${appUrl}/zcp/um/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': CSRF_TOKEN, cookie },
    body: JSON.stringify({ USERNAME: customer.mobile, PASSWORD: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`the demo customer's sign-in answered ${login.status}`);
  cookie = cookieHeader(jar, login.headers.getSetCookie());
  return cookie;
}

/**
 * Puts the session's cookies into the Chrome that Lighthouse drives (over its DevTools port): the
 * app reads its readable cookies from script, which a Cookie request header would not give it.
 */
async function setBrowserCookies(port: number, appUrl: string, cookie: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no browser context to put the session cookie in');
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: appUrl };
      }),
    );
  } finally {
    await browser.close();
  }
}

async function audited(url: string, port: number, log?: (line: string) => void, signedIn = false) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      // Signed in: keep the session cookie that setBrowserCookies put in (Lighthouse clears the
      // origin's storage, cookies included, by default).
      ...(signedIn ? { disableStorageReset: true } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      locale: 'en-US',
    });
    const lhr = result?.lhr;
    const problem = !lhr ? 'no result' : lhr.runtimeError?.message;
    if (lhr && !problem) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${problem}`);
    log?.(`lighthouse: ${url}: ${problem}; again (${attempt + 1}/${ATTEMPTS})`);
  }
}

export async function measureLighthouse(
  appUrl: string,
  options: { runs?: number; log?: (line: string) => void; only?: string[] } = {},
): Promise<RouteLighthouse[]> {
  const runs = options.runs ?? 3;
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('no Chromium for Lighthouse');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
      // As scripts/chromium.ts: this machine refuses connections off it, and Chromium's background
      // traffic would only add noise to the figures.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
  const out: RouteLighthouse[] = [];
  try {
    let cookie: string | undefined;
    for (const route of lighthouseRoutes().filter((r) => !options.only || options.only.includes(r.path))) {
      if (route.signedIn && !cookie) {
        cookie = await signedInCookie(appUrl);
        await setBrowserCookies(chrome.port, appUrl, cookie);
      }
      if (route.flow && !flowExists(route.flow)) {
        out.push({
          path: route.path,
          score: null,
          lcpMs: null,
          tbtMs: null,
          cls: null,
          fcpMs: null,
          scores: [],
          note: NOT_YET,
        });
        continue;
      }
      const results: RouteLighthouse[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await audited(`${appUrl}${route.path}`, chrome.port, options.log, route.signedIn);
        // A signed-in route that landed on the login page measured the wrong page.
        if (
          route.signedIn &&
          new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl ?? appUrl).pathname !== route.path
        )
          throw new Error(`Lighthouse on ${route.path} ended on ${lhr.finalDisplayedUrl}: not signed in`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? null;
        results.push({
          path: route.path,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          tbtMs: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          fcpMs: audit('first-contentful-paint'),
          scores: [],
        });
        options.log?.(`lighthouse: ${route.path} run ${i + 1}/${runs}: ${results[results.length - 1].score}`);
      }
      const sorted = [...results].sort((a, b) => (a.score ?? 0) - (b.score ?? 0));
      const mid = sorted[sorted.length >> 1];
      out.push({ ...mid, scores: results.map((r) => r.score ?? 0) });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
