// Opens the database: embedded PGlite in a data folder by default, a PostgreSQL server when
// DATABASE_URL is set. Both get the same migrations from ./migrations, applied in name order.

import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Row } from './types';

export type { Db, Row } from './types';

const migrationsDir = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface DbOptions {
  /** postgres://… ; when absent the embedded database is used. */
  url?: string;
  /** Folder of the embedded database; "memory://" for a throwaway one. */
  dataDir?: string;
  /**
   * Embedded only: a dump (`Db.dump`) to start from instead of an empty database. The tests start
   * every database from one migrated template: PGlite's initdb is most of a fresh database's cost.
   */
  template?: Blob;
}

export async function openDb(options: DbOptions): Promise<Db> {
  const db = options.url
    ? await openPostgres(options.url)
    : await openPglite(options.dataDir ?? 'memory://', options.template);
  await migrate(db);
  return db;
}

type Queryable = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

async function openPglite(dataDir: string, template?: Blob): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  // A fresh checkout has no data folder yet: PGlite creates only the last level of the path.
  if (!dataDir.includes('://')) mkdirSync(dataDir, { recursive: true });
  // Dates stay Y-m-d strings, as the spec's wire format has them.
  const pg = await PGlite.create(dataDir, { parsers: { 1082: (v: string) => v }, loadDataDir: template });
  // PGlite runs one statement at a time; a transaction must hold it, so calls made while one is
  // open wait behind it instead of slipping into it.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <R>(job: () => Promise<R>): Promise<R> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };
  const wrap = (q: Queryable, inTx: boolean): Db => ({
    kind: 'pglite',
    query: <T extends Row>(sql: string, params?: unknown[]) =>
      (inTx ? q.query(sql, params) : serial(() => q.query(sql, params))).then((r) => r.rows as T[]),
    transaction: (fn) =>
      inTx ? fn(wrap(q, true)) : serial(() => pg.transaction((tx) => fn(wrap(tx as Queryable, true)))),
    close: () => pg.close(),
  });
  const db = wrap(pg as unknown as Queryable, false);
  return { ...db, dump: () => serial(() => pg.dumpDataDir('none')) };
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // Dates stay Y-m-d strings and bigints stay exact, as on PGlite.
  pg.types.setTypeParser(1082, (v: string) => v);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const wrap = (q: Queryable, inTx: boolean): Db => ({
    kind: 'postgres',
    query: <T extends Row>(sql: string, params?: unknown[]) =>
      q.query(sql, params).then((r) => r.rows as T[]),
    transaction: async (fn) => {
      if (inTx) return fn(wrap(q, true));
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client as unknown as Queryable, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  });
  const db = wrap(pool as unknown as Queryable, false);
  return { ...db, listen: (channel, heard) => listenOn(pg, url, channel, heard) };
}

const RECONNECT_MS = 1000;

/** A connection of its own holding LISTEN (a pooled one would be handed to others); reconnects when lost. */
async function listenOn(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  heard: (payload: string) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) heard(message.payload ?? '');
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      retry = setTimeout(() => connect().catch(() => undefined), RECONNECT_MS);
      retry.unref();
    };
    next.on('error', lost);
    next.on('end', lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      // What was published while no connection listened is caught by the registry's polling.
      heard('');
    } catch (error) {
      lost();
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}

/** Any fixed number: the advisory lock that makes instances starting together migrate one at a time. */
const MIGRATION_LOCK = 7_263_001;

/**
 * Applies the migrations not yet recorded in schema_migrations, each in its own transaction.
 * Several instances may start at once on one database: each migration is applied under a
 * transaction-level advisory lock and skipped when another instance recorded it meanwhile.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
  );
  const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = await readFile(join(migrationsDir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      if ((await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file])).length > 0)
        return false;
      // Statements are separated by a line holding only ";" or by ";" at a line end.
      for (const statement of sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean)) {
        await tx.query(statement);
      }
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT DO NOTHING', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
