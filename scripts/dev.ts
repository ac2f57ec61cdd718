// npm run dev — development mode: the zcp service (a child process on :8080, NODE_ENV=development,
// its own embedded database in ./data/dev) and Vite's dev server (in this process, on :5173, with
// HMR, proxying /zcp, /sandbox and /dev/* to the service), kept in step with the files:
//   - a change under flows/ regenerates src/generated/ (flows and precompiled validators; Vite then
//     reloads the open pages) and restarts the service, which reads the flows when it starts;
//   - a change under src/server, src/engine or locales/ restarts the service.
// Ctrl-C or SIGTERM stops Vite and the service's whole process group (a bare kill of a tsx-started
// process can leave children running: STACK.md). Ports and the data folder can be moved with
// DEV_SERVICE_PORT, DEV_WEB_PORT and DEV_DATA_DIR. docs/development.md explains the flow preview.

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type FSWatcher, watch } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';
import { generate } from '../src/cli/compile-validators';
import { FLOWS_CHANGED_EVENT } from '../src/dev/events';
import { contentSecurityPolicy } from '../src/server/platform/security';
import { flowProblems } from '../src/server/web/devFlows';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Directories whose changes restart the service; `flows` also regenerates src/generated/. */
const WATCHED = ['flows', 'src/server', 'src/engine', 'locales'] as const;
const DEBOUNCE_MS = 200;
const STOP_GRACE_MS = 5000;
const READY_TIMEOUT_MS = 60_000;
// A fixed development secret keeps confirmed e-mails and offer cookies across the many restarts.
const DEV_SESSION_SECRET = 'development-only-session-secret-of-npm-run-dev';

/**
 * The production policy (src/server/platform/security.ts) plus a per-start nonce for the inline scripts and
 * styles Vite's dev server adds (the React Refresh preamble, injected CSS): no 'unsafe-inline' and
 * no 'unsafe-eval', so a page that breaks the production CSP breaks in development too. The HMR
 * WebSocket is same-origin, which 'self' in connect-src allows.
 */
export function devContentSecurityPolicy(nonce: string): string {
  return contentSecurityPolicy()
    .split('; ')
    .map((directive) =>
      directive.startsWith('script-src ') || directive.startsWith('style-src ')
        ? `${directive} 'nonce-${nonce}'`
        : directive,
    )
    .join('; ');
}

/** Editor droppings (swap, backup and lock files) are not changes to the project. */
export function isIgnoredFile(name: string): boolean {
  const base = name.split(/[\\/]/).pop() ?? name;
  return base === '4913' || base.endsWith('~') || /\.(swp|swx|tmp)$/.test(base) || base.startsWith('.#');
}

const log = (message: string) => console.log(`[dev] ${message}`);

/** One pino JSON line of the service as a short line; anything else as it is. */
function serviceLine(line: string, urls: Map<string, string>): string | null {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const reqId = String(entry.reqId ?? '');
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (entry.msg === 'incoming request' && req) {
    urls.set(reqId, `${req.method} ${req.url}`);
    return null;
  }
  const res = entry.res as { statusCode?: number } | undefined;
  if (entry.msg === 'request completed' && res) {
    const what = urls.get(reqId) ?? reqId;
    urls.delete(reqId);
    return `${what} ${res.statusCode} ${Math.round(Number(entry.responseTime ?? 0))} ms`;
  }
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const level = Number(entry.level ?? 30) >= 50 ? 'ERROR ' : Number(entry.level ?? 30) >= 40 ? 'WARN ' : '';
  return `${level}${String(entry.msg ?? '')}${err ? `\n${err.stack ?? err.message}` : ''}`;
}

class Service {
  private child: ChildProcess | null = null;
  private generation = 0;
  ready = false;

  constructor(
    private readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    private readonly onReady: () => void,
  ) {}

  start(): void {
    const generation = ++this.generation;
    // Its own process group (detached), so the group can be signalled as a whole.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
      env: this.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.ready = false;
    const urls = new Map<string, string>();
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        const text = serviceLine(line, urls);
        if (text !== null) console.log(`[zcp] ${text}`);
      });
    }
    child.on('exit', (code, signal) => {
      if (this.child !== child) return;
      this.child = null;
      this.ready = false;
      log(
        `the zcp service stopped (${signal ?? `exit code ${code}`}); it starts again on the next change under ${WATCHED.join(', ')}`,
      );
    });
    void this.waitUntilReady(generation);
  }

  private async waitUntilReady(generation: number): Promise<void> {
    const until = Date.now() + READY_TIMEOUT_MS;
    while (generation === this.generation && this.child && Date.now() < until) {
      try {
        const res = await fetch(`http://127.0.0.1:${this.port}/health`);
        if (res.ok && generation === this.generation) {
          this.ready = true;
          log(`the zcp service is ready on http://127.0.0.1:${this.port}`);
          this.onReady();
          return;
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Stops the service's process group: SIGTERM, then SIGKILL after a grace period. */
  async stop(): Promise<void> {
    const child = this.child;
    this.generation++;
    this.child = null;
    this.ready = false;
    if (!child?.pid) return;
    const pid = child.pid;
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        process.kill(-pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((done) => child.once('exit', () => done()));
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    // Anything the service itself started (it starts nothing today) goes with it.
    signalGroup('SIGKILL');
  }

  /** Synchronous last resort when this process exits some other way. */
  killNow(): void {
    if (this.child?.pid) {
      try {
        process.kill(-this.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

/** Regenerates src/generated/ and prints the flows:check problems; false when the flows could not be read. */
async function regenerate(): Promise<boolean> {
  const started = Date.now();
  let ok = true;
  try {
    const { flows, validators, changed } = await generate();
    log(
      `src/generated: ${flows} flow(s), ${validators} validator(s), ${changed} file(s) written in ${Date.now() - started} ms`,
    );
  } catch (error) {
    ok = false;
    log(`src/generated was not regenerated: ${(error as Error).message}`);
  }
  const problems = await flowProblems();
  if (problems.length === 0) log('flows:check: no problems');
  else {
    log(`flows:check: ${problems.length} problem(s) (also shown at the top of /dev/flows)`);
    for (const p of problems.slice(0, 10)) console.log(`  ${p.file}#${p.pointer}: ${p.message}`);
    if (problems.length > 10) console.log(`  … and ${problems.length - 10} more`);
  }
  return ok;
}

async function main(): Promise<void> {
  const servicePort = Number(process.env.DEV_SERVICE_PORT ?? 8080);
  const webPort = Number(process.env.DEV_WEB_PORT ?? 5173);
  const dataDir = process.env.DEV_DATA_DIR ?? './data/dev';
  const serviceUrl = `http://127.0.0.1:${servicePort}`;
  const webUrl = `http://localhost:${webPort}`;

  let vite: ViteDevServer | null = null;
  const watchers: FSWatcher[] = [];
  let timer: NodeJS.Timeout | null = null;
  const announce = () => vite?.hot.send({ type: 'custom', event: FLOWS_CHANGED_EVENT, data: {} });
  const service = new Service(
    servicePort,
    {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(servicePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The browser reaches the service (and the card sandbox) through Vite's proxy.
      PUBLIC_URL: webUrl,
      SESSION_SECRET: process.env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    },
    announce,
  );

  // Handlers first, so a Ctrl-C during start-up also stops whatever has started.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second Ctrl-C: do not wait any longer.
      service.killNow();
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: stopping`);
    if (timer) clearTimeout(timer);
    for (const w of watchers) w.close();
    await Promise.allSettled([service.stop(), vite?.close()]);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  process.on('exit', () => service.killNow());
  // `npm run dev` runs this under a shell that does not pass SIGTERM on: when npm is stopped, the
  // shell goes and this process is left to init. Seeing the parent change is the signal to stop.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutdown('the parent process exited');
  }, 1000).unref();

  await regenerate();
  service.start();

  // vite.config.ts reads the proxy target from ZCP_TARGET when it loads.
  process.env.ZCP_TARGET = serviceUrl;
  const nonce = randomBytes(16).toString('base64');
  vite = await createServer({
    configFile: join(ROOT, 'vite.config.ts'),
    root: ROOT,
    mode: 'development',
    html: { cspNonce: nonce },
    server: {
      port: webPort,
      strictPort: true,
      headers: { 'content-security-policy': devContentSecurityPolicy(nonce) },
      proxy: {
        // The preview's check: answered here while the service is down (a flow file that is not
        // JSON stops it at start), so the problems still reach the page.
        '/dev/flows/check': {
          target: serviceUrl,
          changeOrigin: false,
          bypass: async (req, res) => {
            if (service.ready || !res) return undefined;
            const problems = await flowProblems();
            res.writeHead(200, {
              'content-type': 'application/json; charset=utf-8',
              'cache-control': 'no-store',
            });
            res.end(JSON.stringify(problems));
            return req.url;
          },
        },
      },
    },
  });
  await vite.listen();

  // Changes, debounced: editors write a file in several steps, and a save can touch several files.
  let flowsChanged = false;
  let serviceChanged = false;
  let queue = Promise.resolve();
  const apply = () => {
    const regen = flowsChanged;
    const code = serviceChanged;
    flowsChanged = false;
    serviceChanged = false;
    queue = queue.then(async () => {
      if (stopping) return;
      let restart = code;
      if (regen) {
        // Flows that cannot be read would stop the service at start: the running one (with the
        // last good flows) stays, and its /dev/flows/check reports the files as they are now.
        if (await regenerate()) restart = true;
        else if (!code) log('the zcp service is not restarted while a flow file cannot be read');
        announce();
      }
      if (restart && !stopping) {
        log('restarting the zcp service');
        await service.stop();
        if (!stopping) service.start();
      }
    });
  };
  for (const dir of WATCHED) {
    try {
      watchers.push(
        watch(join(ROOT, dir), { recursive: true }, (_event, name) => {
          if (name && isIgnoredFile(String(name))) return;
          if (dir === 'flows') flowsChanged = true;
          else serviceChanged = true;
          if (timer) clearTimeout(timer);
          timer = setTimeout(apply, DEBOUNCE_MS);
        }),
      );
    } catch (error) {
      log(`cannot watch ${dir}: ${(error as Error).message}`);
    }
  }

  console.log(`
  App           ${webUrl}/
  Flow preview  ${webUrl}/dev/flows
  Dev mailbox   ${webUrl}/dev/mailbox
  Dev SMS       ${webUrl}/dev/sms
  API explorer  ${webUrl}/zcp/docs
  zcp service   ${serviceUrl} (NODE_ENV=development, data in ${dataDir})

  Watching ${WATCHED.join(', ')}. Ctrl-C stops everything.
`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`[dev] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
