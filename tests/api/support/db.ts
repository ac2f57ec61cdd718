// The database of an API test file: a fresh in-memory PGlite, or, when TEST_DATABASE_URL is set,
// a schema of its own on that PostgreSQL server (dropped afterwards), so test files running in
// parallel never see each other's rows.

import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type Db, openDb } from '../../../src/server/db';

export interface TestDb {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Another connection pool to the same database (PostgreSQL only): a second service instance. */
  openAnother?(): Promise<Db>;
  /** Empties the service's tables (keeps the schema and migrations). */
  clean(): Promise<void>;
  close(): Promise<void>;
}

const TABLES = [
  'payment_orders',
  'sandbox_orders',
  'contracts',
  'offers',
  'otp_codes',
  'confirmed_emails',
  'email_confirmations',
  'outbox',
  'contact_requests',
  'validation_log',
  'rate_limits',
  'claims',
  'passkeys',
  'webauthn_challenges',
  'portal_refresh_tokens',
  'portal_sessions',
  'portal_users',
  'customers',
];

async function existingTables(db: Db): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`,
  );
  const present = new Set(rows.map((r) => r.table_name));
  return TABLES.filter((t) => present.has(t));
}

function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

export async function openTestDb(): Promise<TestDb> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // Started from the run's migrated template (tests/support/pgliteTemplate.ts) when there is one.
    const file = inject('pgliteTemplate');
    const template = file ? new Blob([await readFile(file)]) : undefined;
    const db = await openDb({ dataDir: 'memory://', template });
    return {
      db,
      kind: 'pglite',
      clean: async () => {
        const tables = await existingTables(db);
        if (tables.length > 0) await db.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
      },
      close: () => db.close(),
    };
  }
  const { default: pg } = await import('pg');
  const schema = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const db = await openDb({ url: withSearchPath(url, schema) });
  const others: Db[] = [];
  return {
    db,
    kind: 'postgres',
    openAnother: async () => {
      const other = await openDb({ url: withSearchPath(url, schema) });
      others.push(other);
      return other;
    },
    clean: async () => {
      const tables = await existingTables(db);
      if (tables.length > 0) await db.query(`TRUNCATE ${tables.join(', ')} CASCADE`);
    },
    close: async () => {
      for (const other of others) await other.close();
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}
