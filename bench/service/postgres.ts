// A throwaway PostgreSQL cluster for the quotation benchmark, as in STACK.md: initdb as the
// postgres user (initdb refuses root), a private socket folder, loopback on BENCH_PG_PORT (or a
// free port, so benchmarks run side by side do not meet), removed afterwards. Absent pg_ctl, the caller records why PostgreSQL was skipped.

import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../lib/ports';
import { run } from '../lib/processes';

function pgBin(name: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return null;
    for (const version of readdirSync(root).sort().reverse()) {
      const path = join(root, version, 'bin', name);
      if (existsSync(path)) return path;
    }
    return null;
  }
}

export interface Cluster {
  url: string;
  stop: () => Promise<void>;
  /** The postmaster's process id (its backends are its children): the database's own CPU time. */
  pid: () => number;
}

/** Null when PostgreSQL is not installed; the reason is then `pgMissingReason`. */
export async function startCluster(settings: Record<string, string> = {}): Promise<Cluster | null> {
  const pgCtl = pgBin('pg_ctl');
  const initdb = pgBin('initdb');
  if (!pgCtl || !initdb) return null;
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  // As root the server runs as the postgres user, which must own the folder.
  const as = (cmd: string, args: string[]) =>
    asRoot
      ? run(
          'su',
          [
            'postgres',
            '-s',
            '/bin/sh',
            '-c',
            [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' '),
          ],
          {
            timeoutMs: 120_000,
          },
        )
      : run(cmd, args, { timeoutMs: 120_000 });
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = Number(process.env.BENCH_PG_PORT) || (await freePort());
  await as(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  await as(pgCtl, [
    '-D',
    data,
    '-o',
    [
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`,
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(' '),
    '-l',
    join(dir, 'log'),
    '-w',
    'start',
  ]);
  const stop = async () => {
    try {
      await as(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    await client.query('CREATE DATABASE bench');
    await client.end();
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  return { url: `postgres://postgres@127.0.0.1:${port}/bench`, stop, pid };
}

export const pgMissingReason =
  'PostgreSQL is not installed here (no pg_ctl / initdb on PATH or under /usr/lib/postgresql)';
