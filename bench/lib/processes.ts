// Child processes of the benchmark: servers started in their own process group (so stopping one
// also stops what it started), a wait for their health URL, and plain commands with a time limit.

import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ROOT } from './paths';

export interface Started {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

async function waitForUrl(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Stops a process group: SIGTERM, then SIGKILL after `graceMs`. */
export function stopGroup(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

/** Starts `node --import tsx <script>` on loopback and waits until `healthPath` answers. */
export async function startNodeServer(options: {
  script: string;
  port: number;
  env: Record<string, string>;
  healthPath: string;
  logFile: string;
  timeoutMs?: number;
  /** Extra node options, e.g. --cpu-prof to profile the server under load. */
  nodeArgs?: string[];
}): Promise<Started> {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', options.script], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${options.port}`;
  try {
    await waitForUrl(`${url}${options.healthPath}`, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return { url, child, stop: () => stopGroup(child) };
}

/** Runs a command to completion (inheriting nothing), with a time limit; rejects on failure. */
export function run(
  cmd: string,
  args: string[],
  options: { env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: options.cwd ?? ROOT,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    const timer = setTimeout(() => {
      void stopGroup(child, 2000);
      reject(new Error(`${cmd} ${args.join(' ')}: no answer within ${(options.timeoutMs ?? 0) / 1000} s`));
    }, options.timeoutMs ?? 600_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}:\n${out.slice(-2000)}`));
    });
  });
}
