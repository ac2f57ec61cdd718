// The one database interface of the service: PostgreSQL's dialect, on PGlite or a real server.

export type Row = Record<string, unknown>;

export interface Db {
  /** One statement with $1, $2 ... parameters. */
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}
